"""ttnn's unary_backward family beyond backward_ops.py's first ops, each with the signature
ttnn's nanobind bindings give it (unary_backward_nanobind.cpp): positional parameters,
keyword-only ones with their defaults, memory_config, and input_grad= only where ttnn binds
it. Their rules: passes/derivatives_unary.py."""
from __future__ import annotations

from .op_factories import REQUIRED, ROUNDING_MODES, Param, unary_backward


def _check_clamp(values: dict) -> None:
    if "min" not in values and "max" not in values:
        raise TypeError("clamp_bw() needs min or max: only one of them can be None (ttnn's rule)")


def _check_round_mode(values: dict) -> None:
    mode = values.get("round_mode")
    if mode not in ROUNDING_MODES:
        raise ValueError(f"round_mode must be None, 'trunc' or 'floor', got {mode!r}")


def _check_alpha(values: dict) -> None:
    if values["alpha"] == 0.0:
        raise ValueError("alpha must not be 0 (celu divides by it)")


def _check_order(values: dict) -> None:
    if not 1 <= values["n"] <= 10:
        raise ValueError(f"n must be in 1 .. 10 (ttnn's range), got {values['n']}")


def _op(name: str, *params: Param, preallocated: bool = False, check=None):
    return unary_backward(name, preallocated=preallocated, params=params, check=check)


_BOUNDS = (Param("min", positional=True), Param("max", positional=True))

clamp_bw = _op("clamp_bw", *_BOUNDS, check=_check_clamp)
clip_bw = _op("clip_bw", *_BOUNDS, check=_check_clamp)
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
