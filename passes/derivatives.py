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
from typing import Callable, NamedTuple

from ttbw.dialect.ops import (ADDCMUL_BACKWARD, BINARY_BACKWARD, CLAMP_TENSOR_BACKWARD, LAYER_NORM_BACKWARD,
                              LERP_BACKWARD, RMS_NORM_BACKWARD, UNARY_BACKWARD, WHERE_BACKWARD, BackwardSignature)

from . import derivatives_norm as norm
from . import derivatives_reduction as reduction
from .derivatives_binary import GRADIENTS as BINARY_GRADIENTS, At
from .derivatives_complex import COMPLEX_FORMS, GRADIENTS as COMPLEX_GRADIENTS
from .derivatives_special import GRADIENTS as SPECIAL_GRADIENTS
from .derivatives_unary import GRADIENTS as UNARY_GRADIENTS
from .exact_arith import (LN2_126_HI, LN2_126_LO, constant_split, deep_exp_times, f32_pair, product_error,
                          split_f32, times_both, times_ratio, two_sum, veltkamp, where_nonfinite)
from .gradient_builder import is_complex
from . import slope_roots
from .slope_roots import near_root, slope_root


class Rule(NamedTuple):  # not a dataclass: cheaper for ttbw-opt's start-up
    signature: BackwardSignature
    gradients: dict  # result name -> Callable[[GradientBuilder, Operands], Expression]


def _rule(signature: BackwardSignature, **gradients: Callable) -> Rule:
    assert set(gradients) == set(signature.results), gradients
    return Rule(signature, gradients)


def _by_input_kind(real_form: Callable, complex_form: Callable) -> Callable:
    """A gradient rule of an op with a real and a complex form, by its input's type."""
    return lambda d, x: complex_form(d, x) if is_complex(x.input) else real_form(d, x)


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
    # a / b: g / conj(b), -g * conj(a / b / b) (other_grad: _div_other_grad); with a rounding
    # mode the quotient is piecewise constant: zeros, as PyTorch.
    "ttir.div_bw": _rule(BINARY_BACKWARD,
                         input_grad=lambda d, x: (d.full_like(x.grad, 0.0) if x.attr("round_mode")
                                                  else d.div(x.grad, d.conj(x.other))),
                         other_grad=lambda d, x: (d.full_like(x.grad, 0.0) if x.attr("round_mode")
                                                  else _div_other_grad(d, x))),
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
    # a + v * t1 * t2: g, g t2 v, g t1 v in times_both's order (PyTorch's g (t2 v) overflows at
    # t2 = 2.3, v = -3e38 where g t2 v = -1.8e38: found by test/fuzz)
    "ttir.addcmul_bw": _rule(ADDCMUL_BACKWARD,
                             input_grad=lambda d, x: x.grad,
                             tensor1_grad=lambda d, x: times_both(d, x.grad, x.tensor2, d.constant(x.attr("value", 1.0))),
                             tensor2_grad=lambda d, x: times_both(d, x.grad, x.tensor1, d.constant(x.attr("value", 1.0)))),
    # a + v * t1 / t2: g, g v / t2, -g v t1 / t2^2 (div_bw's other gradient times v)
    "ttir.addcdiv_bw": _rule(ADDCMUL_BACKWARD,
                             input_grad=lambda d, x: x.grad,
                             tensor1_grad=lambda d, x: times_ratio(d, x.grad, d.constant(x.attr("value", 1.0)),
                                                                   x.tensor2),
                             tensor2_grad=lambda d, x: _addcdiv_tensor2(d, x)),
    # a + w (e - a): g (1 - w), g w (1 - w exact by Sterbenz for w in [1/2, 2])
    "ttir.lerp_bw": _rule(LERP_BACKWARD,
                          input_grad=lambda d, x: d.multiply(x.grad, d.subtract(d.constant(1.0), x.weight)),
                          end_grad=lambda d, x: d.multiply(x.grad, x.weight)),
    # clamp(x, min, max) with tensor bounds: min <= x <= max ? g : 0 (a NaN x or bound: 0, as
    # clamp_backward's comparisons)
    "ttir.clamp_tensor_bw": _rule(CLAMP_TENSOR_BACKWARD,
                                  input_grad=lambda d, x: d.where(d.ge(x.input, x.min),
                                                                  d.where(d.le(x.input, x.max), x.grad,
                                                                          d.constant(0.0)), d.constant(0.0))),
    "ttir.repeat_bw": _rule(UNARY_BACKWARD, input_grad=reduction.repeat_input_grad),
    "ttir.prod_bw": _rule(UNARY_BACKWARD, input_grad=reduction.prod_input_grad),
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

