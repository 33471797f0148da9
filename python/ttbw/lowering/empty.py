"""Tensors with no elements (a zero-size dim) in device linalg: nothing to compute, nothing to read.

    empty_results_as_empty_tensors(func_op)   # each empty returned value -> tensor.empty
    zero_empty_reductions(func_op)            # a sum over an empty dim -> a generic yielding its zero

An empty result has no device buffer and no program: the host function allocates it and
returns it as it is. A result that has elements can still depend on an empty tensor, but
only through a reduction over the empty dims (broadcasting a size-0 dim against a size-1 dim
gives size 0, so every elementwise value of an empty tensor is empty): torch's sum over an
empty dim is 0, so such a reduction is the zero its accumulator starts from. It becomes a
generic without inputs yielding that zero (what consumers fuse as the constant scalar 0; its
own rounding folded into it), so the program never reads the empty
tensor and it gets no buffer either.
"""
from __future__ import annotations

from .programs import TTIR_OP


def is_empty(type_) -> bool:
    """Whether a (ranked tensor) type has no elements."""
    from mlir import ir

    return isinstance(type_, ir.RankedTensorType) and 0 in list(ir.RankedTensorType(type_).shape)


def empty_results_as_empty_tensors(func_op) -> int:
    """Returns a `tensor.empty` in place of each returned value with no elements (what computed
    it is left to the lowering's dead-code removal); returns how many."""
    from mlir import ir

    func_op = getattr(func_op, "operation", func_op)
    entry = func_op.regions[0].blocks[0]
    ret = list(entry.operations)[-1].operation
    count = 0
    for k, value in enumerate(list(ret.operands)):
        owner = value.owner
        if is_empty(value.type) and not (hasattr(owner, "operation") and owner.operation.name == "tensor.empty"):
            with ir.InsertionPoint(ret), ret.location:
                ret.operands[k] = ir.Operation.create("tensor.empty", results=[value.type]).result
            count += 1
    return count


def zero_empty_reductions(func_op) -> int:
    """Every reduction generic over an iteration space with a size-0 dim whose output has
    elements becomes a generic of no inputs yielding 0 into its (zero-filled) accumulator;
    returns how many (their consumers are then fused with them to read the constant)."""
    from ttbw.dialect.ops import walk_ops

    reductions = [op for op in walk_ops(getattr(func_op, "operation", func_op), "linalg.generic")
                  if not is_empty(op.results[0].type) and any(is_empty(v.type) for v in list(op.operands)[:-1])]
    for op in reductions:
        zero = _replace_by_zero(op)
        while zero is not None:  # its rounding (a reader of it alone) is a constant too
            zero = _fold_into_reader(zero)
    return len(reductions)


def _replace_by_zero(op) -> None:
    from mlir import ir
    from mlir.dialects import arith

    from ttbw.mlir_dialects import linalg

    out = op.operands[len(op.operands) - 1]
    result_type = op.results[0].type
    element = ir.RankedTensorType(result_type).element_type
    rank = ir.RankedTensorType(result_type).rank
    identity = ir.AffineMapAttr.get(ir.AffineMap.get_identity(rank))
    parallel = ir.Attribute.parse("#linalg.iterator_type<parallel>")
    with ir.InsertionPoint(op), op.location:
        zero = linalg.GenericOp([result_type], [], [out], ir.ArrayAttr.get([identity]),
                                ir.ArrayAttr.get([parallel] * rank))
        if TTIR_OP in op.attributes:
            zero.operation.attributes[TTIR_OP] = op.attributes[TTIR_OP]
        block = zero.regions[0].blocks.append(element)
        with ir.InsertionPoint(block):
            linalg.YieldOp([arith.ConstantOp(element, 0.0).result])
    op.results[0].replace_all_uses_with(zero.results[0])
    op.erase()
    return zero.operation


def _ttir_op(op):
    return op.attributes[TTIR_OP].value if TTIR_OP in op.attributes else None


def _fold_into_reader(zero):
    """The only reader of constant generic `zero` (no inputs), an elementwise generic reading
    nothing else and from the same TTIR op (`ttbw.op`: a bf16 sum's rounding), as a
    generic of no inputs computing its body on `zero`'s value; None when there is no such reader."""
    from mlir import ir
    from ttbw.mlir_dialects import linalg

    users = [getattr(u.owner, "operation", u.owner) for u in zero.results[0].uses]
    if len(users) != 1 or users[0].name != "linalg.generic" or len(users[0].operands) != 2 \
            or any("reduction" in str(t) for t in users[0].attributes["iterator_types"]) \
            or _ttir_op(users[0]) is None or _ttir_op(users[0]) != _ttir_op(zero):  # the sum's own rounding
        return None
    reader = users[0]
    maps = list(reader.attributes["indexing_maps"])
    constant = list(zero.regions[0].blocks[0].operations)[0].operation
    with ir.InsertionPoint(reader), reader.location:
        folded = linalg.GenericOp([reader.results[0].type], [], [reader.operands[1]], ir.ArrayAttr.get(maps[1:]),
                                  reader.attributes["iterator_types"])
        folded.operation.attributes[TTIR_OP] = reader.attributes[TTIR_OP]
        old = reader.regions[0].blocks[0]
        block = folded.regions[0].blocks.append(old.arguments[1].type)
        with ir.InsertionPoint(block):
            value = constant.clone()
            mapping = {old.arguments[0]: value.results[0], old.arguments[1]: block.arguments[0]}
            for inner in old.operations:
                copy = inner.operation.clone()
                for i, operand in enumerate(copy.operands):
                    if operand in mapping:
                        copy.operands[i] = mapping[operand]
                mapping.update(zip(inner.operation.results, copy.results))
    reader.results[0].replace_all_uses_with(folded.results[0])
    reader.erase()
    zero.erase()
    return folded.operation
