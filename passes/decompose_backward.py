"""ttir-decompose-backward: every backward op (passes/derivatives.py's RULES) -> TTIR.

    ttir.mul_bw: input_grad = grad · conj(other)     other_grad = grad · conj(input)
    ttir.add_bw: input_grad = grad                   other_grad = grad
    ttir.neg_bw: input_grad = -grad                  ...

A rule gives each gradient as an expression (passes/gradient_builder.py, which also picks
the precision as PyTorch does); this pass owns what every op shares:
- outputs that `are_required_outputs` leaves out (and a scalar operand's) produce no op;
- a scalar operand becomes a rank-0 f32 tensor: `ttir.full` for a constant (tt-mlir's
  form), `tensor.from_elements` for a runtime value;
- a gradient whose type differs from its result (grad's broadcast shape, a data type)
  flows through `builtin.unrealized_conversion_cast {ttbw.sum_to}` to the result type;
  ttir-reduce-broadcast-grads turns it into sum/reshape/typecast (PyTorch's sum_to rule);
- a preallocated result stays tied to its buffer through
  `bufferization.materialize_in_destination %grad in %input_grad`, whose result replaces
  the op's result (the program writes into that buffer);
- TTIR ops have no memory_config: where a returned gradient lives is kept as the
  function's `ttir.memory_config` result attribute, for the lowering.
Each rewrite is recorded once per op signature and replayed (replay.py).
"""
from __future__ import annotations

from mlir import ir

from ttbw.dialect.ops import MEMORY_CONFIG, required_outputs, walk_ops
from ttbw.support.statistics import count

from .derivatives import RULES
from .gradient_builder import GradientBuilder, materialize, operand
from .ir_build import SUM_TO_MARK, full, tensor
from .replay import Template


def decomposes(op_name: str) -> bool:
    """Whether this pass rewrites ops named `op_name` (the backward ops)."""
    return op_name in RULES


def run(module, options) -> None:
    templates: dict = {}  # signature -> Template (see replay.py)
    for op in walk_ops(module.operation):
        if op.name in RULES:
            _rewrite(op, templates)


def _rewrite(op, templates: dict) -> None:
    attributes = op.attributes
    operands, results = list(op.operands), list(op.results)
    if "memory_config" in attributes:
        with op.location:
            _keep_memory_config(op, attributes["memory_config"])
    # Everything the decomposition reads but the operand values: the op, types, attributes
    # and, for a scalar operand, whether it is a constant (then its value) or a runtime value.
    types = tuple(v.type for v in operands)
    key = (op.name, types, tuple(op.results.types), tuple(attributes.items()),  # items(): (name, attribute)
           tuple(_constant_value(v) for v, t in zip(operands, types) if not isinstance(t, ir.RankedTensorType)))
    template = templates.get(key)
    if template is None:
        with ir.InsertionPoint(op), op.location:
            replacements = _decompose(op, operands, results)
        templates[key] = Template.record(operands, replacements)
    else:
        replacements = template.replay(operands, op.location, ir.InsertionPoint(op))
        count("num-replayed")
    count("num-decomposed")
    for result, replacement in zip(results, replacements):
        if replacement is not None:
            result.replace_all_uses_with(replacement)
    op.erase()


class Operands:
    """`x` of a rule: the op's forward operands and grad as expressions, its attributes."""

    def __init__(self, op, values: dict):
        self._op = op
        for name, value in values.items():  # None: an absent optional operand (layer_norm_bw's gamma)
            setattr(self, name, None if value is None else operand(value))

    def attr(self, name: str, default=None):
        """The attribute's Python value (float, str, bool), `default` when absent."""
        attributes = self._op.attributes
        if name not in attributes:
            return default
        attr = attributes[name]
        for kind in (ir.FloatAttr, ir.StringAttr, ir.BoolAttr, ir.IntegerAttr):
            try:
                return kind(attr).value
            except ValueError:  # not of this kind
                continue
        return attr


def _decompose(op, operand_values: list, result_values: list) -> list:
    """The value replacing each of `result_values` (None: not required, left as it is)."""
    rule = RULES[op.name]
    signature = rule.signature
    operands, results = signature.read(op, operand_values, result_values)
    values = {"grad": operands["grad"]}
    for name in signature.forward:
        value = operands[name]
        values[name] = value if value is None or isinstance(value.type, ir.RankedTensorType) \
            else _scalar_tensor(value)
    x, d = Operands(op, values), GradientBuilder()
    mask = required_outputs(op, len(signature.gradients))
    replacements = {}
    for index, (name, of) in enumerate(signature.gradients):
        if not mask[index] or results[name] is None:  # not requested, or of a scalar
            continue
        gradient = materialize(rule.gradients[name](d, x))
        replacements[name] = _finish(gradient, results[name], operands.get(name))
    return [replacements.get(name) for name in signature.results if results[name] is not None]


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


def _scalar_tensor(scalar: ir.Value) -> ir.Value:
    """The scalar as a rank-0 f32 tensor."""
    value = _constant_value(scalar)
    if value is not None:
        return full([], ir.F32Type.get(), ir.FloatAttr(value).value)
    return ir.Operation.create("tensor.from_elements", results=[tensor([], ir.F32Type.get())],
                               operands=[scalar]).result


def _finish(gradient: ir.Value, result: ir.Value, preallocated: ir.Value | None) -> ir.Value:
    """The value replacing `result`. Ops of upstream dialects are created by name: their Python
    op classes (mlir.dialects.*) would cost ttbw-opt's start-up more than they save."""
    if gradient.type != result.type:
        gradient = ir.Operation.create("builtin.unrealized_conversion_cast", results=[result.type],
                                       operands=[gradient], attributes={SUM_TO_MARK: ir.UnitAttr.get()}).result
    if preallocated is not None:
        gradient = ir.Operation.create("bufferization.materialize_in_destination", results=[result.type],
                                       operands=[gradient, preallocated]).result
    return gradient
