"""Contraction programs: a function of device linalg whose result is a contraction generic
(`acc + x * y` into a zero-filled f32 accumulator, two inputs indexed by the output's row dim M
or column dim N and a reduction dim K in their last two map results), optionally followed by
an elementwise epilogue of the accumulator (its rounding, plus a broadcast input: a bias), and
optionally a sibling sum of its transposed A, a second result (`contraction_sum.py`).
Everything comes from the maps: which operand dims are the matrix dims and in which order (a
transposed operand), batch dims shared, broadcast (const 0 / absent) or summed (reduction dims
other than K, in both operands' leading results).

The tile walk (`ContractionSchedule`): the output's tiles in blocks of bm x bn (a unit; units
split over the cores), each block's K loop (K tiles times the summed batch dims: `inner`) in DST
(fp32 accumulation, bm * bn tiles), A / B tiles streamed through CBs, each read once per block
(A reused over the block's bn columns, B over its bm rows); the block is the one that reads the
fewest DRAM bytes. Tile ids are the operands' row-major tile strides over (batch, row, column)
tiles, batch dims through (div, mod, stride) triplets of the flat batch index.
"""
from __future__ import annotations

from dataclasses import dataclass

from ttbw.target.formats import DataFormat

from ..errors import UnsupportedError
from . import contraction_sum
from .linalg_reading import (accumulated_term, body_ops, defining, map_results, op_name, same, source_index,
                             through_views, zero_filled)
from ..kernel_ir import MAX_GROUPS, TILE

DST_TILES = 4  # fp32 DST: 4 tiles per section
HELD_BYTES = 1024 * 1024  # L1 a core may hold of a transposed A panel
_PAD = (1, 1, 0)


@dataclass(frozen=True)
class Bias:
    """The epilogue's input: format and in-tile broadcast (none | row | col | scalar)."""
    fmt: str
    bcast: str


@dataclass(frozen=True)
class ContractionKernels:
    """Compile-time: one set of kernels per structure."""
    a_fmt: str
    b_fmt: str
    out_fmt: str            # bf16 (the epilogue's rounding in the pack) or f32
    transpose_a: bool       # A's tiles hold (k, m): transposed in-tile (transpose_wh_tile) before the product
    transpose_b: bool       # B's tiles hold (n, k): mm_init's transpose flag
    bm: int
    bn: int
    bias: Bias | None = None
    k_padded: bool = False  # K % 32 != 0: the reader zeroes the K padding of the last K tiles
    sum_fmt: str | None = None  # a sibling sum's result format (contraction_sum.py), None without one

    @property
    def fp32_dest(self) -> bool:
        return True


@dataclass(frozen=True)
class OperandWalk:
    """An operand's tile id: sum of batch triplets over the flat batch index, summed triplets
    over the flat summed index, plus row / column tile strides."""
    batch: tuple            # MAX_GROUPS (div, mod, stride)
    summed: tuple
    m: int = 0              # stride per M tile (A, C, bias)
    n: int = 0              # per N tile (B, C, bias)
    k: int = 0              # per K tile (A, B)

    def args(self) -> list[int]:
        return [v for t in (*self.batch, *self.summed) for v in t] + [self.m, self.n, self.k]


@dataclass(frozen=True)
class ContractionSchedule:
    units: int
    inner: int              # K tiles x the summed batch dims' sizes
    kt: int
    mb: int                 # blocks along M, N
    nb: int
    a: OperandWalk
    b: OperandWalk
    c: OperandWalk
    bias: OperandWalk | None
    k_rem: int              # K % 32 (0: no padding)
    sum: OperandWalk | None = None  # the sibling sum's result tiles: batch triplets, m stride


@dataclass(frozen=True)
class ContractionProgram:
    kernels: ContractionKernels
    schedule: ContractionSchedule
    args: tuple             # function argument index of each input buffer (a, b, bias)
    scalar: None = None     # contractions read no runtime scalar
    out_shapes: tuple = ()  # in result order
    results: tuple = (0,)   # result position of the product, then of the sibling sum


def _fmt(t) -> str:
    from ttbw.dialect.tensor_types import describe

    d = describe(t)
    if d.layout != "tile":
        raise UnsupportedError("codegen: a contraction's operands and result must be TILE")
    return DataFormat.parse(d.data_type).short_name


