"""Functions the Tensix SFPU (and ttbw's codegen) has no instruction for, built from TTIR ops
the device has: +, -, *, /, comparisons and where (correctly rounded in f32 on both backends,
which the exact steps below rely on). Each takes and returns GradientBuilder expressions.

sin / cos (`sin_cos`): Cody-Waite reduction x = k pi/2 + r, k = round(x 2/pi) (by the add-and-
subtract of 1.5 2^23), pi/2 as five parts of 8 significant bits (k P_i is exact for |k| < 2^16)
and an f32 tail: r (its f32 head) + e (the exact sum of its roundings) is x - k pi/2 to ~2^-40
absolute for |x| < 2^16 * pi/2 (REDUCTION_LIMIT); beyond it the reduction is not exact (the sweep
lists the loss). Then Taylor polynomials of sin and cos on |r| <= pi/4 (degree 11 and 12:
truncation below 2^-36 relative), Horner in f32 for all but their leading terms, which each
result adds once, and the quadrant k mod 4 picks +-sin r or +-cos r.
"""
from __future__ import annotations

import math
from fractions import Fraction

from .exact_arith import two_sum

_PI = Fraction("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899")
_ROUND = 1.5 * 2.0 ** 23  # (y + C) - C rounds |y| < 2^22 to an integer
REDUCTION_LIMIT = 2.0 ** 16 * math.pi / 2.0


def _parts(value: Fraction, count: int, bits: int) -> list:
    """`count` floats of `bits` significant bits summing to `value` up to the returned tail."""
    parts, rest = [], value
    for _ in range(count):
        exponent = math.floor(math.log2(abs(float(rest))))
        step = Fraction(2) ** (exponent - bits + 1)
        part = round(rest / step) * step
        parts.append(float(part))
        rest -= part
    return parts + [float(rest)]


_HALF_PI_PARTS = _parts(_PI / 2, 5, 8)
_SIN = [(-1.0) ** n / math.factorial(2 * n + 1) for n in range(6)]  # r, r^3, ..., r^11
_COS = [(-1.0) ** n / math.factorial(2 * n) for n in range(7)]  # 1, r^2, ..., r^12


def rounded_to_integer(d, y):
    """y rounded to an integer (nearest, ties to even) by (y + C) - C, for |y| < 2^22."""
    c = d.constant(_ROUND)
    return d.subtract(d.add(y, c), c)


def horner(d, z, coefficients):
    """c0 + z (c1 + z (c2 + ...))."""
    total = d.constant(coefficients[-1])
    for c in reversed(coefficients[:-1]):
        total = d.add(d.multiply(total, z), d.constant(c))
    return total


def sin_cos(d, x, tails: bool = False):
    """(sin x, cos x) as expressions (NaN for a NaN or infinite x); with `tails`, also their
    f32 tails (sin x ~ sin + sin_tail to ~2^-30 relative, where the head alone is within 1.4 ulp):
    the reduction's roundings after its first, exact, step are summed exactly (TwoSum) into e,
    r + e = x - k pi/2, and each of sin r = r + (r z S(z) + e cos r) and cos r = 1 + (z C(z) - e r)
    rounds once, by a TwoSum whose error is the tail (the plain r P(z) chained two roundings and
    dropped e: 2.3 ulp, which tan_bw's 1 / cos^2 doubled near its poles)."""
    k = rounded_to_integer(d, d.multiply(x, d.constant(2.0 / math.pi)))
    r = d.subtract(x, d.multiply(k, d.constant(_HALF_PI_PARTS[0])))  # exact (Sterbenz)
    e = None
    for part in _HALF_PI_PARTS[1:]:
        r, error = two_sum(d, r, d.neg(d.multiply(k, d.constant(part))))
        e = error if e is None else d.add(e, error)
    z = d.multiply(r, r)
    cos_plain = horner(d, z, _COS)
    sin_small = d.add(d.multiply(d.multiply(r, z), horner(d, z, _SIN[1:])), d.multiply(e, cos_plain))
    cos_small = d.subtract(d.multiply(z, horner(d, z, _COS[1:])), d.multiply(e, r))
    sin_r, sin_tail = two_sum(d, r, sin_small)
    cos_r, cos_tail = two_sum(d, d.constant(1.0), cos_small)
    # k mod 4 = k - 4 round(k / 4 - 3/8) (k / 4 exact; ties never occur)
    fourths = rounded_to_integer(d, d.subtract(d.multiply(k, d.constant(0.25)), d.constant(0.375)))
    quadrant = d.subtract(k, d.multiply(fourths, d.constant(4.0)))
    # odd: q - 2 round(q / 2 - 1/4) = 1
    half = rounded_to_integer(d, d.subtract(d.multiply(quadrant, d.constant(0.5)), d.constant(0.25)))
    odd = d.eq(d.subtract(quadrant, d.multiply(half, d.constant(2.0))), d.constant(1.0))
    negative = d.ge(quadrant, d.constant(2.0))

    def by_quadrant(sin_part, cos_part):
        sin_x, cos_x = d.where(odd, cos_part, sin_part), d.where(odd, d.neg(sin_part), cos_part)
        return d.where(negative, d.neg(sin_x), sin_x), d.where(negative, d.neg(cos_x), cos_x)

    heads = by_quadrant(sin_r, cos_r)
    return (*heads, *by_quadrant(sin_tail, cos_tail)) if tails else heads
