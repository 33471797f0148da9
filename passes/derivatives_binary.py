"""The derivative rules of ttnn's binary_backward family beyond the first ops (PyTorch's
derivatives.yaml, its NaN conventions: e.g. min / max split grad at a tie, and a comparison
with NaN is false).

GRADIENTS maps an op name to its (input_grad, other_grad) rules `(d, x) -> expression`
(derivatives.py makes each a binary Rule; bias_gelu_bw, which reuses gelu_bw's rule, is
there). The formulas are written for the f32 intermediates the pass computes in: the
difference or product a rule's slope depends on is taken exactly (TwoSum, Dekker) where a
rounding of it would be amplified, and no intermediate leaves float32's range where the
gradient does not.
"""
from __future__ import annotations

import math
from typing import NamedTuple

from .exact_arith import (constant_split, deep_exp_times, f32_pair, product_error, split_f32, times_both,
                          times_ratio, two_sum, veltkamp, where_nonfinite)

_LN2, _LN2_TAIL = f32_pair(math.log(2.0))
_LN2_SPLIT = split_f32(_LN2)
_TWO_23 = 2.0 ** 23


class At(NamedTuple):
    """A rule's `x` for other operands: a rule's formula at other values (bias_gelu_bw's a + b for
    gelu_bw's rule, addcdiv_bw's tensors for div_bw's, a complex operand's parts for atan2_bw's and
    hypot_bw's)."""
    grad: object
    input: object
    other: object = None

    def attr(self, name: str, default=None):
        return default


def _squared_difference(d, x):
    """2 g (a - b), as (g (a - b)) 2 (exact doubling); a - b overflowing for finite a, b: from
    the halves, (g (a/2 - b/2)) 4."""
    g, a, b = x.grad, x.input, x.other
    diff = d.subtract(a, b)
    halved = d.multiply(d.multiply(g, d.subtract(d.multiply(a, d.constant(0.5)), d.multiply(b, d.constant(0.5)))),
                        d.constant(4.0))
    return where_nonfinite(d, diff, halved, d.multiply(d.multiply(g, diff), d.constant(2.0)))


def _min_max(d, x, mine: str):
    """minimum / maximum: g where this operand (`mine`: "min_input", "min_other", "max_input",
    "max_other") is picked, g / 2 at a tie, 0 where the other is; a NaN operand: g to both
    (PyTorch's where(a == b, g / 2, g).masked_fill(a > b, 0))."""
    a, b = (x.input, x.other) if mine in ("min_input", "max_input") else (x.other, x.input)
    loses = d.gt(a, b) if mine.startswith("min") else d.lt(a, b)
    tie = d.where(d.eq(a, b), d.multiply(x.grad, d.constant(0.5)), x.grad)
    return d.where(loses, d.constant(0.0), tie)


def _larger_first(d, x):
    """(u, v, t, swapped): u the operand of the larger magnitude, v the other, t = f32(v / u)
    (|t| <= 1); swapped: u is `other`. A NaN operand, or both 0 (t = 0 / 0), is NaN throughout."""
    a, b = x.input, x.other
    swapped = d.lt(d.abs(a), d.abs(b))
    u, v = d.where(swapped, b, a), d.where(swapped, a, b)
    return u, v, d.div(v, u), swapped


