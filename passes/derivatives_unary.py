"""The derivative rules of ttnn's unary_backward family beyond the first ops (PyTorch's
derivatives.yaml and its CPU backward kernels, whose NaN conventions they keep: a comparison
with NaN is false, so e.g. hardtanh_backward passes grad through at a NaN input where
clamp_backward gives 0).

GRADIENTS maps an op name to its input_grad rule `(d, x) -> expression` (derivatives.py makes
each a unary Rule). The formulas are written for the f32 intermediates the pass computes in
(gradient_builder.materialize): no cancellation where PyTorch's formula has none, and no
intermediate leaving float32's range where the gradient does not (_times_exp).
"""
from __future__ import annotations

import math

from .approximations import sin_cos
from .exact_arith import constant_split, f32_pair, product_error, split_f32, two_sum, veltkamp, where_nonfinite

_LN2 = math.log(2.0)
_LN10 = math.log(10.0)
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
# SELU's constants (torch.nn.SELU)
_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946
_BIG = 2.0 ** 20  # beyond it x^2 +- 1 is x^2 in float32 (and x^2 may overflow): 1 / sqrt(x^2 +- 1) = 1 / |x|


def _nan_like(d, v):
    """NaN at every element of v, as sqrt(-1 - |v|) (the kernels take no NaN literal)."""
    return d.sqrt(d.subtract(d.constant(-1.0), d.abs(v)))


def _zeros(d, x):
    """0 whatever grad and x (a piecewise constant forward op: PyTorch's zeros_like(grad))."""
    return d.full_like(x.grad, 0.0)


def _times_exp(d, g, a, shifted):
    """g e^a without e^a leaving float32's range where g e^a need not: beyond a = +-64, (g e^b)
    s, where the caller's `shifted(sign)` = (b, s) make e^b s = e^a with b = a - sign 64 ln2
    and s = 2^(sign 64) (up to a rounding the caller folds into s); one exp of one argument."""
    (above, up), (below, down) = shifted(1.0), shifted(-1.0)
    high, low = d.gt(a, d.constant(64.0)), d.lt(a, d.constant(-64.0))
    argument = d.where(high, above, d.where(low, below, a))
    scale = d.where(high, d.constant(up), d.where(low, d.constant(down), d.constant(1.0)))
    return d.multiply(d.multiply(g, d.exp(argument)), scale)


def _shifted(d, u, offset: float = 0.0):
    """_times_exp's `shifted` for a = u - offset: b = u - H exactly (H: sign 64 ln2 + offset rounded
    to a multiple of 2^-15, so that u - H is exact for bf16 / f32 u beyond 64) and s =
    2^(sign 64) e^(H - offset - sign 64 ln2), the rest, in the constant."""
    def shifted(sign: float):
        head = round((sign * 64.0 * math.log(2.0) + offset) * 2.0 ** 15) / 2.0 ** 15
        rest = math.exp(head - offset - sign * 64.0 * math.log(2.0))
        return d.subtract(u, d.constant(head)), 2.0 ** (sign * 64.0) * rest
    return shifted


def _half_exp_abs(d, g, v):
    """g e^|x| / 2 (= g cosh x = g |sinh x| beyond |x| = 64) as g e^(|x| - ln2)."""
    a = d.abs(v)
    return _times_exp(d, g, d.subtract(a, d.constant(_LN2)), _shifted(d, a, _LN2))


def _cosh_times(d, g, v):
    """g cosh(x): (g (e^x + e^-x)) / 2 up to |x| = 65 (a sum of positives), g e^|x| / 2 beyond
    (where |x| - ln2 > 64: _times_exp's exact shift)."""
    near = d.multiply(d.multiply(g, d.add(d.exp(v), d.exp(d.neg(v)))), d.constant(0.5))
    return d.where(d.gt(d.abs(v), d.constant(65.0)), _half_exp_abs(d, g, v), near)


