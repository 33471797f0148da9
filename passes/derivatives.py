"""The derivative rules of ttbw's backward ops (PyTorch's derivatives.yaml), driving
ttir-decompose-backward.

RULES maps an op name to its Rule: the signature class of the op (dialect/ops.py) and, per
gradient it computes, a function `(d, x) -> expression`. `d` is the GradientBuilder
(passes/gradient_builder.py: methods named after the TTIR ops they create); `x` gives the
op's operands by name (`x.grad`, `x.input`, `x.other`; a scalar operand as a rank-0 f32
tensor) and its attributes (`x.attr("alpha", 1.0)`). A rule says nothing else: masks,
preallocated results, memory_config, broadcast reduction (PyTorch's sum_to rule) and the
precision are the pass's (passes/decompose_backward.py).
"""
from __future__ import annotations

import math
import struct
from typing import Callable, NamedTuple

from ttbw.dialect.ops import (ADDCMUL_BACKWARD, BINARY_BACKWARD, UNARY_BACKWARD, WHERE_BACKWARD,
                              BackwardSignature)

from .gradient_builder import is_complex


class Rule(NamedTuple):  # not a dataclass: cheaper for ttbw-opt's start-up
    signature: BackwardSignature
    gradients: dict  # result name -> Callable[[GradientBuilder, Operands], Expression]


def _rule(signature: BackwardSignature, **gradients: Callable) -> Rule:
    assert set(gradients) == set(signature.results), gradients
    return Rule(signature, gradients)


