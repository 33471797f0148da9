"""The wrapper factories of ttnn's backward ops: one per signature class, each making a
function with ttnn's signature, keyword names and aliases (its nanobind bindings), return
conventions and checks; the call itself is a `BackwardCall`.

    mul_bw = binary_backward("mul_bw", complex_form=True)
    neg_bw = unary_backward("neg_bw")

Beyond ttnn's arguments every wrapper takes `backend="device"` (one fused Tensix program on
the emulated device) or `"cpu"` (the decomposed TTIR, JIT-compiled on the host).
"""
from __future__ import annotations

from typing import NamedTuple

from ttbw.dialect.ops import ADDCMUL_BACKWARD, LERP_BACKWARD, UNARY_BACKWARD, WHERE_BACKWARD
from ttbw.support.ir_literals import f32_literal

from .backward_call import BackwardCall, binary_call, check_backend_and_queue, is_number
from .tensor import ComplexTensor

MISSING = object()  # an argument the caller did not pass
ROUNDING_MODES = (None, "trunc", "floor")
APPROXIMATIONS = ("none", "tanh")


def one_of(op: str, name: str, given: dict, required: bool = True):
    """(argument name, value) of the one alias the caller used; TypeError as Python says it."""
    used = {alias: value for alias, value in given.items() if value is not MISSING}
    if not used:
        if not required:
            return name, MISSING
        raise TypeError(f"{op}() missing required argument: '{name}'")
    if len(used) > 1:
        raise TypeError(f"{op}() got {' and '.join(repr(a) for a in used)} for one argument; pass one of them")
    return next(iter(used.items()))


def f32_attribute(name: str, value) -> str:
    """An op's float attribute as IR text; TypeError / ValueError naming the argument."""
    if not is_number(value):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}")
    value = float(value)
    if value != value or abs(value) == float("inf") or abs(value) > 3.4028234663852886e38:
        raise ValueError(f"{name} must be a finite f32 number, got {value}")
    return f"{f32_literal(value)} : f32"


def i32_attribute(name: str, value, *, signed: bool = False) -> str:
    """An op's integer attribute as IR text (an integral number, as ttnn's bindings convert a
    Python float to the C++ int), `si32` if `signed`; TypeError / ValueError naming the argument."""
    if not is_number(value):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    if value != value or abs(value) == float("inf") or value != int(value) or abs(value) >= 2 ** 31:
        raise ValueError(f"{name} must be an integer, got {value}")
    return f"{int(value)} : {'si32' if signed else 'i32'}"


def binary_backward(op: str, *, complex_form: bool = False, complex_alpha: bool = False, scalar_form: bool = True,
                    alpha: bool = False, rounding_mode: bool = False, preallocated_aliases: tuple = (),
                    outputs: bool = True, overload_names: bool = True):
    """ttnn's binary backward op `op`: (grad_tensor, input_tensor_a, input_tensor_b | scalar)
    -> [grad_a, grad_b] (None where not requested), [grad_a] for a scalar b. `complex_form`:
    ComplexTensors too (ttnn's ComplexTensor overload; ComplexTensor gradients); `complex_alpha`:
    that overload takes a required 4th argument alpha, real tensors none (add_bw, sub_bw);
    `alpha`: a 4th argument (default 1), the op's `alpha`; `rounding_mode`: None | "trunc" |
    "floor" (alias round_mode, real tensors only), the op's `round_mode`;
    `preallocated_aliases`: the bindings' other names for input_grad / other_grad (e.g.
    input_a_grad, input_b_grad); `outputs`: ttnn binds are_required_outputs, input_grad and
    other_grad for the op (else memory_config only); `overload_names`: the bindings' tensor
    overload names input_tensor / other_tensor too."""
    extras = ("alpha",) if alpha or complex_alpha else ("rounding_mode",) if rounding_mode else ()

    def backward(grad_tensor, input_tensor_a=MISSING, input_tensor_b=MISSING, *positional, input_tensor=MISSING,
                 other_tensor=MISSING, scalar=MISSING, are_required_outputs=MISSING, memory_config=None,
                 input_grad=MISSING, other_grad=MISSING, queue_id=0, backend: str = "device", **keywords):
        check_backend_and_queue(backend, queue_id)
        refused = {"are_required_outputs": are_required_outputs, "input_grad": input_grad, "other_grad": other_grad,
                   **{alias: keywords.get(alias, MISSING) for alias in preallocated_aliases}} if not outputs else {}
        if not overload_names:
            refused.update(input_tensor=input_tensor, other_tensor=other_tensor)
        for name, value in refused.items():
            if value is not MISSING:
                raise TypeError(f"{op}() got an unexpected keyword argument '{name}'")
        if are_required_outputs is MISSING:
            are_required_outputs = (True, True)
        if len(positional) > len(extras):
            raise TypeError(f"{op}() takes {3 + len(extras)} positional arguments but "
                            f"{3 + len(positional)} were given")
        a_name, a = one_of(op, "input_tensor_a", {"input_tensor_a": input_tensor_a, "input_tensor": input_tensor})
        b_name, b = one_of(op, "input_tensor_b", {"input_tensor_b": input_tensor_b,
                                                  "other_tensor": other_tensor, "scalar": scalar})
        check_scalar_form(op, b_name, b, scalar_form)
        attributes = op_attributes(op, extras, dict(zip(extras, positional)), keywords)
        check_complex_form(op, any(isinstance(v, ComplexTensor) for v in (grad_tensor, a, b)), attributes,
                           complex_alpha)
        aliases = dict(zip(("input_grad", "other_grad"), preallocated_aliases))
        names, targets = {"input": a_name, "other": b_name}, {}
        for name, value in (("input_grad", input_grad), ("other_grad", other_grad)):
            given = {name: value}
            if name in aliases:
                given[aliases[name]] = keywords.pop(aliases[name], MISSING)
            names[name], targets[name] = one_of(op, name, given, required=False)
        if keywords:
            raise TypeError(f"{op}() got an unexpected keyword argument '{next(iter(keywords))}'")
        call = binary_call(op, grad_tensor, a, b, are_required_outputs, memory_config,
                           *(None if targets[n] is MISSING else targets[n] for n in ("input_grad", "other_grad")),
                           attributes=attributes, names=names)
        return call.run(backend)

    backward.__name__ = backward.__qualname__ = op
    backward.__doc__ = (f"ttnn.{op}: [grad_a, grad_b] (None where not requested)"
                        + ("; [grad_a] for a scalar b" if scalar_form else "")
                        + ("; ComplexTensors for complex inputs" if complex_form else "")
                        + (" (then with alpha: grad_b = alpha * grad)" if complex_alpha else "") + ".")
    return backward


