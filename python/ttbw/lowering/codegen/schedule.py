"""Which tiles each core reads, in which order and how often: from a generic's indexing maps.

The iteration space of the generic (rank-aligned to >= 2: leading dims of size 1) is walked
in tiles: its last two dims in 32x32 tiles, the others one by one. One operand, the
*pattern* P, fixes the work units: the reduction's output (its dims are the parallel ones),
or else the input broadcast over the most (fewest tiles; none: the full space). Tile axes P
has are *kept* (one unit per tile of P), the others *summed* (the inner loop of a unit): so
units split over cores cut parallel dims only, never a reduced one. The tile id of operand O
for (unit u, inner j) is

    sum_g ((u / div_g) % mod_g) * stride_O,g  +  sum_h ((j / div_h) % mod_h) * stride_O,h

over up to MAX_GROUPS kept groups g and summed groups h of merged tile axes (stride 0 where
O lacks the axis: O is broadcast there). These triplets, the units and the inner count are
runtime args, so one compiled kernel serves every shape of one structure. An input whose
dims are all P's is constant over the inner loop: it is read once per unit and held in L1.

Cross reductions (sibling reductions over different dims, e.g. the two sums of a two-sided
broadcast, or the three of a ternary op): the tile axes every one keeps (F) are the units, the
others a *middle* loop (A) between units and inner and the inner loop (B), each reduction
keeping all or none of A and of B (generic.py chooses them). Per unit a reduction keeping A
only has one partial tile per middle step, one keeping B only a FIFO of one tile per inner
position, one keeping neither one tile, one keeping both one tile per step. Its triplets:
kept (F), middle (A), summed (B).
An operand lacking the row / column dim of the space (size 1 there) is broadcast inside each
tile (`bcast`: row | col | scalar); for the reduction's output the same kinds name the in-tile
dims summed.
"""
from __future__ import annotations

import math

from dataclasses import dataclass

from ..kernel_ir import MAX_GROUPS, TILE
from ..errors import UnsupportedError

_PAD = (1, 1, 0)  # an unused triplet: contributes 0
# in-tile broadcast of an operand lacking (the row dim, the column dim)
BCAST_KINDS = {(False, False): "none", (True, False): "row", (False, True): "col", (True, True): "scalar"}


@dataclass(frozen=True)
class Access:
    """How one operand is read or written: which dims of the space it has, its in-tile
    broadcast (or, for a reduction's output, the in-tile dims summed), held over units."""
    dims: tuple          # dims of the aligned space the operand indexes
    bcast: str           # none | row | col | scalar
    held: bool = False   # input read once per unit
    indexed: bool = False  # held input with the inner axes: all its inner tiles held, tile j read at step j
    middle: bool = False   # input read once per middle step (cross reductions: it has A axes, no B axes)
    window: object = None  # window.Window: an input read through a window of its buffer (a fused slice)

    @property
    def transposed(self) -> bool:
        """Its tiles are the space's transposed in-tile: its last two dims swapped."""
        return len(self.dims) >= 2 and self.dims[-2] > self.dims[-1]


@dataclass(frozen=True)
class Schedule:
    """Runtime part: units, inner tiles per unit, and per operand (inputs, then the outputs,
    then the whole space: which tile of the space a step is) the kept / summed triplets, each
    padded to MAX_GROUPS; `rows` / `cols`: the space's last two sizes (its edge tiles' padding)."""
    units: int
    inner: int
    kept: tuple          # per operand: ((div, mod, stride), ...)
    summed: tuple
    middle: int = 1      # cross reductions: the middle loop's count
    mid: tuple = ()      # cross reductions: per operand, the middle loop's triplets
    rows: int = 1
    cols: int = 1
    pages: tuple = ()    # cross reductions: per output, its FIFO's pages if over some inner axes only (else 0)


def operand_dims(exprs, shape, space, where: str, permuted: bool = False) -> tuple:
    """The dims of `space` an operand indexes, in the operand's own order, from its map results
    (dim d, or None for the constant 0; dropped dims read index 0) and its shape. The results
    keep the space's dim order, unless `permuted` (an input read through a transpose): then any
    order of the batch dims, its last two the space's last two in either order (its tiles are
    the space's, transposed in-tile when they are swapped: `Access.transposed`)."""
    dims = []
    for size, d in zip(shape, exprs):
        if d is None:
            if size != 1:
                raise UnsupportedError(f"codegen: {where} reads a constant index of a dim of size {size}")
            continue
        if dims and d <= dims[-1] and not permuted:
            raise UnsupportedError(f"codegen: {where} permutes the iteration dims (a transpose)")
        if size != space[d] and not (size == 1 and space[d] == 1):
            raise UnsupportedError(f"codegen: {where} has size {size} where the iteration space has {space[d]}")
        dims.append(d)
    if dims != sorted(dims):
        r = len(space)
        if len(set(dims)) != len(dims) or sorted(dims[-2:]) != [r - 2, r - 1]:
            raise UnsupportedError(f"codegen: {where} permutes the iteration dims across its tiles "
                                   "(only the batch dims or the last two may be permuted)")
    return tuple(dims)