RULES = {
    # a * b: g * conj(b), g * conj(a)
    "ttir.mul_bw": _rule(BINARY_BACKWARD,
                         input_grad=lambda d, x: d.multiply(x.grad, d.conj(x.other)),
                         other_grad=lambda d, x: d.multiply(x.grad, d.conj(x.input))),
    # a + b: g, g (complex a + alpha * b, ttnn's ComplexTensor overload: g, alpha * g)
    "ttir.add_bw": _rule(BINARY_BACKWARD,
                         input_grad=lambda d, x: x.grad,
                         other_grad=lambda d, x: _times_alpha(d, x, 1.0)),
    # a - b: g, -g (complex a - alpha * b: g, -alpha * g)
    "ttir.sub_bw": _rule(BINARY_BACKWARD,
                         input_grad=lambda d, x: x.grad,
                         other_grad=lambda d, x: _times_alpha(d, x, -1.0)),
    # a / b: g / conj(b), -(g / conj(b)) * conj(a / b) (PyTorch's -g * conj((a / b) / b), its
    # infinities and NaNs at b = 0, as a product of two once-rounded quotients: < 2 ulp, where
    # PyTorch's three chained roundings reach 2.2; conj: complex operands); with a rounding mode
    # the quotient is piecewise constant: zeros, as PyTorch.
    "ttir.div_bw": _rule(BINARY_BACKWARD,
                         input_grad=lambda d, x: (d.full_like(x.grad, 0.0) if x.attr("round_mode")
                                                  else d.div(x.grad, d.conj(x.other))),
                         other_grad=lambda d, x: (d.full_like(x.grad, 0.0) if x.attr("round_mode")
                                                  else d.neg(d.multiply(d.div(x.grad, d.conj(x.other)),
                                                                        d.conj(d.div(x.input, x.other)))))),
    # a + alpha * b: g, alpha * g
    "ttir.addalpha_bw": _rule(BINARY_BACKWARD,
                              input_grad=lambda d, x: x.grad,
                              other_grad=lambda d, x: d.multiply(x.grad, d.constant(x.attr("alpha", 1.0)))),
    # a - alpha * b: g, -alpha * g
    "ttir.subalpha_bw": _rule(BINARY_BACKWARD,
                              input_grad=lambda d, x: x.grad,
                              other_grad=lambda d, x: d.multiply(x.grad, d.constant(-x.attr("alpha", 1.0)))),
    # where(c, a, b): where(c, g, 0), where(c, 0, g)
    "ttir.where_bw": _rule(WHERE_BACKWARD,
                           input_grad=lambda d, x: d.where(x.condition, x.grad, d.constant(0.0)),
                           other_grad=lambda d, x: d.where(x.condition, d.constant(0.0), x.grad)),
    # a + v * t1 * t2: g, g * (t2 * v), g * (t1 * v)
    "ttir.addcmul_bw": _rule(ADDCMUL_BACKWARD,
                             input_grad=lambda d, x: x.grad,
                             tensor1_grad=lambda d, x: d.multiply(x.grad, d.multiply(x.tensor2, d.constant(x.attr("value", 1.0)))),
                             tensor2_grad=lambda d, x: d.multiply(x.grad, d.multiply(x.tensor1, d.constant(x.attr("value", 1.0))))),
    # -x: -g
    "ttir.neg_bw": _rule(UNARY_BACKWARD,
                         input_grad=lambda d, x: d.neg(x.grad)),
    # relu: x <= 0 ? 0 : g (threshold_backward; a NaN input keeps g)
    "ttir.relu_bw": _rule(UNARY_BACKWARD,
                          input_grad=lambda d, x: d.where(d.le(x.input, d.constant(0.0)), d.constant(0.0), x.grad)),
    "ttir.gelu_bw": _rule(UNARY_BACKWARD,
                          input_grad=lambda d, x: (_gelu_tanh if x.attr("approximate") == "tanh" else _gelu)(d, x)),
    "ttir.silu_bw": _rule(UNARY_BACKWARD, input_grad=lambda d, x: _silu(d, x)),
    # tanh: g * (1 - t^2) = 4 g s(2x) s(-2x) (1 - t^2 cancels for |x| > 4), as sigmoid_bw's
    # product at 2x, times 4 last (exact; 4 g first would overflow for |g| > FLT_MAX / 4)
    "ttir.tanh_bw": _rule(UNARY_BACKWARD,
                          input_grad=lambda d, x: d.multiply(_sigmoid_slope(d, x.grad, d.multiply(d.constant(2.0), x.input)),
                                                             d.constant(4.0))),
    "ttir.sigmoid_bw": _rule(UNARY_BACKWARD, input_grad=lambda d, x: _sigmoid_slope(d, x.grad, x.input)),
    # exp: g * exp(x) (exp overflows above x = 88.7, where a tiny g's gradient may be finite
    # and 0 * inf is NaN: PyTorch's float32 gives the same; (g h) h with h = exp(x / 2) there
    # would cost the fused program three more exp_tiles)
    "ttir.exp_bw": _rule(UNARY_BACKWARD,
                         input_grad=lambda d, x: d.multiply(x.grad, d.exp(x.input))),
    # log: g / x
    "ttir.log_bw": _rule(UNARY_BACKWARD,
                         input_grad=lambda d, x: d.div(x.grad, x.input)),
    # sqrt: g / (2 * sqrt(x)) (sqrt(-0) = -0: -inf for g > 0, as PyTorch)
    "ttir.sqrt_bw": _rule(UNARY_BACKWARD,
                          input_grad=lambda d, x: d.div(x.grad, d.multiply(d.constant(2.0), d.sqrt(x.input)))),
    "ttir.rsqrt_bw": _rule(UNARY_BACKWARD, input_grad=lambda d, x: _rsqrt(d, x)),
    "ttir.reciprocal_bw": _rule(UNARY_BACKWARD, input_grad=lambda d, x: _reciprocal(d, x)),
    # square: 2 * g * x, as (g * x) * 2 (exact; 2 g first overflows for |g| > FLT_MAX / 2)
    "ttir.square_bw": _rule(UNARY_BACKWARD,
                            input_grad=lambda d, x: d.multiply(d.multiply(x.grad, x.input), d.constant(2.0))),
}

_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
# the float32 above the root of silu's slope 1 + x (1 - s(x)) (-1.27846454276...): the slope is
# positive from it up, negative below
_SILU_ROOT = -1.278464436531067
_KAPPA = 0.044715
_ROUND_TO_2_MINUS_7 = 3.0 * 2.0 ** 15  # x + C - C rounds 0 <= x <= 16 to a multiple of 2^-7


def _f32(number: float) -> float:
    return struct.unpack("f", struct.pack("f", number))[0]


