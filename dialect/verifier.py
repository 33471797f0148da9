"""Rules of the `ttir` ops that IRDL cannot express.

`verify(module)` walks every ttir op and returns one error Diagnostic per
broken rule, located at the op. ttbw-opt runs it after parsing and after every
pass; the Python API runs the same rules on the IR it builds.
"""
from __future__ import annotations

import re

from ttbw.diagnostics import Diagnostic, source_loc

from .tensor_types import (TypeRuleError, broadcast_shapes, broadcasts_to,
                           describe, shape_str)

MEMORY_BUFFERS = ("dram", "l1")
MEMORY_LAYOUTS = ("interleaved",)
MEMORY_CONFIG_PATTERN = re.compile(r'#ttir\.memory_config<"([^"]*)", "([^"]*)">')


class OpRuleError(Exception):
    """One broken rule of an op (the message names the rule)."""


def verify(module) -> list[Diagnostic]:
    diagnostics: list[Diagnostic] = []
    for op in walk_ops(module.operation):
        check = _CHECKS.get(op.name)
        if check is None:
            continue
        problem = _verdict(op, check)
        if problem is not None:
            diagnostics.append(Diagnostic(
                "error", source_loc(op.location), f"'{op.name}' op {problem}"))
    return diagnostics


# Every rule depends only on the op's name, operand/result types and
# attributes (all uniqued, hashable MLIR objects), so verdicts are memoized on
# that signature: the same few op shapes recur thousands of times.
_verdicts: dict = {}


def _verdict(op, check) -> str | None:
    attributes = op.attributes
    key = (op.name, tuple(v.type for v in op.operands), tuple(r.type for r in op.results),
           tuple((name, attributes[name]) for name in attributes))
    if key not in _verdicts:
        try:
            check(op)
            _verdicts[key] = None
        except (OpRuleError, TypeRuleError) as error:
            _verdicts[key] = str(error)
    return _verdicts[key]


def walk_ops(op) -> list:
    """Every operation nested in `op` (pre-order), as ir.Operation. MLIR's C++
    walk only collects; nothing runs inside the callback."""
    from mlir import ir

    found = []

    def collect(child):
        found.append(child)
        return ir.WalkResult.ADVANCE

    op.walk(collect, ir.WalkOrder.PRE_ORDER)
    return found[1:] if found and found[0] == op else found


# ---------------------------------------------------------------- ttir.mul_bw

MUL_BW_OPERANDS = ("grad", "input", "other", "input_grad", "other_grad")
MUL_BW_RESULTS = ("input_grad", "other_grad")


def segments(op, attr_name: str, names, values) -> dict:
    """Maps segment names to their value (or None) using <attr_name> sizes."""
    sizes = list(op.attributes[attr_name])
    out, i = {}, 0
    for name, size in zip(names, sizes):
        out[name] = values[i] if size else None
        i += size
    return out


def required_outputs(op) -> tuple[bool, bool]:
    if "are_required_outputs" not in op.attributes:
        return (True, True)
    from mlir import ir
    attr = op.attributes["are_required_outputs"]
    if not isinstance(attr, ir.DenseBoolArrayAttr) or len(attr) != 2:
        raise OpRuleError(
            f"'are_required_outputs' must be exactly two bools (array<i1: x, y>), got {attr}")
    return (bool(attr[0]), bool(attr[1]))


def memory_config(op) -> tuple[str, str] | None:
    if "memory_config" not in op.attributes:
        return None
    return parse_memory_config(str(op.attributes["memory_config"]))


def parse_memory_config(attr: str) -> tuple[str, str]:
    """(buffer, layout) of a `#ttir.memory_config<...>` attribute's text; OpRuleError if unknown."""
    match = MEMORY_CONFIG_PATTERN.fullmatch(attr)
    if match is None:
        raise OpRuleError(
            f"unknown memory_config {attr}; expected "
            '#ttir.memory_config<"dram"|"l1", "interleaved">')
    buffer, layout = match.groups()
    if buffer not in MEMORY_BUFFERS:
        raise OpRuleError(
            f"unknown memory_config buffer type \"{buffer}\"; expected dram or l1")
    if layout not in MEMORY_LAYOUTS:
        raise OpRuleError(
            f"unsupported memory_config memory layout \"{layout}\"; expected interleaved")
    return buffer, layout


def _tensor(value, role: str):
    try:
        return describe(value.type)
    except TypeRuleError as error:
        raise OpRuleError(f"operand '{role}': {error}") from None


