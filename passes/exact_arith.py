"""Exact steps of float32 arithmetic the derivative rules build on (derivatives.py,
derivatives_binary.py): error-free sums and products (TwoSum, Veltkamp's split, Dekker's
product), the float32 constants they split, and the range guards of products whose factors
leave float32's range where the product does not. Each step takes and returns GradientBuilder
expressions and needs correctly rounded f32 adds, subtracts and multiplies (both backends')."""
from __future__ import annotations

import math
import struct

# 126 log(2) as HI (a multiple of 2^-15: w + HI is exact for w <= -84) + LO
LN2_126_HI = round(126.0 * math.log(2.0) * 2.0 ** 15) / 2.0 ** 15
LN2_126_LO = 126.0 * math.log(2.0) - LN2_126_HI


def f32(number: float) -> float:
    return struct.unpack("f", struct.pack("f", number))[0]


def split_f32(number: float) -> tuple:
    """Veltkamp's split of the float32 `number` into 12-bit halves (float32 ops, as on the device)."""
    split = f32(number * 4097.0)
    hi = f32(split - f32(split - number))
    return hi, number - hi


def f32_pair(number: float) -> tuple:
    """(head, tail): the float32 head of `number` and the float32 of the rest."""
    head = f32(number)
    return head, f32(number - head)


def veltkamp(d, v):
    """(hi, lo): v = hi + lo exactly, each of 12 bits (|v| 4097 finite)."""
    split = d.multiply(v, d.constant(4097.0))
    hi = d.subtract(split, d.subtract(split, v))
    return hi, d.subtract(v, hi)


def product_error(d, p, a, b):
    """a b - p exactly (Dekker) for p = f32(a b), a and b given as their Veltkamp splits (hi, lo)
    (no overflow or underflow)."""
    (ah, al), (bh, bl) = a, b
    return d.add(d.add(d.add(d.subtract(d.multiply(ah, bh), p), d.multiply(ah, bl)), d.multiply(al, bh)),
                 d.multiply(al, bl))


def two_sum(d, a, b):
    """(s, e): s = f32(a + b), e = a + b - s exactly (Knuth's TwoSum, any magnitudes)."""
    s = d.add(a, b)
    back = d.subtract(s, a)
    return s, d.add(d.subtract(a, d.subtract(s, back)), d.subtract(b, back))


def constant_split(d, split: tuple):
    return d.constant(split[0]), d.constant(split[1])


def where_nonfinite(d, value, nonfinite, finite):
    """`finite` where `value` is finite, else `nonfinite`: value - value is 0 exactly for a
    finite value, NaN else, and where tests it against 0 directly (two tile ops). A rule that
    reads g twice to damp a rounding ((g - g t) t) makes inf - inf of an infinite g, where
    PyTorch's g * slope is +-inf (NaN where the slope is 0 or NaN): there it takes g times an
    inf-safe factor with the slope's sign and zeros."""
    return d.where(d.ne(d.subtract(value, value), d.constant(0.0)), nonfinite, finite)


def deep_exp_times(d, g, y):
    """g e^y (= g s(y) to 2^-121 for y < -84) as (g 2^-126) exp(y + LN2_126_HI), both factors an
    exact power of two from g and e^y (y + HI is exact from y = -174 on, below which g e^y <
    2^-123 for any float32 g), plus its LN2_126_LO tail (e^LO = 1 + LO)."""
    product = d.multiply(d.multiply(g, d.constant(2.0 ** -126)), d.exp(d.add(y, d.constant(LN2_126_HI))))
    return d.add(product, d.multiply(product, d.constant(LN2_126_LO)))


def times_ratio(d, g, a, b):
    """g a / b in an order whose partial result stays in range wherever the result does: a and
    1 / b on either side of 1: g (a / b) (between them); on one side: (g / b) a (its overflow or
    underflow is the result's). Either order gives PyTorch's infinities and NaNs at b = 0."""
    one = d.constant(1.0)
    either_side = d.lt(d.multiply(d.subtract(d.abs(a), one), d.subtract(one, d.abs(b))), d.constant(0.0))
    return d.where(either_side, d.multiply(g, d.div(a, b)), d.multiply(d.div(g, b), a))


def times_both(d, g, x, y):
    """g x y in an order whose partial product stays in range wherever the result does: x and y on
    either side of 1: g (x y); on one side: (g x) y."""
    one = d.constant(1.0)
    either_side = d.lt(d.multiply(d.subtract(d.abs(x), one), d.subtract(d.abs(y), one)), d.constant(0.0))
    return d.where(either_side, d.multiply(g, d.multiply(x, y)), d.multiply(d.multiply(g, x), y))
