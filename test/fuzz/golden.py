"""The numeric oracle of an accepted `ttbw.mul_bw` call: torch autograd on the stored inputs,
float64 where bf16 / f32 has no exact answer (a sum over broadcast dims, complex products).

Returns None, or (kind, detail) naming the backend, dtype, whether the gradient is reduced,
the input values' kind and what is wrong, so that like failures form one class.
"""
from __future__ import annotations

import math

EPS = {"bf16": 2.0 ** -8, "f32": 2.0 ** -24, "bfp8": 2.0 ** -6}
# the spacing of the dtype's subnormals: a rounding's absolute error there is half of it, whatever
# the value's magnitude (a sum of two rounded subnormal products is off by up to one)
SUBNORMAL_STEP = {"bf16": 2.0 ** -133, "f32": 2.0 ** -149}


def _stored(torch, ttbw, value):
    """The values a ttbw tensor holds (after its dtype's rounding) as float64 / complex128."""
    if isinstance(value, ttbw.ComplexTensor):
        return torch.complex(ttbw.to_torch(value.real).double(), ttbw.to_torch(value.imag).double())
    if isinstance(value, ttbw.Tensor):
        return ttbw.to_torch(value).double()
    return value  # a Python number


def _dtype_name(ttbw, value) -> str:
    t = value.real if isinstance(value, ttbw.ComplexTensor) else value
    return {ttbw.bfloat16: "bf16", ttbw.float32: "f32", ttbw.bfloat8_b: "bfp8"}[t.dtype]


def compare(torch, ttbw, spec, g, a, b, result):
    scalar = not isinstance(b, (ttbw.Tensor, ttbw.ComplexTensor))
    mask = spec["mask"]
    wanted = [("input_grad", a, b)] + ([] if scalar else [("other_grad", b, a)])
    outputs = list(result) + [None] * (2 - len(result))
    for index, (name, operand, other) in enumerate(wanted):
        got = outputs[index]
        if not mask[index]:
            if got is not None:
                return _kind(spec, "elementwise", "?", f"{name} returned though not required")
            continue
        if got is None:
            return _kind(spec, "elementwise", "?", f"{name} missing")
        problem = _compare_one(torch, ttbw, spec, g, operand, other, got, name)
        if problem is not None:
            return problem
    return None


def _compare_one(torch, ttbw, spec, g, operand, other, got, name):
    dtype = _dtype_name(ttbw, got)
    gs, os_, xs = _stored(torch, ttbw, g), _stored(torch, ttbw, operand), _stored(torch, ttbw, other)
    shape = tuple(os_.shape)
    reduced = shape != tuple(gs.shape)
    where = "broadcast/reduced" if reduced else "elementwise"
    got_values = _stored(torch, ttbw, got)
    if tuple(got_values.shape) != shape:
        return _kind(spec, where, dtype, f"{name} has shape {tuple(got_values.shape)}, not {shape}")
    if torch.is_tensor(xs) and xs.is_complex():
        # complex: float64 products (no torch dtype to round them in); where they, or a partial
        # product of their parts (ac of ac + bd, in f32 as in torch's complex64), overflow, or
        # where a sum's terms' magnitudes pass f32's range (as for real sums below), the
        # device's infinities / NaNs are as right as torch's would be
        terms = gs * xs.conj()
        exact = terms.sum_to_size(shape) if reduced else terms
        nan = torch.full_like(exact, complex(math.nan, math.nan))
        want = torch.where(_overflows(torch, gs, xs, terms, shape, reduced, dtype), nan, exact)
        unknown = torch.isnan(want.real) | torch.isnan(want.imag)
        want = torch.where(unknown, nan, want)  # a NaN part makes the whole value NaN (as in torch)
        got_values = torch.where(unknown, nan, got_values)
    else:
        # torch's MulBackward: the product rounded in the promoted dtype, summed (exactly, in
        # float64) over the broadcast dims, cast to the operand's dtype
        tg, to = _torch_value(torch, ttbw, g), _torch_value(torch, ttbw, other)
        product = tg * to
        terms = product.double()
        exact = terms.sum_to_size(shape) if reduced else terms
        if dtype == "bfp8":  # torch's answer, stored as bfloat8_b (no NaN / inf of its own)
            want = _as_bfp8(ttbw, exact.to(product.dtype).float())
        else:
            want = exact.to(product.dtype).to(_torch_dtype(torch, dtype)).double()
            if product.dtype != _torch_dtype(torch, dtype):  # mixed: bf16 precision in an f32
                dtype, reduced = "bf16", True  # container, as test_mul_bw_numerics compares
        if shape != tuple(terms.shape):
            # where the terms' magnitudes sum past f32's range, an f32 accumulator (the device's,
            # and torch's own) overflows or not depending on the order of the terms: +inf, -inf,
            # NaN and the exact value are all an order's answer
            unknown = terms.abs().sum_to_size(shape) > torch.finfo(torch.float32).max
            nan = torch.full_like(want, math.nan)
            want = torch.where(unknown, nan, want)
            got_values = torch.where(unknown, nan, got_values.double())
    parts = [(got_values.real, want.real, exact.real, terms.abs()), (got_values.imag, want.imag, exact.imag,
                                                                      terms.abs())] \
        if torch.is_complex(want) else [(got_values, want, exact, terms.abs())]
    for got_part, want_part, exact_part, magnitude in parts:
        problem = judge(torch, spec, where, dtype, name, got_part, want_part, exact_part,
                         magnitude.sum_to_size(shape) if reduced else magnitude, reduced or torch.is_complex(want))
        if problem is not None:
            return problem
    return None


