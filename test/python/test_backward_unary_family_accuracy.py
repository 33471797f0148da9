"""f32 accuracy of unary-family rules the fuzzer (test/fuzz) found off, against float64 on the same
inputs, both backends: rpow_bw and exp2_bw over x in [-20, 20] (the argument x ln b + ln |ln b|
kept to ~2^-45: the rounded constants cost up to 70 ulp before) and log10_bw / log2_bw at subnormal and normal x
(x c of a subnormal x rounded to its few bits: 6 ulp), tan_bw near its poles and sin_bw / cos_bw
(sin / cos with the reduction's tail, each rounded once). The exponent is the float32 the op takes
(ttnn's binding: a C++ float). Within 4 ulp (transcendental), ulp of the float64 result."""
import struct

import numpy as np
import pytest
import torch

import ttbw

BACKENDS = ["device", "cpu"]


def _f32(value: float) -> float:
    return struct.unpack("f", struct.pack("f", value))[0]


def _ulps(got: torch.Tensor, want: torch.Tensor) -> float:
    finite = want.abs() < float(torch.finfo(torch.float32).max)
    spacing = torch.from_numpy(np.spacing(want.abs().float().numpy()).astype(np.float64))
    return float(((got.double() - want).abs() / spacing)[finite].max())


def _tensor(t: torch.Tensor):
    return ttbw.from_torch(t, layout=ttbw.TILE_LAYOUT)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("base", [0.1, 0.5, 0.846, 1.7, 3.9])
def test_rpow_bw_over_a_wide_exponent_range(base, backend):
    gen = torch.Generator().manual_seed(3)
    x = (torch.rand(2048, generator=gen, dtype=torch.float64) * 40 - 20).float()
    g = torch.randn(2048, generator=gen).float()
    got = ttbw.to_torch(ttbw.rpow_bw(_tensor(g), _tensor(x), base, backend=backend)[0])
    b = _f32(base)
    want = g.double() * torch.pow(torch.tensor(b, dtype=torch.float64), x.double()) * np.log(b)
    assert _ulps(got, want) <= 4.0


@pytest.mark.parametrize("backend", BACKENDS)
def test_exp2_bw_over_a_wide_range(backend):
    gen = torch.Generator().manual_seed(5)
    x = (torch.rand(2048, generator=gen, dtype=torch.float64) * 40 - 20).float()
    g = torch.randn(2048, generator=gen).float()
    got = ttbw.to_torch(ttbw.exp2_bw(_tensor(g), _tensor(x), backend=backend)[0])
    want = g.double() * torch.exp2(x.double()) * np.log(2.0)
    assert _ulps(got, want) <= 4.0


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op,constant", [("log10_bw", np.log(10.0)), ("log2_bw", np.log(2.0))])
def test_log_base_bw_at_subnormal_and_normal_inputs(op, constant, backend):
    gen = torch.Generator().manual_seed(4)
    sign = torch.where(torch.rand(2048, generator=gen) < 0.5, -1.0, 1.0)
    subnormal = sign[:1024] * torch.rand(1024, generator=gen) * 1.1e-38
    normal = sign[1024:] * torch.exp2(torch.rand(1024, generator=gen) * 200 - 100)
    x = torch.cat([subnormal, normal]).float()
    g = (torch.randn(2048, generator=gen) * 1e-3).float()
    got = ttbw.to_torch(getattr(ttbw, op)(_tensor(g), _tensor(x), backend=backend)[0])
    want = g.double() / (x.double() * constant)
    assert _ulps(got, want) <= 4.0


@pytest.mark.parametrize("backend", BACKENDS)
def test_tan_bw_near_its_poles(backend):
    """g / cos^2 x where cos x is small (x within 0.01 of (m + 1/2) pi, |m| < 2000): cos's head and
    tail (the head alone doubled its rounding, up to 7 ulp; found by test/fuzz at 5)."""
    gen = torch.Generator().manual_seed(5)
    m = torch.randint(-2000, 2000, (8192,), generator=gen).double()
    x = ((m + 0.5) * np.pi + torch.randn(8192, generator=gen, dtype=torch.float64) * 0.01).float()
    g = torch.randn(8192, generator=gen).float()
    got = ttbw.to_torch(ttbw.tan_bw(_tensor(g), _tensor(x), backend=backend)[0])
    want = g.double() / torch.cos(x.double()) ** 2
    assert _ulps(got, want) <= 4.0


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op", ["sin_bw", "cos_bw"])
def test_sin_cos_bw_within_two_ulp(op, backend):
    """g cos x, -g sin x over |x| < 200 and near the zeros of the result: sin / cos r rounded once
    with the reduction's tail (the plain r P(z) reached 2.3 ulp)."""
    gen = torch.Generator().manual_seed(7)
    x = torch.randn(8192, generator=gen, dtype=torch.float64) * 60
    x[:4096] = torch.randint(-60, 60, (4096,), generator=gen).double() * np.pi / 2 + x[:4096] * 1e-4
    x, g = x.float(), torch.randn(8192, generator=gen).float()
    got = ttbw.to_torch(getattr(ttbw, op)(_tensor(g), _tensor(x), backend=backend)[0])
    want = g.double() * (torch.cos(x.double()) if op == "sin_bw" else -torch.sin(x.double()))
    assert _ulps(got, want) <= 2.0


def _silu_slope(g, x):
    s = torch.sigmoid(x)
    return g * s * (1.0 + x * (1.0 - s))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op,params,root", [("gelu_bw", {}, -0.7517915246935645),
                                            ("gelu_bw", {"approximate": "tanh"}, -0.7524614220710004),
                                            ("silu_bw", {}, -1.2784645427610738)],
                         ids=["gelu", "gelu-tanh", "silu"])
def test_slopes_near_their_roots(op, params, root, backend):
    """Near the slope's root every form is a difference of terms near 0.2: the slope's Taylor
    polynomial in x - r (passes/slope_roots.py) keeps f32 within 4 ulp (58,000 ulp 0.01 from
    gelu's root before), from 1e-7 out to beyond the polynomial's window (0.25)."""
    from test_backward_sweep_bf16 import STABLE

    gen = torch.Generator().manual_seed(11)
    offsets = torch.pow(10.0, torch.empty(8192, dtype=torch.float64).uniform_(-7, -0.3, generator=gen))
    x = (root + offsets * torch.where(torch.rand(8192, generator=gen) < 0.5, -1.0, 1.0)).float()
    g = torch.randn(8192, generator=gen).float()
    got = ttbw.to_torch(getattr(ttbw, op)(_tensor(g), _tensor(x), backend=backend, **params)[0])
    golden = _silu_slope if op == "silu_bw" else STABLE["gelu_bw"]
    assert _ulps(got, golden(g.double(), x.double(), **params)) <= 4.0