def op_attributes(op: str, extras: tuple, positional: dict, keywords: dict) -> dict:
    """The op's own IR attributes from its extra arguments (`keywords` loses those it reads)."""
    attributes = {}
    if "alpha" in extras:
        _, value = one_of(op, "alpha", {"alpha": positional.get("alpha", keywords.pop("alpha", MISSING))},
                          required=False)
        if value is not MISSING:
            attributes["alpha"] = f32_attribute("alpha", value)
    if "rounding_mode" in extras:
        name, mode = one_of(op, "rounding_mode", {
            "rounding_mode": positional.get("rounding_mode", keywords.pop("rounding_mode", MISSING)),
            "round_mode": keywords.pop("round_mode", MISSING)}, required=False)
        if mode is not MISSING and mode is not None and mode != "None":  # ttnn's binding also takes "None"
            if mode not in ROUNDING_MODES:
                raise ValueError(f"{name} must be None, 'None', 'trunc' or 'floor', got {mode!r}")
            attributes["round_mode"] = f'"{mode}"'
    return attributes


def check_complex_form(op: str, complex_: bool, attributes: dict, complex_alpha: bool) -> None:
    """ttnn's ComplexTensor overloads: add_bw / sub_bw take alpha there (required) and only there;
    div_bw takes no rounding mode there. TypeError as for an overload that does not match."""
    if complex_alpha and complex_ and "alpha" not in attributes:
        raise TypeError(f"{op}() with ComplexTensors takes alpha (ttnn's overload {op}(grad_tensor, "
                        "input_tensor_a, input_tensor_b, alpha, *, memory_config=None))")
    if complex_alpha and not complex_ and "alpha" in attributes:
        raise TypeError(f"{op}() takes alpha only with ComplexTensors (ttnn's ComplexTensor overload); "
                        f"for real tensors use {op.replace('_bw', 'alpha_bw')}")
    if complex_ and "round_mode" in attributes:
        raise TypeError(f"{op}() with ComplexTensors takes no rounding_mode (ttnn's ComplexTensor overload has none)")


def check_scalar_form(op: str, name: str, value, scalar_form: bool) -> None:
    if name == "scalar" and not scalar_form:
        raise TypeError(f"{op}() has no scalar form: input_tensor_b must be a ttnn.Tensor")
    if name == "scalar" and not is_number(value):
        raise TypeError(f"scalar must be a number, got {type(value).__name__}")
    if name != "scalar" and is_number(value) and not scalar_form:
        raise TypeError(f"{name} must be a ttnn.Tensor ({op}() has no scalar form), got {type(value).__name__}")
    if name == "other_tensor" and is_number(value):
        raise TypeError("other_tensor must be a ttnn.Tensor or ComplexTensor; pass a number as scalar=")


