"""The derivative rules of ttnn's special-function backward ops: their derivatives are functions
the device has no instruction for (digamma, polygamma, erfinv's slope, I1), built from TTIR ops
in passes/polygamma.py and passes/erfinv_bessel.py (the methods in their docstrings). Each
rule is g times the function, with g inside the expression where a pole's term or an
exponential would leave float32's range before the product (g / x, (g h) h, (g k) e^x).

GRADIENTS maps an op name to its input_grad rule `(d, x) -> expression` (derivatives.py makes
each a unary Rule).
"""
from __future__ import annotations

from .erfinv_bessel import bessel_i1_times, erfinv_slope_times
from .polygamma import digamma_times, multigammaln_times, polygamma_times

GRADIENTS = {
    # lgamma: g psi(x)
    "ttir.lgamma_bw": lambda d, x: digamma_times(d, x.grad, x.input),
    # digamma: g psi'(x)
    "ttir.digamma_bw": lambda d, x: polygamma_times(d, x.grad, x.input, 1),
    # polygamma(n, x): g psi^(n+1)(x)
    "ttir.polygamma_bw": lambda d, x: polygamma_times(d, x.grad, x.input, x.attr("n") + 1),
    # erfinv: g sqrt(pi) / 2 exp(erfinv(x)^2)
    "ttir.erfinv_bw": lambda d, x: erfinv_slope_times(d, x.grad, x.input),
    # i0: g I1(x)
    "ttir.i0_bw": lambda d, x: bessel_i1_times(d, x.grad, x.input),
    # mvlgamma(x, 4): g sum_(i < 4) psi(x - i / 2)
    "ttir.multigammaln_bw": lambda d, x: multigammaln_times(d, x.grad, x.input),
}