def _sinh_times(d, g, v):
    """g sinh(x): g (expm1(x) - expm1(-x)) / 2 up to |x| = 65 (no cancellation near 0: the two
    have opposite signs), +-g e^|x| / 2 beyond."""
    near = d.multiply(d.multiply(g, d.subtract(d.expm1(v), d.expm1(d.neg(v)))), d.constant(0.5))
    far = _half_exp_abs(d, g, v)
    far = d.where(d.lt(v, d.constant(0.0)), d.neg(far), far)
    return d.where(d.gt(d.abs(v), d.constant(65.0)), far, near)


def _exp2_times(d, g, v):
    """g 2^x ln2 = g e^(x ln2 + ln ln2), the argument to ~2^-45 (_affine_argument: its rounded
    constants cost 4.5 ulp at x = 7.9, found by test/fuzz); beyond |argument| = 64 shifted."""
    a, tail = _affine_argument(d, v, _LN2, math.log(_LN2))
    y = _times_exp(d, g, a, _shifted(d, a))
    return where_nonfinite(d, y, y, d.add(y, d.multiply(y, tail)))


def _exp(d, x):
    """g e^x (exp_bw), and expm1_bw's g (expm1(x) + 1) = g e^x (PyTorch's expm1(x) + 1 is 0 below
    x = -37 in float64, where e^x is not: the golden is g e^x)."""
    return _times_exp(d, x.grad, x.input, _shifted(d, x.input))


def _one_minus_square(d, v, sign: float = 1.0):
    """sign (1 - x^2) as (1 - |x|) (1 + |x|) times sign: 1 - |x| is exact near 1 (Sterbenz), where
    1 - x x cancels the rounding of x x (16 f32 ulp of asin_bw's slope)."""
    a = d.abs(v)
    if sign > 0:
        return d.multiply(d.subtract(d.constant(1.0), a), d.add(a, d.constant(1.0)))
    return d.multiply(d.subtract(a, d.constant(1.0)), d.add(a, d.constant(1.0)))


def _inverse_sqrt_times(d, g, v, sign: float):
    """g / sqrt(x^2 + sign): rsqrt of x^2 + 1, or of (|x| - 1) (|x| + 1) (no cancellation near 1),
    g / |x| beyond |x| = 2^20 (x^2 overflows from 2^64)."""
    square = d.add(d.multiply(v, v), d.constant(1.0)) if sign > 0 else _one_minus_square(d, v, -1.0)
    near = d.multiply(g, d.rsqrt(square))
    return d.where(d.gt(d.abs(v), d.constant(_BIG)), d.div(g, d.abs(v)), near)


def _gaussian_slope(d, x, scale: float):
    """scale g exp(-x^2) (erf's and erfc's slopes are +-2 / sqrt(pi) times it), without the
    rounding of x^2 (exp turns it into x^2 / 2 ulp: 40 at x = 9): |x| (capped at 16, beyond which
    the slope is 0 in float32; NaN stays NaN) = h + l, h = (|x| + C) - C a multiple of 2^-7 (C =
    3 2^15), so h^2 and l are exact; exp(-x^2) = E + E m, E = exp(-h^2), m = expm1(-l (|x| + h))."""
    a = d.minimum(d.abs(x.input), d.constant(16.0))
    c = d.constant(3.0 * 2.0 ** 15)
    h = d.subtract(d.add(a, c), c)
    big = d.exp(d.neg(d.multiply(h, h)))
    small = d.expm1(d.neg(d.multiply(d.subtract(a, h), d.add(a, h))))
    return d.multiply(d.multiply(x.grad, d.add(big, d.multiply(big, small))), d.constant(scale))


def _sin_bw(d, x):
    """g cos x."""
    return d.multiply(x.grad, sin_cos(d, x.input)[1])


def _cos_bw(d, x):
    """-g sin x."""
    return d.multiply(d.neg(x.grad), sin_cos(d, x.input)[0])


