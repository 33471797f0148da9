"""ttnn's unary_backward family beyond backward_ops.py's first ops, each with the signature
ttnn's nanobind bindings give it (unary_backward_nanobind.cpp): positional parameters,
keyword-only ones with their defaults, memory_config, and input_grad= only where ttnn binds
it. Their rules: passes/derivatives_unary.py (clamp's tensor form: derivatives.py; repeat_bw,
prod_bw: derivatives_reduction.py; the special functions: derivatives_special.py)."""
from __future__ import annotations

import math

import numpy as np

from ttbw.dialect.ops import CLAMP_TENSOR_BACKWARD, UNARY_BACKWARD

from .backward_call import BackwardCall, check_backend_and_queue
from .op_factories import REQUIRED, ROUNDING_MODES, Param, unary_backward
from .tensor import Tensor
from .types import Layout, float32


class MissingBoundError(TypeError, RuntimeError):
    """clamp_bw / clip_bw with neither bound: a missing argument (TypeError), which ttnn's callers
    catch as the RuntimeError its TT_FATAL raises."""


def _check_clamp(name: str, values: dict) -> None:
    if "min" not in values and "max" not in values:  # ttnn's message, which its tests match
        raise MissingBoundError(f"{name}(): Only one of 'min' or 'max' can be None. Please provide one value")


def _check_round_mode(values: dict) -> None:
    mode = values.get("round_mode")
    if mode not in ROUNDING_MODES:
        raise ValueError(f"round_mode must be None, 'None', 'trunc' or 'floor', got {mode!r}")


def _check_alpha(values: dict) -> None:
    if values["alpha"] == 0.0:
        raise ValueError("alpha must not be 0 (celu divides by it)")


def _check_order(values: dict) -> None:
    if "n" not in values:
        raise TypeError("polygamma_bw: n must be an integer in 1 .. 10, got None")
    if not 1 <= values["n"] <= 10:
        raise ValueError(f"n must be in 1 .. 10 (ttnn's range), got {values['n']}")


def _op(name: str, *params: Param, preallocated: bool = False, check=None):
    return unary_backward(name, preallocated=preallocated, params=params, check=check)


_BOUNDS = (Param("min", positional=True), Param("max", positional=True))


def _clamp_backward(name: str):
    """ttnn's clamp_bw / clip_bw: (grad_tensor, input_tensor, min=None, max=None, *,
    memory_config=None) -> [input_grad], the bounds numbers (the op's attributes) or tensors
    (ttnn's tensor overload: ttir.clamp_tensor_bw, an open side an infinite bound)."""
    scalar_form = _op(name, *_BOUNDS, check=lambda values: _check_clamp(name, values))

    def backward(grad_tensor, input_tensor, min=None, max=None, *, memory_config=None, queue_id=0,
                 backend: str = "device"):
        if not isinstance(min, Tensor) and not isinstance(max, Tensor):
            return scalar_form(grad_tensor, input_tensor, min, max, memory_config=memory_config, queue_id=queue_id,
                               backend=backend)
        check_backend_and_queue(backend, queue_id)
        given = min if isinstance(min, Tensor) else max
        bounds = {}
        for bound, value, open_side in (("min", min, -math.inf), ("max", max, math.inf)):
            if value is None:
                value = Tensor.from_values(np.full((1,) * len(given.shape), open_side, np.float32), float32,
                                           Layout.TILE, device=given.device())
            elif not isinstance(value, Tensor):
                raise TypeError(f"{name}: {bound} must be a ttnn.Tensor or None with a tensor "
                                f"{'max' if bound == 'min' else 'min'} (ttnn's tensor overload), got "
                                f"{type(value).__name__}")
            bounds[bound] = value
        call = BackwardCall("clamp_tensor_bw", CLAMP_TENSOR_BACKWARD,
                            {"grad": grad_tensor, "input": input_tensor, **bounds}, memory_config=memory_config,
                            names={"input": "input_tensor"})
        return call.run(backend)

    backward.__name__ = backward.__qualname__ = name
    backward.__doc__ = f"ttnn.{name}: [input_grad]."
    return backward