# -1 / sqrt2 as the float32 S + _S_REST, S as _S_HI (12 bits) + _S_LO (Veltkamp)
_S = _f32(-math.sqrt(0.5))
_S_REST = -math.sqrt(0.5) - _S
_S_HI = _f32(_f32(_S * 4097.0) - _f32(_f32(_S * 4097.0) - _S))  # float32 ops, as on the device
_S_LO = _S - _S_HI
# L = log(1 / sqrt(2 pi)) as L_HI (a multiple of 2^-15) + L_LO
_LOG_GAUSS_HI = round(-0.5 * math.log(2.0 * math.pi) * 2.0 ** 15) / 2.0 ** 15
_LOG_GAUSS_LO = -0.5 * math.log(2.0 * math.pi) - _LOG_GAUSS_HI


def _gelu(d, x):
    """g * (Phi(x) + x * phi(x)), Phi(x) = 0.5 erfc(-x / sqrt2) (PyTorch's 0.5 (1 + erf) loses
    Phi's relative accuracy below x = -3), phi(x) = exp(-x^2 / 2) / sqrt(2 pi) = E (1 + m)
    (_gaussian). The two nearly cancel below x = -3, so the sum is compensated: P = x E with
    its exact error (Dekker), h + P with its exact error (TwoSum, h = 0.5 erfc(z_f)), and the
    small terms (those errors, P m, erfc's correction for the rounding of z: _erfc_correction)
    added before the one rounding of the slope; then g times it."""
    v = x.input
    c = d.minimum(d.abs(v), d.constant(16.0))  # |x| capped: phi and the splits stay finite
    vc = d.where(d.lt(v, d.constant(0.0)), d.neg(c), c)  # x capped (NaN stays NaN)
    vh, vl = _veltkamp(d, vc)
    z = d.multiply(vc, d.constant(_S))
    big, m = _gaussian(d, c)
    head = d.multiply(v, big)  # v, not vc: NaN at x = +-inf (inf * 0), as PyTorch
    eh, el = _veltkamp(d, big)
    head_error = d.add(d.add(d.add(d.subtract(d.multiply(vh, eh), head), d.multiply(vh, el)), d.multiply(vl, eh)),
                       d.multiply(vl, el))
    half = d.multiply(d.constant(0.5), d.erfc(z))
    total = d.add(half, head)
    back = d.subtract(total, half)
    sum_error = d.add(d.subtract(half, d.subtract(total, back)), d.subtract(head, back))
    tail = d.add(d.add(sum_error, head_error),
                 d.add(d.multiply(head, m), _erfc_correction(d, vc, vh, vl, z, big)))
    return d.multiply(x.grad, d.add(total, tail))


def _veltkamp(d, v):
    """(hi, lo): v = hi + lo exactly, each of 12 bits (|v| 4097 finite)."""
    split = d.multiply(v, d.constant(4097.0))
    hi = d.subtract(split, d.subtract(split, v))
    return hi, d.subtract(v, hi)


def _erfc_correction(d, vc, vh, vl, z, big):
    """Phi(v) - 0.5 erfc(z_f) for the f32 product z_f = v S (S = f32(-1 / sqrt2)): erfc
    amplifies the error dz = -v / sqrt2 - z_f by 2 z^2 (64 ulp of Phi at x = -8). erfc'(z) =
    -2 exp(-z^2) / sqrt(pi) and exp(-z^2) = sqrt(2 pi) phi(v) make it -sqrt2 phi(v) dz, with
    phi = E (1 + m) taken as E (m and dz are both small). dz = (v S - z_f) + v (-1 / sqrt2 - S),
    the first exactly by Dekker's product of the splits of v and S."""
    exact = d.add(d.add(d.add(d.subtract(d.multiply(vh, d.constant(_S_HI)), z), d.multiply(vh, d.constant(_S_LO))),
                        d.multiply(vl, d.constant(_S_HI))), d.multiply(vl, d.constant(_S_LO)))
    dz = d.add(exact, d.multiply(vc, d.constant(_S_REST)))
    return d.multiply(dz, d.multiply(big, d.constant(-math.sqrt(2.0))))