def _tan_bw(d, x):
    """g (1 + tan^2 x) = (g / cos x) / cos x (no tan, and no cancellation), cos x as head c and
    tail t: q - 2 q t / c for q = (g / c) / c (the head alone: up to 7 ulp near the poles, where
    1 / cos^2 doubles cos's relative error; this: 3.2); an infinite q (g): q."""
    _, c, _, tail = sin_cos(d, x.input, tails=True)
    q = d.div(d.div(x.grad, c), c)
    return where_nonfinite(d, q, q, d.subtract(q, d.multiply(d.multiply(q, d.constant(2.0)), d.div(tail, c))))


def _clamp(d, x):
    """min <= x <= max ? g : 0, either bound absent; a NaN x: 0 (clamp_backward)."""
    low, high, zero = x.attr("min"), x.attr("max"), d.constant(0.0)
    kept = x.grad
    if high is not None:
        kept = d.where(d.le(x.input, d.constant(high)), kept, zero)
    if low is not None:
        kept = d.where(d.ge(x.input, d.constant(low)), kept, zero)
    return kept


def _hardtanh(d, x, low: float, high: float):
    """low < x < high ? g : 0; a NaN x: 0 (hardtanh_backward's vectorized CPU kernel)."""
    zero = d.constant(0.0)
    return d.where(d.gt(x.input, d.constant(low)), d.where(d.lt(x.input, d.constant(high)), x.grad, zero), zero)


def _shrink(d, x):
    """x < -lambd or x > lambd ? g : 0; a NaN x: 0 (hardshrink_backward, softshrink_backward)."""
    lambd, zero = x.attr("lambd", 0.5), d.constant(0.0)
    return d.where(d.lt(x.input, d.constant(-lambd)), x.grad, d.where(d.gt(x.input, d.constant(lambd)), x.grad, zero))


def _elu(d, x, alpha: float, scale: float = 1.0, input_scale: float = 1.0):
    """x > 0 ? g scale : g scale alpha input_scale e^(input_scale x); a NaN x: NaN (elu_backward;
    celu is elu with input_scale 1 / alpha, selu with SELU's constants)."""
    v, g = x.input, x.grad
    argument = v if input_scale == 1.0 else d.multiply(v, d.constant(input_scale))
    negative = d.multiply(d.multiply(g, d.exp(argument)), d.constant(scale * alpha * input_scale))
    positive = g if scale == 1.0 else d.multiply(g, d.constant(scale))
    return d.where(d.gt(v, d.constant(0.0)), positive, negative)


def _softplus(d, x):
    """beta x > threshold ? g : g sigmoid(beta x) (= g z / (z + 1), z = e^(beta x))."""
    beta, threshold = x.attr("beta", 1.0), x.attr("threshold", 20.0)
    bx = x.input if beta == 1.0 else d.multiply(x.input, d.constant(beta))
    return d.where(d.gt(bx, d.constant(threshold)), x.grad, d.multiply(x.grad, d.sigmoid(bx)))


def _hardswish(d, x):
    """x <= -3 ? 0 : x >= 3 ? g : g (x + 1.5) / 3 (PyTorch's g (x / 3 + 0.5); x + 1.5 is exact); a
    NaN x: NaN."""
    v = x.input
    middle = d.multiply(x.grad, d.div(d.add(v, d.constant(1.5)), d.constant(3.0)))
    return d.where(d.le(v, d.constant(-3.0)), d.constant(0.0), d.where(d.ge(v, d.constant(3.0)), x.grad, middle))


def _hardsigmoid(d, x):
    """-3 < x < 3 ? g / 6 : 0; a NaN x: 0."""
    v, zero = x.input, d.constant(0.0)
    return d.where(d.gt(v, d.constant(-3.0)), d.where(d.lt(v, d.constant(3.0)), d.div(x.grad, d.constant(6.0)), zero),
                   zero)