def tile_counts(space) -> list[int]:
    return [*space[:-2], -(-space[-2] // TILE), -(-space[-1] // TILE)]


def in_tile_kind(dims, space) -> str:
    r = len(space)
    return BCAST_KINDS[(r - 2 not in dims and space[-2] > 1, r - 1 not in dims and space[-1] > 1)]


def _strides(dims, counts) -> list[int]:
    """Row-major tile strides of an operand (its dims in its own order) over the space's tile
    axes (0 where it lacks one)."""
    out, acc = [0] * len(counts), 1
    for d in reversed(dims):
        if counts[d] > 1:
            out[d] = acc
            acc *= counts[d]
    return out


def pattern_index(accesses, space, reduce: bool) -> int:
    """The operand fixing the units: the output of a reduction (last), else the input with the
    fewest tiles (the first of equals; the full space when none is broadcast)."""
    if reduce:
        return len(accesses) - 1
    counts = tile_counts(space)

    def tiles(a):
        n = 1
        for d, c in enumerate(counts):
            n *= c if d in a.dims else 1
        return n
    inputs = accesses[:-1]
    return min(range(len(inputs)), key=lambda i: tiles(inputs[i])) if inputs else len(accesses) - 1


def schedule(accesses, space, pattern: int) -> Schedule:
    """The tile walk of operands `accesses` (inputs, then the outputs) over `space`."""
    p_dims = accesses[pattern].dims
    return _walk(accesses, space, lambda d: "kept" if d in p_dims else "summed")


def schedule_kept(accesses, space, kept_dims) -> Schedule:
    """The tile walk whose units are the tiles of the dims `kept_dims` (a read-back's sums'
    output, which is not one of `accesses`), the other tile axes the inner loop."""
    return _walk(accesses, space, lambda d: "kept" if d in kept_dims else "summed")


def cross_schedule(accesses, space, units, middle, inner) -> Schedule:
    """The tile walk of cross reductions: `units` / `middle` / `inner` the tile axes of each loop
    (see the module doc; every tile axis is in one of them)."""
    loops = {**{d: "kept" for d in units}, **{d: "middle" for d in middle}, **{d: "summed" for d in inner}}
    return _walk(accesses, space, loops.__getitem__, cross=True, order=[*sorted(units), *sorted(middle), *inner])


def _walk(accesses, space, kind_of, cross: bool = False, order=None) -> Schedule:
    """`order`: the tile axes from slowest to fastest within each loop (default: the space's)."""
    accesses = [*accesses, Access(tuple(range(len(space))), "none")]  # the whole space, last
    counts = tile_counts(space)
    strides = [list(a.window.strides) if a.window is not None else _strides(a.dims, counts) for a in accesses]
    groups: list[list] = []  # [kind, [axes]]: kind kept | middle | summed
    for d in range(len(counts)) if order is None else order:
        n = counts[d]
        if n <= 1:
            continue
        kind = kind_of(d)
        if groups and groups[-1][0] == kind:
            last = groups[-1][1][-1]
            if all(s[last] == s[d] * n for s in strides):
                groups[-1][1].append(d)
                continue
        groups.append([kind, [d]])

    def triplets(kind: str):
        sel = [axes for k, axes in groups if k == kind]
        if len(sel) > MAX_GROUPS:
            raise UnsupportedError(f"codegen: the broadcast pattern over the iteration space {tuple(space)} "
                                   f"alternates too often ({len(sel)} groups of tile axes)")
        per_operand = [[] for _ in accesses]
        div = 1
        for axes in reversed(sel):
            size = 1
            for d in axes:
                size *= counts[d]
            for k, s in enumerate(strides):
                per_operand[k].append((div, size, s[axes[-1]]))
            div *= size
        return tuple(tuple(reversed(t)) + (_PAD,) * (MAX_GROUPS - len(t)) for t in per_operand), div

    kept, units = triplets("kept")
    summed, inner = triplets("summed")
    mid, middle = triplets("middle") if cross else ((), 1)
    return Schedule(units, inner, kept, summed, middle, mid, space[-2], space[-1])


def same_pages(s1, s2) -> bool:
    """Same TILE pages (and ROW_MAJOR rows), in the same order: the same last dim and element
    count, and either the same row dim (the batch dims regrouped) or row dims that are both whole
    tiles (rows move between the row dim and the batch dims without crossing a page: a
    [2, 32, 64] buffer is a [64, 64] one, page for page)."""
    a = (1,) * (2 - len(s1)) + tuple(s1)
    b = (1,) * (2 - len(s2)) + tuple(s2)
    if a[-1] != b[-1] or math.prod(a) != math.prod(b):
        return False
    return a[-2] == b[-2] or (a[-2] % TILE == 0 and b[-2] % TILE == 0)