class Param(NamedTuple):
    """An argument of a unary backward op beyond (grad_tensor, input_tensor), as ttnn binds it:
    `name` (also the op's attribute unless `attribute` names it), `default` (REQUIRED: none;
    None: optional, absent from the op when not given), `positional`: may be passed by position
    (after input_tensor; else keyword-only), `kind` "float" | "int" | "str" (a str "None" is None,
    as ttnn's bindings take it), `aliases`: other keywords (ttnn's docs' names)."""
    name: str
    default: object = None
    positional: bool = False
    kind: str = "float"
    attribute: str | None = None
    aliases: tuple = ()


REQUIRED = object()  # a Param without a default


def unary_backward(op: str, *, preallocated: bool = True, approximate: bool = False, params: tuple = (),
                   check=None, grad_name: str = "grad_tensor"):
    """ttnn's unary backward op `op`: (grad_tensor, input_tensor, *params) -> [input_grad].
    `preallocated`: ttnn binds input_grad= (alias output_tensor, its docs' name) for the op;
    without it the op takes memory_config only, as ttnn's. `approximate`: the keyword-only
    "none" | "tanh" of gelu_bw, the op's `approximate` attribute. `params`: the op's own
    arguments (Param), each an attribute of the op; `check(values)`: raises for values the op
    refuses (`values`: each given Param's Python value by name). `grad_name`: the binding's
    name of the gradient argument, which messages use."""
    positional_params = [p for p in params if p.positional]

    def backward(grad_tensor, input_tensor, *positional, memory_config=None, queue_id=0, backend: str = "device",
                 **keywords):
        check_backend_and_queue(backend, queue_id)
        if len(positional) > len(positional_params):
            raise TypeError(f"{op}() takes {2 + len(positional_params)} positional arguments but "
                            f"{2 + len(positional)} were given")
        attributes, values = param_attributes(op, params, dict(zip((p.name for p in positional_params), positional)),
                                              keywords)
        if check is not None:
            check(values)
        if approximate:
            mode = keywords.pop("approximate", "none")
            if not isinstance(mode, str):
                raise TypeError(f"approximate must be a str ('none' or 'tanh'), got {type(mode).__name__}")
            if mode not in APPROXIMATIONS:
                raise ValueError(f"approximate must be 'none' or 'tanh', got {mode!r}")
            if mode != "none":
                attributes["approximate"] = f'"{mode}"'
        name, target = "input_grad", MISSING
        if preallocated:
            name, target = one_of(op, "input_grad", {"input_grad": keywords.pop("input_grad", MISSING),
                                                     "output_tensor": keywords.pop("output_tensor", MISSING)},
                                  required=False)
        if keywords:
            raise TypeError(f"{op}() got an unexpected keyword argument '{next(iter(keywords))}'")
        call = BackwardCall(op, UNARY_BACKWARD, {"grad": grad_tensor, "input": input_tensor},
                            memory_config=memory_config,
                            preallocated={"input_grad": None if target is MISSING else target},
                            attributes=attributes,
                            names={"grad": grad_name, "input": "input_tensor", "input_grad": name})
        return call.run(backend)

    backward.__name__ = backward.__qualname__ = op
    backward.__doc__ = f"ttnn.{op}: [input_grad]."
    return backward


def param_attributes(op: str, params: tuple, positional: dict, keywords: dict) -> tuple[dict, dict]:
    """(the op's attributes (name -> IR text), the Params' values by name) from the caller's
    arguments (`keywords` loses those it reads); TypeError for a missing or doubly given
    argument, ValueError for a bad value."""
    attributes, values = {}, {}
    for param in params:
        given = {param.name: positional.get(param.name, keywords.pop(param.name, MISSING))}
        for alias in param.aliases:
            given[alias] = keywords.pop(alias, MISSING)
        name, value = one_of(op, param.name, given, required=param.default is REQUIRED)
        if value is MISSING:
            value = param.default
        if value is None or (param.kind == "str" and value == "None"):  # ttnn's bindings spell None so too
            continue
        values[param.name] = value
        attribute = param.attribute or param.name
        if param.kind == "str":
            if not isinstance(value, str):
                raise TypeError(f"{name} must be a str or None, got {type(value).__name__}")
            attributes[attribute] = f'"{value}"'
        elif param.kind == "int":
            attributes[attribute] = i32_attribute(name, value)
        else:
            attributes[attribute] = f32_attribute(name, value)
    return attributes, values