def _softsign(d, x):
    """g / (1 + |x|)^2 (PyTorch's composite g / (1 + |x|) - g x sign(x) / (1 + |x|)^2 cancels,
    and is NaN at +-inf: the golden is this form, 0 there): q = g / s^2 for s = f32(1 + |x|),
    corrected for s's rounding t = 1 + |x| - s (exact, Fast2Sum; 0 from |x| = 2^24 on, where
    s = |x|): q - q (2 t / s), so that the rounding of s is not doubled by the square."""
    a = d.abs(x.input)
    one = d.constant(1.0)
    s = d.add(a, one)
    t = d.where(d.gt(a, one), d.add(d.subtract(a, s), one), d.add(d.subtract(one, s), a))
    t = d.where(d.lt(a, d.constant(2.0 ** 24)), t, d.constant(0.0))
    q = d.div(x.grad, d.multiply(s, s))
    return d.subtract(q, d.multiply(q, d.div(d.multiply(t, d.constant(2.0)), s)))


def _tanhshrink(d, x):
    """x - tanh(x): g tanh(x)^2 (PyTorch's composite g - g (1 - tanh^2) cancels near 0)."""
    t = d.tanh(x.input)
    return d.multiply(d.multiply(x.grad, t), t)


def _rdiv(d, x):
    """scalar / x: -((g / x) / x) scalar (PyTorch's -g scalar / (x x): the same infinities, no
    x^2 overflow); a rounding mode: 0."""
    if x.attr("round_mode"):
        return _zeros(d, x)
    quotient = d.div(d.div(x.grad, x.input), x.input)
    return d.neg(d.multiply(quotient, d.constant(x.attr("scalar"))))


def _pow(d, x):
    """x^e: g (e x^(e - 1)); 0 for e = 0 (pow_backward). x^n (n = e - 1) as h h, h = |x|^(n / 2)
    (x^n overflows where g e x^n need not: (g e h) h does not), times sign(x) for an odd n; a
    non-integer n below x = 0: x^n itself (NaN)."""
    e = x.attr("exponent")
    if e == 0.0:
        return _zeros(d, x)
    v, n = x.input, e - 1.0
    h = d.pow(d.abs(v), d.constant(n / 2.0))
    split = d.multiply(d.multiply(x.grad, d.multiply(d.constant(e), h)), h)
    if n != int(n):
        return d.where(d.lt(v, d.constant(0.0)), d.multiply(x.grad, d.pow(v, d.constant(n))), split)
    return d.multiply(split, d.sign(v)) if int(n) % 2 else split


def _rpow(d, x):
    """b^x (b: the `exponent` attribute, ttnn's name): g b^x ln b = g e^(x ln b + ln ln b) for
    b > 1, -g e^(x ln b + ln(-ln b)) for 0 < b < 1 (no overflow of b^x where the product need
    not: _times_exp); g 0 for b = 1; b = 0: g 0 for x >= 0, g 0^x ln 0 = -g 0^x (-inf, NaN)
    else (pow_backward_exponent); b < 0: NaN (ln b)."""
    base, v, g = x.attr("exponent"), x.input, x.grad
    if base < 0.0 or base != base:
        return _nan_like(d, v)
    if base == 0.0:
        below = d.multiply(d.neg(g), d.pow(d.constant(0.0), v))
        return d.where(d.ge(v, d.constant(0.0)), d.multiply(g, d.constant(0.0)), below)
    if base == 1.0:
        return d.multiply(g, d.constant(0.0))
    log_base = math.log(base)
    signed = g if log_base > 0 else d.neg(g)
    a, tail = _affine_argument(d, v, log_base, math.log(abs(log_base)))
    y = _times_exp(d, signed, a, _shifted(d, a))
    return where_nonfinite(d, y, y, d.add(y, d.multiply(y, tail)))


def _affine_argument(d, v, slope: float, offset: float):
    """v slope + offset as (a, tail): the float32 a and the rest to ~2^-45 relative, where e^(a +
    tail) = e^a (1 + tail). The constants as heads and tails, v slope_h and its sum with offset_h
    with their exact errors (Dekker, TwoSum): their roundings (|v slope| + |offset| ulp of the
    argument: 4 ulp of b^x ln b at b = 0.846, x = -3.05, found by test/fuzz) leave e^a's argument.
    Beyond |v| = 2^60 (the split's range) the tail is 0: there e^a is 0 or infinite."""
    slope_h, slope_t = f32_pair(slope)
    offset_h, offset_t = f32_pair(offset)
    product = d.multiply(v, d.constant(slope_h))
    product_tail = product_error(d, product, veltkamp(d, v), constant_split(d, split_f32(slope_h)))
    a, sum_tail = two_sum(d, product, d.constant(offset_h))
    tail = d.add(d.add(sum_tail, product_tail), d.add(d.multiply(v, d.constant(slope_t)), d.constant(offset_t)))
    return a, d.where(d.lt(d.abs(v), d.constant(2.0 ** 60)), tail, d.constant(0.0))