def is_contraction(generic) -> bool:
    """A reduction generic of two inputs yielding `out + x * y` (x, y its inputs, maybe extf'd)."""
    if op_name(generic) != "linalg.generic" or len(generic.operands) != 3 \
            or not any("reduction" in str(t) for t in generic.attributes["iterator_types"]):
        return False
    args = list(generic.regions[0].blocks[0].arguments)
    term = accumulated_term(generic)
    mul = None if term is None else defining(term, "arith.mulf")
    return mul is not None and {source_index(v, args[:2]) for v in mul.operands} == {0, 1} and _matrix_maps(generic)


def _matrix_maps(generic) -> bool:
    try:
        a, b, out = (map_results(m) for m in generic.attributes["indexing_maps"])
    except UnsupportedError:
        return False
    return matrix_dims(a, b, out, [str(t) for t in generic.attributes["iterator_types"]])


def matrix_dims(a, b, out, iterators) -> bool:
    """The map results (`map_results`) of a matrix product: the output's last two dims M, N;
    a's last two {M, K}, b's {K, N}, K a reduction dim; b without M, a without N (else it is a
    reduced elementwise product, the other walk's)."""
    if len(out) < 2 or len(a) < 2 or len(b) < 2 or None in out[-2:] or out[-2] == out[-1]:
        return False
    m, n = out[-2], out[-1]
    k = set(a[-2:]) - {m}
    if len(k) != 1:
        return False
    k = k.pop()
    return k is not None and "reduction" in iterators[k] and set(a[-2:]) == {m, k} and set(b[-2:]) == {k, n} \
        and m not in b and n not in a


def _contraction_of(value):
    from mlir import ir

    if isinstance(value, ir.BlockArgument):
        return None
    owner = value.owner
    return owner if is_contraction(owner) else None


def read(func_op) -> ContractionProgram | None:
    """The contraction program of `func_op`, None when its result is not a contraction (its
    epilogue's input); UnsupportedError when it is one this codegen does not handle."""
    from mlir import ir

    func_op = getattr(func_op, "operation", func_op)
    ops = [o.operation for o in func_op.regions[0].blocks[0].operations]
    results = list(ops[-1].operands)
    generics = [o for o in ops if o.name == "linalg.generic"]
    contractions = [g for g in generics if is_contraction(g)]
    if not contractions:
        return None
    if len(contractions) != 1 or len(results) > 2:
        raise UnsupportedError("codegen: a contraction program computes one contraction, its epilogue and "
                               "at most one plain sum of an operand beside it")
    main = contractions[0]
    epilogue = next((g for g in generics if not same(g, main) and same(_contraction_of(g.operands[0]), main)),
                    None)
    others = [g for g in generics if not same(g, main) and not same(g, epilogue)]
    sibling = contraction_sum.match(main, others) if others else None
    positions = _result_positions(results, epilogue or main, sibling)
    args = list(func_op.regions[0].blocks[0].arguments)
    inputs = list(main.operands[:2])
    for v in inputs:
        if not isinstance(v, ir.BlockArgument):
            raise UnsupportedError("codegen: a contraction's inputs must be the program's arguments")
    if not zero_filled(main.operands[2]):
        raise UnsupportedError("codegen: a contraction accumulates into a zero-filled tensor")
    return _program(main, epilogue, inputs, args, sibling, positions)


def _result_positions(results, product, sibling) -> tuple:
    """(the product's result position, the sibling sum's) in the program's results, each the
    last generic of its chain seen through reshapes."""
    from mlir import ir

    owners = [None if isinstance(v, ir.BlockArgument) else v.owner for v in map(through_views, results)]
    lasts = [product] + ([sibling.last] if sibling is not None else [])
    positions = tuple(next((p for p, o in enumerate(owners) if same(o, last)), None) for last in lasts)
    if None in positions or len(results) != len(lasts):
        raise UnsupportedError("codegen: a contraction program returns its last generic's result")
    return positions