def repeat_bw(grad_tensor, input_tensor, shape, *, memory_config=None, queue_id=0, backend: str = "device"):
    """ttnn.repeat_bw: [input_grad] of input_tensor.repeat(shape) (torch's Tensor.repeat; `shape`
    holds the repeats per dim, at least the input's rank of them): grad summed over the repeats."""
    check_backend_and_queue(backend, queue_id)
    if isinstance(shape, (str, bytes)) or not hasattr(shape, "__iter__") \
            or not all(isinstance(r, int) and not isinstance(r, bool) for r in shape):
        raise TypeError(f"repeat_bw: shape must be a list of ints (the repeats per dim), got {shape!r}")
    repeats = [int(r) for r in shape]
    if any(r < 0 for r in repeats):
        raise ValueError(f"repeat_bw: shape={repeats} must not be negative")
    if isinstance(input_tensor, Tensor) and isinstance(grad_tensor, Tensor):
        sizes = list(input_tensor.shape)
        if len(repeats) < len(sizes):
            raise ValueError(f"repeat_bw: shape={repeats} has fewer entries than input_tensor's rank ({len(sizes)})")
        sizes = [1] * (len(repeats) - len(sizes)) + sizes
        expected = [r * s for r, s in zip(repeats, sizes)]
        if list(grad_tensor.shape) != expected:
            raise ValueError(f"repeat_bw: grad_tensor has shape {list(grad_tensor.shape)}, expected {expected} "
                             f"(input_tensor's shape repeated by shape={repeats})")
    call = BackwardCall("repeat_bw", UNARY_BACKWARD, {"grad": grad_tensor, "input": input_tensor},
                        memory_config=memory_config,
                        attributes={"repeat_dimensions": f"array<i64: {', '.join(map(str, repeats))}>"
                                    if repeats else "array<i64>"},
                        names={"input": "input_tensor"})
    return call.run(backend)


def prod_reduced_dim(all_dimensions, dim):
    """The dim prod_bw reduces (None: every dim) by ttnn's older keywords (all_dimensions=True,
    dim=0: every dim unless all_dimensions=False) or its current (dim=None: every dim)."""
    if all_dimensions is False and dim is None:
        return 0  # the older binding's default
    return dim if all_dimensions is not True else None


def prod_bw(grad_tensor, input_tensor, *, all_dimensions=None, dim=None, memory_config=None, queue_id=0,
            backend: str = "device"):
    """ttnn.prod_bw: [input_grad] of the product over `dim` or over every dim. Both of ttnn's
    keyword forms: the older (all_dimensions=True, dim=0: every dim unless all_dimensions=False)
    and the current (dim=None: every dim). grad_tensor is the gradient of the keep-dim product:
    the input's shape with the reduced dims 1, or (ttnn's older form) input-shaped with the
    gradient at index 0 of the reduced dims."""
    check_backend_and_queue(backend, queue_id)
    if all_dimensions is not None and not isinstance(all_dimensions, bool):
        raise TypeError(f"prod_bw: all_dimensions must be a bool, got {type(all_dimensions).__name__}")
    if dim is not None and (isinstance(dim, bool) or not isinstance(dim, int)):
        raise TypeError(f"prod_bw: dim must be an int or None, got {type(dim).__name__}")
    reduced = prod_reduced_dim(all_dimensions, dim)
    attributes = {}
    if isinstance(input_tensor, Tensor):
        shape = list(input_tensor.shape)
        if reduced is not None and not -len(shape) <= reduced < len(shape):
            raise ValueError(f"prod_bw: dim={reduced} is out of range for input_tensor of rank {len(shape)}")
        kept = [1] * len(shape) if reduced is None else \
            [1 if i == reduced % len(shape) else s for i, s in enumerate(shape)]
        if isinstance(grad_tensor, Tensor) and list(grad_tensor.shape) not in (kept, shape):
            which = "every dim" if reduced is None else f"dim {reduced}"
            raise ValueError(f"prod_bw: grad_tensor has shape {list(grad_tensor.shape)}, expected {kept} (the "
                             f"gradient of input_tensor's product over {which}, kept as 1) or {shape} (ttnn's "
                             "older form: the gradient at index 0 of the reduced dims)")
        if reduced is not None:
            attributes["dim_arg"] = f"[{reduced % len(shape)} : i32]"
    call = BackwardCall("prod_bw", UNARY_BACKWARD, {"grad": grad_tensor, "input": input_tensor},
                        memory_config=memory_config, attributes=attributes, names={"input": "input_tensor"})
    return call.run(backend)


