"""Inputs read through a window of their buffer: a slice (`ttir.slice_static` lowers to
`tensor.extract_slice`, which each program reading it clones: programs.py) read by the program's
generic, its maps composed with the slice's offsets and strides (`sliced_indices`; a map's index 0
of a size-1 dim of the slice reads one index of a dim of any size: a broadcast of one slice).

The tile walk of a windowed input runs over its own buffer: per tile axis of the iteration space
the tile stride of the buffer's dim it reads (times its step), from the tile of the window's
origin (`Window.base`, a runtime arg the reader adds). TILE: the window's offsets in the last two
dims are whole tiles (the reader moves whole tiles; a tile's other rows stay as padding, which no
consumer reads); the step there is 1. ROW_MAJOR: the rows are gathered into tiles anyway, so any
row offset is free and the column offset moves the start of each 16-element chunk: it must keep
the NoC's 32-byte DRAM alignment. The tile grid of a ROW_MAJOR window is the window's own
(`RowWindow`: the kernel's rows-per-batch, extents and offsets; see kernel_ir.rm_read_tile).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import UnsupportedError
from ..kernel_ir import ELEMENT_BYTES, TILE

NOC_ALIGN = 32  # bytes: a NoC read from DRAM starts 32-byte aligned


@dataclass(frozen=True)
class Index:
    """Where an input reads its buffer along one of its dims: `dim * step + offset` of a dim of the
    iteration space, or the constant `offset` (dim None)."""
    dim: int | None
    step: int = 1
    offset: int = 0


def sliced_indices(exprs, offsets, strides) -> list[Index]:
    """The `Index`es into a sliced buffer of a generic's map results `exprs` (a dim, or None for
    index 0) over the slice (`tensor.extract_slice`'s static offsets and strides)."""
    return [Index(d, s if d is not None else 1, o) for d, o, s in zip(exprs, offsets, strides)]


def _tiles(n: int) -> int:
    return -(-n // TILE)


@dataclass(frozen=True)
class RowWindow:
    """A ROW_MAJOR input's window: its buffer's rows per batch (the page stride of a batch), the
    window's rows and columns (1 where it reads one index) and the offsets of its first row and
    column in the buffer."""
    rows_per_batch: int
    rows: int
    cols: int
    row_off: int
    col_off: int

    def rm_args(self, row_bytes: int) -> list[int]:
        """kernel_ir.RM_ARGS of the window."""
        return [self.rows_per_batch, self.cols, _tiles(self.rows), _tiles(self.cols), row_bytes, self.rows,
                self.row_off, self.col_off]


@dataclass(frozen=True)
class Window:
    """How a windowed input's tiles are found in its buffer: per dim of the iteration space the
    tile stride (0 where it does not walk that dim), the origin's tile; ROW_MAJOR: its rows.
    The values are runtime args (launch.py); the kernels only know that the input is windowed."""
    strides: tuple
    base: int
    row_major: RowWindow | None = None


def window_of(indices: list[Index], shape, space, fmt: str, layout: str, where: str) -> tuple[tuple, Window]:
    """(the dims of `space` the input indexes, its Window) of an input of `shape` read through
    `indices` (its map's results, dims aligned to the space); UnsupportedError for windows the
    reader cannot walk."""
    r = len(space)
    lead = max(0, 2 - len(shape))
    shape = [1] * lead + list(shape)
    indices = [Index(None)] * lead + list(indices)
    batch = [i.dim for i in indices[:-2] if i.dim is not None]
    if batch != sorted(batch) or any(d >= r - 2 for d in batch) \
            or indices[-2].dim not in (None, r - 2) or indices[-1].dim not in (None, r - 1):
        raise UnsupportedError(f"codegen: {where} is read through a slice and a transpose at once")
    for p, (i, size) in enumerate(zip(indices, shape)):
        extent = 1 if i.dim is None else space[i.dim]
        if i.dim is not None and i.step < 1:
            raise UnsupportedError(f"codegen: {where} is read backwards along its dim {p - lead} (a negative slice step)")
        if i.dim is not None and p >= len(shape) - 2 and i.step != 1:
            raise UnsupportedError(f"codegen: {where} is read with step {i.step} along its dim {p - lead} (a slice "
                                   "step inside the tile; only the batch dims take steps)")
        if not 0 <= i.offset or i.offset + (extent - 1) * (i.step if i.dim is not None else 0) >= size:
            raise UnsupportedError(f"codegen: {where} is read outside its dim {p - lead} of size {size}")
    rows, cols = ((1 if i.dim is None else space[i.dim]) for i in indices[-2:])
    row_major = None
    if layout == "row_major":
        row_major = RowWindow(shape[-2], rows, cols, indices[-2].offset, indices[-1].offset)
        if row_major.col_off * ELEMENT_BYTES[fmt] % NOC_ALIGN:
            raise UnsupportedError(f"codegen: {where} is a ROW_MAJOR slice from column {row_major.col_off}: its rows "
                                   f"would be read from {row_major.col_off * ELEMENT_BYTES[fmt]} bytes in, not "
                                   f"{NOC_ALIGN}-byte aligned for the NoC")
        counts = [*shape[:-2], _tiles(rows), _tiles(cols)]
        tile_offsets = [i.offset for i in indices[:-2]] + [0, 0]
    else:
        for name, i in zip(("row", "column"), indices[-2:]):
            if i.offset % TILE:
                raise UnsupportedError(f"codegen: {where} is a TILE slice from {name} {i.offset}, inside a tile "
                                       f"(TILE slices start at multiples of {TILE}; ROW_MAJOR ones anywhere)")
        counts = [*shape[:-2], _tiles(shape[-2]), _tiles(shape[-1])]
        tile_offsets = [i.offset for i in indices[:-2]] + [indices[-2].offset // TILE, indices[-1].offset // TILE]
    buffer_strides, acc = [0] * len(counts), 1
    for p in reversed(range(len(counts))):
        buffer_strides[p] = acc
        acc *= counts[p]
    strides = [0] * r
    for p, i in enumerate(indices):
        if i.dim is not None:
            strides[i.dim] = buffer_strides[p] * i.step
    base = sum(o * s for o, s in zip(tile_offsets, buffer_strides))
    dims = tuple(i.dim for i in indices if i.dim is not None)
    return dims, Window(tuple(strides), base, row_major)