RULES.update({name: _rule(UNARY_BACKWARD, input_grad=gradient)
              for name, gradient in (*UNARY_GRADIENTS.items(), *SPECIAL_GRADIENTS.items())})
RULES.update({name: _rule(BINARY_BACKWARD, input_grad=input_grad, other_grad=other_grad)
              for name, (input_grad, other_grad) in BINARY_GRADIENTS.items()})
# ttnn's complex_unary_backward family, and the complex forms of real ops (by the input's type)
RULES.update({name: _rule(UNARY_BACKWARD, input_grad=gradient) for name, gradient in COMPLEX_GRADIENTS.items()})
RULES.update({name: _rule(UNARY_BACKWARD, input_grad=_by_input_kind(RULES[name].gradients["input_grad"], form))
              for name, form in COMPLEX_FORMS.items()})
# the softmax family from the forward's output y = x.input, along x.attr("dim") (PyTorch's
# _softmax_backward_data / _log_softmax_backward_data; softmin(x) = softmax(-x)); in f32, rounded once
RULES.update({
    "ttir.softmax_bw": _rule(UNARY_BACKWARD, input_grad=lambda d, x: d.multiply(
        x.input, d.subtract(x.grad, d.sum(d.multiply(x.grad, x.input), x.attr("dim"))))),
    "ttir.softmin_bw": _rule(UNARY_BACKWARD, input_grad=lambda d, x: d.multiply(
        x.input, d.subtract(d.sum(d.multiply(x.grad, x.input), x.attr("dim")), x.grad))),
    "ttir.log_softmax_bw": _rule(UNARY_BACKWARD, input_grad=lambda d, x: d.subtract(
        x.grad, d.multiply(d.exp(x.input), d.sum(x.grad, x.attr("dim"))))),
})
# the normalizations (passes/derivatives_norm.py)
RULES["ttir.layer_norm_bw"] = _rule(LAYER_NORM_BACKWARD, input_grad=norm.layer_norm_input_grad,
                                    gamma_grad=norm.layer_norm_gamma_grad, beta_grad=norm.layer_norm_beta_grad)
RULES["ttir.batch_norm_bw"] = _rule(LAYER_NORM_BACKWARD, input_grad=norm.layer_norm_input_grad,
                                    gamma_grad=norm.layer_norm_gamma_grad, beta_grad=norm.layer_norm_beta_grad)
RULES["ttir.rms_norm_bw"] = _rule(RMS_NORM_BACKWARD, input_grad=norm.rms_norm_input_grad,
                                  gamma_grad=norm.rms_norm_gamma_grad)
# gelu(a + b): gelu_bw's rule at s = a + b, both gradients (_bias_gelu)
RULES["ttir.bias_gelu_bw"] = _rule(BINARY_BACKWARD, input_grad=lambda d, x: _bias_gelu(d, x),
                                   other_grad=lambda d, x: _bias_gelu(d, x))

_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
# the float32 above the root of silu's slope 1 + x (1 - s(x)) (-1.27846454276...): the slope is
# positive from it up, negative below
_SILU_ROOT = -1.278464436531067
_KAPPA = 0.044715
_ROUND_TO_2_MINUS_7 = 3.0 * 2.0 ** 15  # x + C - C rounds 0 <= x <= 16 to a multiple of 2^-7








# -1 / sqrt2 as the float32 S + _S_REST, S split
_S, _S_REST = f32_pair(-math.sqrt(0.5))
_S_SPLIT = split_f32(_S)
# L = log(1 / sqrt(2 pi)) as L_HI (a multiple of 2^-15) + L_LO
_LOG_GAUSS_HI = round(-0.5 * math.log(2.0 * math.pi) * 2.0 ** 15) / 2.0 ** 15
_LOG_GAUSS_LO = -0.5 * math.log(2.0 * math.pi) - _LOG_GAUSS_HI
# tanh-gelu's 2u = C1 x + C3 x^3: C1 = sqrt(8 / pi), C3 = 0.044715 C1, as float32 heads + tails
_C1, _C1_TAIL = f32_pair(2.0 * _SQRT_2_OVER_PI)
_C3, _C3_TAIL = f32_pair(2.0 * _SQRT_2_OVER_PI * _KAPPA)
_C1_SPLIT, _C3_SPLIT = split_f32(_C1), split_f32(_C3)