def atan2_gradient(d, x, which: str):
    """d atan2(a, b) / da = b / (a^2 + b^2), / db = -a / (a^2 + b^2). With _larger_first's u, v, t:
    the larger operand's numerator gives g / D, the smaller's g t / D, D = u + v t = (u^2 + v^2) / u
    (no overflow of u^2 + v^2, no cancellation: v t has u's sign). t and D are taken with their
    exact tails (t's from v - t u by Dekker's product, D's by TwoSum and Dekker's v t) and the
    quotients corrected to first order: < 1.5 ulp where the plain chain reaches 2.3. Beyond
    |u| = 2^100 (the splits overflow from 2^116) u, v and g are scaled by 2^-64 (exact; the
    gradient is below 2^-100 g there). + (u - u) in by_larger's D: NaN at an infinite u, as
    PyTorch's inf / inf; t g / D in times_ratio's order (t may be 0 or tiny where g / D
    overflows); an infinite quotient, or one by an infinite D, is not corrected. At a = b = 0
    PyTorch's reciprocal of a^2 + b^2 is taken as 0: g b 0, -g a 0."""
    u, v, t, swapped = _larger_first(d, x)
    big = d.gt(d.abs(u), d.constant(2.0 ** 100))
    down = d.constant(2.0 ** -64)
    g, u, v = (d.where(big, d.multiply(e, down), e) for e in (x.grad, u, v))
    ts, us, vs = veltkamp(d, t), veltkamp(d, u), veltkamp(d, v)
    p = d.multiply(t, u)
    t_tail = d.div(d.subtract(d.subtract(v, p), product_error(d, p, ts, us)), u)
    m = d.multiply(v, t)
    den, den_tail = two_sum(d, u, m)
    den_tail = d.add(den_tail, d.add(product_error(d, m, vs, ts), d.multiply(v, t_tail)))
    relative = d.div(den_tail, den)
    q = d.div(g, d.add(den, d.subtract(u, u)))
    by_larger = where_nonfinite(d, q, q, d.subtract(q, d.multiply(q, relative)))
    w = times_ratio(d, g, t, den)
    corrected = d.add(w, d.subtract(times_ratio(d, g, t_tail, den), d.multiply(w, relative)))
    by_smaller = where_nonfinite(d, den, w, where_nonfinite(d, w, w, corrected))
    zero = d.constant(0.0)
    # input_grad's numerator is b: u when swapped
    if which == "input":
        gradient, origin = d.where(swapped, by_larger, by_smaller), d.multiply(d.multiply(x.grad, x.other), zero)
    else:
        gradient = d.neg(d.where(swapped, by_smaller, by_larger))
        origin = d.multiply(d.multiply(x.grad, d.neg(x.input)), zero)
    at_origin = d.multiply(d.eq(x.input, zero), d.eq(x.other, zero))  # 1 and 1: a 0-1 product is exact
    return d.where(at_origin, origin, gradient)


def hypot_gradient(d, x, which: str):
    """g a / r, g b / r, r = |u| sqrt(1 + t^2) (_larger_first): g sign(u) rsqrt(1 + t^2) for u's
    gradient (+ (u - u): NaN at an infinite u, as PyTorch's inf / inf), (g v / |u|) rsqrt(1 + t^2)
    for v's (times_ratio: t may underflow where g v / |u| does not). t's and 1 + t^2's exact
    tails (as atan2_bw's) would cut its 2.6 ulp (2.05 for |a|, |b| in [2^-20, 2^20]), but the fusion
    then leaves 14 programs."""
    u, v, t, swapped = _larger_first(d, x)
    signed = d.where(d.lt(u, d.constant(0.0)), d.neg(x.grad), x.grad)
    base = d.add(d.multiply(t, t), d.constant(1.0))
    by_larger = d.multiply(signed, d.rsqrt(d.add(base, d.subtract(u, u))))
    by_smaller = d.multiply(times_ratio(d, x.grad, v, d.abs(u)), d.rsqrt(base))
    # input is the smaller operand when swapped, other when not
    if which == "input":
        return d.where(swapped, by_smaller, by_larger)
    return d.where(swapped, by_larger, by_smaller)


def _xlogy_input(d, x):
    """xlogy(g, b) (0 where g = 0 unless b is NaN), 0 where a = 0 and b <= 0."""
    g, a, b, zero = x.grad, x.input, x.other, d.constant(0.0)
    slope = d.where(d.eq(g, zero), d.where(d.ne(b, b), b, zero), d.multiply(g, d.log(b)))
    return d.where(d.eq(a, zero), d.where(d.le(b, zero), zero, slope), slope)


def _xlogy_other(d, x):
    """g a / b (times_ratio)."""
    return times_ratio(d, x.grad, x.input, x.other)


