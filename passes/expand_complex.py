"""ttir-expand-complex: complex tensors become (real, imag) pairs of real tensors.

This is ttnn's ComplexTensor: a function argument or result of type
`tensor<...xcomplex<T>>` becomes two `tensor<...xT>` (real first), and every op
on complex tensors becomes ops on the parts:
  x · conj(y) → (xr·yr + xi·yi) + i(xi·yr − xr·yi)   (mul_bw's gradients)
  x · y       → (xr·yr − xi·yi) + i(xr·yi + xi·yr)
  x / y, 1 / y → PyTorch's scaled complex division (passes/complex_division.py)
  x · s       → (xr·s − xi·0) + i(xr·0 + xi·s) for a real s: PyTorch's x · (s + 0i), whose
                zero meets the other part (an infinite xi makes the real part NaN, as torch)
  x / s       → (xr/s, xi/s) for a real s
  conj(x)     → (xr, −xi);   x ± y → (xr ± yr, xi ± yi);   −x → (−xr, −xi)
  real(x), imag(x) → xr, xi (no op: its uses read the part);   complex(a, b) → (a, b)
  sum / reshape / typecast / materialize_in_destination / sum_to casts: per part.
After this pass no complex type is left, so the IR is plain tt-mlir TTIR.
"""
from __future__ import annotations

from typing import NamedTuple

from mlir import ir

from ttbw.support.diagnostics import Diagnostic, DiagnosticError, source_loc
from ttbw.dialect.tensor_types import broadcast_shapes
from ttbw.mlir_dialects import ttir
from ttbw.support.statistics import count

from . import complex_division
from .decompose_backward import decomposes
from .ir_build import full, tensor
from .replay import Template

PER_PART = ("ttir.sum", "ttir.reshape", "ttir.typecast", "ttir.neg",
            "ttir.add", "ttir.subtract", "builtin.unrealized_conversion_cast",
            "bufferization.materialize_in_destination")


def run(module, options) -> None:
    errors = []
    templates: dict = {}  # op signature -> Template (see replay.py)
    complex_types = _ComplexTypes()
    for func in _functions_with_complex(module, complex_types):
        with func.location:
            errors += _expand_function(func, templates, complex_types)
    if errors:
        raise DiagnosticError(errors)


def _is_complex(type_) -> bool:
    return isinstance(type_, ir.RankedTensorType) and isinstance(type_.element_type, ir.ComplexType)


class _ComplexTypes(dict):
    """`_is_complex` of each type, asked once per type (types are uniqued: a dict lookup is
    cheaper than reading a type's element type through the bindings). One per pass run."""

    def __missing__(self, type_) -> bool:
        found = self[type_] = _is_complex(type_)
        return found

    def any(self, types) -> bool:
        return any(self[t] for t in types)


def _functions_with_complex(module, complex_types: _ComplexTypes) -> list:
    """The module's functions, in order, whose signature or an op result in their body (nested
    regions aside) is complex: the others have nothing to expand. One walk of the module; a
    func.func it meets is top-level, as a function body cannot hold one (not a symbol table)."""
    signatures: dict = {}  # function_type attribute -> whether it holds a complex tensor
    found: list = []
    current: list = []  # the function whose body ops the walk is visiting
    root: list = []

    def visit(op):
        if not root:  # the module itself
            root.append(op)
            return ir.WalkResult.ADVANCE
        if op.name == "func.func":
            type_attr = op.attributes["function_type"]
            complex_ = signatures.get(type_attr)
            if complex_ is None:
                function_type = ir.FunctionType(ir.TypeAttr(type_attr).value)
                complex_ = signatures[type_attr] = complex_types.any([*function_type.inputs, *function_type.results])
            current[:] = [] if complex_ else [op]
            if complex_:
                found.append(op)
                return ir.WalkResult.SKIP
            return ir.WalkResult.ADVANCE
        if current and complex_types.any(op.results.types):
            found.append(current.pop())
        return ir.WalkResult.SKIP  # a top-level op that is no function, or one of a body

    module.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def _part_type(type_):
    return tensor(type_.shape, type_.element_type.element_type, type_.encoding)


