"""The unary_backward family's Python API (python/ttbw/ttnn/unary_backward_ops.py): ttnn's
signatures (positional parameters, keyword-only ones and their defaults, the bindings' names
and the docs' aliases, input_grad= only where ttnn binds it), misuse as TypeError / ValueError
naming the argument, and ttnn's golden-function helpers for every backward op. Numerics:
test_backward_sweep_bf16.py."""
from __future__ import annotations

import pytest
import torch

import ttbw as ttnn

BACKWARD_OPS = [name for module in ("ttnn.backward_ops", "ttnn.unary_backward_ops")
                for name in ttnn._API[module]]


@pytest.fixture(scope="module")
def tensors():
    x = torch.linspace(-4, 4, 64, dtype=torch.float64).reshape(2, 32)
    g = torch.linspace(-1, 1, 64, dtype=torch.float64).reshape(2, 32)
    bf = [t.to(torch.bfloat16) for t in (g, x)]
    return bf, [ttnn.from_torch(t, layout=ttnn.TILE_LAYOUT) for t in bf]


def _run(op, tensors, *args, **kwargs):
    (g, x), (tg, tx) = tensors
    (result,) = getattr(ttnn, op)(tg, tx, *args, backend="cpu", **kwargs)
    return ttnn.to_torch(result)


@pytest.mark.parametrize("op, args, kwargs, golden_args", [
    ("clamp_bw", (-1.0, 2.0), {}, (-1.0, 2.0)),
    ("clamp_bw", (), {"max": 2.0}, (None, 2.0)),
    ("hardtanh_bw", (), {"min": -2.0, "max": 3.0}, (-2.0, 3.0)),
    ("threshold_bw", (1.0, 5.0), {}, (1.0, 5.0)),
    ("softplus_bw", (), {"beta": 2.0}, (2.0,)),
    ("rdiv_bw", (3.0,), {}, (3.0,)),
    ("rdiv_bw", (3.0,), {"round_mode": "floor"}, (3.0, "floor")),
    ("pow_bw", (3.0,), {}, (3.0,)),
    ("leaky_relu_bw", (), {"negative_slope": 0.2}, (0.2,)),
    # written by Python in exponent form (1e-05, 1e+16): MLIR's float literals need a '.'
    # (found by test/fuzz: "expected '}' in attribute dictionary")
    ("leaky_relu_bw", (), {"negative_slope": 1e-05}, (1e-05,)),
    ("rdiv_bw", (1e16,), {}, (1e16,)),
    ("elu_bw", (), {"alpha": 3e38}, (3e38,)),
    # polygamma_bw's order: positional or by name, an integral float as ttnn's binding converts it
    ("polygamma_bw", (2,), {}, (2,)),
    ("polygamma_bw", (), {"n": 3.0}, (3,)),
])
def test_parameters_reach_the_rule(op, args, kwargs, golden_args, tensors):
    """Positional and keyword parameters reach the op: the result equals ttnn's golden (torch
    autograd) at the same parameters, within one bf16 rounding."""
    (g, x), _ = tensors
    got = _run(op, tensors, *args, **kwargs).double()
    (want,) = ttnn.get_golden_function(getattr(ttnn, op))(g.double(), x.double(), *golden_args)
    assert torch.allclose(got, want, rtol=2 ** -7, atol=1e-30, equal_nan=True), (got, want)


def test_binding_names_and_aliases(tensors):
    """threshold_bw's bindings name its floats min / max (its docs threshold / value)."""
    a = _run("threshold_bw", tensors, min=1.0, max=5.0)
    b = _run("threshold_bw", tensors, threshold=1.0, value=5.0)
    assert torch.equal(a, b)