def _sigmoid_at(d, g, y, error):
    """g s(y + error) for a small `error` (y's exact tail): g s(y) (1 + s(-y) error); below y = -84
    (s leaves float32's normal range where g s need not) g e^y (1 + error) (deep_exp_times). The
    tail is dropped beyond |y| = 200 (it cannot matter; it may be NaN there); an infinite g: g s(y)."""
    error = d.where(d.lt(d.abs(y), d.constant(200.0)), error, d.constant(0.0))
    p = d.multiply(g, d.sigmoid(y))
    near = d.add(p, d.multiply(d.multiply(p, d.sigmoid(d.neg(y))), error))
    deep = deep_exp_times(d, g, y)
    deep = d.add(deep, d.multiply(deep, error))
    finite = d.where(d.lt(d.add(y, d.constant(84.0)), d.constant(0.0)), deep, near)
    return where_nonfinite(d, g, p, finite)


def _logaddexp(d, x, which: str, base2: bool = False):
    """g / (1 + e^(b - a)) = g s(a - b) (logaddexp), g s((a - b) ln 2) (logaddexp2), with a - b as
    f32 head and exact tail (TwoSum: s amplifies a rounding of its argument y by |y|), and for
    logaddexp2 y = (a - b) ln2 as head and tail (Dekker's product with ln2's split, ln2's own
    f32 tail)."""
    a, b = (x.input, x.other) if which == "input" else (x.other, x.input)
    y, error = two_sum(d, a, d.neg(b))
    if base2:
        diff, tail = y, error
        y = d.multiply(diff, d.constant(_LN2))
        error = d.add(product_error(d, y, veltkamp(d, diff), constant_split(d, _LN2_SPLIT)),
                      d.add(d.multiply(diff, d.constant(_LN2_TAIL)), d.multiply(tail, d.constant(_LN2))))
    return _sigmoid_at(d, x.grad, y, error)


def _ldexp(d, x, which: str):
    """a 2^b: g 2^b, g a 2^b ln2 (pow(2, b) is correctly rounded: no rounded b ln2 in an exp);
    beyond b = +-120, 2^(b -+ 128) (b -+ 128 is exact) times 2^(+-64) (exact, normal for |b| < 190),
    and the product times 2^(+-64) last, so that 2^b leaves float32's range only where the gradient
    does; g, that power and a ln2 multiplied in times_both's order."""
    b = x.other
    high, low = d.gt(b, d.constant(120.0)), d.lt(b, d.constant(-120.0))
    shift = d.where(high, d.constant(128.0), d.where(low, d.constant(-128.0), d.constant(0.0)))
    scale = d.where(high, d.constant(2.0 ** 64), d.where(low, d.constant(2.0 ** -64), d.constant(1.0)))
    power = d.multiply(d.pow(d.constant(2.0), d.subtract(b, shift)), scale)
    if which == "other":
        product = times_both(d, x.grad, power, d.multiply(x.input, d.constant(math.log(2.0))))
    else:
        product = d.multiply(x.grad, power)
    return d.multiply(product, scale)


def _floor_quotient(d, a, b):
    """floor(a / b) exactly (PyTorch's div(a, b, rounding_mode="floor") in float64, where a
    rounded quotient q = f32(a / b) may have rounded up onto an integer): n = floor(q) by
    (q + C) - C (C = +-2^23: a magnitude in [2^23, 2^24) rounds to an integer; beyond, q is
    one), minus 1 where that rounded up; then n - 1 where a - n b (exactly: Dekker's product;
    a - n b is exact by Sterbenz when nonzero matters; a itself for n = 0; a and b scaled by
    2^-64 beyond |b| = 2^64, where the split would overflow) has the other sign than b."""
    q = d.div(a, b)
    zero, one = d.constant(0.0), d.constant(1.0)
    c = d.where(d.lt(q, zero), d.constant(-_TWO_23), d.constant(_TWO_23))
    n = d.where(d.lt(d.abs(q), d.constant(_TWO_23)), d.subtract(d.add(q, c), c), q)
    n = d.where(d.gt(n, q), d.subtract(n, one), n)
    big = d.gt(d.abs(b), d.constant(2.0 ** 64))
    down = d.constant(2.0 ** -64)
    a_s, b_s = d.where(big, d.multiply(a, down), a), d.where(big, d.multiply(b, down), b)
    p = d.multiply(n, b_s)
    rest = d.subtract(d.subtract(a_s, p), product_error(d, p, veltkamp(d, n), veltkamp(d, b_s)))
    rest = d.where(d.eq(n, zero), a, rest)
    above = d.where(d.gt(b, zero), d.lt(rest, zero), d.gt(rest, zero))
    return d.where(above, d.subtract(n, one), n)


