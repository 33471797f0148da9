"""A lowered function's host program as data: what `convert-linalg-to-ttkernel` writes as the
TTMetal host function (`ttbw.lowering.ttmetal_builder`) and the executor reads back from it
(`ttbw.execution.ttmetal_reader`), the same records both ways.

    HostFunction: the function's argument / result types, its device buffers, the uploads
      (argument -> buffer), the program launches in order, the reads of its results.
    ProgramLaunch: one enqueue_program: the buffers it touches, its circular buffers and its
      kernels, each with its compile args and, per core, its runtime args, where a word may be
      symbolic: the device address of a buffer (`AddressOf`) or a word of the runtime scalar's
      encoding (`ScalarWord`, see `scalar_encoding`).
"""
from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from .formats import TILE, DataFormat, padded_shape


class Processor(str, enum.Enum):
    """The RISC-V a kernel runs on (a core's two data movement processors and its compute)."""
    READER = "reader"
    COMPUTE = "compute"
    WRITER = "writer"


@dataclass(frozen=True)
class BufferSpec:
    """An interleaved device buffer: TILE pages of 32x32 tiles (zero-padded) or ROW_MAJOR pages
    of one row each. `shape`: the tensor's logical shape (a rank-0 ROW_MAJOR tensor is one row
    of one element: `buffer_shape`); `fmt`: bf16 | bfp8_b | f32."""
    name: str
    shape: tuple[int, ...]
    fmt: str
    layout: str          # tile | row_major
    memory: str          # dram | l1
    address: int | None = None  # the same offset in every DRAM bank / core's L1 (None: not placed yet)

    @property
    def data_format(self) -> DataFormat:
        return DataFormat.parse(self.fmt)

    @property
    def page_size(self) -> int:
        if self.layout == "tile":
            return self.data_format.tile_bytes
        return self.shape[-1] * self.data_format.element_bytes

    @property
    def num_pages(self) -> int:
        if self.layout == "tile":
            padded = padded_shape(self.shape)
            return math.prod(padded[:-2]) * (padded[-2] // TILE) * (padded[-1] // TILE)
        return math.prod(self.shape[:-1]) if len(self.shape) > 1 else 1

    @property
    def bytes(self) -> int:
        return self.page_size * self.num_pages

    @property
    def accessor_config(self) -> int:
        """The TensorAccessorArgs compile-time word of the buffer (interleaved; bit 1 = DRAM)."""
        return 2 if self.memory == "dram" else 0


def buffer_shape(shape, layout: str) -> tuple[int, ...]:
    """A tensor's device buffer shape: a rank-0 ROW_MAJOR tensor is one row of one element."""
    return (1, 1) if layout == "row_major" and len(shape) == 0 else tuple(int(s) for s in shape)


@dataclass(frozen=True)
class AddressOf:
    """A runtime arg word: the device address of buffer `buffer`."""
    buffer: str


SCALAR_WORDS = ("m", "n_up", "n_down")


@dataclass(frozen=True)
class ScalarWord:
    """A runtime arg word: one word (m, n_up or n_down) of the runtime scalar's encoding."""
    word: str


@dataclass(frozen=True)
class CoreArgs:
    core: tuple[int, int]   # (x, y)
    args: tuple             # ints, AddressOf, ScalarWord


@dataclass(frozen=True)
class KernelLaunch:
    """One kernel of a program: the kernel function `name` of the program's module."""
    name: str
    processor: Processor
    compile_args: tuple[int, ...]
    runtime_args: tuple[CoreArgs, ...]      # per core it runs on, in core order
    fp32_dest_acc_en: bool = False
    arg_names: tuple[str, ...] = ()         # the name of each runtime arg slot (documentation)

    @property
    def cores(self) -> list[tuple[int, int]]:
        return [c.core for c in self.runtime_args]


@dataclass(frozen=True)
class CircularBufferSpec:
    index: int
    fmt: str
    pages: int
    page_size: int
    address: int | None = None  # in each core's L1 (None: not placed yet)


@dataclass(frozen=True)
class ProgramLaunch:
    """One program launch: the kernels of module `name` on their cores."""
    name: str
    buffers: tuple[str, ...]                 # the buffers its kernels address, in operand order
    circular_buffers: tuple[CircularBufferSpec, ...]
    kernels: tuple[KernelLaunch, ...]
    scalar_arg: int | None = None            # the host argument its runtime scalar is read from

    @property
    def cores(self) -> list[tuple[int, int]]:
        return sorted({c for k in self.kernels for c in k.cores})


@dataclass(frozen=True)
class Upload:
    """Host argument `arg` written into `buffer`."""
    buffer: str
    arg: int


@dataclass(frozen=True)
class HostValue:
    """An argument or result of the host function: its host type as printed (`memref<...>`, or
    a scalar type such as f32) and a tensor's logical shape (None for a scalar; a rank-0 tensor
    travels as memref<1xT> of shape ())."""
    type: str
    shape: tuple[int, ...] | None

    @property
    def is_tensor(self) -> bool:
        return self.shape is not None


@dataclass(frozen=True)
class ResultRead:
    """A returned value: read from `buffer`, or, with none, a value with no elements allocated
    on the host as it is (complex values reach the host as (real, imag) pairs of results)."""
    buffer: str | None
    value: HostValue


@dataclass(frozen=True)
class HostFunction:
    """A lowered function; intermediates live from before the first launch that touches them to
    after the last, the other buffers for the whole function."""
    name: str
    arguments: tuple[HostValue, ...]
    grid: tuple[int, int]
    buffers: tuple[BufferSpec, ...]
    uploads: tuple[Upload, ...]
    launches: tuple[ProgramLaunch, ...]
    results: tuple[ResultRead, ...]

    def buffer(self, name: str) -> BufferSpec:
        return next(b for b in self.buffers if b.name == name)

    @property
    def intermediates(self) -> list[str]:
        """Buffers neither uploaded nor read back: written and read by launches only."""
        ends = {u.buffer for u in self.uploads} | {r.buffer for r in self.results}
        return [b.name for b in self.buffers if b.name not in ends]
