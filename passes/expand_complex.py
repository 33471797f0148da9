"""ttir-expand-complex: complex tensors become (real, imag) pairs of real tensors.

This is ttnn's ComplexTensor: a function argument or result of type
`tensor<...xcomplex<T>>` becomes two `tensor<...xT>` (real first), and every op
on complex tensors becomes ops on the parts:
  x · conj(y) → (xr·yr + xi·yi) + i(xi·yr − xr·yi)   (mul_bw's gradients)
  x · y       → (xr·yr − xi·yi) + i(xr·yi + xi·yr)
  conj(x)     → (xr, −xi);   x ± y → (xr ± yr, xi ± yi);   −x → (−xr, −xi)
  sum / reshape / typecast / materialize_in_destination / sum_to casts: per part.
After this pass no complex type is left, so the IR is plain tt-mlir TTIR.
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import func as func_dialect

from ttbw.diagnostics import Diagnostic, DiagnosticError, source_loc
from ttbw.mlir_dialects import ttir

from .ir_build import tensor

PER_PART = ("ttir.sum", "ttir.reshape", "ttir.typecast", "ttir.neg",
            "ttir.add", "ttir.subtract", "builtin.unrealized_conversion_cast",
            "bufferization.materialize_in_destination")


def run(module, options) -> None:
    errors = []
    signatures: dict = {}  # function_type attribute -> whether it holds a complex tensor
    for op in list(module.body.operations):
        op = op.operation
        if op.name == "func.func" and _may_hold_complex(op, signatures):
            with op.location:
                errors += _expand_function(op)
    if errors:
        raise DiagnosticError(errors)


def _is_complex(type_) -> bool:
    return isinstance(type_, ir.RankedTensorType) and isinstance(type_.element_type, ir.ComplexType)


def _may_hold_complex(func, signatures: dict) -> bool:
    """False when neither the signature nor a result of an op in the body (nested regions
    aside) is complex: then _expand_function has nothing to do. Reads one op at a time
    instead of listing every block's ops."""
    type_attr = func.attributes["function_type"]
    found = signatures.get(type_attr)
    if found is None:
        function_type = ir.FunctionType(ir.TypeAttr(type_attr).value)
        found = signatures[type_attr] = any(_is_complex(t) for t in [*function_type.inputs,
                                                                      *function_type.results])
    if found:
        return True
    visited = []

    def visit(op):
        if not visited:  # the function itself
            visited.append(op)
            return ir.WalkResult.ADVANCE
        if any(_is_complex(t) for t in op.results.types):
            visited.append(op)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.SKIP

    func.walk(visit, ir.WalkOrder.PRE_ORDER)
    return len(visited) > 1


def _part_type(type_):
    return tensor(type_.shape, type_.element_type.element_type, type_.encoding)


def _expand_function(func) -> list[Diagnostic]:
    region = func.regions[0]
    if not region.blocks:
        return []
    block = region.blocks[0]
    function_type = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    if not any(_is_complex(t) for t in [*function_type.inputs, *function_type.results]) and \
            not any(_is_complex(r.type) for op in block.operations for r in op.results):
        return []

    parts: dict = {}
    old_arguments = len(block.arguments)
    _expand_arguments(block, parts)
    errors: list[Diagnostic] = []
    complex_ops = []
    for op in list(block.operations):
        op = op.operation
        if op.name == "func.return":
            _expand_return(op, parts)
            continue
        touches_complex = any(_is_complex(v.type) for v in [*op.operands, *op.results])
        if not touches_complex:
            continue
        try:
            with ir.InsertionPoint(op), op.location:
                _expand_op(op, parts)
            complex_ops.append(op)
        except ValueError as error:
            errors.append(Diagnostic("error", source_loc(op.location), f"'{op.name}' op {error}"))
    if errors:
        return errors
    for op in reversed(complex_ops):
        op.erase()
    for _ in range(old_arguments):  # now unused: every complex user is gone
        block.erase_argument(0)
    inputs = [a.type for a in block.arguments]
    results = [v.type for v in _terminator(block).operands]
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


def _expand_return(op, parts) -> None:
    operands = []
    for value in op.operands:
        operands += list(parts[value]) if value in parts else [value]
    with ir.InsertionPoint(op), op.location:
        func_dialect.ReturnOp(operands)
    op.erase()


def _expand_op(op, parts) -> None:
    def split(value):
        if value not in parts:
            raise ValueError("has a complex operand defined outside what this pass expands")
        return parts[value]

    name = op.name
    if name == "ttir.mul_bw":
        raise ValueError("must be decomposed first (run ttir-decompose-mul-bw)")
    if name == "ttir.conj":
        re, im = split(op.operands[0])
        parts[op.result] = (re, ttir.NegOp(im.type, im).result)
        return
    if name == "ttir.multiply":
        parts[op.result] = _multiply(op, split)
        return
    if name in PER_PART and all(_is_complex(v.type) for v in [*op.operands, *op.results]):
        # The same op on each part: only the types change, so it is rebuilt by name.
        attributes = {name: op.attributes[name] for name in op.attributes}
        part_type = _part_type(op.result.type)
        operand_parts = [split(v) for v in op.operands]
        parts[op.result] = tuple(
            ir.Operation.create(name, results=[part_type],
                                operands=[p[i] for p in operand_parts],
                                attributes=attributes).result
            for i in (0, 1))
        return
    raise ValueError("on complex tensors is not supported by ttir-expand-complex")


def _multiply(op, split):
    x, y = op.operands
    result = _part_type(op.result.type)

    def mul(a, b):
        return ttir.MultiplyOp(result, a, b).result

    def add(a, b):
        return ttir.AddOp(result, a, b).result

    def subtract(a, b):
        return ttir.SubtractOp(result, a, b).result

    # x · conj(y): mul_bw's gradient, 4 multiplies + add + subtract, no neg.
    for lhs, rhs in ((x, y), (y, x)):
        owner = rhs.owner
        if isinstance(owner, ttir.ConjOp):
            xr, xi = split(lhs)
            yr, yi = split(owner.input)
            return (add(mul(xr, yr), mul(xi, yi)), subtract(mul(xi, yr), mul(xr, yi)))
    xr, xi = split(x)
    yr, yi = split(y)
    return (subtract(mul(xr, yr), mul(xi, yi)), add(mul(xr, yi), mul(xi, yr)))