def _quotient_times(d, x, whole):
    """-g whole(a / b) for the integer part `whole` of the quotient below |a / b| = 2^24; beyond
    it whole(a / b) is a / b to 2^-24: -g a / b (times_ratio: a / b may overflow where the
    gradient does not); at b = 0 PyTorch's +-inf or NaN."""
    g = d.neg(x.grad)
    within = d.lt(d.abs(d.div(x.input, x.other)), d.constant(2.0 ** 24))
    return d.where(within, d.multiply(g, whole), times_ratio(d, g, x.input, x.other))


def _remainder_other(d, x):
    """a - floor(a / b) b: -g floor(a / b); + (a - a): NaN at an infinite a, as PyTorch's floor
    division (through fmod(a, b), NaN there)."""
    return d.add(_quotient_times(d, x, _floor_quotient(d, x.input, x.other)), d.subtract(x.input, x.input))


def _fmod_other(d, x):
    """a - trunc(a / b) b: -g trunc(a / b), trunc = floor of the magnitudes with a / b's sign."""
    magnitude = _floor_quotient(d, d.abs(x.input), d.abs(x.other))
    return _quotient_times(d, x, d.where(d.lt(d.div(x.input, x.other), d.constant(0.0)), d.neg(magnitude), magnitude))


def _concat_part(d, x, part: str):
    """grad's part along concat_bw's dim: its first n (input's size there), or the rest (other's)."""
    shape = list(x.grad.value.type.shape)
    dim = x.attr("dim", 0) % len(shape)
    split = x.input.value.type.shape[dim]
    begins, ends = [0] * len(shape), list(shape)
    if part == "input":
        ends[dim] = split
    else:
        begins[dim] = split
    return d.slice(x.grad, begins, ends)


GRADIENTS = {  # op -> (input_grad rule, other_grad rule)
    "ttir.rsub_bw": (lambda d, x: d.neg(x.grad), lambda d, x: x.grad),
    "ttir.squared_difference_bw": (_squared_difference, lambda d, x: d.neg(_squared_difference(d, x))),
    "ttir.min_bw": (lambda d, x: _min_max(d, x, "min_input"), lambda d, x: _min_max(d, x, "min_other")),
    "ttir.max_bw": (lambda d, x: _min_max(d, x, "max_input"), lambda d, x: _min_max(d, x, "max_other")),
    "ttir.atan2_bw": (lambda d, x: atan2_gradient(d, x, "input"), lambda d, x: atan2_gradient(d, x, "other")),
    "ttir.hypot_bw": (lambda d, x: hypot_gradient(d, x, "input"), lambda d, x: hypot_gradient(d, x, "other")),
    "ttir.xlogy_bw": (_xlogy_input, _xlogy_other),
    "ttir.logaddexp_bw": (lambda d, x: _logaddexp(d, x, "input"), lambda d, x: _logaddexp(d, x, "other")),
    "ttir.logaddexp2_bw": (lambda d, x: _logaddexp(d, x, "input", True),
                           lambda d, x: _logaddexp(d, x, "other", True)),
    "ttir.ldexp_bw": (lambda d, x: _ldexp(d, x, "input"), lambda d, x: _ldexp(d, x, "other")),
    "ttir.remainder_bw": (lambda d, x: x.grad, _remainder_other),
    "ttir.fmod_bw": (lambda d, x: x.grad, _fmod_other),
    "ttir.assign_bw": (lambda d, x: x.grad, lambda d, x: x.grad),
    "ttir.concat_bw": (lambda d, x: _concat_part(d, x, "input"), lambda d, x: _concat_part(d, x, "other")),
}