@pytest.mark.parametrize("call, error, message", [
    (lambda g, x: ttnn.clamp_bw(g, x), TypeError, "clamp_bw() needs min or max"),
    (lambda g, x: ttnn.hardtanh_bw(g, x, -1.0), TypeError, "takes 2 positional arguments but 3 were given"),
    (lambda g, x: ttnn.pow_bw(g, x), TypeError, "missing required argument: 'exponent'"),
    (lambda g, x: ttnn.elu_bw(g, x, alpha="big"), TypeError, "alpha must be a number"),
    (lambda g, x: ttnn.leaky_relu_bw(g, x, negative_slope=float("nan")), ValueError, "negative_slope must be a finite"),
    (lambda g, x: ttnn.rdiv_bw(g, x, 2.0, round_mode="ceil"), ValueError,
     "round_mode must be None, 'trunc' or 'floor'"),
    (lambda g, x: ttnn.rdiv_bw(g, x, 2.0, round_mode=3), TypeError, "round_mode must be a str"),
    (lambda g, x: ttnn.celu_bw(g, x, alpha=0.0), ValueError, "alpha must not be 0"),
    (lambda g, x: ttnn.abs_bw(g, x, input_grad=x), TypeError, "unexpected keyword argument 'input_grad'"),
    (lambda g, x: ttnn.threshold_bw(g, x, 1.0, 2.0, threshold=1.0), TypeError, "got 'min' and 'threshold'"),
    (lambda g, x: ttnn.polygamma_bw(g, x), TypeError, "missing required argument: 'n'"),
    (lambda g, x: ttnn.polygamma_bw(g, x, 0), ValueError, "n must be in 1 .. 10 (ttnn's range), got 0"),
    (lambda g, x: ttnn.polygamma_bw(g, x, n=11), ValueError, "n must be in 1 .. 10 (ttnn's range), got 11"),
    (lambda g, x: ttnn.polygamma_bw(g, x, 2.5), ValueError, "n must be an integer, got 2.5"),
    (lambda g, x: ttnn.polygamma_bw(g, x, "2"), TypeError, "n must be an integer, got str"),
    (lambda g, x: ttnn.polygamma_bw(g, x, True), TypeError, "n must be an integer, got bool"),
    (lambda g, x: ttnn.lgamma_bw(g, x, input_grad=x), TypeError, "unexpected keyword argument 'input_grad'"),
    (lambda g, x: ttnn.multigammaln_bw(g, x, 4), TypeError, "takes 2 positional arguments but 3 were given"),
])
def test_misuse_names_the_argument(call, error, message, tensors):
    _, (g, x) = tensors
    with pytest.raises(error) as caught:
        call(g, x)
    assert message in str(caught.value)


def test_preallocated_where_ttnn_binds_it(tensors):
    """pow_bw and fill_bw take input_grad= (alias output_tensor), as ttnn's bindings."""
    (g, x), (tg, tx) = tensors
    out = ttnn.from_torch(torch.zeros_like(x), layout=ttnn.TILE_LAYOUT)
    (result,) = ttnn.pow_bw(tg, tx, 2.0, output_tensor=out, backend="cpu")
    assert torch.allclose(ttnn.to_torch(result).double(), (2.0 * g.double() * x.double()), rtol=2 ** -7)


@pytest.mark.parametrize("op", BACKWARD_OPS)
def test_every_backward_op_has_a_golden(op):
    assert callable(ttnn.get_golden_function(getattr(ttnn, op)))


def test_golden_helpers():
    """attach_golden_function / get_golden_function as ttnn's: RuntimeError without one."""
    def op():
        pass
    with pytest.raises(RuntimeError, match="does not have a golden function"):
        ttnn.get_golden_function(op)
    ttnn.attach_golden_function(op, golden_function=lambda *a: ["golden"])
    assert ttnn.get_golden_function(op)() == ["golden"]


def test_goldens_as_tt_metal_tests_call_them():
    """tt-metal's tests: golden(grad, input[, other], *params, device=...) -> [gradients]."""
    x = torch.tensor([[-2.0, 0.5, 3.0]], requires_grad=True)
    g = torch.ones_like(x)
    (ga,) = ttnn.get_golden_function(ttnn.clamp_bw)(g, x, -1.0, 1.0, device=None)
    assert ga.tolist() == [[0.0, 1.0, 0.0]]
    ga, gb = ttnn.get_golden_function(ttnn.mul_bw)(g, x, 2.0 * x)
    assert torch.equal(ga, 2.0 * x.detach()) and torch.equal(gb, x.detach())
    (gs,) = ttnn.get_golden_function(ttnn.mul_bw)(g, x, 4.0)
    assert torch.equal(gs, torch.full_like(x, 4.0))