def _over_x_times(d, x, c: float):
    """g / (x c) with x c rounded in float32's normal range: a subnormal x is scaled by 2^64 first
    and the quotient back (exact powers of two; x c of a subnormal x kept only its few bits: 6
    ulp, found by test/fuzz). g / x first would overflow where the result need not."""
    v = x.input
    scale = d.where(d.lt(d.abs(v), d.constant(2.0 ** -100)), d.constant(2.0 ** 64), d.constant(1.0))
    return d.multiply(d.div(x.grad, d.multiply(d.multiply(v, scale), d.constant(c))), scale)


def _logit(d, x):
    """g / p, p = x (1 - x), on [0, 1] (+-inf at x = +-0 and 1), NaN outside: there p < 0, and
    + 0 sqrt(p) makes it NaN (0 inside)."""
    v = x.input
    p = d.multiply(v, d.subtract(d.constant(1.0), v))
    return d.add(d.div(x.grad, p), d.multiply(d.sqrt(p), d.constant(0.0)))


def _logiteps(d, x):
    """eps <= x <= 1 - eps ? g / (x (1 - x)) : 0 (logit_backward with an eps); a NaN x: 0, as
    PyTorch's vectorized loop (its scalar tail gives NaN)."""
    v, zero, eps = x.input, d.constant(0.0), x.attr("eps", 0.0)
    inside = d.div(x.grad, d.multiply(v, d.subtract(d.constant(1.0), v)))
    return d.where(d.ge(v, d.constant(eps)), d.where(d.le(v, d.constant(1.0 - eps)), inside, zero), zero)


def _div_no_nan(d, x):
    """x / s (0 where s = 0): g / s, 0 for s = 0."""
    scalar = x.attr("scalar")
    return _zeros(d, x) if scalar == 0.0 else d.div(x.grad, d.constant(scalar))


