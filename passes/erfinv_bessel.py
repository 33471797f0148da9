"""erfinv's slope and the modified Bessel function I1 built from TTIR ops, for erfinv_bw and i0_bw
(passes/derivatives_special.py). Each takes and returns GradientBuilder expressions; the
coefficients come from passes/special_series.py (Chebyshev fits, power series), computed once
per process.
"""
from __future__ import annotations

import math
from functools import lru_cache

from . import special_series as series
from .approximations import horner
from .exact_arith import f32_pair, product_error, veltkamp

_SQRT_PI_HALF = f32_pair(0.5 * math.sqrt(math.pi))
_SPLIT_W = 5.0  # erfinv's guess: w = -ln(1 - x^2) below, sqrt(w) above (Giles' variables)


def _guess_ratio(w: float) -> float:
    """erfinv(x) / x as a function of w = -ln(1 - x^2) (1 - x computed from w without cancellation)."""
    if w < 1e-12:
        return 0.5 * math.sqrt(math.pi)
    e = math.exp(-w)
    q = e / (1.0 + math.sqrt(1.0 - e))  # 1 - x
    return series.erfinv(1.0 - q, tail=q) / (1.0 - q)  # erfc(y) = q


class _Erfinv:
    """The first guess y0 = x P(v) of erfinv, relative error below 2^-20: Chebyshev fits of
    erfinv(x) / x in v = w - 5/2 on w in [0, 5] and in v = sqrt(w) - 3.14 on w in [5, 16.3] (1 -
    |x| >= 2^-24), of one degree (their coefficients picked per element)."""

    def __init__(self):
        self.degree = 7
        low = series.chebyshev_fit(_guess_ratio, 0.0, _SPLIT_W, self.degree)
        high = series.chebyshev_fit(lambda r: _guess_ratio(r * r), math.sqrt(_SPLIT_W), math.sqrt(16.3), self.degree)
        self.low_center, self.high_center = 0.5 * _SPLIT_W, 0.5 * (math.sqrt(_SPLIT_W) + math.sqrt(16.3))
        self.low = _in_offset(low, 0.5 * _SPLIT_W)
        self.high = _in_offset(high, 0.5 * (math.sqrt(16.3) - math.sqrt(_SPLIT_W)))


def _in_offset(coefficients, half_width: float) -> tuple:
    """Chebyshev-fit coefficients in u = v / half_width as coefficients in v."""
    return tuple(c / half_width ** k for k, c in enumerate(coefficients))


@lru_cache(maxsize=None)
def _erfinv() -> _Erfinv:
    return _Erfinv()


def _horner_choice(d, v, choose, first, second):
    """Horner of `first`'s coefficients where `choose` is 1, `second`'s elsewhere."""
    total = d.where(choose, d.constant(first[-1]), d.constant(second[-1]))
    for a, b in zip(reversed(first[:-1]), reversed(second[:-1])):
        total = d.add(d.multiply(total, v), d.where(choose, d.constant(a), d.constant(b)))
    return total


def erfinv_slope_times(d, g, x):
    """g sqrt(pi) / 2 exp(erfinv(x)^2) (NaN outside [-1, 1], sign(g) inf at +-1). With a = |x|:
    the guess y0 (_Erfinv), one Newton step on erf, delta = -(erf(y0) - a) c e^(y0^2) (the
    residual as (1 - a) - erfc(y0) from a = 1/2 on: 1 - a exact, erfc to its relative
    precision), and y0^2 = A + A_l exactly (Dekker), so that exp(y^2) = E (1 + tau + tau^2 / 2),
    E = exp(A), tau = A_l + 2 y0 delta + delta^2 (the exponent ~15 near 1 would make each of its
    roundings 15 ulp); c = sqrt(pi) / 2 as head and tail."""
    k = _erfinv()
    one, half = d.constant(1.0), d.constant(0.5)
    a = d.abs(x)
    below = d.subtract(one, a)  # exact from a = 1/2 on
    w = d.neg(d.log(d.multiply(below, d.add(one, a))))
    high = d.ge(w, d.constant(_SPLIT_W))
    v = d.where(high, d.subtract(d.sqrt(w), d.constant(k.high_center)), d.subtract(w, d.constant(k.low_center)))
    y0 = d.multiply(a, _horner_choice(d, v, high, k.high, k.low))
    square = d.multiply(y0, y0)
    split = veltkamp(d, y0)
    square_tail = product_error(d, square, split, split)
    e = d.exp(square)
    c, c_tail = _SQRT_PI_HALF
    residual = d.where(d.lt(a, half), d.subtract(d.erf(y0), a), d.subtract(below, d.erfc(y0)))
    delta = d.neg(d.multiply(d.multiply(residual, e), d.constant(c)))
    tau = d.add(square_tail, d.multiply(delta, d.add(d.add(y0, y0), delta)))
    correction = d.add(d.add(tau, d.multiply(d.multiply(tau, tau), half)), d.constant(c_tail / c))
    scaled = d.multiply(d.multiply(g, e), d.constant(c))
    result = d.add(scaled, d.multiply(scaled, correction))
    # a = 1: g c / 0 (sign(g) inf, NaN for g = 0)
    return d.where(d.eq(a, one), d.div(d.multiply(g, d.constant(c)), below), result)


