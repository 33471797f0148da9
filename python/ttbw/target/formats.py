"""Data formats and layouts of the emulated device, as a numpy model of the host side.

A tile is 32x32 elements stored as four 16x16 faces in the order (0,0), (0,16), (16,0),
(16,16), face rows contiguous. Conversions to narrower formats round to nearest, ties to
even; bfloat8_b follows tt-metal's host conversion rules (see emulator/README.md). Uploads
and downloads run the same rules natively (emulator/runtime/host_io.cpp, checked against this
model bit for bit); the API's value model (ttbw.ttnn.tensor.quantize) uses these functions.
"""

from __future__ import annotations

import enum

import ml_dtypes
import numpy as np

TILE = 32
FACE = 16


class DataFormat(enum.IntEnum):
    """tt-metal DataFormat enumerators of the supported formats."""

    FLOAT32 = 0
    BFLOAT16 = 5
    BFLOAT8_B = 6

    @classmethod
    def parse(cls, value: "DataFormat | str") -> "DataFormat":
        if isinstance(value, DataFormat):
            return value
        key = str(value).lower()
        for fmt, names in _NAMES.items():
            if key in names:
                return fmt
        raise ValueError(f"unknown data format {value!r}; expected one of bf16, f32, bfp8_b")

    @property
    def tile_bytes(self) -> int:
        return {DataFormat.FLOAT32: 4096, DataFormat.BFLOAT16: 2048, DataFormat.BFLOAT8_B: 1088}[self]

    @property
    def short_name(self) -> str:
        """bf16 | f32 | bfp8_b: how the compiler and the host program name the format."""
        return {DataFormat.FLOAT32: "f32", DataFormat.BFLOAT16: "bf16", DataFormat.BFLOAT8_B: "bfp8_b"}[self]

    @property
    def element_bytes(self) -> int:
        """Bytes per element in row-major layout (bfloat8_b exists only in tile layout)."""
        return {DataFormat.FLOAT32: 4, DataFormat.BFLOAT16: 2, DataFormat.BFLOAT8_B: 0}[self]


_NAMES = {
    DataFormat.FLOAT32: {"f32", "float32", "fp32"},
    DataFormat.BFLOAT16: {"bf16", "bfloat16", "float16_b"},
    DataFormat.BFLOAT8_B: {"bfp8_b", "bfloat8_b", "bfp_bf8", "bfp8"},
}


def padded_shape(shape: tuple[int, ...]) -> tuple[int, ...]:
    """Shape with the last two dims rounded up to whole tiles (0-d and 1-d become 2-d)."""
    shape = tuple(shape)
    if len(shape) < 2:
        shape = (1,) * (2 - len(shape)) + shape
    h, w = shape[-2], shape[-1]
    return shape[:-2] + (-(-h // TILE) * TILE, -(-w // TILE) * TILE)


def _tile_dims(ps: tuple[int, ...]) -> tuple[int, int, int]:
    return int(np.prod(ps[:-2], dtype=np.int64)), ps[-2] // TILE, ps[-1] // TILE


def to_tiles(x: np.ndarray) -> np.ndarray:
    """(..., H, W) -> (num_tiles, 1024) in tile order (any dtype), zero padded, tiles row-major.

    A tile's faces are a reshape: (32, 32) -> (2, 16, 2, 16) -> (face_r, face_c, r, c), so
    the reorder is one strided copy."""
    x = np.asarray(x)
    if x.ndim < 2:
        x = x.reshape((1,) * (2 - x.ndim) + x.shape)
    ps = padded_shape(x.shape)
    if ps != x.shape:
        pad = [(0, 0)] * (x.ndim - 2) + [(0, ps[-2] - x.shape[-2]), (0, ps[-1] - x.shape[-1])]
        x = np.pad(x, pad)
    lead, ht, wt = _tile_dims(ps)
    t = x.reshape(lead, ht, 2, FACE, wt, 2, FACE).transpose(0, 1, 4, 2, 5, 3, 6)
    return np.ascontiguousarray(t).reshape(-1, TILE * TILE)


def from_tiles(tiles: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Inverse of to_tiles: (num_tiles, 1024) tile order -> array of the logical `shape`."""
    shape = tuple(shape)
    shape2 = (1,) * max(0, 2 - len(shape)) + shape
    ps = padded_shape(shape2)
    lead, ht, wt = _tile_dims(ps)
    t = np.asarray(tiles).reshape(lead, ht, wt, 2, 2, FACE, FACE).transpose(0, 1, 3, 5, 2, 4, 6)
    full = np.ascontiguousarray(t).reshape(ps)  # (lead, ht, 2, 16, wt, 2, 16) == row-major
    if ps != shape2:
        full = np.ascontiguousarray(full[..., : shape2[-2], : shape2[-1]])
    return full.reshape(shape)


def f32_to_bf16_bits(x: np.ndarray) -> np.ndarray:
    """float32 (or bfloat16) -> bf16 bit patterns (uint16), round to nearest even."""
    x = np.asarray(x)
    if x.dtype != ml_dtypes.bfloat16:
        x = x.astype(np.float32, copy=False).astype(ml_dtypes.bfloat16)  # RNE, NaN stays NaN
    return x.view(np.uint16)


def round_to_bf16(x: np.ndarray) -> np.ndarray:
    """float32 values rounded to bf16 (nearest even), as float32 of the same shape."""
    with np.errstate(invalid="ignore"):  # NaN stays NaN
        return np.asarray(x, dtype=np.float32).astype(ml_dtypes.bfloat16).astype(np.float32)


def pack_bfp8_b(tiles: np.ndarray) -> np.ndarray:
    """(n, 1024) float32 tile-order -> (n, 1088) uint8: 64 shared exponents, then 1024 codes."""
    u = np.ascontiguousarray(tiles, dtype=np.float32).view(np.uint32).reshape(-1, 64, 16)
    exp = ((u >> 23) & 0xFF).astype(np.int64)
    shared = exp.max(axis=2, keepdims=True)
    m24 = ((1 << 23) | (u & 0x7FFFFF)).astype(np.int64)
    shift = shared - exp
    m24 = np.where(shift >= 24, 0, m24 >> np.minimum(shift, 23))
    low, m = m24 & 0x1FFFF, m24 >> 17
    m = m + ((low > 0x10000) | ((low == 0x10000) & ((m & 1) == 1)))
    m = np.minimum(m, 127)
    zero = (exp == 0) | ((shared == 255) & (exp != 255)) | (m == 0)
    code = np.where(zero, 0, ((u >> 31).astype(np.int64) << 7) | m).astype(np.uint8)
    out = np.empty((u.shape[0], 1088), dtype=np.uint8)
    out[:, :64] = shared[:, :, 0].astype(np.uint8)
    out[:, 64:] = code.reshape(-1, 1024)
    return out


def unpack_bfp8_b(data: np.ndarray) -> np.ndarray:
    """(n, 1088) uint8 -> (n, 1024) float32 tile order: value = (-1)^s * m * 2^(e - 133)."""
    data = np.asarray(data, dtype=np.uint8).reshape(-1, 1088)
    exp = data[:, :64].astype(np.int32)[:, :, None] - 133
    code = data[:, 64:].reshape(-1, 64, 16)
    with np.errstate(over="ignore"):  # a shared exponent of 255 (inf/NaN block) overflows
        mag = np.ldexp((code & 0x7F).astype(np.float32), exp)
    return np.where(code & 0x80, -mag, mag).astype(np.float32).reshape(-1, 1024)
