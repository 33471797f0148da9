"""Tensors with no elements (a zero-size dim) in device linalg: nothing to compute, nothing to read.

    empty = drop_empty_results(func_op)   # the return positions dropped (their values are empty)
    zero_empty_reductions(module)         # a sum over an empty dim -> a generic yielding its zero

An empty result has no device buffer and no program: the host function allocates it and
returns it as it is. A result that has elements can still depend on an empty tensor, but
only through a reduction over the empty dims (broadcasting a size-0 dim against a size-1 dim
gives size 0, so every elementwise value of an empty tensor is empty): torch's sum over an
empty dim is 0, so such a reduction is the zero its accumulator starts from. It becomes a
generic without inputs yielding that zero (what consumers fuse as the constant scalar 0), so
the program never reads the empty tensor and it gets no buffer either.
"""
from __future__ import annotations


def is_empty(type_) -> bool:
    """Whether a (ranked tensor) type has no elements."""
    from mlir import ir

    return isinstance(type_, ir.RankedTensorType) and 0 in list(ir.RankedTensorType(type_).shape)


def drop_empty_results(func_op) -> list[int]:
    """Removes the empty values from `func_op`'s return (and its type); returns their
    positions. Dead code is left to canonicalization."""
    from mlir import ir
    from mlir.dialects import func

    func_op = getattr(func_op, "operation", func_op)
    entry = func_op.regions[0].blocks[0]
    ret = list(entry.operations)[-1].operation
    values = list(ret.operands)
    empty = [k for k, v in enumerate(values) if is_empty(v.type)]
    if not empty:
        return []
    kept = [v for k, v in enumerate(values) if k not in empty]
    with ir.InsertionPoint(ret), ret.location:
        func.ReturnOp(kept)
    ret.erase()
    ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
    func_op.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(ftype.inputs, [v.type for v in kept]))
    if "res_attrs" in func_op.attributes:
        attrs = list(func_op.attributes["res_attrs"])
        func_op.attributes["res_attrs"] = ir.ArrayAttr.get([a for k, a in enumerate(attrs) if k not in empty])
    return empty


def zero_empty_reductions(module) -> int:
    """Every reduction generic over an iteration space with a size-0 dim whose output has
    elements becomes a generic of no inputs yielding 0 into its (zero-filled) accumulator;
    returns how many (their consumers are then fused with them to read the constant)."""
    from mlir import ir

    from ttbw.dialect.ops import walk_ops

    count = 0
    with module.context:
        for op in walk_ops(module.operation):
            if op.name != "linalg.generic" or is_empty(op.results[0].type) \
                    or not any(is_empty(v.type) for v in list(op.operands)[:-1]):
                continue
            _replace_by_zero(op)
            count += 1
    return count


def _replace_by_zero(op) -> None:
    from mlir import ir
    from mlir.dialects import arith, linalg

    out = op.operands[len(op.operands) - 1]
    result_type = op.results[0].type
    element = ir.RankedTensorType(result_type).element_type
    rank = ir.RankedTensorType(result_type).rank
    identity = ir.AffineMapAttr.get(ir.AffineMap.get_identity(rank))
    parallel = ir.Attribute.parse("#linalg.iterator_type<parallel>")
    with ir.InsertionPoint(op), op.location:
        zero = linalg.GenericOp([result_type], [], [out], ir.ArrayAttr.get([identity]),
                                ir.ArrayAttr.get([parallel] * rank))
        block = zero.regions[0].blocks.append(element)
        with ir.InsertionPoint(block):
            linalg.YieldOp([arith.ConstantOp(element, 0.0).result])
    op.results[0].replace_all_uses_with(zero.results[0])
    op.erase()