def _tile_grid(shape) -> list[int]:
    shape = list(shape)
    return shape[:-2] + [-(-shape[-2] // TILE), -(-shape[-1] // TILE)]


def _strides(grid) -> list[int]:
    out, acc = [0] * len(grid), 1
    for i in reversed(range(len(grid))):
        out[i] = acc
        acc *= grid[i]
    return out


def _triplets(dims, space, stride_of) -> tuple:
    """(div, mod, stride) per dim of `dims` (a flat row-major index over them), padded."""
    if len(dims) > MAX_GROUPS:
        raise UnsupportedError(f"codegen: a contraction over more than {MAX_GROUPS} batch dims of one kind")
    out, div = [], 1
    for d in reversed(dims):
        out.append((div, space[d], stride_of(d) if space[d] > 1 else 0))
        div *= space[d]
    return tuple(reversed(out)) + (_PAD,) * (MAX_GROUPS - len(out))


def _program(main, epilogue, inputs, args, sibling, positions) -> ContractionProgram:
    from mlir import ir

    maps = list(main.attributes["indexing_maps"])
    iterators = [str(t) for t in main.attributes["iterator_types"]]
    space_rank = len(iterators)
    a_res, b_res, out_res = (map_results(m) for m in maps)
    if len(out_res) < 2 or None in out_res[-2:]:
        raise UnsupportedError("codegen: a contraction's result must have rank >= 2 (no vector operands)")
    m_dim, n_dim = out_res[-2], out_res[-1]
    batch = [d for d in out_res[:-2] if d is not None]  # const 0: a unit dim (a sum folded in, keep_dim)
    reductions = [d for d in range(space_rank) if "reduction" in iterators[d]]
    a_shape, b_shape = (list(ir.RankedTensorType(v.type).shape) for v in inputs)
    if len(a_res) < 2 or len(b_res) < 2:
        raise UnsupportedError("codegen: a contraction's operands must have rank >= 2 (no vectors)")
    k_dims = set(a_res[-2:]) & set(b_res[-2:]) & set(reductions)
    if len(k_dims) != 1:
        raise UnsupportedError("codegen: a contraction's operands share one reduction dim in their matrix dims")
    k_dim = k_dims.pop()
    if set(a_res[-2:]) != {m_dim, k_dim} or set(b_res[-2:]) != {k_dim, n_dim}:
        raise UnsupportedError("codegen: a contraction's operands hold (M, K) and (K, N) in their last two dims")
    summed = [d for d in reductions if d != k_dim]
    space = [0] * space_rank
    for res, shape in ((a_res, a_shape), (b_res, b_shape)):
        for d, size in zip(res, shape):
            if d is not None:
                space[d] = max(space[d], size)
    for d, size in zip(out_res, ir.RankedTensorType(main.results[0].type).shape):
        if d is not None:
            space[d] = size
    for res, shape in ((a_res, a_shape), (b_res, b_shape)):
        for pos, d in enumerate(res[:-2]):
            if d is not None and d not in batch and d not in summed:
                raise UnsupportedError("codegen: a contraction operand's leading dim is neither batch nor summed")
            if d is not None and shape[pos] != space[d]:
                raise UnsupportedError("codegen: a contraction operand's batch dim differs from the space's")
    mt, nt, kt = (-(-space[d] // TILE) for d in (m_dim, n_dim, k_dim))
    transpose_a, transpose_b = a_res[-2] == k_dim, b_res[-1] == k_dim
    a_fmt, b_fmt = _fmt(inputs[0].type), _fmt(inputs[1].type)
    if "f32" in (a_fmt, b_fmt):
        raise UnsupportedError("codegen: f32 contraction operands (the FPU reads them as TF32)")

    def walk(res, shape, roles) -> OperandWalk:
        strides = _strides(_tile_grid(shape))
        by_dim = {d: strides[p] for p, d in enumerate(res) if d is not None and shape[p] > 1}
        lead = {d: by_dim.get(d, 0) for d in res[:-2] if d is not None}
        matrix = {roles[0]: strides[-2], roles[1]: strides[-1]}
        return OperandWalk(_triplets(batch, space, lambda d: lead.get(d, 0)),
                           _triplets(summed, space, lambda d: lead.get(d, 0)),
                           m=matrix.get("m", 0), n=matrix.get("n", 0), k=matrix.get("k", 0))

    a = walk(a_res, a_shape, ("k", "m") if transpose_a else ("m", "k"))
    b = walk(b_res, b_shape, ("n", "k") if transpose_b else ("k", "n"))
    out_type = ir.RankedTensorType((epilogue or main).results[0].type)
    out_fmt = _fmt(out_type)
    c_strides = _strides(_tile_grid(out_type.shape))
    c = OperandWalk(_triplets(batch, space, lambda d: c_strides[out_res.index(d)]),
                    (_PAD,) * MAX_GROUPS, m=c_strides[-2], n=c_strides[-1])
    bias, bias_walk, buffers = _epilogue(epilogue, out_res, space, batch, m_dim, n_dim, out_fmt)
    input_args = [ir.BlockArgument(v).arg_number for v in inputs] + buffers
    if out_fmt == "bfp8_b":
        raise UnsupportedError("codegen: a bfloat8_b contraction result (rounded to bf16 first, then masked)")
    if out_fmt == "f32" and epilogue is not None and bias is None:
        raise UnsupportedError("codegen: an f32 contraction result has no rounding epilogue")
    bm, bn = _block(mt, nt, kt, a_fmt, b_fmt, bias is not None, transpose_a, _count(summed, space))
    sum_fmt, sum_walk, sum_shape = None, None, None
    if sibling is not None:
        sum_fmt, sum_walk, sum_shape = _sibling(sibling, transpose_a, batch, space, m_dim)
    kernels = ContractionKernels(a_fmt, b_fmt, out_fmt, transpose_a, transpose_b, bm, bn, bias,
                                 space[k_dim] % TILE != 0, sum_fmt)
    batch_count = _count(batch, space)
    schedule = ContractionSchedule(batch_count * (mt // bm) * (nt // bn), _count(summed, space) * kt, kt,
                                   mt // bm, nt // bn, a, b, c, bias_walk, space[k_dim] % TILE, sum_walk)
    shapes = [None] * len(positions)
    for position, shape in zip(positions, (tuple(out_type.shape), sum_shape)):
        shapes[position] = shape
    return ContractionProgram(kernels, schedule, tuple(input_args), None, tuple(shapes), positions)


def _sibling(sibling, transpose_a: bool, batch, space, m_dim) -> tuple:
    """(format, OperandWalk, shape) of a sibling sum's result. The compute adds the tiles of the
    transposed A panel, which pass through it before the K loop (the other operands stream
    straight into matmul_tiles, whose DST section spans the K loop); its tiles hold (k, m), so
    the sum is over their rows and its result holds M in its last dim, a unit dim before it."""
    from mlir import ir

    if sibling.operand != 0 or not transpose_a:
        raise UnsupportedError("codegen: a contraction's sibling sum reads the transposed A operand (whose "
                               "tiles pass through the compute before the K loop)")
    out_type = ir.RankedTensorType(sibling.last.results[0].type)
    shape = list(out_type.shape)
    dims = list(sibling.out_dims)
    if dims[-1] not in (m_dim, None) or (len(shape) > 1 and shape[-2] != 1) \
            or any(d is not None and d not in batch for d in dims[:-1]):
        raise UnsupportedError("codegen: a contraction's sibling sum keeps the output's M dim last (after a "
                               "unit dim) and its batch dims")
    if not {d for d in batch if space[d] > 1} <= set(dims):  # several units would make each tile
        raise UnsupportedError("codegen: a contraction's sibling sum of an operand broadcast over a batch dim")
    if _fmt(out_type) == "bfp8_b":
        raise UnsupportedError("codegen: a bfloat8_b sibling sum result (its padding shares the block exponent)")
    grid = _tile_grid([1] * (2 - len(shape)) + shape if len(shape) < 2 else shape)
    strides = _strides(grid)[-len(shape):]
    by_dim = {d: st for d, st, size in zip(dims, strides, shape) if d is not None and size > 1}
    walk = OperandWalk(_triplets(batch, space, lambda d: by_dim.get(d, 0)), (_PAD,) * MAX_GROUPS,
                       m=by_dim.get(m_dim, 0))
    return _fmt(out_type), walk, tuple(shape)


def _count(dims, space) -> int:
    n = 1
    for d in dims:
        n *= space[d]
    return n


def _epilogue(epilogue, out_res, space, batch, m_dim, n_dim, out_fmt):
    """(Bias | None, its OperandWalk | None, [its argument index]) of the epilogue: a rounding
    `truncf(acc)`, or `acc + x` (x broadcast over the result, maybe extf'd; then rounded)."""
    from mlir import ir

    if epilogue is None:
        return None, None, []
    block = epilogue.regions[0].blocks[0]
    args = list(block.arguments)
    ops = body_ops(epilogue)
    value = ops[-1].operands[0]
    owner = getattr(value, "owner", None)
    if owner is not None and not isinstance(value, ir.BlockArgument) and op_name(owner) == "arith.truncf":
        value = owner.operands[0]
    identity = list(range(len(out_res)))
    if value == args[0] and len(epilogue.operands) == 2:
        if any(map_results(m) != identity for m in epilogue.attributes["indexing_maps"]):
            raise UnsupportedError("codegen: a contraction's epilogue is elementwise over its result")
        return None, None, []
    owner = None if isinstance(value, ir.BlockArgument) else value.owner
    if owner is None or op_name(owner) != "arith.addf" or len(epilogue.operands) != 3 \
            or args[0] not in list(owner.operands):
        raise UnsupportedError("codegen: a contraction's epilogue is its rounding or acc + a broadcast input")
    other = [v for v in owner.operands if v != args[0]]
    if len(other) != 1 or source_index(other[0], args[1:2]) != 0:
        raise UnsupportedError("codegen: a contraction's epilogue is its rounding or acc + a broadcast input")
    x = epilogue.operands[1]
    if not isinstance(x, ir.BlockArgument):
        raise UnsupportedError("codegen: a contraction's epilogue input must be a program argument")
    maps = list(epilogue.attributes["indexing_maps"])
    if map_results(maps[0]) != identity or map_results(maps[2]) != identity:
        raise UnsupportedError("codegen: a contraction's epilogue is elementwise over its result")
    res = map_results(maps[1])
    shape = list(ir.RankedTensorType(x.type).shape)
    lead = len(out_res) - len(res)
    rank = len(out_res)
    # the epilogue's dims are the result's positions; position p is the space's out_res[p]
    dims = [None if d is None or shape[i] == 1 and space[out_res[d]] != 1 else out_res[d]
            for i, d in enumerate(res)]
    grid = _tile_grid(([1] * (2 - len(shape)) + shape) if len(shape) < 2 else shape)
    strides = _strides(grid)[-len(shape):] if shape else []
    by_dim = {d: s for d, s, size in zip(dims, strides, shape) if d is not None and size > 1}
    fmt = _fmt(x.type)
    has_m, has_n = m_dim in dims, n_dim in dims
    bcast = {(True, True): "none", (False, True): "row", (True, False): "col", (False, False): "scalar"}[(has_m, has_n)]
    if fmt == "f32" and bcast != "none":
        raise UnsupportedError("codegen: an f32 epilogue input broadcast inside the tile")
    if lead < 0 or rank < 2:
        raise UnsupportedError("codegen: a contraction's epilogue input has more dims than its result")
    walk = OperandWalk(_triplets(batch, space, lambda d: by_dim.get(d, 0)), (_PAD,) * MAX_GROUPS,
                       m=by_dim.get(m_dim, 0),
                       n=by_dim.get(n_dim, 0))
    return Bias(fmt, bcast), walk, [ir.BlockArgument(x).arg_number]


def _block(mt, nt, kt, a_fmt, b_fmt, bias: bool, transpose_a: bool, summed: int) -> tuple[int, int]:
    """The block (bm, bn) dividing (Mt, Nt) in DST's tiles (one left for a bias) reading the
    fewest DRAM bytes: per output tile A / bn + B / bm tiles per K step."""
    a_bytes, b_bytes = DataFormat.parse(a_fmt).tile_bytes, DataFormat.parse(b_fmt).tile_bytes
    room = DST_TILES - int(bias)
    best = None
    for bm in range(1, room + 1):
        for bn in range(1, room // bm + 1):
            if mt % bm or nt % bn:
                continue
            if transpose_a and bm * kt * summed * 2048 > HELD_BYTES:
                continue
            cost = (a_bytes / bn + b_bytes / bm, -bm * bn)
            if best is None or cost < best[0]:
                best = (cost, (bm, bn))
    if best is None:
        raise UnsupportedError(f"codegen: a transposed A panel of {kt * summed} tiles does not fit in L1")
    return best[1]