clamp_bw = _clamp_backward("clamp_bw")
clip_bw = _clamp_backward("clip_bw")
hardtanh_bw = _op("hardtanh_bw", Param("min", -1.0), Param("max", 1.0))
hardshrink_bw = _op("hardshrink_bw", Param("lambd", 0.5))
softshrink_bw = _op("softshrink_bw", Param("lambd", 0.5))
leaky_relu_bw = _op("leaky_relu_bw", Param("negative_slope", 0.01))
elu_bw = _op("elu_bw", Param("alpha", 1.0))
celu_bw = _op("celu_bw", Param("alpha", 1.0), check=_check_alpha)
logiteps_bw = _op("logiteps_bw", Param("eps", 0.0))
# the bindings name threshold_bw's two floats min and max (its docs: threshold, value)
threshold_bw = _op("threshold_bw", Param("min", REQUIRED, True, attribute="threshold", aliases=("threshold",)),
                   Param("max", REQUIRED, True, attribute="value", aliases=("value",)))
softplus_bw = _op("softplus_bw", Param("beta", 1.0), Param("threshold", 20.0))
rdiv_bw = _op("rdiv_bw", Param("scalar", REQUIRED, True), Param("round_mode", None, kind="str"),
              check=_check_round_mode)
pow_bw = _op("pow_bw", Param("exponent", REQUIRED, True), preallocated=True)
rpow_bw = _op("rpow_bw", Param("exponent", REQUIRED, True))
div_no_nan_bw = _op("div_no_nan_bw", Param("scalar", REQUIRED, True))
fill_bw = _op("fill_bw", preallocated=True)

# (grad_tensor, input_tensor, *, memory_config=None)
hardsigmoid_bw = _op("hardsigmoid_bw")
hardswish_bw = _op("hardswish_bw")
relu6_bw = _op("relu6_bw")
relu_squared_bw = _op("relu_squared_bw")
selu_bw = _op("selu_bw")
abs_bw = _op("abs_bw")
sign_bw = _op("sign_bw")
softsign_bw = _op("softsign_bw")
tanhshrink_bw = _op("tanhshrink_bw")
log_sigmoid_bw = _op("log_sigmoid_bw")
sin_bw = _op("sin_bw")
cos_bw = _op("cos_bw")
tan_bw = _op("tan_bw")
asin_bw = _op("asin_bw")
acos_bw = _op("acos_bw")
atan_bw = _op("atan_bw")
sinh_bw = _op("sinh_bw")
cosh_bw = _op("cosh_bw")
asinh_bw = _op("asinh_bw")
acosh_bw = _op("acosh_bw")
atanh_bw = _op("atanh_bw")
log10_bw = _op("log10_bw")
log1p_bw = _op("log1p_bw")
log2_bw = _op("log2_bw")
exp2_bw = _op("exp2_bw")
expm1_bw = _op("expm1_bw")
erf_bw = _op("erf_bw")
erfc_bw = _op("erfc_bw")
rad2deg_bw = _op("rad2deg_bw")
deg2rad_bw = _op("deg2rad_bw")
frac_bw = _op("frac_bw")
trunc_bw = _op("trunc_bw")
floor_bw = _op("floor_bw")
ceil_bw = _op("ceil_bw")
round_bw = _op("round_bw")
fill_zero_bw = _op("fill_zero_bw")
logit_bw = _op("logit_bw")

# the special functions (rules: passes/derivatives_special.py); ttnn binds polygamma_bw's order
# n as a float it converts to a C++ int: an integral number here
polygamma_bw = _op("polygamma_bw", Param("n", REQUIRED, True, kind="int"), check=_check_order)
lgamma_bw = _op("lgamma_bw")
digamma_bw = _op("digamma_bw")
erfinv_bw = _op("erfinv_bw")
i0_bw = _op("i0_bw")
multigammaln_bw = _op("multigammaln_bw")