def _gelu(d, x):
    """g * (Phi(x) + x * phi(x)), Phi(x) = 0.5 erfc(-x / sqrt2) (PyTorch's 0.5 (1 + erf) loses
    Phi's relative accuracy below x = -3), phi(x) = exp(-x^2 / 2) / sqrt(2 pi) = E (1 + m)
    (_gaussian). The two nearly cancel below x = -3, so the sum is compensated: P = x E with
    its exact error (Dekker), h + P with its exact error (TwoSum, h = 0.5 erfc(z_f), or 1 - 0.5
    erfc(-z_f) above x = 0 with its exact rounding: erfc in [1, 2) rounds to 2^-24), and the
    small terms (those errors, P m, erfc's correction for the rounding of z: _erfc_correction)
    added before the one rounding of the slope; then g times it."""
    v = x.input
    c = d.minimum(d.abs(v), d.constant(16.0))  # |x| capped: phi and the splits stay finite
    vc = d.where(d.lt(v, d.constant(0.0)), d.neg(c), c)  # x capped (NaN stays NaN)
    vs = veltkamp(d, vc)
    z = d.multiply(vc, d.constant(_S))
    big, m = _gaussian(d, c)
    head = d.multiply(v, big)  # v, not vc: NaN at x = +-inf (inf * 0), as PyTorch
    head_error = product_error(d, head, vs, veltkamp(d, big))
    # Phi from its small side h = 0.5 erfc(|z|) <= 1/2: 1 - h above 0, its rounding exactly (Fast2Sum)
    h = d.multiply(d.constant(0.5), d.erfc(d.abs(z)))
    above = d.ge(vc, d.constant(0.0))
    half = d.where(above, d.subtract(d.constant(1.0), h), h)
    half_lo = d.where(above, d.subtract(d.subtract(d.constant(1.0), half), h), d.constant(0.0))
    total, sum_error = two_sum(d, half, head)
    tail = d.add(d.add(d.add(sum_error, half_lo), head_error),
                 d.add(d.multiply(head, m), _erfc_correction(d, vc, vs, z, big)))
    inside, polynomial = near_root(d, v, slope_root(slope_roots.gelu, -0.75))
    return d.multiply(x.grad, d.where(inside, polynomial, d.add(total, tail)))










