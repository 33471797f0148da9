"""A contraction's sibling sum: a plain f32 sum (`acc + x`, x maybe extf'd, into a zero fill) of
one of the contraction's inputs over exactly the contraction's reduction dims (K and the summed
batch dims), optionally rounded by one elementwise `truncf` generic. Its kept dims are the
operand's other dims, output dims of the contraction, so the core whose K loop streams an
operand's tiles for one output block (column block 0 for A) can add them into the sum's tiles
too: a second result of the same program, the operand read from DRAM no extra time (a linear
layer's db = sum dY beside dW = dY^T X). Everything comes from the maps of the two generics;
`contraction.py` lays out the walk and `contraction_kernels.py` emits it.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import UnsupportedError
from .linalg_reading import accumulated_term, body_ops, map_results, op_name, same, source_index, zero_filled


@dataclass(frozen=True)
class SiblingSumMatch:
    """The sum beside a contraction: the contraction input it reads (0: A, 1: B), the
    contraction dim each position of the sum's result holds (None: a unit dim), and the generic
    whose result the program returns (the sum, or its rounding)."""
    operand: int
    out_dims: tuple
    last: object


def _is_reduction(generic) -> bool:
    return any("reduction" in str(t) for t in generic.attributes["iterator_types"])


def _iterators(generic) -> list[str]:
    return [str(t) for t in generic.attributes["iterator_types"]]


def _plain_sum(generic) -> bool:
    """One input, `out + x` or `out + extf(x)` into a zero-filled accumulator."""
    if len(generic.operands) != 2 or not zero_filled(generic.operands[1]):
        return False
    term = accumulated_term(generic)
    return term is not None and source_index(term, list(generic.regions[0].blocks[0].arguments)[:1]) == 0 \
        and len(body_ops(generic)) <= 3


def _rounding(generic, sum_op) -> bool:
    """An elementwise generic reading the sum's result as its only input, yielding its truncf."""
    from mlir import ir

    source = generic.operands[0]
    if _is_reduction(generic) or len(generic.operands) != 2 or isinstance(source, ir.BlockArgument) \
            or not same(source.owner, sum_op):
        return False
    rank = len(_iterators(generic))
    if any(map_results(m) != list(range(rank)) for m in generic.attributes["indexing_maps"]):
        return False
    ops = body_ops(generic)
    return len(ops) == 2 and op_name(ops[0]) == "arith.truncf" \
        and ops[0].operands[0] == generic.regions[0].blocks[0].arguments[0]


def _operand(main, sum_op) -> int:
    source = sum_op.operands[0]
    for i, value in enumerate(list(main.operands)[:2]):
        if value == source:
            return i
    raise UnsupportedError("codegen: a contraction's sibling sum reads one of the contraction's inputs")


def _contraction_dims(main, sum_op, operand: int) -> dict:
    """Each sum dim -> the contraction dim the shared operand reads there; the sum reduces exactly
    the contraction's reduction dims (unit dims aside)."""
    from mlir import ir

    shape = list(ir.RankedTensorType(sum_op.operands[0].type).shape)
    c_map = map_results(list(main.attributes["indexing_maps"])[operand])
    s_map = map_results(list(sum_op.attributes["indexing_maps"])[0])
    c_iter, s_iter = _iterators(main), _iterators(sum_op)
    to_c = {}
    for size, s_dim, c_dim in zip(shape, s_map, c_map):
        if size == 1 or s_dim is None:
            continue
        if c_dim is None or ("reduction" in s_iter[s_dim]) != ("reduction" in c_iter[c_dim]):
            raise UnsupportedError("codegen: a contraction's sibling sum reduces exactly the contraction's "
                                   "reduction dims of its operand")
        to_c[s_dim] = c_dim
    reduced = {d for d, it in enumerate(c_iter) if "reduction" in it and _extent(main, d) > 1}
    if not reduced <= set(to_c.values()):  # the K loop visits the operand's tiles more than once
        raise UnsupportedError("codegen: a contraction's sibling sum reads an operand broadcast over a "
                               "reduction dim")
    return to_c


def _extent(generic, dim: int) -> int:
    from mlir import ir

    size = 1
    for value, m in zip(generic.operands, generic.attributes["indexing_maps"]):
        for s, d in zip(ir.RankedTensorType(value.type).shape, map_results(m)):
            if d == dim:
                size = max(size, s)
    return size


def match(main, others: list) -> SiblingSumMatch:
    """The sibling sum of contraction `main` among `others` (the program's other generics: the
    sum and maybe its rounding); UnsupportedError when they are not one."""
    sums = [g for g in others if _is_reduction(g)]
    if len(sums) != 1 or len(others) > 2 or not _plain_sum(sums[0]):
        raise UnsupportedError("codegen: a contraction program computes one contraction, its epilogue and "
                               "at most one plain sum of an operand beside it")
    sum_op = sums[0]
    rounding = next((g for g in others if not same(g, sum_op)), None)
    if rounding is not None and not _rounding(rounding, sum_op):
        raise UnsupportedError("codegen: a contraction's sibling sum is rounded by one truncf generic at most")
    operand = _operand(main, sum_op)
    to_c = _contraction_dims(main, sum_op, operand)
    s_out = map_results(list(sum_op.attributes["indexing_maps"])[1])
    out_dims = tuple(None if d is None else to_c.get(d) for d in s_out)
    return SiblingSumMatch(operand, out_dims, rounding if rounding is not None else sum_op)