def _expand_function(func, templates: dict, complex_types: _ComplexTypes) -> list[Diagnostic]:
    region = func.regions[0]
    if not region.blocks:
        return []
    block = region.blocks[0]
    function_type = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    ops = [op.operation for op in block.operations]
    if not complex_types.any([*function_type.inputs, *function_type.results]) and \
            not any(complex_types.any(op.results.types) for op in ops):
        return []

    parts: dict = {}
    old_arguments = len(block.arguments)
    _expand_arguments(block, parts)
    errors: list[Diagnostic] = []
    complex_ops = []
    terminator = None
    for op in ops:
        name = op.name
        if name == "func.return":
            terminator = _expand_return(op, parts)
            continue
        terminator = None
        # Each read through the bindings creates objects: the operands and types are read once.
        operands, result_types = list(op.operands), list(op.results.types)
        operand_types = [v.type for v in operands]
        if not complex_types.any(result_types) and not complex_types.any(operand_types):
            continue
        try:
            if name in PARTS:
                _expand_parts(op, name, operands, parts)
            else:
                _expand_op(_Op(op, name, operands, operand_types, result_types), parts, templates, complex_types)
            complex_ops.append(op)
        except ValueError as error:
            errors.append(Diagnostic("error", source_loc(op.location), f"'{op.name}' op {error}"))
    if errors:
        return errors
    for op in reversed(complex_ops):
        op.erase()
    count("num-functions")
    count("num-ops", len(complex_ops))
    for _ in range(old_arguments):  # now unused: every complex user is gone
        block.erase_argument(0)
    inputs = [a.type for a in block.arguments]
    results = [v.type for v in (terminator or _terminator(block)).operands]
    func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs, results))
    for attr, types in (("arg_attrs", function_type.inputs), ("res_attrs", function_type.results)):
        if attr in func.attributes:  # a complex value's attributes go to both its parts
            old = list(func.attributes[attr])
            func.attributes[attr] = ir.ArrayAttr.get(
                [a for a, t in zip(old, types) for a in ([a, a] if _is_complex(t) else [a])])
    return []


def _terminator(block):
    return list(block.operations)[-1].operation


def _expand_arguments(block, parts) -> None:
    """Appends new arguments in order, complex ones as (real, imag); the old
    ones are erased once nothing uses them."""
    for argument in list(block.arguments):
        if _is_complex(argument.type):
            part = _part_type(argument.type)
            parts[argument] = (block.add_argument(part, argument.location),
                               block.add_argument(part, argument.location))
        else:
            argument.replace_all_uses_with(block.add_argument(argument.type, argument.location))


def _expand_return(op, parts):
    """The new terminator."""
    operands = []
    for value in op.operands:
        operands += list(parts[value]) if value in parts else [value]
    terminator = ir.Operation.create("func.return", operands=operands, loc=op.location, ip=ir.InsertionPoint(op))
    op.erase()
    return terminator


class _Op(NamedTuple):
    """An op to expand, with what the expansion reads of it."""
    op: ir.Operation
    name: str
    operands: list
    operand_types: list
    result_types: list


PARTS = ("ttir.real", "ttir.imag", "ttir.complex")  # ops between a complex value and its parts


def _expand_parts(op, name: str, operands: list, parts) -> None:
    """real / imag: their uses read the part; complex: its parts are its operands. No op is built."""
    if name == "ttir.complex":
        parts[op.result] = tuple(operands)
        return
    if operands[0] not in parts:
        raise ValueError("has a complex operand defined outside what this pass expands")
    op.result.replace_all_uses_with(parts[operands[0]][name == "ttir.imag"])


def _expand_op(target: _Op, parts, templates: dict, complex_types: _ComplexTypes) -> None:
    """Sets the (real, imag) parts of op's result; ValueError if op cannot be expanded."""
    form, values, attributes = _form(target, complex_types)
    leaves = []
    for value, type_ in values:
        if not complex_types[type_]:  # a real factor, divisor or dividend
            leaves.append(value)
            continue
        if value not in parts:
            raise ValueError("has a complex operand defined outside what this pass expands")
        leaves += parts[value]
    # The expansion reads the form, the types and (rebuilt ops) the attributes: its signature.
    key = (form, tuple(t for _, t in values), tuple(target.result_types), attributes)
    template = templates.get(key)
    op = target.op
    if template is None:
        with ir.InsertionPoint(op), op.location:
            built = _build(form, leaves, op.result.type, attributes)
        templates[key] = template = Template.record(leaves, list(built))
        parts[op.result] = built
    else:
        parts[op.result] = tuple(template.replay(leaves, op.location, ir.InsertionPoint(op)))