def _erfc_correction(d, vc, vs, z, big):
    """Phi(v) - 0.5 erfc(z_f) for the f32 product z_f = v S (S = f32(-1 / sqrt2)): erfc
    amplifies the error dz = -v / sqrt2 - z_f by 2 z^2 (64 ulp of Phi at x = -8). erfc'(z) =
    -2 exp(-z^2) / sqrt(pi) and exp(-z^2) = sqrt(2 pi) phi(v) make it -sqrt2 phi(v) dz, with
    phi = E (1 + m) taken as E (m and dz are both small). dz = (v S - z_f) + v (-1 / sqrt2 - S),
    the first exactly by Dekker's product of the splits `vs` of v and of S."""
    exact = product_error(d, z, vs, constant_split(d, _S_SPLIT))
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
    """The derivative of 0.5 x (1 + tanh(u)) = x s(w), w = 2u = C1 x + C3 x^3 (u = sqrt(2/pi)
    (x + 0.044715 x^3)): g * F, F = s + s t a, s = s(w), t = s(-w) = 1 - s, a = x w' = 3 w -
    2 C1 x (PyTorch's 1 + tanh(u) cancels below x = -5). s turns an error dw into a relative
    error t dw: five f32 roundings of w were up to |w| ulp (100 ulp at x = -9), so w and a are
    taken as f32 heads w_f, a_f and exact tails (_two_u, _slope_times_x), F at the heads, and the
    tails added to first order before F's one rounding: dF/dw = s t (1 - |a| (t - s) sign(x)) =
    p b (1 - |a| (b - p)), dF/da = s t = p b, with one sigmoid, of the small side: p =
    s(-|w_f|), b = 1 - p. F at the heads as head + tail by range, in the form whose rounded
    terms are damped: x < 0 (s = p): p (1 + a) - a p^2, 1 + a and p (1 + a) exactly (TwoSum,
    Dekker); 0 <= x < 1/2 (s = b): b + (b_lo + b p a), b_lo = 1 - p - b exactly; x >= 1/2:
    1 + p (a b - 1). Below w = -84 (x = -9.9) F leaves float32's range where g F need not: there
    p's linear factor is e^w 2^126 = exp(w_f + LN2_126_HI) (an exact argument; LN2_126_LO joins
    w's tail) and g is scaled by 2^-126 (exact). Beyond |x| = 16, F is 1 or 0 in float32 (and the
    tails may overflow); + (x - x): NaN at x = +-inf, as PyTorch (inf * 0). Each tail enters
    once: the fused expression trees stay small (fusion.MAX_COPIES)."""
    v = x.input
    one = d.constant(1.0)
    negative = d.lt(v, d.constant(0.0))
    vs = veltkamp(d, v)
    w, w_error = _two_u(d, v, vs)
    a, a_error = _slope_times_x(d, v, vs, w)
    p = _small_sigmoid(d, w)
    b = d.subtract(one, p)
    # x < 0 (below w = -84: p's linear factor scaled by 2^126)
    deep = d.lt(d.add(w, d.constant(84.0)), d.constant(0.0))
    linear = d.where(deep, d.exp(d.add(w, d.constant(LN2_126_HI))), p)
    one_a, one_a_error = two_sum(d, one, a)
    below_zero = d.multiply(linear, one_a)
    below_zero_tail = d.subtract(d.add(product_error(d, below_zero, veltkamp(d, linear), veltkamp(d, one_a)),
                                       d.multiply(linear, one_a_error)), d.multiply(d.multiply(a, linear), p))
    # 0 <= x < 1/2 (b_lo: 1 - p - b exactly, 1 - p rounded to b) and x >= 1/2
    b_lo = d.subtract(d.subtract(one, b), p)
    below_half_tail = d.add(b_lo, d.multiply(d.multiply(b, a), p))
    above_half_tail = d.multiply(p, d.subtract(d.add(d.multiply(a, b), d.multiply(a, b_lo)), one))
    # x - 1/2 >= 0 compares with zero: one tile op (x >= 1/2 takes more)
    above_half = d.ge(d.subtract(v, d.constant(0.5)), d.constant(0.0))
    head = d.where(negative, below_zero, d.where(above_half, one, b))
    tail = d.where(negative, below_zero_tail, d.where(above_half, above_half_tail, below_half_tail))
    w_slope = d.subtract(d.constant(4.0), d.multiply(d.abs(a), d.subtract(b, p)))  # 3 w_err from a's tail
    w_error = d.add(w_error, d.multiply(deep, d.constant(LN2_126_LO)))
    correction = d.multiply(d.multiply(linear, b), d.add(d.multiply(w_error, w_slope), a_error))
    slope = d.add(head, d.add(tail, correction))
    inside, polynomial = near_root(d, v, slope_root(slope_roots.gelu_tanh, -0.75))
    outside = d.ge(v, d.constant(0.0))  # 1 above 16, 0 below -16
    slope = d.where(d.gt(d.abs(v), d.constant(16.0)), outside, d.where(inside, polynomial, slope))
    grad = d.where(deep, d.multiply(x.grad, d.constant(2.0 ** -126)), x.grad)
    return d.multiply(grad, d.add(slope, d.subtract(v, v)))


def _two_u(d, v, vs):
    """w = v (C1 + C3 v^2) as (w_f, its error) to ~2^-40 relative (|v| <= 16; `vs`: v's split):
    v^2, z = C3 v^2 and r = C1 + z as heads and exact tails (Dekker's products, TwoSum), then
    times v."""
    square = d.multiply(v, v)
    square_error = product_error(d, square, vs, vs)
    z = d.multiply(d.constant(_C3), square)
    z_error = d.add(product_error(d, z, constant_split(d, _C3_SPLIT), veltkamp(d, square)),
                    d.add(d.multiply(d.constant(_C3), square_error), d.multiply(d.constant(_C3_TAIL), square)))
    r, r_sum_error = two_sum(d, d.constant(_C1), z)
    r_error = d.add(r_sum_error, d.add(z_error, d.constant(_C1_TAIL)))
    w = d.multiply(v, r)
    return w, d.add(product_error(d, w, vs, veltkamp(d, r)), d.multiply(v, r_error))


