"""Goldens for the elementwise tests (test_cpu_math.py, test_device_math.py, test_cpu_backend.py): numpy <->
torch (bf16 through its bits), ulp distances, and the edge-value check against torch in the
inputs' dtype or in float64."""
import math

import ml_dtypes
import numpy as np
import torch

BF16 = np.dtype(ml_dtypes.bfloat16)
INF, NAN = math.inf, math.nan
EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, INF, -INF, NAN, 1e-30, -1e-30, 3e38, -3e38, 88.0, -100.0]


def to_torch(array):
    if array.dtype == BF16:
        return torch.from_numpy(array.view(np.int16).copy()).view(torch.bfloat16)
    return torch.from_numpy(array.copy())


def from_torch(t):
    if t.dtype == torch.bfloat16:
        return t.contiguous().view(torch.int16).numpy().view(BF16)
    return t.contiguous().numpy()


def ordered(array):
    """Float bits as integers monotonic in the value: differences count ulps."""
    bits = array.view(np.int16 if array.dtype == BF16 else np.int32).astype(np.int64)
    top = 1 << (15 if array.dtype == BF16 else 31)
    return np.where(bits < 0, -(bits + top), bits)


def ulps(got, want):
    """Per-element ulp distance; NaN against NaN is 0, NaN against a number is huge."""
    assert got.dtype == want.dtype and got.shape == want.shape, (got.dtype, want.dtype, got.shape, want.shape)
    g, w = got.astype(np.float64), want.astype(np.float64)
    d = np.abs(ordered(got) - ordered(want))
    d = np.where(np.isnan(g) & np.isnan(w), 0, d)
    return np.where(np.isnan(g) != np.isnan(w), 1 << 40, d)


def same(got, want):
    """Bit-equal, any NaN matching any NaN (torch does not fix the sign of its NaNs)."""
    bad = ulps(got, want) != 0
    assert not bad.any(), f"at {np.argwhere(bad)[:5].tolist()}: got {got[bad][:5]}, want {want[bad][:5]}"


def edge_ulps(got, want, bound):
    """Per element: whether got is `want` - infinities, NaNs and zeros (signs included)
    exactly, other values within `bound` ulps."""
    special = ~np.isfinite(want.astype(np.float32)) | (want == 0) | ~np.isfinite(got.astype(np.float32)) | (got == 0)
    d = ulps(got, want)
    return np.where(special, d == 0, d <= bound)


def torch_goldens(torch_op, inputs):
    """(torch in the inputs' dtype, torch in float64 rounded once to it) of `torch_op`."""
    dtype = to_torch(inputs[0]).dtype
    in_dtype = from_torch(torch_op(*(to_torch(a) for a in inputs)).to(dtype))
    in_f64 = from_torch(torch_op(*(to_torch(a).double() for a in inputs)).to(dtype))
    return in_dtype, in_f64


def same_edges(got, torch_op, inputs, bound):
    """Every element as torch computes it in the inputs' dtype or, where that differs (torch's
    bf16 erf flushes erf(1e-30) to 0; its vectorized and scalar loops differ), as torch in
    float64 rounded once; values that are no inf / NaN / zero within `bound` ulps (torch's vector
    functions and libm may round differently)."""
    in_dtype, in_f64 = torch_goldens(torch_op, inputs)
    ok = edge_ulps(got, in_dtype, bound) | edge_ulps(got, in_f64, bound)
    assert ok.all(), (f"at {np.argwhere(~ok)[:5].tolist()}: got {got[~ok][:5]}, torch {in_dtype[~ok][:5]}, "
                      f"torch f64 {in_f64[~ok][:5]} (inputs {[a[~ok][:5] for a in inputs]})")


def tt(shape, element):
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def chain_ir(ty, scalar):
    """g * exp(x) / (x*x + 1) + where(x > 0, g, 0) over tensors `ty`, the constants rank-0 `scalar`s."""
    return f"""func.func @f(%x: {ty}, %g: {ty}) -> {ty} {{
  %one = "ttir.full"() {{shape = array<i32>, fill_value = 1.0 : f32}} : () -> {scalar}
  %zero = "ttir.full"() {{shape = array<i32>, fill_value = 0.0 : f32}} : () -> {scalar}
  %e = "ttir.exp"(%x) : ({ty}) -> {ty}
  %ge = "ttir.multiply"(%g, %e) : ({ty}, {ty}) -> {ty}
  %xx = "ttir.multiply"(%x, %x) : ({ty}, {ty}) -> {ty}
  %d = "ttir.add"(%xx, %one) : ({ty}, {scalar}) -> {ty}
  %q = "ttir.div"(%ge, %d) : ({ty}, {ty}) -> {ty}
  %p = "ttir.gt"(%x, %zero) : ({ty}, {scalar}) -> {ty}
  %w = "ttir.where"(%p, %g, %zero) : ({ty}, {ty}, {scalar}) -> {ty}
  %r = "ttir.add"(%q, %w) : ({ty}, {ty}) -> {ty}
  return %r : {ty}
}}"""


def chain_torch(x, g):
    """chain_ir's function in torch (each op rounded in the inputs' dtype)."""
    tx, tg = to_torch(x), to_torch(g)
    return from_torch(tg * torch.exp(tx) / (tx * tx + 1) + torch.where(tx > 0, tg, torch.zeros_like(tg)))
