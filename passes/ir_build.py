"""Small helpers the passes share to build ttir IR with the generated op classes
(always at the current insertion point and location)."""
from __future__ import annotations

from mlir import ir

from ttbw.dialect.tensor_types import describe
from ttbw.mlir_dialects import ttir

SUM_TO_MARK = "ttbw.sum_to"  # on an unrealized cast that ttir-reduce-broadcast-grads resolves


def tensor(shape, element, encoding=None) -> ir.RankedTensorType:
    return ir.RankedTensorType.get(list(shape), element, encoding)


def with_element(value_type, element) -> ir.RankedTensorType:
    """Same shape, new element type, no encoding (an on-device intermediate)."""
    return tensor(value_type.shape, element)


def full(shape, element, number: float) -> ir.Value:
    """A `ttir.full` of `number` (its fill_value an f32, as tt-mlir prints it)."""
    return ir.Operation.create(
        "ttir.full", results=[tensor(shape, element)],
        attributes={"shape": ir.DenseI32ArrayAttr.get(list(shape)),
                    "fill_value": ir.FloatAttr.get(ir.F32Type.get(), number)}).result


def i32_array(values) -> ir.ArrayAttr:
    i32 = ir.IntegerType.get_signless(32)
    return ir.ArrayAttr.get([ir.IntegerAttr.get(i32, int(v)) for v in values])


def typecast(value: ir.Value, result_type) -> ir.Value:
    if value.type == result_type:
        return value
    return ttir.TypecastOp(result_type, value).result


def is_complex(value_type) -> bool:
    return isinstance(value_type, ir.RankedTensorType) and describe(value_type).is_complex


def relocate(root, location) -> None:
    """Gives every op (and block argument) under `root` `location`: IR parsed from generated
    text points at the source it was generated from, not at that text."""
    def visit(op):
        op.location = location
        for region in op.regions:
            for block in region.blocks:
                for argument in block.arguments:
                    argument.set_location(location)
        return ir.WalkResult.ADVANCE

    root.walk(visit)