def _slope_times_x(d, v, vs, w):
    """a = v w' = 3 w - 2 C1 v at w = w_f, as (a_f, its error but 3 (w - w_f)): 3 w_f = 2 w_f +
    w_f and C1 v as heads and exact tails (TwoSum, Dekker's product), their difference by
    TwoSum (2 w_f and 2 C1 v exact)."""
    three_w, three_w_error = two_sum(d, d.add(w, w), w)
    c1v = d.multiply(d.constant(_C1), v)
    c1v_error = d.add(product_error(d, c1v, constant_split(d, _C1_SPLIT), vs), d.multiply(d.constant(_C1_TAIL), v))
    a, a_sum_error = two_sum(d, three_w, d.neg(d.add(c1v, c1v)))
    return a, d.add(a_sum_error, d.subtract(three_w_error, d.add(c1v_error, c1v_error)))


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


def _addcdiv_tensor2(d, x):
    """-g v t1 / t2^2 with every partial result in range wherever the result is: g' = g v for |v| <=
    1 (cannot overflow; v last otherwise), then |t2| >= 1: (g' / t2) t1 / t2, else (g' t1 / t2) / t2,
    the middle step range-safe (times_ratio); div_bw's other gradient of (g', t1, t2) instead where
    t1 / t2 is finite (0.5 ulp in range; the former reaches 2.2). At t2 = +-0 PyTorch's sign (t2 t2 = +0)."""
    value = x.attr("value", 1.0)
    g = d.multiply(x.grad, d.constant(value)) if abs(value) <= 1.0 else x.grad
    t1, t2 = x.tensor1, x.tensor2
    big = d.ge(d.abs(t2), d.constant(1.0))
    safe = d.neg(d.where(big, times_ratio(d, d.div(g, t2), t1, t2), d.div(times_ratio(d, g, t1, t2), t2)))
    # div_bw's other gradient (0.5 ulp in range) where its quotient t1 / t2 stays finite
    gradient = where_nonfinite(d, d.div(t1, t2), safe, _div_other_grad(d, At(g, t1, t2)))
    return gradient if abs(value) <= 1.0 else d.multiply(gradient, d.constant(value))


def _div_other_grad(d, x):
    """-g a / b^2: rounded once where g / b, q = a / b and b are within 2^+-50
    (_compensated_div_other_grad); beyond, the product of g, q and 1 / b, each once rounded
    (2.2 ulp, as PyTorch's -g * ((a / b) / b)), in an order whose partial product stays in
    range wherever the result does: the largest factor times the smallest first, the middle one
    last. By magnitude q is the middle one where |q| >= |g| differs from |a| >= 1 (|q| >= |1 / b|):
    -(g / b) q; g where |g| >= |q| differs from |g b| >= 1: -g (q / b); else 1 / b: -(g q) / b.
    (g / b) q is also the order of PyTorch's infinities and NaNs at b = 0. (Deciding by q and b
    alone, as if |g| were 1, overflowed q / b = 4e38 for g = 0.3, a = 1.1e-39, b = -1.6e-39, where
    the result is -1.4e38: found by test/fuzz.) q itself must be in range (g = 1e-38, a = 1e30,
    b = 1e-15 overflows at q in every order of these three factors). Complex: -(g / conj(b)) conj(q)."""
    quotient = d.div(x.input, x.other)
    if is_complex(x.grad) or is_complex(x.input) or is_complex(x.other):
        return d.neg(d.multiply(d.div(x.grad, d.conj(x.other)), d.conj(quotient)))
    t = d.div(x.grad, x.other)
    grad_first = d.neg(d.multiply(t, quotient))
    one = d.constant(1.0)
    g, q = d.abs(x.grad), d.abs(quotient)
    q_middle = d.ne(d.ge(q, g), d.ge(d.abs(x.input), one))
    g_middle = d.ne(d.ge(g, q), d.ge(d.abs(d.multiply(x.grad, x.other)), one))
    last = d.where(g_middle, d.neg(d.multiply(x.grad, d.div(quotient, x.other))),
                   d.neg(d.div(d.multiply(x.grad, quotient), x.other)))
    range_safe = d.where(d.eq(x.other, d.constant(0.0)), grad_first, d.where(q_middle, grad_first, last))
    return d.where(_within(d, (t, quotient, x.other), 2.0 ** 50),
                   _compensated_div_other_grad(d, x, t, quotient), range_safe)


