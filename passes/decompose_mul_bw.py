"""ttir-decompose-mul-bw: `ttir.mul_bw` → `ttir.multiply`.

    input_grad = grad · conj(other)     other_grad = grad · conj(input)

(conj only for complex operands; a scalar other gives input_grad = grad · s,
computed in f32 like PyTorch's opmath). Mixed data types multiply in the
promoted type (f32 if either is f32), as PyTorch does.

What is left for later passes is made explicit in the IR, so each stage
verifies on its own:
- a gradient whose type differs from its result (broadcast shape, data type)
  flows through `builtin.unrealized_conversion_cast {ttbw.sum_to}` to the
  result type; ttir-reduce-broadcast-grads turns it into sum/reshape/typecast;
- a preallocated result stays tied to its buffer through
  `bufferization.materialize_in_destination %grad in %input_grad`, whose
  result replaces the op's result (the program writes into that buffer).
Outputs that `are_required_outputs` leaves out produce no op at all.
TTIR ops have no memory_config: where a returned gradient lives is kept as the
function's `ttir.memory_config` result attribute, for the lowering.
"""
from __future__ import annotations

from mlir import ir

from mlir.dialects import bufferization, builtin
from mlir.dialects import tensor as tensor_dialect

from ttbw.dialect.ops import MUL_BW_OPERANDS, MUL_BW_RESULTS, required_outputs, segments, walk_ops
from ttbw.dialect.tensor_types import broadcast_shapes, describe
from ttbw.mlir_dialects import ttir

from .ir_build import MEMORY_CONFIG, SUM_TO_MARK, tensor, typecast
from .replay import Template


def run(module, options) -> None:
    templates: dict = {}  # signature -> Template (see replay.py)
    for op in walk_ops(module.operation, "ttir.mul_bw"):
        _rewrite(op, templates)


def _rewrite(op, templates: dict) -> None:
    attributes = op.attributes
    operands, results = list(op.operands), list(op.results)
    if "memory_config" in attributes:
        with op.location:
            _keep_memory_config(op, attributes["memory_config"])
    types = tuple(v.type for v in operands)
    # Everything the decomposition reads but the operand values: types, segments, the mask and,
    # for a scalar `other`, whether it is a constant (then its value) or a runtime value.
    key = (types, tuple(op.results.types), attributes["operandSegmentSizes"],
           attributes["resultSegmentSizes"],
           attributes["are_required_outputs"] if "are_required_outputs" in attributes else None,
           None if isinstance(types[2], ir.RankedTensorType) else _constant_value(operands[2]))
    template = templates.get(key)
    if template is None:
        with ir.InsertionPoint(op), op.location:
            replacements = _decompose(op.opview, operands, results)
        templates[key] = Template.record(operands, replacements)
    else:
        replacements = template.replay(operands, op.location, ir.InsertionPoint(op))
    for result, replacement in zip(results, replacements):
        if replacement is not None:
            result.replace_all_uses_with(replacement)
    op.erase()


def _decompose(op: ttir.MulBwOp, operand_values: list, result_values: list) -> list:
    """The value replacing each of `result_values` (None: not required, left as it is)."""
    operands = segments(op, "operandSegmentSizes", MUL_BW_OPERANDS, operand_values)
    results = segments(op, "resultSegmentSizes", MUL_BW_RESULTS, result_values)
    grad, a, b = operands["grad"], operands["input"], operands["other"]
    replacements = {}
    if not isinstance(b.type, ir.RankedTensorType):  # scalar other
        replacements["input_grad"] = _finish(_multiply(grad, _scalar_tensor(b)), results["input_grad"],
                                             operands["input_grad"])
    else:
        mask = required_outputs(op)
        complex_ = describe(grad.type).is_complex
        for index, (name, factor) in enumerate((("input_grad", b), ("other_grad", a))):
            if not mask[index]:
                continue
            if complex_:
                factor = ttir.ConjOp(factor.type, factor).result
            replacements[name] = _finish(_multiply(grad, factor), results[name], operands[name])
    return [replacements.get(name) for name in MUL_BW_RESULTS if results[name] is not None]


def _constant_value(scalar: ir.Value):
    owner = scalar.owner
    if isinstance(owner, ir.OpView) and owner.name == "arith.constant":
        return owner.attributes["value"]
    return None


def _keep_memory_config(op, memory_config: ir.Attribute) -> None:
    """Sets `ttir.memory_config` on each function result that returns one of op's results."""
    func = op.operation.parent
    if func.name != "func.func":
        return
    count = len(ir.FunctionType(func.attributes["function_type"].value).results)
    old = func.attributes["res_attrs"] if "res_attrs" in func.attributes else None
    entries = [_named(ir.DictAttr(old[i])) if old else {} for i in range(count)]
    for result in op.results:
        for use in result.uses:
            user = getattr(use.owner, "operation", use.owner)
            if user.name == "func.return":
                entries[use.operand_number][MEMORY_CONFIG] = memory_config
    func.attributes["res_attrs"] = ir.ArrayAttr.get([ir.DictAttr.get(e) for e in entries])


def _named(attributes: ir.DictAttr) -> dict:
    return {attributes[i].name: attributes[i].attr for i in range(len(attributes))}


def _multiply(lhs: ir.Value, rhs: ir.Value) -> ir.Value:
    element = _promoted_element(lhs.type.element_type, rhs.type.element_type)
    # An operand that must change element type becomes a plain (no-encoding)
    # intermediate; one that already has it is used as it is.
    if lhs.type.element_type != element:
        lhs = typecast(lhs, tensor(lhs.type.shape, element))
    if rhs.type.element_type != element:
        rhs = typecast(rhs, tensor(rhs.type.shape, element))
    shape = broadcast_shapes(lhs.type.shape, rhs.type.shape)
    return ttir.MultiplyOp(tensor(shape, element), lhs, rhs).result


def _promoted_element(lhs, rhs):
    """PyTorch type promotion between bf16 and f32 (also for complex parts)."""
    if lhs == rhs:
        return lhs
    is_complex = isinstance(lhs, ir.ComplexType) or isinstance(rhs, ir.ComplexType)
    f32 = ir.F32Type.get()
    return ir.ComplexType.get(f32) if is_complex else f32


def _scalar_tensor(scalar: ir.Value) -> ir.Value:
    """The scalar as a rank-0 f32 tensor: `ttir.full` for a constant (tt-mlir's
    form), `tensor.from_elements` for a runtime value."""
    value = _constant_value(scalar)
    rank0 = tensor([], ir.F32Type.get())
    if value is not None:
        return ttir.FullOp(rank0, ir.DenseI32ArrayAttr.get([]),
                           ir.FloatAttr.get(ir.F32Type.get(), ir.FloatAttr(value).value)).result
    return tensor_dialect.FromElementsOp(rank0, [scalar]).result


def _finish(gradient: ir.Value, result: ir.Value, preallocated: ir.Value | None) -> ir.Value:
    """The value replacing `result`."""
    if gradient.type != result.type:
        cast = builtin.UnrealizedConversionCastOp([result.type], [gradient])
        cast.operation.attributes[SUM_TO_MARK] = ir.UnitAttr.get()
        gradient = cast.result
    if preallocated is not None:
        gradient = bufferization.MaterializeInDestinationOp(result.type, gradient, preallocated).result
    return gradient