def _check_mul_bw(op) -> None:
    from mlir import ir

    operands = segments(op, "operandSegmentSizes", MUL_BW_OPERANDS, list(op.operands))
    results = segments(op, "resultSegmentSizes", MUL_BW_RESULTS, list(op.results))
    mask = required_outputs(op)
    memory_config(op)

    grad = _tensor(operands["grad"], "grad")
    a = _tensor(operands["input"], "input")
    other_type = operands["other"].type
    scalar = not isinstance(other_type, ir.ShapedType)
    if scalar:
        if str(other_type) != "f32":
            raise OpRuleError(f"operand 'other' must be a tensor or an f32 scalar, got {other_type}")
        b = None
    else:
        b = _tensor(operands["other"], "other")

    # Complex (ttnn's ComplexTensor) is defined only when every tensor is complex.
    tensors = {"grad": grad, "input": a} | ({"other": b} if b else {})
    kinds = {name: t.is_complex for name, t in tensors.items()}
    if len(set(kinds.values())) > 1 or (scalar and a.is_complex):
        described = ", ".join(f"'{n}' is {'complex' if c else 'real'}" for n, c in kinds.items())
        if scalar:
            described += ", 'other' is a real scalar"
        raise OpRuleError(
            f"complex and real operands cannot be mixed ({described}); mul_bw is defined "
            "for all-real or all-complex tensors")

    # Shapes: grad has the broadcast shape of input and other.
    for name, t in (("input", a), ("other", b)):
        if t is None:
            continue
        if len(t.shape) > len(grad.shape):
            raise OpRuleError(
                f"operand '{name}' of shape {t.shape_str} has a higher rank ({len(t.shape)}) "
                f"than 'grad' ({len(grad.shape)}, shape {grad.shape_str})")
        if not broadcasts_to(t.shape, grad.shape):
            raise OpRuleError(
                f"operand '{name}' of shape {t.shape_str} is not broadcast-compatible with "
                f"'grad' of shape {grad.shape_str}")
    expected = a.shape if b is None else broadcast_shapes(a.shape, b.shape)
    if expected is None or tuple(expected) != grad.shape:
        got = "incompatible" if expected is None else shape_str(expected)
        raise OpRuleError(
            f"'grad' shape {grad.shape_str} must equal the broadcast of 'input' and 'other' "
            f"shapes ({got})")

    # Masks.
    if scalar:
        if "are_required_outputs" in op.attributes:
            raise OpRuleError(
                "'are_required_outputs' is not accepted with a scalar 'other' (ttnn's "
                "scalar overload has only the input gradient)")
        if operands["other_grad"] is not None:
            raise OpRuleError("a scalar 'other' has no gradient: 'other_grad' must not be given")
        mask = (True, False)
    if not any(mask):
        raise OpRuleError(
            "'are_required_outputs' requests no output: at least one gradient is expected "
            "to be calculated")

    for index, (name, operand_name, t) in enumerate(
            (("input_grad", "input", a), ("other_grad", "other", b))):
        result, prealloc = results[name], operands[name]
        if prealloc is not None and not mask[index]:
            raise OpRuleError(
                f"a preallocated '{name}' is given for an output that is not requested "
                f"(are_required_outputs[{index}] is false)")
        if result is not None and not mask[index]:
            if t is None:
                raise OpRuleError("a scalar 'other' has no gradient result")
            raise OpRuleError(
                f"result '{name}' is present but are_required_outputs[{index}] is false")
        if result is None and mask[index]:
            raise OpRuleError(f"result '{name}' is missing but the output is requested")
        if result is None:
            continue
        _check_gradient_type(f"result '{name}'", _tensor(result, name), operand_name, t)
        if prealloc is not None:
            given = _tensor(prealloc, name)
            if given.shape == grad.shape and given.shape != t.shape:
                raise OpRuleError(
                    f"preallocated '{name}' has the shape of 'grad' ({given.shape_str}) but "
                    f"must have the shape of operand '{operand_name}' ({t.shape_str}): since "
                    "tt-metal #56601 a gradient has its operand's shape, not grad's broadcast shape")
            _check_gradient_type(f"preallocated '{name}'", given, operand_name, t)
            if str(prealloc.type) != str(result.type):
                raise OpRuleError(
                    f"preallocated '{name}' type {prealloc.type} must equal its result type "
                    f"{result.type}")


def _check_gradient_type(what: str, got, operand_name: str, operand) -> None:
    if got.shape != operand.shape:
        raise OpRuleError(
            f"{what} must have the shape of operand '{operand_name}' ({operand.shape_str}), "
            f"got {got.shape_str}")
    if (got.element, got.is_complex, got.data_type) != (
            operand.element, operand.is_complex, operand.data_type):
        raise OpRuleError(
            f"{what} must have the data type of operand '{operand_name}' "
            f"({_dtype_name(operand)}), got {_dtype_name(got)}")


def _dtype_name(t) -> str:
    return f"complex<{t.data_type}>" if t.is_complex else t.data_type


# ------------------------------------------------- the TTIR ops we emit

def _check_elementwise_binary(op) -> None:
    lhs, rhs = (_tensor(v, n) for v, n in zip(op.operands, ("lhs", "rhs")))
    result = _tensor(op.results[0], "result")
    shape = broadcast_shapes(lhs.shape, rhs.shape)
    if shape is None:
        raise OpRuleError(
            f"operands of shapes {lhs.shape_str} and {rhs.shape_str} are not broadcast-compatible")
    if tuple(shape) != result.shape:
        raise OpRuleError(
            f"result shape {result.shape_str} must be the broadcast shape {shape_str(shape)}")
    _same_element("lhs", lhs, "result", result)
    _same_element("rhs", rhs, "result", result)