def _compensated_div_other_grad(d, x, t, q):
    """-g a / b^2 rounded once (0.5 ulp, where each order of its three roundings reaches 2.2):
    t = g / b and q = a / b with their tails (the divisions' remainders, exact by Dekker's
    products t b and q b, over b), t q as Dekker's product, the tails added before the one
    rounding. Exact while t, q and b are within 2^+-50 (no split overflows, no tail leaves
    float32's normal range, which the device flushes)."""
    g, a, b = x.grad, x.input, x.other
    ts, qs, bs = veltkamp(d, t), veltkamp(d, q), veltkamp(d, b)
    tb, qb, p = d.multiply(t, b), d.multiply(q, b), d.multiply(t, q)
    t_tail = d.div(d.subtract(d.subtract(g, tb), product_error(d, tb, ts, bs)), b)
    q_tail = d.div(d.subtract(d.subtract(a, qb), product_error(d, qb, qs, bs)), b)
    tail = d.add(product_error(d, p, ts, qs), d.add(d.multiply(t, q_tail), d.multiply(t_tail, q)))
    return d.neg(d.add(p, tail))


def _within(d, values, bound: float):
    """1 where every value's magnitude is in [1 / bound, bound] (0 for a NaN)."""
    inside = None
    for value in values:
        magnitude = d.abs(value)
        here = d.multiply(d.ge(magnitude, d.constant(1.0 / bound)), d.le(magnitude, d.constant(bound)))
        inside = here if inside is None else d.multiply(inside, here)
    return inside


def _rsqrt(d, x):
    """-0.5 g rsqrt(x)^3 as (-0.5 g) x^-1.5 (two roundings: < 1.5 ulp, where rsqrt cubed or
    -0.5 g / (x sqrt(x)) chain three or more); at x <= 0, -0.5 g rsqrt(x): PyTorch's signed
    infinity at +-0 (rsqrt(-0)^3 = -inf, where pow(-0, -1.5) = +inf) and NaN below (pow(-inf,
    -1.5) = +0). x^-1.5 leaves float32's range outside [2^-85, 2^84] (inf or 0 where g times it
    need not be): there x is scaled into it by 2^64 or 2^-64 and -0.5 g by 2^96 or 2^-96, the
    powers' exact ratio (a g the scaling overflows or flushes has a gradient beyond float32's
    range too)."""
    v = x.input
    half = d.multiply(d.constant(-0.5), x.grad)
    at_zero = d.multiply(half, d.rsqrt(v))
    big, small = d.gt(v, d.constant(2.0 ** 84)), d.lt(v, d.constant(2.0 ** -85))
    base = d.where(big, d.multiply(v, d.constant(2.0 ** -64)), d.where(small, d.multiply(v, d.constant(2.0 ** 64)), v))
    scaled = d.where(big, d.multiply(half, d.constant(2.0 ** -96)),
                     d.where(small, d.multiply(half, d.constant(2.0 ** 96)), half))
    product = d.multiply(scaled, d.pow(base, d.constant(-1.5)))
    return d.where(d.le(v, d.constant(0.0)), at_zero, product)




def _sigmoid_slope(d, g, v):
    """g s(v) s(-v), s(v) s(-v) = t (1 - t) with t = s(-|v|) <= 1/2 (1 - s cancels for large |v|),
    as (g - g t) t: a product of g (1 - t), whose g t rounding is damped by t / (1 - t), and
    the once-rounded t (< 2 ulp, where g s(v) s(-v) chains four full roundings: 2.7; g (t - t^2)
    is inf-safe but 2.1). An infinite g: g t (1 - t >= 1/2). Beyond |v| = 84 (t leaves float32's
    normal range from 87.3 where g t need not): _deep_exp_times."""
    y = d.neg(d.abs(v))
    t = d.sigmoid(y)
    gt = d.multiply(g, t)
    near = where_nonfinite(d, g, gt, d.multiply(d.subtract(g, gt), t))
    return d.where(d.lt(d.add(y, d.constant(84.0)), d.constant(0.0)), deep_exp_times(d, g, y), near)




