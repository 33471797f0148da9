"""A slope near its root: the Taylor polynomial of the slope in t = x - r, for the rules whose
general form cancels there (gelu's Phi(x) + x phi(x), silu's s (1 + x (1 - s)), tanh-gelu's).

At the root every form is a difference of terms near 0.2-0.5: their f32 roundings are absolute
errors of ~2^-25 while the slope goes to 0, so its relative error grows without bound (58,000
ulp 0.01 from gelu's root). In t the slope is t (a1 + a2 t + ...): with t = (x - r_hi) - r_lo (x
- r_hi exact by Sterbenz's lemma within a factor 2 of r, r = r_hi + r_lo as f32) each term is
relative to the result, and Horner's roundings stay a few ulp.

The coefficients come from the forward's power series at r, in double precision (truncated
power-series arithmetic: products, exp, reciprocal, integration), the slope's as its derivative;
r from Newton's method on the same series. Pure Python, computed once per process.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from .approximations import horner
from .exact_arith import f32_pair

ORDER = 24  # series terms carried (the polynomials need at most ~16)


class Series:
    """A truncated power series in t: coefficients[k] of t^k, k < ORDER."""

    def __init__(self, coefficients):
        self.c = (list(coefficients) + [0.0] * ORDER)[:ORDER]

    @staticmethod
    def variable(at: float) -> "Series":
        return Series([at, 1.0])

    def __add__(self, other):
        other = _series(other)
        return Series([a + b for a, b in zip(self.c, other.c)])

    __radd__ = __add__

    def __neg__(self):
        return Series([-a for a in self.c])

    def __sub__(self, other):
        return self + (-_series(other))

    def __rsub__(self, other):
        return _series(other) - self

    def __mul__(self, other):
        if not isinstance(other, Series):
            return Series([a * other for a in self.c])
        return Series([sum(self.c[j] * other.c[k - j] for j in range(k + 1)) for k in range(ORDER)])

    __rmul__ = __mul__

    def exp(self) -> "Series":
        out = [math.exp(self.c[0])]
        for k in range(1, ORDER):
            out.append(sum(j * self.c[j] * out[k - j] for j in range(1, k + 1)) / k)
        return Series(out)

    def reciprocal(self) -> "Series":
        out = [1.0 / self.c[0]]
        for k in range(1, ORDER):
            out.append(-sum(self.c[j] * out[k - j] for j in range(1, k + 1)) / self.c[0])
        return Series(out)

    def integral(self, constant: float) -> "Series":
        return Series([constant] + [a / (k + 1) for k, a in enumerate(self.c[:-1])])

    def derivative(self) -> "Series":
        return Series([(k + 1) * a for k, a in enumerate(self.c[1:])])


def _series(value) -> Series:
    return value if isinstance(value, Series) else Series([value])


def _sigmoid(s: Series) -> Series:
    return (1.0 + (-s).exp()).reciprocal()


def gelu(x: Series) -> Series:
    """x Phi(x): Phi's series is the integral of phi's, from Phi(x0) = erfc(-x0 / sqrt2) / 2."""
    phi = ((x * x) * -0.5).exp() * (1.0 / math.sqrt(2.0 * math.pi))
    return x * phi.integral(0.5 * math.erfc(-x.c[0] / math.sqrt(2.0)))


def gelu_tanh(x: Series) -> Series:
    """x s(2u), 2u = sqrt(8 / pi) (x + 0.044715 x^3)."""
    return x * _sigmoid((x + 0.044715 * (x * x * x)) * math.sqrt(8.0 / math.pi))


def silu(x: Series) -> Series:
    return x * _sigmoid(x)


class SlopeRoot(NamedTuple):  # not a dataclass: cheaper for ttbw-opt's start-up
    """The slope near its root r: t (a[0] + a[1] t + ...) for |x - r_hi| <= width."""
    hi: float
    lo: float
    width: float
    coefficients: tuple


def _slope(forward, at: float) -> Series:
    return forward(Series.variable(at)).derivative()


@lru_cache(maxsize=None)
def slope_root(forward, guess: float, width: float = 0.25) -> SlopeRoot:
    """The root of `forward`'s slope near `guess` and the slope's polynomial in t = x - r, of the
    degree whose truncation at |t| = width is below 2^-30 of the first term."""
    root = guess
    for _ in range(8):  # Newton's method on the slope (its series' first two terms)
        slope = _slope(forward, root)
        root -= slope.c[0] / slope.c[1]
    a = _slope(forward, root).c[1:]  # t^1, t^2, ...: the slope is 0 at t = 0
    degree = next(n for n in range(1, len(a)) if all(abs(c) * width ** k <= 2.0 ** -30 * abs(a[0])
                                                    for k, c in enumerate(a[n:n + 3], start=n)))
    hi, lo = f32_pair(root)
    return SlopeRoot(hi, lo, width, tuple(a[:degree]))


def near_root(d, v, root: SlopeRoot):
    """(inside, slope): whether v is within root.width of r, and the polynomial's slope there."""
    offset = d.subtract(v, d.constant(root.hi))  # exact: v within a factor 2 of r
    t = d.subtract(offset, d.constant(root.lo))
    total = horner(d, t, root.coefficients)
    # |offset| - width <= 0 compares with zero: one tile op (the rounding moves the edge an ulp:
    # either form is accurate there)
    inside = d.le(d.subtract(d.abs(offset), d.constant(root.width)), d.constant(0.0))
    return inside, d.multiply(t, total)
