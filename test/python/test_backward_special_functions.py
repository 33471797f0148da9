"""The special functions' backward ops (lgamma_bw, digamma_bw, polygamma_bw, erfinv_bw, i0_bw,
multigammaln_bw; rules passes/derivatives_special.py) on both backends, float32 against float64 on
the same inputs (the bf16 sweep's goldens: torch autograd, the reflection for trigamma and
polygamma below 0): within 4 ulp where the rules claim it, and below 0, where psi and the odd
orders of polygamma have a root in every unit interval, within 4 ulp of the reflection's two
terms' magnitudes (TERMS: there psi(1 - x) and pi cot(pi x) cancel in any float32 evaluation);
torch's values at the poles, at +-inf and outside the domains; a gradient in float32's range
wherever g times the derivative is, though the derivative alone is not."""
from __future__ import annotations

import math

import pytest
import torch

import ttbw
from test_backward_sweep_bf16 import golden, reflection_terms
from test_backward_unary import ulp_errors

BACKENDS = ["device", "cpu"]


def _lgamma_terms(g, x):
    first, second = reflection_terms(0, x)
    return torch.where(x < 0, g.abs() * (first.abs() + second.abs()), (g * torch.digamma(x)).abs())


def _polygamma_terms(m: int):
    def terms(g, x, **params):
        order = m if m is not None else int(params["n"]) + 1
        first, second = reflection_terms(order, x)
        return torch.where(x < 0, g.abs() * (first.abs() + second.abs()), (g * torch.polygamma(order, x.abs())).abs())
    return terms


def _multigammaln_terms(g, x):
    """Below 3/2, the duplication's terms: 4 psi(y) by its reflection (y = 2x - 3), 2 / y, 1 / (x - 1), 4 ln 2."""
    y = 2.0 * x - 3.0
    first, second = reflection_terms(0, y)
    below = 4.0 * (first.abs() + second.abs()) + (2.0 / y).abs() + (1.0 / (x - 1.0)).abs() + 4.0 * math.log(2.0)
    (exact,) = ttbw.get_golden_function(ttbw.multigammaln_bw)(g, x)
    return torch.where(x < 1.5, g.abs() * below, exact.abs())


# op -> |terms|(g, x, **params): the fuzz oracle's and these tests' scale where the rule's terms cancel
TERMS = {"lgamma_bw": _lgamma_terms, "digamma_bw": _polygamma_terms(1), "polygamma_bw": _polygamma_terms(None),
         "multigammaln_bw": _multigammaln_terms}


def _uniform(gen, n, low, high):
    return low + (high - low) * torch.rand(n, generator=gen, dtype=torch.float64)


def _log_uniform(gen, n, low, high, sign=1.0):
    return sign * torch.exp2(_uniform(gen, n, low, high))


SHAPE = (8, 1024)  # every call of a test in this shape, padded with 1.0: one executable per op and backend


def _run(op, g, x, backend, **params):
    """The op's float64 gradient at float32 g, x of any shape (at most 8192 elements)."""
    def padded(t):
        flat = torch.ones(SHAPE[0] * SHAPE[1], dtype=torch.float32)
        flat[:t.numel()] = t.flatten()
        return ttbw.from_torch(flat.reshape(SHAPE), layout=ttbw.TILE_LAYOUT)
    (result,) = getattr(ttbw, op)(padded(g), padded(x), backend=backend, **params)
    return ttbw.to_torch(result).double().flatten()[:x.numel()].reshape(x.shape)


def _inputs(op, gen):
    """float32 x where the rule claims 4 ulp: psi (lgamma_bw) above 0 (its root 1.4616 too), trigamma
    and the even orders n everywhere, the odd ones (zeros below 0) above 0, erfinv on (-1, 1) up to 1 - 2^-24, I1
    to where it overflows, multigammaln's domain x > 3/2 (its sum's root 2.3548 too)."""
    n = 2048
    pieces = {
        "lgamma_bw": [_uniform(gen, n, 0.0, 40.0), _log_uniform(gen, n, -60, 120), _uniform(gen, n, 1.45, 1.47)],
        "digamma_bw": [_uniform(gen, n, -30.0, 30.0), _log_uniform(gen, n, -60, 120),
                       _log_uniform(gen, n, -20, 22, -1.0)],
        "polygamma_bw": [_uniform(gen, n, -30.0, 30.0), _log_uniform(gen, n, -12, 100),
                         _log_uniform(gen, n, -20, 22, -1.0)],
        "polygamma_bw-odd": [_uniform(gen, n, 0.0, 30.0), _log_uniform(gen, n, -12, 100)],
        "erfinv_bw": [_uniform(gen, n, -1.0, 1.0), 1.0 - _log_uniform(gen, n, -24, -1),
                      _log_uniform(gen, n, -60, 0, -1.0)],
        "i0_bw": [_uniform(gen, n, -100.0, 100.0), _log_uniform(gen, n, -60, 6.5, -1.0)],
        "multigammaln_bw": [_uniform(gen, n, 1.5, 50.0), _log_uniform(gen, n, 0.6, 120), _uniform(gen, n, 2.34, 2.37)],
    }[op]
    return torch.cat(pieces).float()


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op, params, inputs", [
    ("lgamma_bw", {}, "lgamma_bw"), ("digamma_bw", {}, "digamma_bw"), ("polygamma_bw", {"n": 4}, "polygamma_bw"),
    ("polygamma_bw", {"n": 1}, "polygamma_bw-odd"), ("polygamma_bw", {"n": 9}, "polygamma_bw-odd"),
    ("erfinv_bw", {}, "erfinv_bw"), ("i0_bw", {}, "i0_bw"), ("multigammaln_bw", {}, "multigammaln_bw"),
])
def test_f32_within_4_ulp(op, params, inputs, backend):
    gen = torch.Generator().manual_seed(11)
    x = _inputs(inputs, gen)
    g = torch.randn(x.shape, generator=gen).float()
    got = _run(op, g, x, backend, **params)
    want = golden(op, params, g.double(), x.double())
    errors = ulp_errors(got, want, "f32")
    worst = int(torch.argmax(errors))
    assert float(errors.max()) <= 4.0, (op, params, x[worst].item(), got[worst].item(), want[worst].item())


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op, params", [("lgamma_bw", {}), ("polygamma_bw", {"n": 1}), ("polygamma_bw", {"n": 9}),
                                        ("multigammaln_bw", {})])