def _small_sigmoid(d, v):
    """s(-|v|) <= 1/2: the sigmoid's small side, once rounded, where 1 - s(|v|) would cancel."""
    return d.sigmoid(d.neg(d.abs(v)))


def _silu(d, x):
    """g s (1 + x (1 - s)), s = s(x), with t = s(-|x|) (1 - s cancels for large x), in the form
    with the fewest undamped roundings on each range: x >= 0 (s = 1 - t): a + a (x t),
    a = g - g t; -1/2 <= x < 0 (s = t): (g + (g x - (g x) t)) t; x < -1/2: (g t) (1 + x - x t),
    1 + x exact there (x t first: no inf * 0 for large finite |x|). The first two read g twice:
    an infinite g takes an inf-safe form (_where_nonfinite)."""
    v = x.input
    t = _small_sigmoid(d, v)
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
    inside, polynomial = near_root(d, v, slope_root(slope_roots.silu, _SILU_ROOT))
    finite = d.where(inside, d.multiply(x.grad, polynomial), finite)
    # an infinite g: +-g by the slope's sign (positive from _SILU_ROOT up), + (x - x): NaN at
    # x = +-inf, as PyTorch's g s (1 + x (1 - s)); no sigmoid (t is recomputed per use)
    sign = d.where(d.ge(d.subtract(v, d.constant(_SILU_ROOT)), d.constant(0.0)), x.grad, d.neg(x.grad))
    return where_nonfinite(d, x.grad, d.add(sign, d.subtract(v, v)), finite)


def _bias_gelu(d, x):
    """gelu_bw's slope F at s = f32(a + b), plus F'(s) e for TwoSum's exact tail e of the sum (F
    turns a rounding of its argument into up to x^2 ulp): F' = phi(s) (2 - s^2) ("none"), or
    p b (2 w' + s (b - p) w'^2 + s w''), p = s(w), b = s(-w), w = C1 s + C3 s^3 ("tanh"); the tail
    is dropped from |s| = 16 on (F' is 0 there in float32; the tail may be NaN) and for an
    infinite g."""
    total, tail = two_sum(d, x.input, x.other)
    tanh = x.attr("approximate") == "tanh"
    # a + b overflowing for finite a, b: F at +-2^100 (1 or 0, as at the exact sum); NaN where a or b is infinite
    limit = d.constant(2.0 ** 100)
    argument = d.where(d.gt(total, limit), limit, d.where(d.lt(total, d.neg(limit)), d.neg(limit), total))
    argument = d.add(argument, d.add(d.subtract(x.input, x.input), d.subtract(x.other, x.other)))
    slope = (_gelu_tanh if tanh else _gelu)(d, At(x.grad, argument))
    s = d.minimum(d.abs(total), d.constant(16.0))  # F' is even; capped: no inf * 0 (NaN stays NaN)
    square = d.multiply(s, s)
    if tanh:
        w = d.multiply(s, d.add(d.constant(_C1), d.multiply(d.constant(_C3), square)))
        w1 = d.add(d.constant(_C1), d.multiply(d.constant(3.0 * _C3), square))
        p, q = d.sigmoid(w), d.sigmoid(d.neg(w))
        inner = d.add(d.add(d.multiply(d.constant(2.0), w1), d.multiply(d.multiply(s, d.subtract(q, p)),
                                                                       d.multiply(w1, w1))),
                      d.multiply(d.multiply(d.constant(6.0 * _C3), s), s))
        curvature = d.multiply(d.multiply(p, q), inner)
    else:
        phi = d.multiply(d.exp(d.multiply(square, d.constant(-0.5))), d.constant(1.0 / math.sqrt(2.0 * math.pi)))
        curvature = d.multiply(phi, d.subtract(d.constant(2.0), square))
    tail = d.where(d.lt(s, d.constant(16.0)), tail, d.constant(0.0))
    corrected = d.add(slope, d.multiply(d.multiply(x.grad, curvature), tail))
    return where_nonfinite(d, x.grad, slope, corrected)
