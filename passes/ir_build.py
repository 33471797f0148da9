"""Small helpers the passes share to build ttir IR (always at the current
insertion point and location)."""
from __future__ import annotations

from mlir import ir

from ttbw.dialect.tensor_types import describe

SUM_TO_MARK = "ttbw.sum_to"  # on an unrealized cast that ttir-reduce-broadcast-grads resolves
MEMORY_CONFIG = "ttir.memory_config"  # function result attribute: where that result lives


def create(name: str, operands, result_type, attributes=None) -> ir.Value:
    op = ir.Operation.create(name, results=[result_type], operands=list(operands),
                             attributes=attributes or {})
    return op.result


def tensor(shape, element, encoding=None) -> ir.RankedTensorType:
    return ir.RankedTensorType.get(list(shape), element, encoding)


def with_element(value_type, element) -> ir.RankedTensorType:
    """Same shape, new element type, no encoding (an on-device intermediate)."""
    return tensor(value_type.shape, element)


def i32_array(values) -> ir.ArrayAttr:
    i32 = ir.IntegerType.get_signless(32)
    return ir.ArrayAttr.get([ir.IntegerAttr.get(i32, int(v)) for v in values])


def typecast(value: ir.Value, result_type) -> ir.Value:
    if value.type == result_type:
        return value
    return create("ttir.typecast", [value], result_type)


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


def require_unregistered_dialects(module, pass_name: str) -> None:
    """Passes emitting TTKernel ops (which ttbw's context does not register) need a context
    that allows unregistered dialects, set before the pipeline runs: changing it while a
    PassManager runs aborts MLIR."""
    if not module.context.allow_unregistered_dialects:
        from ttbw.diagnostics import Diagnostic, DiagnosticError, source_loc

        raise DiagnosticError([Diagnostic("error", source_loc(module.operation.location), (
            f"{pass_name} emits TTKernel ops, which ttbw's context does not register: the context "
            "must allow unregistered dialects before the pipeline runs (ttbw-opt, ttbw.compile and "
            "ttbw.passes.add_to_pass_manager set it)"))])