def _form(target: _Op, complex_types: _ComplexTypes) -> tuple:
    """How op expands (conj | conj_product | product | scale | scale_div | quotient |
    real_quotient | reciprocal | per_part, or ValueError), the (value, type) pairs whose parts
    it reads (a real one: itself) and, for an op rebuilt per part, its attributes."""
    name, operands, types = target.name, target.operands, target.operand_types
    if decomposes(name):
        raise ValueError("must be decomposed first (run ttir-decompose-backward)")
    pairs = list(zip(operands, types))
    if name == "ttir.conj":
        return "conj", pairs[:1], ()
    if name in ("ttir.multiply", "ttir.div") and not all(complex_types[t] for t in types):
        x, y = pairs  # one real operand: a scale, or a real dividend
        if name == "ttir.multiply":
            return "scale", ([x, y] if complex_types[x[1]] else [y, x]), ()
        return ("scale_div" if complex_types[x[1]] else "real_quotient"), [x, y], ()
    if name == "ttir.multiply":
        x, y = pairs
        # x · conj(y): mul_bw's gradient, 4 multiplies + add + subtract, no neg.
        for lhs, rhs in ((x, y), (y, x)):
            owner = rhs[0].owner
            if isinstance(owner, ttir.ConjOp):
                conjugated = owner.input
                return "conj_product", [lhs, (conjugated, conjugated.type)], ()
        return "product", [x, y], ()
    if name == "ttir.div":
        return "quotient", pairs[:2], ()
    if name == "ttir.reciprocal":
        return "reciprocal", pairs[:1], ()
    if name in PER_PART and all(complex_types[t] for t in [*types, *target.result_types]):
        # The same op on each part: only the types change, so it is rebuilt by name.
        return "per_part", pairs, (name, tuple(target.op.attributes.items()))
    raise ValueError("on complex tensors is not supported by ttir-expand-complex")


def _times_real(xr, xi, s, part_type) -> tuple:
    """(re, im) of (xr + xi i)(s + 0i) as PyTorch multiplies a complex by a real: the exact
    zero's products (0, or NaN from an infinite part) added, so no value but NaN (and a
    zero's sign) differs from the per-part scale."""
    zero = full([], s.type.element_type, 0.0)
    element = part_type.element_type

    def mul(a, b):
        return ttir.MultiplyOp(tensor(broadcast_shapes(a.type.shape, b.type.shape), element), a, b).result

    return (ttir.SubtractOp(part_type, mul(xr, s), mul(xi, zero)).result,
            ttir.AddOp(part_type, mul(xr, zero), mul(xi, s)).result)


def _build(form: str, leaves: list, result_type, attributes) -> tuple:
    """The (real, imag) parts of the result, built from the operands' parts (`leaves`)."""
    if form == "conj":
        re, im = leaves
        return (re, ttir.NegOp(im.type, im).result)
    part_type = _part_type(result_type)
    if form == "scale_div":  # leaves: (real, imag) of x, then the real s
        return tuple(ir.Operation.create("ttir.div", results=[part_type], operands=[part, leaves[2]]).result
                     for part in leaves[:2])
    if form == "scale":
        return _times_real(*leaves, part_type)
    if form == "quotient":
        return complex_division.quotient(*leaves, part_type)
    if form == "real_quotient":  # leaves: the real x, then (real, imag) of y
        return complex_division.quotient(leaves[0], None, leaves[1], leaves[2], part_type)
    if form == "reciprocal":
        return complex_division.reciprocal(*leaves, part_type)
    if form == "per_part":
        name, named = attributes  # leaves: (real, imag) of each operand in turn
        return tuple(ir.Operation.create(name, results=[part_type], operands=leaves[i::2],
                                         attributes=dict(named)).result for i in (0, 1))

    def mul(a, b):
        return ttir.MultiplyOp(part_type, a, b).result

    def add(a, b):
        return ttir.AddOp(part_type, a, b).result

    def subtract(a, b):
        return ttir.SubtractOp(part_type, a, b).result

    xr, xi, yr, yi = leaves
    if form == "conj_product":
        return (add(mul(xr, yr), mul(xi, yi)), subtract(mul(xi, yr), mul(xr, yi)))
    return (subtract(mul(xr, yr), mul(xi, yi)), add(mul(xr, yi), mul(xi, yr)))