def _gaussian(d, a):
    """(E, m) with exp(-a^2 / 2) / sqrt(2 pi) = exp(-a^2 / 2 + L) = E (1 + m), 0 <= a <= 16,
    without the rounding of a^2 (exp turns it into up to a^2 / 2 ulp: 58 at a = 11) or of the
    constant: hi = (a + C) - C rounds a to a multiple of 2^-7 (C = 3 * 2^15: a + C lies in
    [2^16, 2^17)), so hi^2 (22 bits) and lo = a - hi are exact, and the exponent is A + B
    exactly: A = hi (-hi / 2) + L_HI (a multiple of 2^-15 below 2^8: exact), B = lo (-(a +
    hi) / 2) + L_LO, |B| < 1/16; E = exp(A), m = expm1(B): B's roundings are damped by |B|.
    The exactness needs correctly rounded f32 adds, subtracts and multiplies (both backends')."""
    c = d.constant(_ROUND_TO_2_MINUS_7)
    hi = d.subtract(d.add(a, c), c)
    lo = d.subtract(a, hi)
    big = d.exp(d.add(d.multiply(hi, d.multiply(hi, d.constant(-0.5))), d.constant(_LOG_GAUSS_HI)))
    small = d.add(d.multiply(lo, d.multiply(d.add(a, hi), d.constant(-0.5))), d.constant(_LOG_GAUSS_LO))
    return big, d.expm1(small)


def _gelu_tanh(d, x):
    """The derivative of 0.5 x (1 + tanh(u)) = x s(2u), u = sqrt(2/pi) (x + 0.044715 x^3):
    g * (s + (s * x) * (s(-2u) * 2u')), s = s(2u) (PyTorch's 1 + tanh(u) cancels below x = -5).
    2u' is taken at min(x^2, 400): beyond |x| = 20 one sigmoid is exactly 0 and 2u' only risks
    inf * 0; s * x first keeps PyTorch's NaN at x = +-inf and its 0 for large finite -x."""
    v = x.input
    v2 = d.multiply(v, v)
    two_u = d.multiply(d.constant(2.0 * _SQRT_2_OVER_PI), d.add(v, d.multiply(d.constant(_KAPPA), d.multiply(v2, v))))
    s = d.sigmoid(two_u)
    capped = d.where(d.gt(v2, d.constant(400.0)), d.constant(400.0), v2)
    slope = d.multiply(d.constant(2.0 * _SQRT_2_OVER_PI),
                       d.add(d.constant(1.0), d.multiply(d.constant(3.0 * _KAPPA), capped)))
    return d.multiply(x.grad, d.add(s, d.multiply(d.multiply(s, v), d.multiply(d.sigmoid(d.neg(two_u)), slope))))


def _times_alpha(d, x, sign: float):
    """sign * g, or sign * alpha * g with an `alpha` (add_bw / sub_bw's complex form, ttnn's
    ComplexTensor overload; ttir-expand-complex multiplies by PyTorch's alpha + 0i, whose NaN
    an infinite part of g spreads to the other part, where ttnn scales each part)."""
    alpha = x.attr("alpha")
    if alpha is None:
        return x.grad if sign > 0 else d.neg(x.grad)
    return d.multiply(x.grad, d.constant(sign * alpha))


def _reciprocal(d, x):
    """Real: -(g / x) / x (PyTorch: -g * (1/x)^2, the same infinities; one rounding less; x^2
    first would overflow above |x| = 2^64 and flush below 2^-63, where the gradient need not).
    Complex: PyTorch's -g * conj(r * r), r = 1 / x: its NaN + NaN i at x = 0 whatever g
    (r = inf + NaN i there), which no quotient by x^2 gives."""
    if not is_complex(x.input):
        return d.neg(d.div(d.div(x.grad, x.input), x.input))
    r = d.reciprocal(x.input)
    return d.multiply(d.neg(x.grad), d.conj(d.multiply(r, r)))


