"""Host-side tensors of the ttnn-style API: data types, layouts, memory configs.

A `Tensor` holds its values exactly as the device would (rounded to bf16, or
quantized to bfloat8_b blocks), plus the data type, layout and memory config
it was created with. `ComplexTensor` is ttnn's pair of real tensors.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class DataType:
    name: str
    ir_name: str  # spelling in #ttir.layout<...>
    element: str  # MLIR element type of the tensor

    def __repr__(self) -> str:
        return f"ttbw.{self.name}"


@dataclass(frozen=True)
class Layout:
    name: str
    ir_name: str

    def __repr__(self) -> str:
        return f"ttbw.{self.name}_LAYOUT"


@dataclass(frozen=True)
class MemoryConfig:
    buffer_type: str  # dram | l1
    memory_layout: str = "interleaved"

    def ir(self) -> str:
        return f'#ttir.memory_config<"{self.buffer_type}", "{self.memory_layout}">'


bfloat16 = DataType("bfloat16", "bf16", "bf16")
bfloat8_b = DataType("bfloat8_b", "bfp_bf8", "bf16")
float32 = DataType("float32", "f32", "f32")
DATA_TYPES = (bfloat16, bfloat8_b, float32)
TILE_LAYOUT = Layout("TILE", "tile")
ROW_MAJOR_LAYOUT = Layout("ROW_MAJOR", "row_major")
DRAM_MEMORY_CONFIG = MemoryConfig("dram")
L1_MEMORY_CONFIG = MemoryConfig("l1")


class Tensor:
    """A tensor as the device holds it (values already in its data type)."""

    def __init__(self, values: np.ndarray, dtype: DataType, layout: Layout,
                 memory_config: MemoryConfig, device=None):
        self.values = quantize(np.asarray(values, dtype=np.float32), dtype)
        self.dtype, self.layout = dtype, layout
        self.memory_config, self.device = memory_config, device

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.values.shape)

    def ir_type(self, element: str | None = None) -> str:
        """The IR type; the encoding is written only where it says more than
        the default (TILE, data type of the element type)."""
        dims = "".join(f"{d}x" for d in self.shape)
        if self.layout is TILE_LAYOUT and self.dtype.ir_name == self.dtype.element:
            return f"tensor<{dims}{element or self.dtype.element}>"
        encoding = f'#ttir.layout<"{self.dtype.ir_name}", "{self.layout.ir_name}">'
        return f"tensor<{dims}{element or self.dtype.element}, {encoding}>"

    def __repr__(self) -> str:
        return (f"ttbw.Tensor(shape={list(self.shape)}, dtype={self.dtype!r}, "
                f"layout={self.layout!r}, memory={self.memory_config.buffer_type})")


class ComplexTensor:
    """ttnn's ComplexTensor: index 0 is the real part, index 1 the imaginary part."""

    def __init__(self, real: Tensor, imag: Tensor):
        if not isinstance(real, Tensor) or not isinstance(imag, Tensor):
            raise TypeError("complex_tensor(real, imag) takes two ttbw.Tensor")
        if (real.shape, real.dtype, real.layout) != (imag.shape, imag.dtype, imag.layout):
            raise ValueError("the real and imaginary parts must have the same shape, dtype and layout")
        self.real, self.imag = real, imag

    def __getitem__(self, index: int) -> Tensor:
        return (self.real, self.imag)[index]

    @property
    def shape(self) -> tuple[int, ...]:
        return self.real.shape

    @property
    def dtype(self) -> DataType:
        return self.real.dtype

    @property
    def layout(self) -> Layout:
        return self.real.layout

    @property
    def memory_config(self) -> MemoryConfig:
        return self.real.memory_config

    def ir_type(self) -> str:
        return self.real.ir_type(f"complex<{self.real.dtype.element}>")


def quantize(values: np.ndarray, dtype: DataType) -> np.ndarray:
    """The values a device tensor of `dtype` holds (round-to-nearest-even)."""
    from ttbw.runtime import formats

    if dtype is float32:
        return values.astype(np.float32)
    if dtype is bfloat16:
        return formats.round_to_bf16(values)
    tiles = formats.to_tiles(values)
    return formats.from_tiles(formats.unpack_bfp8_b(formats.pack_bfp8_b(tiles)), values.shape)
