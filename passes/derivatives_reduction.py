"""The derivative rules of the backward ops that reduce (ttir.repeat_bw, ttir.prod_bw): their
gradients read sums over the reduced dims, broadcast back over them by the ops reading them.
"""
from __future__ import annotations

import math

from mlir import ir

from .approximations import rounded_to_integer
from .exact_arith import constant_split, f32_pair, product_error, split_f32, two_sum, veltkamp


def repeat_input_grad(d, x):
    """repeat's gradient: grad summed over each dim's repeats, in one sum (one rounding). A dim
    of size s > 1 repeated r != 1 times is split into (r, s) and summed over r; a dim of size 1
    (the dims the repeats add in front too) is summed whole; the result reshaped to the input's."""
    repeats = list(ir.DenseI64ArrayAttr(x.attr("repeat_dimensions")))
    shape = list(x.input.value.type.shape)
    sizes = [1] * (len(repeats) - len(shape)) + shape
    split, summed = [], []
    for r, s in zip(repeats, sizes):
        if r != 1:
            summed.append(len(split))
            split += [r, s] if s > 1 else [r]
        else:
            split.append(s)
    if not summed:
        return x.grad
    return d.reshape(d.sum(d.reshape(x.grad, split), tuple(summed)), shape)


def _reduced_dims(x) -> tuple:
    rank = len(x.input.value.type.shape)
    dim_arg = x.attr("dim_arg")
    if dim_arg is None:
        return tuple(range(rank))
    return tuple(ir.IntegerAttr(dim).value % rank for dim in ir.ArrayAttr(dim_arg))


_LN2_HI, _LN2_LO = f32_pair(math.log(2.0))


def _binary_parts(d, a, usable):
    """(k, m): a = m 2^k exactly, k an integer with |m| within [2^-1/2, 2^1/2] (about: k from
    log |a| / ln 2, clamped to -126 so that 2^-k stays a float32; a subnormal a keeps a smaller
    m); where `usable` is false (zeros, infinities, NaNs) k = 0 and m = a."""
    zero = d.constant(0.0)
    safe = d.where(usable, d.abs(a), d.constant(1.0))
    k = rounded_to_integer(d, d.multiply(d.log(safe), d.constant(1.0 / math.log(2.0))))
    k = d.where(usable, d.where(d.lt(k, d.constant(-126.0)), d.constant(-126.0), k), zero)
    return k, d.where(usable, d.multiply(a, d.pow(d.constant(2.0), d.neg(k))), a)


def prod_input_grad(d, x):
    """g times the product of the other elements of x's slice, in the log domain: the TTIR has
    sums, not products. Each finite nonzero x_j = m_j 2^k_j (m_j near 1, both exact), so that
    the product of the others is 2^(K - k_i) e^(Phi - log|m_i|) with K = sum k_j (an exact sum of
    integers) and Phi = sum log|m_j| (small: its rounding is a small part of the result's). Per
    slice the two sums and the counts of zeros, infinities, NaNs and negatives are read back;
    then at x_i, with the counts of the others (the slice's minus x_i's own):
      a NaN among them: NaN; a zero and an infinity: NaN; a zero: 0; an infinity: inf;
      else exp((K - k_i + k_g) ln 2 + Phi - log|m_i|) times g's m_g = g 2^-k_g, so that g scales
      the product without overflowing it; the exponent's sums exact (Dekker's product with a
      two-part ln 2, TwoSum) and its tail applied as e^(hi + lo) = e^hi (1 + lo);
    times the sign of the others' product ((-1)^negatives: a count's parity, whether half of it is
    an integer, exact below 2^23). A zero, infinite or NaN g gives g times that sign, as torch's g * prod."""
    dims = _reduced_dims(x)
    v, g = x.input, x.grad
    zero, one = d.constant(0.0), d.constant(1.0)
    magnitude = d.abs(v)
    is_zero, is_inf, is_nan, is_negative = (d.eq(v, zero), d.eq(magnitude, d.constant(math.inf)), d.ne(v, v),
                                            d.lt(v, zero))
    counts = []
    for flag in (is_zero, is_inf, is_nan, is_negative):
        own = d.where(flag, one, zero)
        counts.append(d.subtract(d.sum(own, dims), own))  # the others'
    zeros, infinities, nans, negatives = counts
    finite_nonzero = d.where(is_zero, zero, d.where(is_inf, zero, d.where(is_nan, zero, one)))
    k, m = _binary_parts(d, v, d.ne(finite_nonzero, zero))
    log_m = d.where(d.ne(finite_nonzero, zero), d.log(d.abs(m)), zero)
    g_usable = d.where(d.eq(g, zero), zero, d.where(d.eq(d.subtract(g, g), zero), one, zero))
    k_g, m_g = _binary_parts(d, g, d.ne(g_usable, zero))
    # (K - k_i + k_g) ln 2 + (Phi - log|m_i|): the integer times ln 2's head exactly (Dekker)
    whole = d.add(d.subtract(d.sum(k, dims), k), k_g)
    head = d.multiply(whole, d.constant(_LN2_HI))
    tail = d.add(product_error(d, head, veltkamp(d, whole), constant_split(d, split_f32(_LN2_HI))),
                 d.multiply(whole, d.constant(_LN2_LO)))
    rest, rest_tail = two_sum(d, d.sum(log_m, dims), d.neg(log_m))
    exponent, exponent_tail = two_sum(d, head, rest)
    power = d.exp(exponent)
    power = d.add(power, d.multiply(power, d.add(d.add(tail, rest_tail), exponent_tail)))
    half = d.multiply(negatives, d.constant(0.5))
    sign = d.where(d.eq(half, rounded_to_integer(d, half)), one, d.constant(-1.0))
    nan, inf = d.constant(math.nan), d.constant(math.inf)
    special = d.where(d.gt(nans, zero), nan,
                      d.where(d.gt(zeros, zero), d.where(d.gt(infinities, zero), nan, zero),
                              d.where(d.gt(infinities, zero), inf, one)))
    regular = d.where(d.ne(g_usable, zero), d.multiply(d.multiply(sign, m_g), power), d.multiply(g, sign))
    return d.where(d.ne(special, one), d.multiply(g, d.multiply(sign, special)), regular)