GRADIENTS = {
    "ttir.clamp_bw": _clamp,
    "ttir.clip_bw": _clamp,
    "ttir.hardtanh_bw": lambda d, x: _hardtanh(d, x, x.attr("min", -1.0), x.attr("max", 1.0)),
    "ttir.relu6_bw": lambda d, x: _hardtanh(d, x, 0.0, 6.0),
    # relu(x)^2: x <= 0 ? 0 : (g x) 2 (the doubling last and exact: 2 x first overflows beyond
    # 2^127 where the gradient need not; a NaN x: NaN, torch's pow backward of relu(NaN))
    "ttir.relu_squared_bw": lambda d, x: d.where(d.le(x.input, d.constant(0.0)), d.constant(0.0),
                                                 d.multiply(d.multiply(x.grad, x.input), d.constant(2.0))),
    "ttir.hardshrink_bw": _shrink,
    "ttir.softshrink_bw": _shrink,
    # x > 0 ? g : g negative_slope (a NaN x: the latter)
    "ttir.leaky_relu_bw": lambda d, x: d.where(d.gt(x.input, d.constant(0.0)), x.grad,
                                               d.multiply(x.grad, d.constant(x.attr("negative_slope", 0.01)))),
    "ttir.elu_bw": lambda d, x: _elu(d, x, x.attr("alpha", 1.0)),
    "ttir.celu_bw": lambda d, x: _elu(d, x, x.attr("alpha", 1.0), input_scale=1.0 / x.attr("alpha", 1.0)),
    "ttir.selu_bw": lambda d, x: _elu(d, x, _SELU_ALPHA, _SELU_SCALE),
    # x <= threshold ? 0 : g (threshold_backward)
    "ttir.threshold_bw": lambda d, x: d.where(d.le(x.input, d.constant(x.attr("threshold"))), d.constant(0.0),
                                              x.grad),
    "ttir.softplus_bw": _softplus,
    "ttir.hardsigmoid_bw": _hardsigmoid,
    "ttir.hardswish_bw": _hardswish,
    # g sgn(x) (sign(NaN) = 0, as PyTorch's)
    "ttir.abs_bw": lambda d, x: d.multiply(x.grad, d.sign(x.input)),
    "ttir.softsign_bw": _softsign,
    "ttir.tanhshrink_bw": _tanhshrink,
    # log sigmoid(x): g sigmoid(-x)
    "ttir.log_sigmoid_bw": lambda d, x: d.multiply(x.grad, d.sigmoid(d.neg(x.input))),
    # g / sqrt(1 - x^2), -g / sqrt(1 - x^2)
    "ttir.asin_bw": lambda d, x: d.multiply(x.grad, d.rsqrt(_one_minus_square(d, x.input))),
    "ttir.acos_bw": lambda d, x: d.multiply(d.neg(x.grad), d.rsqrt(_one_minus_square(d, x.input))),
    # g / (1 + x^2)
    "ttir.atan_bw": lambda d, x: d.div(x.grad, d.add(d.multiply(x.input, x.input), d.constant(1.0))),
    "ttir.sin_bw": _sin_bw,
    "ttir.cos_bw": _cos_bw,
    "ttir.tan_bw": _tan_bw,
    "ttir.sinh_bw": lambda d, x: _cosh_times(d, x.grad, x.input),
    "ttir.cosh_bw": lambda d, x: _sinh_times(d, x.grad, x.input),
    "ttir.asinh_bw": lambda d, x: _inverse_sqrt_times(d, x.grad, x.input, 1.0),
    "ttir.acosh_bw": lambda d, x: _inverse_sqrt_times(d, x.grad, x.input, -1.0),
    # g / (1 - x^2)
    "ttir.atanh_bw": lambda d, x: d.div(x.grad, _one_minus_square(d, x.input)),
    # g / (x ln 10), g / (x ln 2), g / (x + 1) (PyTorch's forms: finite below 0 too)
    "ttir.log10_bw": lambda d, x: _over_x_times(d, x, _LN10),
    "ttir.log2_bw": lambda d, x: _over_x_times(d, x, _LN2),
    "ttir.log1p_bw": lambda d, x: d.div(x.grad, d.add(x.input, d.constant(1.0))),
    "ttir.exp2_bw": lambda d, x: _exp2_times(d, x.grad, x.input),
    "ttir.exp_bw": _exp,
    "ttir.expm1_bw": _exp,
    "ttir.erf_bw": lambda d, x: _gaussian_slope(d, x, _TWO_OVER_SQRT_PI),
    "ttir.erfc_bw": lambda d, x: _gaussian_slope(d, x, -_TWO_OVER_SQRT_PI),
    "ttir.rad2deg_bw": lambda d, x: d.multiply(x.grad, d.constant(180.0 / math.pi)),
    "ttir.deg2rad_bw": lambda d, x: d.multiply(x.grad, d.constant(math.pi / 180.0)),
    "ttir.frac_bw": lambda d, x: x.grad,
    "ttir.sign_bw": _zeros,
    "ttir.trunc_bw": _zeros,
    "ttir.floor_bw": _zeros,
    "ttir.ceil_bw": _zeros,
    "ttir.round_bw": _zeros,
    "ttir.fill_bw": _zeros,
    "ttir.fill_zero_bw": _zeros,
    "ttir.rdiv_bw": _rdiv,
    "ttir.pow_bw": _pow,
    "ttir.rpow_bw": _rpow,
    "ttir.logit_bw": _logit,
    "ttir.logiteps_bw": _logiteps,
    "ttir.div_no_nan_bw": _div_no_nan,
}
