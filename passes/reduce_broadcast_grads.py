"""ttir-reduce-broadcast-grads: bring each gradient back to its operand's type.

Resolves the `builtin.unrealized_conversion_cast {ttbw.sum_to}` left by
ttir-decompose-backward (PyTorch's `sum_to` rule):
  1. `ttir.sum` with keep_dim = true over the broadcast dims (every leading
     dim, and every dim where the operand has 1 and the gradient does not);
  2. `ttir.reshape` to the operand's exact shape (drops the leading 1s; a 0-d
     operand sums everything);
  3. `ttir.typecast` to the operand's data type / layout when they differ (a gradient narrower
     than its operand widened before its sum: summed in the operand's type).
Complex gradients are reduced the same way (ttnn cannot; we do).
"""
from __future__ import annotations

from mlir import ir

from ttbw.support.diagnostics import Diagnostic, DiagnosticError, source_loc
from ttbw.dialect.ops import walk_ops
from ttbw.dialect.tensor_types import TypeRuleError, broadcasts_to, describe, reduction_dims
from ttbw.mlir_dialects import ttir
from ttbw.support.statistics import count

from .ir_build import SUM_TO_MARK, i32_array, tensor, typecast, with_element
from .replay import Template


def run(module, options) -> None:
    casts = [op for op in walk_ops(module.operation, "builtin.unrealized_conversion_cast")
             if SUM_TO_MARK in op.attributes]
    templates: dict = {}  # (gradient type, operand type) -> Template (see replay.py)
    errors = []
    for cast in casts:
        gradient, result = cast.operands[0], cast.results[0]
        key = (gradient.type, result.type)
        template = templates.get(key)
        try:
            if template is None:
                with ir.InsertionPoint(cast), cast.location:
                    replacement = _sum_to(gradient, key[1])
                templates[key] = Template.record([gradient], [replacement])
            else:
                replacement = template.replay([gradient], cast.location, ir.InsertionPoint(cast))[0]
            result.replace_all_uses_with(replacement)
            cast.erase()
            count("num-reduced")
        except (ValueError, TypeRuleError) as error:
            errors.append(Diagnostic("error", source_loc(cast.location),
                                     f"'ttir-reduce-broadcast-grads' cannot reduce: {error}"))
    if errors:
        raise DiagnosticError(errors)


def _sum_to(value: ir.Value, target_type) -> ir.Value:
    source, target = describe(value.type), describe(target_type)
    if source.is_complex != target.is_complex:
        raise ValueError("a gradient cannot change between complex and real")
    if not broadcasts_to(target.shape, source.shape):
        raise ValueError(f"shape {target.shape_str} does not broadcast to the gradient's shape "
                         f"{source.shape_str}")
    dims = reduction_dims(target.shape, source.shape)
    element = value.type.element_type
    if dims and _wider(target_type.element_type, element):
        # a bf16 gradient of an f32 operand (layer / batch norm's dβ = Σ grad with f32 γ): summed
        # as f32 and kept so, not rounded to bf16 first
        element = target_type.element_type
        value = typecast(value, with_element(value.type, element))
    if dims:
        kept = [1 if i in dims else d for i, d in enumerate(source.shape)]
        value = ttir.SumOp(tensor(kept, element), value, ir.BoolAttr.get(True),
                           dim_arg=i32_array(dims)).result
    if tuple(value.type.shape) != target.shape:
        value = ttir.ReshapeOp(tensor(target.shape, element), value, i32_array(target.shape)).result
    return typecast(value, target_type)


def _wider(element, than) -> bool:
    """Real float `element` has more bits than `than` (f32 than bf16)."""
    return isinstance(element, ir.FloatType) and isinstance(than, ir.FloatType) and element.width > than.width