_I1_SERIES = 2.0  # I1's power series below, e^x times a polynomial up to _I1_SCALED, its scaled form beyond
_I1_SCALED = 8.0
_SHIFT = 64.0 * math.log(2.0)
_SHIFT_HI = round(_SHIFT * 2.0 ** 15) / 2.0 ** 15  # a - H exact for float32 a >= 64
_SHIFT_REST = math.exp(_SHIFT_HI - _SHIFT) - 1.0  # e^a = e^(a - H) (1 + rest) 2^64


class _BesselI1:
    """I1(x) = (x / 2) S((x / 2)^2) for x <= 2, S(z) = sum_k z^k / (k! (k + 1)!) economized on [0,
    1] (rounding z = x^2 / 4 costs z S'(z) / S(z) of its half ulp: 2 ulp at z = 16); up to 8, e^x
    k(x), k(x) = e^-x I1(x) a degree-14 Chebyshev fit in x - 5 (x exact, exp correctly rounded);
    beyond, e^x x^-1/2 h(1 / x), h(t) = sqrt(x) e^-x I1(x) a degree-6 fit on t in [0, 1/8]
    (smooth there, its asymptotic series 1 / sqrt(2 pi) (1 - 3t / 8 - ...) not convergent).
    Each relative error below 2^-27."""

    def __init__(self):
        series_terms = [1.0 / (math.factorial(k) * math.factorial(k + 1)) for k in range(30)]
        self.small = series.economize(series_terms, 0.0, 0.25 * _I1_SERIES ** 2, 2.0 ** -28)
        self.middle_center = 0.5 * (_I1_SERIES + _I1_SCALED)
        middle = series.chebyshev_fit(lambda v: math.exp(-v) * series.bessel_i1(v), _I1_SERIES, _I1_SCALED, 14)
        self.middle = _in_offset(middle, 0.5 * (_I1_SCALED - _I1_SERIES))
        width = 1.0 / _I1_SCALED

        def scaled(t):
            return series.bessel_i1_scaled(1.0 / t) if t > 0.0 else 1.0 / math.sqrt(2.0 * math.pi)
        self.large_center = 0.5 * width
        self.large = _in_offset(series.chebyshev_fit(scaled, 0.0, width, 6), self.large_center)


@lru_cache(maxsize=None)
def _bessel_i1() -> _BesselI1:
    return _BesselI1()


def bessel_i1_times(d, g, x):
    """g I1(x) (odd: g's sign flipped below 0; NaN at +-inf, as torch's exp(x) h / sqrt(x)): the
    exponential forms as (g k) e^x and ((g h) x^-1/2) e^x, beyond x = 64 with e^x = e^(x - H) (1 +
    rest) 2^64 (x - H exact, the power of two last): in range wherever g I1(x) is."""
    k = _bessel_i1()
    zero = d.constant(0.0)
    a = d.abs(x)
    signed = d.where(d.lt(x, zero), d.neg(g), g)
    half = d.multiply(a, d.constant(0.5))
    small = d.multiply(d.multiply(signed, half), horner(d, d.multiply(half, half), k.small))
    large = d.where(d.le(a, d.constant(_I1_SCALED)),
                    horner(d, d.subtract(a, d.constant(k.middle_center)), k.middle),
                    d.multiply(horner(d, d.subtract(d.reciprocal(a), d.constant(k.large_center)), k.large), d.rsqrt(a)))
    shifted = d.gt(a, d.constant(64.0))
    e = d.exp(d.subtract(a, d.where(shifted, d.constant(_SHIFT_HI), zero)))
    e = d.where(shifted, d.add(e, d.multiply(e, d.constant(_SHIFT_REST))), e)
    large = d.multiply(d.multiply(signed, large), e)
    large = d.where(shifted, d.multiply(large, d.constant(2.0 ** 64)), large)
    return d.where(d.le(a, d.constant(_I1_SERIES)), small, large)