def _as_bfp8(ttbw, values):
    import torch

    from ttbw.ttnn.tensor import quantize

    return torch.from_numpy(quantize(values.numpy(), ttbw.bfloat8_b)).double()


def _overflows(torch, gs, xs, terms, shape, reduced, dtype):
    limit, f32_limit = torch.finfo(_torch_dtype(torch, dtype)).max, torch.finfo(torch.float32).max
    big = (terms.real.abs() > limit) | (terms.imag.abs() > limit)
    g, x = gs.expand(terms.shape), xs.expand(terms.shape)
    for left in (g.real, g.imag):
        for right in (x.real, x.imag):
            big |= (left * right).abs() > f32_limit
    if not reduced:
        return big
    summed_past = (terms.real.abs().sum_to_size(shape) > f32_limit) | (terms.imag.abs().sum_to_size(shape) > f32_limit)
    return big.to(torch.float64).sum_to_size(shape).bool() | summed_past


def _torch_value(torch, ttbw, value):
    if isinstance(value, ttbw.Tensor):
        return ttbw.to_torch(value)
    return value


def _torch_dtype(torch, dtype):
    return torch.float32 if dtype == "f32" else torch.bfloat16


def judge(torch, spec, where, dtype, name, got, want, exact, magnitude, summed):
    want_nan = torch.isnan(want)
    if dtype == "bfp8" and not bool(torch.isfinite(exact).all()):
        return None  # bfloat8_b holds no NaN / inf: what their block decodes to depends on NaN bits
    wrong_nan = torch.isnan(got) & ~want_nan
    if bool((wrong_nan & torch.isinf(want)).any()):
        return _kind(spec, where, dtype, "NaN where torch has an infinity")
    if bool(wrong_nan.any()):
        return _kind(spec, where, dtype, "NaN where torch has a finite number")
    if bool((want_nan & ~torch.isnan(got)).any()):
        return _kind(spec, where, dtype, "a number where torch has NaN")
    inf = torch.isinf(want) | torch.isinf(got)
    allowed = 0 if dtype == "bf16" and not summed else (2 if dtype == "bf16" else 1)
    differs = inf & (got != want)
    # an infinity is one step past the dtype's largest number in its ordered bits: a sum or
    # complex part whose roundings (bf16 complex products, as ttnn's) carry it past the largest
    # number is within the bound when want rounds to that number
    if bool(differs.any()) and (not summed or _ulps(torch, got[differs], want[differs], dtype) > allowed):
        return _kind(spec, where, dtype, "infinity differs")
    finite = ~(want_nan | inf)
    if not bool(finite.any()):
        return None
    g, w, e, m = got[finite], want[finite], exact[finite], magnitude[finite]
    ulps = _ulps(torch, g, w, dtype)
    if dtype == "bfp8":  # one step of the shared exponent's mantissa (the largest block)
        block = w.abs().max().item()
        if bool(((g - w).abs() <= EPS["bfp8"] * block * 2 + 1e-38).all()):
            return None
        return _kind(spec, where, dtype, "off by more than a bfloat8_b step from torch's result stored")
    if ulps <= allowed:
        return None
    if summed:
        factor = 64 if dtype == "f32" else 4
        if bool(((g - e).abs() <= factor * EPS[dtype] * m + SUBNORMAL_STEP[dtype]).all()):
            return None
    bucket = "<= 8" if ulps <= 8 else ("<= 1024" if ulps <= 1024 else "> 1024")
    return _kind(spec, where, dtype, f"off by {bucket} ULP (allowed {allowed})")


def _ulps(torch, got, want, dtype):
    if not got.numel():
        return 0
    if dtype == "f32":
        bits = lambda t: t.float().view(torch.int32).long()  # noqa: E731
        top = 1 << 31
    else:
        bits = lambda t: t.to(torch.bfloat16).view(torch.int16).long()  # noqa: E731
        top = 1 << 15
    ordered = lambda t: torch.where(bits(t) < 0, -(bits(t) + top), bits(t))  # noqa: E731
    return int((ordered(got) - ordered(want)).abs().max())


def _kind(spec, where, dtype, what):
    complex_ = "complex " if spec["complex"] else ""
    scalar = "" if spec["scalar"] is None else f" scalar b ({value_kind(spec['scalar'])})"
    return ("wrong result", f"{spec['backend']} {complex_}{dtype} {where}{scalar}, {spec['values']} inputs: {what}")


def value_kind(x: float) -> str:
    import math

    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf"
    if x != 0 and abs(x) < 1.1754943508222875e-38:
        return "subnormal"
    if abs(x) > 3.3895313892515355e38:
        return "huge"
    return "zero" if x == 0 else "normal"