def _check_unary_same_type(op) -> None:
    if str(op.operands[0].type) != str(op.results[0].type):
        raise OpRuleError(
            f"result type {op.results[0].type} must equal the input type {op.operands[0].type}")
    _tensor(op.operands[0], "input")


def _check_conj(op) -> None:
    _check_unary_same_type(op)
    if not _tensor(op.operands[0], "input").is_complex:
        raise OpRuleError("operand 'input' must be a complex tensor")


def _check_typecast(op) -> None:
    source, result = _tensor(op.operands[0], "input"), _tensor(op.results[0], "result")
    if source.shape != result.shape:
        raise OpRuleError(
            f"result shape {result.shape_str} must equal the input shape {source.shape_str}")
    if source.is_complex != result.is_complex:
        raise OpRuleError("typecast cannot change between complex and real")


def _check_sum(op) -> None:
    from mlir import ir

    source, result = _tensor(op.operands[0], "input"), _tensor(op.results[0], "result")
    keep_dim_attr = op.attributes["keep_dim"]
    if not (isinstance(keep_dim_attr, ir.BoolAttr) or str(keep_dim_attr) in ("true", "false")):
        raise OpRuleError(f"'keep_dim' must be a bool, got {keep_dim_attr}")
    keep_dim = str(keep_dim_attr) == "true"
    rank = len(source.shape)
    if "dim_arg" in op.attributes:
        dims = _i32_array(op, "dim_arg")
        for d in dims:
            if not -rank <= d < rank:
                raise OpRuleError(f"'dim_arg' dim {d} is out of range for rank {rank}")
        dims = [d % rank if rank else d for d in dims]
        if len(set(dims)) != len(dims):
            raise OpRuleError(f"'dim_arg' has repeated dims {_i32_array(op, 'dim_arg')}")
    else:
        dims = list(range(rank))
    if keep_dim:
        expected = tuple(1 if i in dims else d for i, d in enumerate(source.shape))
    else:
        expected = tuple(d for i, d in enumerate(source.shape) if i not in dims)
    if expected != result.shape:
        raise OpRuleError(
            f"result shape {result.shape_str} must be {shape_str(expected)} "
            f"(input {source.shape_str}, dims {dims}, keep_dim = {str(keep_dim).lower()})")
    _same_element("input", source, "result", result)


def _check_reshape(op) -> None:
    source, result = _tensor(op.operands[0], "input"), _tensor(op.results[0], "result")
    shape = tuple(_i32_array(op, "shape"))
    if shape != result.shape:
        raise OpRuleError(
            f"'shape' {list(shape)} must equal the result shape {result.shape_str}")
    if _volume(shape) != _volume(source.shape):
        raise OpRuleError(
            f"reshape from {source.shape_str} to {result.shape_str} changes the element count")
    _same_element("input", source, "result", result)


def _check_full(op) -> None:
    from mlir import ir

    result = _tensor(op.results[0], "result")
    shape_attr = op.attributes["shape"]
    if not isinstance(shape_attr, ir.DenseI32ArrayAttr):
        raise OpRuleError(f"'shape' must be array<i32: ...>, got {shape_attr}")
    if tuple(shape_attr) != result.shape:
        raise OpRuleError(
            f"'shape' {list(shape_attr)} must equal the result shape {result.shape_str}")


def _i32_array(op, name: str) -> list[int]:
    from mlir import ir

    attr = op.attributes[name]
    if isinstance(attr, ir.ArrayAttr):
        values = []
        for element in attr:
            if not (isinstance(element, ir.IntegerAttr) and str(element.type) == "i32"):
                break
            values.append(element.value)
        else:
            return values
    raise OpRuleError(f"'{name}' must be an array of i32 (e.g. [1 : i32]), got {attr}")


def _same_element(a_name, a, b_name, b) -> None:
    if (a.element, a.is_complex) != (b.element, b.is_complex):
        raise OpRuleError(
            f"'{a_name}' and '{b_name}' must have the same element type "
            "(use ttir.typecast to convert)")


def _volume(shape) -> int:
    volume = 1
    for d in shape:
        volume *= d
    return volume


_CHECKS = {
    "ttir.mul_bw": _check_mul_bw,
    "ttir.multiply": _check_elementwise_binary,
    "ttir.add": _check_elementwise_binary,
    "ttir.subtract": _check_elementwise_binary,
    "ttir.neg": _check_unary_same_type,
    "ttir.conj": _check_conj,
    "ttir.typecast": _check_typecast,
    "ttir.sum": _check_sum,
    "ttir.reshape": _check_reshape,
    "ttir.full": _check_full,
}