def where_backward(op: str = "where_bw"):
    """ttnn.where_bw: (grad_tensor, condition_tensor, input_tensor, other_tensor) -> [input_grad,
    other_grad] (None where not requested). The bindings' names input_tensor_a/b/c and
    input_a_grad / input_b_grad are accepted too."""

    def backward(grad_tensor, condition_tensor=MISSING, input_tensor=MISSING, other_tensor=MISSING, *,
                 input_tensor_a=MISSING, input_tensor_b=MISSING, input_tensor_c=MISSING,
                 are_required_outputs=(True, True), memory_config=None, input_grad=MISSING, other_grad=MISSING,
                 input_a_grad=MISSING, input_b_grad=MISSING, queue_id=0, backend: str = "device"):
        check_backend_and_queue(backend, queue_id)
        c_name, c = one_of(op, "condition_tensor", {"condition_tensor": condition_tensor, "input_tensor_a": input_tensor_a})
        a_name, a = one_of(op, "input_tensor", {"input_tensor": input_tensor, "input_tensor_b": input_tensor_b})
        b_name, b = one_of(op, "other_tensor", {"other_tensor": other_tensor, "input_tensor_c": input_tensor_c})
        ga_name, ga = one_of(op, "input_grad", {"input_grad": input_grad, "input_a_grad": input_a_grad}, required=False)
        gb_name, gb = one_of(op, "other_grad", {"other_grad": other_grad, "input_b_grad": input_b_grad}, required=False)
        call = BackwardCall(op, WHERE_BACKWARD, {"grad": grad_tensor, "condition": c, "input": a, "other": b},
                            mask=are_required_outputs, memory_config=memory_config,
                            preallocated={"input_grad": None if ga is MISSING else ga,
                                          "other_grad": None if gb is MISSING else gb},
                            names={"condition": c_name, "input": a_name, "other": b_name,
                                   "input_grad": ga_name, "other_grad": gb_name})
        return call.run(backend)

    backward.__name__ = backward.__qualname__ = op
    backward.__doc__ = "ttnn.where_bw: [input_grad, other_grad] (None where not requested)."
    return backward


def addc_backward(op: str):
    """ttnn.addcmul_bw / addcdiv_bw: (grad_tensor, input_tensor_a, input_tensor_b, input_tensor_c,
    alpha) -> [grad_a, grad_b, grad_c], the gradients of a + alpha * b * c (or b / c; PyTorch's
    `value`)."""

    def backward(grad_tensor, input_tensor_a, input_tensor_b, input_tensor_c, alpha=MISSING, *, value=MISSING,
                 memory_config=None, queue_id=0, backend: str = "device"):
        check_backend_and_queue(backend, queue_id)
        name, scale = one_of(op, "alpha", {"alpha": alpha, "value": value})
        call = BackwardCall(op, ADDCMUL_BACKWARD, {"grad": grad_tensor, "input": input_tensor_a,
                                                   "tensor1": input_tensor_b, "tensor2": input_tensor_c},
                            memory_config=memory_config, attributes={"value": f32_attribute(name, scale)},
                            names={"input": "input_tensor_a", "tensor1": "input_tensor_b",
                                   "tensor2": "input_tensor_c"})
        return call.run(backend)

    backward.__name__ = backward.__qualname__ = op
    backward.__doc__ = f"ttnn.{op}: [grad_a, grad_b, grad_c]."
    return backward


def lerp_backward(op: str = "lerp_bw"):
    """ttnn.lerp_bw: (grad_tensor, input_tensor_a, input_tensor_b, input_tensor_c | scalar, *,
    memory_config=None) -> [grad_a, grad_b], the gradients of lerp(a, b, weight) for a tensor or a
    number weight (ttnn computes no weight gradient)."""

    def backward(grad_tensor, input_tensor_a, input_tensor_b, input_tensor_c=MISSING, *, scalar=MISSING,
                 memory_config=None, queue_id=0, backend: str = "device"):
        check_backend_and_queue(backend, queue_id)
        name, weight = one_of(op, "input_tensor_c", {"input_tensor_c": input_tensor_c, "scalar": scalar})
        if name == "scalar" and not is_number(weight):
            raise TypeError(f"scalar must be a number, got {type(weight).__name__}")
        call = BackwardCall(op, LERP_BACKWARD, {"grad": grad_tensor, "input": input_tensor_a, "end": input_tensor_b,
                                                "weight": weight},
                            memory_config=memory_config,
                            names={"input": "input_tensor_a", "end": "input_tensor_b", "weight": name,
                                   "input_grad": "input_grad", "end_grad": "end_grad"})
        return call.run(backend)

    backward.__name__ = backward.__qualname__ = op
    backward.__doc__ = "ttnn.lerp_bw: [grad_a, grad_b]."
    return backward