def test_reflection_within_its_terms(op, params, backend):
    """Below 0 (multigammaln: below 3/2), near the roots, within 4 ulp of the reflection's |terms|."""
    gen = torch.Generator().manual_seed(12)
    x = torch.cat([_uniform(gen, 4096, -8.0, 0.0), _log_uniform(gen, 2048, -20, 22, -1.0)]).float()
    if op == "multigammaln_bw":
        x = torch.cat([x, _uniform(gen, 2048, 0.0, 1.5).float()])
    g = torch.randn(x.shape, generator=gen).float()
    got = _run(op, g, x, backend, **params)
    want = golden(op, params, g.double(), x.double())
    errors = ulp_errors(got, want, "f32", TERMS[op](g.double(), x.double(), **params))
    assert float(errors.max()) <= 4.0, (op, params)


EDGES = [0.0, -0.0, 1.0, -1.0, -2.0, -3.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1e-30, -1e-30, 1e-40, -1e-40, 3e38, -3e38,
         2.0 ** 23, -(2.0 ** 23) - 2.0, math.inf, -math.inf, math.nan, 1.0 - 2.0 ** -24, -1.0 + 2.0 ** -24,
         1.5 + 2.0 ** -23, 89.0, 92.0, -92.0, 700.0]
# g = 0: NaN at the poles, +-inf and NaN x; elsewhere 0 where the derivative is in float32's range (beyond
# it NaN, 0 * inf, as torch's float32; float64 torch's product is 0 up to its own range)
ZERO_GRAD_EDGES = [0.0, -0.0, 1.0, -1.0, -2.0, 0.5, -0.5, 1.5, 2.5, -2.5, math.inf, -math.inf, math.nan, 89.0, -92.0]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op, params", [("lgamma_bw", {}), ("digamma_bw", {}), ("polygamma_bw", {"n": 1}),
                                        ("polygamma_bw", {"n": 4}), ("erfinv_bw", {}), ("i0_bw", {}),
                                        ("multigammaln_bw", {})])
def test_poles_infinities_and_domains(op, params, backend):
    """torch's NaN exactly where torch has NaN and its infinities, signed by g (1, -1; 0 times a pole's
    infinity is NaN), the finite values within 4 ulp (of the reflection's |terms| where they cancel)."""
    x = torch.tensor(EDGES * 2 + ZERO_GRAD_EDGES).float()
    g = torch.tensor([1.0] * len(EDGES) + [-1.0] * len(EDGES) + [0.0] * len(ZERO_GRAD_EDGES)).float()
    got = _run(op, g, x, backend, **params)
    want = golden(op, params, g.double(), x.double())
    assert torch.equal(torch.isnan(got), torch.isnan(want)), (x[torch.isnan(got) != torch.isnan(want)])
    errors = ulp_errors(got, want, "f32", TERMS[op](g.double(), x.double(), **params) if op in TERMS else None)
    assert float(errors.max()) <= 4.0, x[errors > 4.0]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op, params, g, x", [
    ("digamma_bw", {}, 1e-30, 1e-20),            # g / x^2 = 1e10; 1 / x^2 overflows
    ("digamma_bw", {}, 1e-30, -1e-20),           # the reflection's pole: (g / v) / v
    ("polygamma_bw", {"n": 4}, 1e-30, 1e-8),     # 5! g / x^6 = 1.2e20; x^-6 overflows
    ("polygamma_bw", {"n": 9}, 1e-3, -0.01),     # 10! g / v^11 = 3.6e25, v^-11 = 1e22 fine, its halves too
    ("lgamma_bw", {}, 0.25, 2.0 ** -127),        # -g / x = -2^125: 1 / x is finite, 2^127
    ("lgamma_bw", {}, 0.25, -(2.0 ** -129)),     # g / v with v subnormal: 1 / v overflows
    ("i0_bw", {}, 1e-3, 95.0),                   # e^95 overflows float32
    ("i0_bw", {}, -1e-6, -100.0),
])
def test_in_range_where_the_derivative_overflows(op, params, g, x, backend):
    gs, xs = torch.full((1, 32), g).float(), torch.full((1, 32), x).float()
    got = _run(op, gs, xs, backend, **params)
    want = golden(op, params, gs.double(), xs.double())
    assert bool(torch.isfinite(want.float()).all()), "the case's gradient must be in float32's range"
    assert float(ulp_errors(got, want, "f32").max()) <= 4.0, (got[0, 0].item(), want[0, 0].item())
