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
      else m_g e^r 2^(K - k_i + k_g + j) with g = m_g 2^k_g and Phi - log|m_i| = j ln 2 + r
      (Cody-Waite: |r| <= ln 2 / 2, exact by Dekker's product and TwoSum, r's tail applied as
      e^r (1 + tail)): no partial result leaves float32's range where the gradient does not, and
      the powers of two are exact products but where the result itself rounds;
    times the sign of the others' product ((-1)^negatives: a count's parity, whether half of it is
    an integer, exact below 2^23). A zero, infinite or NaN g gives g times that sign, as torch's
    g * prod. An input-shaped grad (ttnn's older form) holds g at index 0 of the reduced dims."""
    dims = _reduced_dims(x)
    v, g = x.input, x.grad
    shape = list(v.value.type.shape)
    kept = [1 if i in dims else s for i, s in enumerate(shape)]
    if list(g.value.type.shape) != kept:
        g = d.slice(g, [0] * len(shape), kept)
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
    # 2^(K - k_i + k_g + j) e^r with Phi - log|m_i| = j ln 2 + r, |r| <= ln 2 / 2 (Cody-Waite, the
    # product j ln2_hi exact by Dekker's error, the differences by TwoSum): e^r in range for any slice
    rest, rest_tail = two_sum(d, d.sum(log_m, dims), d.neg(log_m))
    j = rounded_to_integer(d, d.multiply(rest, d.constant(1.0 / math.log(2.0))))
    j_ln2 = d.multiply(j, d.constant(_LN2_HI))
    j_ln2_error = product_error(d, j_ln2, veltkamp(d, j), constant_split(d, split_f32(_LN2_HI)))
    r, r_tail = two_sum(d, rest, d.neg(j_ln2))
    tail = d.subtract(d.add(r_tail, rest_tail), d.add(j_ln2_error, d.multiply(j, d.constant(_LN2_LO))))
    power = d.exp(r)
    power = d.add(power, d.multiply(power, tail))  # e^(r + tail) = e^r (1 + tail)
    # 2^whole as two powers of two (each a float32 where the result is one): exact products but the last
    whole = d.add(d.add(d.subtract(d.sum(k, dims), k), k_g), j)
    half_whole = rounded_to_integer(d, d.multiply(whole, d.constant(0.5)))
    two = d.constant(2.0)
    scale_first, scale_second = d.pow(two, half_whole), d.pow(two, d.subtract(whole, half_whole))
    half = d.multiply(negatives, d.constant(0.5))
    sign = d.where(d.eq(half, rounded_to_integer(d, half)), one, d.constant(-1.0))
    nan, inf = d.constant(math.nan), d.constant(math.inf)
    special = d.where(d.gt(nans, zero), nan,
                      d.where(d.gt(zeros, zero), d.where(d.gt(infinities, zero), nan, zero),
                              d.where(d.gt(infinities, zero), inf, one)))
    scaled = d.multiply(d.multiply(d.multiply(d.multiply(sign, m_g), power), scale_first), scale_second)
    regular = d.where(d.ne(g_usable, zero), scaled, d.multiply(g, sign))
    return d.where(d.ne(special, one), d.multiply(g, d.multiply(sign, special)), regular)