def _rsqrt(d, x):
    """-0.5 g rsqrt(x)^3 as (-0.5 g) x^-1.5 (two roundings: < 1.5 ulp, where rsqrt cubed or
    -0.5 g / (x sqrt(x)) chain three or more); at x <= 0, -0.5 g rsqrt(x): PyTorch's signed
    infinity at +-0 (rsqrt(-0)^3 = -inf, where pow(-0, -1.5) = +inf) and NaN below (pow(-inf,
    -1.5) = +0). x^-1.5 overflows below x = 2^-85 (0 * inf for g = 0, inf for a tiny g where
    the gradient is finite): there (-0.5 g rsqrt(x)) / x. (Above x = 2^84 it flushes to 0: a
    gradient below 2^-126 |g|.)"""
    half = d.multiply(d.constant(-0.5), x.grad)
    at_zero = d.multiply(half, d.rsqrt(x.input))
    product = d.multiply(half, d.pow(x.input, d.constant(-1.5)))
    above = _where_nonfinite(d, product, d.div(at_zero, x.input), product)
    return d.where(d.le(x.input, d.constant(0.0)), at_zero, above)


def _where_nonfinite(d, value, nonfinite, finite):
    """`finite` where `value` is finite, else `nonfinite`: value - value is 0 exactly for a
    finite value, NaN else, and where tests it against 0 directly (two tile ops). A rule that
    reads g twice to damp a rounding ((g - g t) t) makes inf - inf of an infinite g, where
    PyTorch's g * slope is +-inf (NaN where the slope is 0 or NaN): there it takes g times an
    inf-safe factor with the slope's sign and zeros. A product whose intermediate leaves
    float32's range takes a form that stays in range."""
    return d.where(d.ne(d.subtract(value, value), d.constant(0.0)), nonfinite, finite)


def _sigmoid_slope(d, g, v):
    """g s(v) s(-v), s(v) s(-v) = t (1 - t) with t = s(-|v|) <= 1/2 (1 - s cancels for large |v|),
    as (g - g t) t: a product of g (1 - t), whose g t rounding is damped by t / (1 - t), and
    the once-rounded t (< 2 ulp, where g s(v) s(-v) chains four full roundings: 2.7; g (t - t^2)
    is inf-safe but 2.1). An infinite g: g t (1 - t >= 1/2)."""
    t = d.sigmoid(d.neg(d.abs(v)))
    gt = d.multiply(g, t)
    return _where_nonfinite(d, g, gt, d.multiply(d.subtract(g, gt), t))


def _silu(d, x):
    """g s (1 + x (1 - s)), s = s(x), with t = s(-|x|) (1 - s cancels for large x), in the form
    with the fewest undamped roundings on each range: x >= 0 (s = 1 - t): a + a (x t),
    a = g - g t; -1/2 <= x < 0 (s = t): (g + (g x - (g x) t)) t; x < -1/2: (g t) (1 + x - x t),
    1 + x exact there (x t first: no inf * 0 for large finite |x|). The first two read g twice:
    an infinite g takes an inf-safe form (_where_nonfinite)."""
    v = x.input
    t = d.sigmoid(d.neg(d.abs(v)))
    xt, gt = d.multiply(v, t), d.multiply(x.grad, t)
    a = d.subtract(x.grad, gt)
    positive = d.add(a, d.multiply(a, xt))
    gx = d.multiply(x.grad, v)
    near_zero = d.multiply(d.add(x.grad, d.subtract(gx, d.multiply(gx, t))), t)
    negative = d.multiply(gt, d.subtract(d.add(d.constant(1.0), v), xt))
    # x + 1/2 >= 0 has x >= -1/2's sign (the sum is exact near -1/2) and compares with zero: one
    # tile op, where x >= -1/2 takes six (the DST would not hold the expression)
    finite = d.where(d.ge(v, d.constant(0.0)), positive,
                     d.where(d.ge(d.add(v, d.constant(0.5)), d.constant(0.0)), near_zero, negative))
    # an infinite g: +-g by the slope's sign (positive from _SILU_ROOT up), + (x - x): NaN at
    # x = +-inf, as PyTorch's g s (1 + x (1 - s)); no sigmoid (t is recomputed per use)
    sign = d.where(d.ge(d.subtract(v, d.constant(_SILU_ROOT)), d.constant(0.0)), x.grad, d.neg(x.grad))
    return _where_nonfinite(d, x.grad, d.add(sign, d.subtract(v, v)), finite)
