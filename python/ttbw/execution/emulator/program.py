"""Program description for the emulated device: kernels, circular buffers and buffers.

A program runs one set of kernels on a set of cores. Per core, up to three kernels run
concurrently (reader, compute, writer) and communicate only through the core's circular
buffers; buffers (DRAM or L1, interleaved) are passed to kernels as addresses in their
runtime args. Compilers generate these dataclasses; `Device.run` executes them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence, Union

from .errors import ProgramError
from ttbw.target.formats import DataFormat

CoreCoord = tuple[int, int]  # (x, y), logical core coordinates


@dataclass(frozen=True)
class CoreRange:
    """An inclusive rectangle of cores, from `start` to `end`."""

    start: CoreCoord
    end: CoreCoord

    def __post_init__(self):
        (x0, y0), (x1, y1) = self.start, self.end
        if min(x0, y0, x1, y1) < 0 or x1 < x0 or y1 < y0:
            raise ProgramError(f"bad core range {self.start}..{self.end}")

    @classmethod
    def single(cls, x: int, y: int) -> "CoreRange":
        return cls((x, y), (x, y))

    @classmethod
    def grid(cls, nx: int, ny: int) -> "CoreRange":
        """The nx x ny cores starting at (0, 0)."""
        return cls((0, 0), (nx - 1, ny - 1))

    def cores(self) -> list[CoreCoord]:
        """Cores in row-major order (y, then x)."""
        (x0, y0), (x1, y1) = self.start, self.end
        return [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]


CoreSpec = Union[CoreRange, Sequence[CoreRange]]


def cores_of(spec: CoreSpec) -> list[CoreCoord]:
    """Distinct cores of a range or list of ranges, in order of first appearance."""
    ranges = [spec] if isinstance(spec, CoreRange) else list(spec)
    seen: dict[CoreCoord, None] = {}
    for r in ranges:
        if not isinstance(r, CoreRange):
            raise ProgramError(f"expected CoreRange, got {r!r}")
        for c in r.cores():
            seen.setdefault(c, None)
    return list(seen)


class Processor(str, enum.Enum):
    """The RISC-V a kernel runs on: two data movement processors and the compute cluster."""

    READER = "reader"
    COMPUTE = "compute"
    WRITER = "writer"

    @property
    def index(self) -> int:
        return {"reader": 0, "compute": 1, "writer": 2}[self.value]


RuntimeArgs = Union[Mapping[CoreCoord, Sequence[int]], Callable[[CoreCoord], Sequence[int]]]


@dataclass
class Kernel:
    """One kernel: a C++ translation unit defining `void kernel_main()`.

    runtime_args: per-core argument lists, as a mapping (core -> args) or a function of the
    core; cores missing from a mapping get no args. compile_args become
    get_compile_time_arg_val(i); fp32_dest_acc_en selects the 8-tile fp32 DST (compute only).
    """

    name: str
    source: str
    processor: Processor | str
    cores: CoreSpec
    compile_args: Sequence[int] = ()
    runtime_args: RuntimeArgs = field(default_factory=dict)
    common_runtime_args: Sequence[int] = ()
    fp32_dest_acc_en: bool = False
    defines: Mapping[str, str] = field(default_factory=dict)

    def args_for(self, core: CoreCoord) -> list[int]:
        if callable(self.runtime_args):
            return [int(v) for v in self.runtime_args(core)]
        return [int(v) for v in self.runtime_args.get(core, ())]


@dataclass
class CircularBuffer:
    """A CB on each of `cores`: `num_pages` pages of `page_size` bytes (default one tile), at L1
    `address` (the host program's), else after the core's CB before it."""

    index: int
    data_format: DataFormat | str
    num_pages: int
    cores: CoreSpec
    page_size: int | None = None
    address: int | None = None

    @property
    def format(self) -> DataFormat:
        return DataFormat.parse(self.data_format)

    @property
    def page_bytes(self) -> int:
        return self.page_size if self.page_size is not None else self.format.tile_bytes


@dataclass
class Program:
    """Kernels + circular buffers (+ the buffers the kernels address, for documentation and
    checking that they are still allocated)."""

    kernels: list[Kernel]
    circular_buffers: list[CircularBuffer]
    buffers: list = field(default_factory=list)

    def validate(self) -> None:
        if not self.kernels:
            raise ProgramError("program has no kernels")
        seen: set[tuple[CoreCoord, int]] = set()
        for k in self.kernels:
            try:
                proc = Processor(k.processor)
            except ValueError:
                raise ProgramError(f"kernel '{k.name}': unknown processor {k.processor!r}") from None
            if k.fp32_dest_acc_en and proc != Processor.COMPUTE:
                raise ProgramError(f"kernel '{k.name}': fp32_dest_acc_en applies to compute kernels only")
            for core in cores_of(k.cores):
                if (core, proc.index) in seen:
                    raise ProgramError(f"core {core} has two {proc.value} kernels")
                seen.add((core, proc.index))
        for cb in self.circular_buffers:
            if not 0 <= cb.index < 32:
                raise ProgramError(f"CB index {cb.index} out of range (0..31)")
            if cb.num_pages <= 0 or cb.page_bytes <= 0:
                raise ProgramError(f"CB {cb.index}: needs a positive number of pages and page size")
            cb.format  # raises on an unknown format
        for b in self.buffers:
            if not getattr(b, "live", False):
                raise ProgramError(f"buffer '{getattr(b, 'name', b)}' is not allocated")
