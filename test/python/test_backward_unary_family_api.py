"""The unary_backward family's Python API (python/ttbw/ttnn/unary_backward_ops.py): ttnn's
signatures (positional parameters, keyword-only ones and their defaults, the bindings' names
and the docs' aliases, input_grad= only where ttnn binds it), misuse as TypeError / ValueError
naming the argument, and ttnn's golden-function helpers for every backward op. Numerics:
test_backward_sweep_bf16.py."""
from __future__ import annotations

import pytest
import torch

import ttbw as ttnn

BACKWARD_OPS = [name for module in ("ttnn.backward_ops", "ttnn.unary_backward_ops", "ttnn.complex_backward_ops")
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
    ("rdiv_bw", (3.0,), {"round_mode": "None"}, (3.0, "None")),  # ttnn's tests spell None so (golden too)
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
    (lambda g, x: ttnn.clamp_bw(g, x), TypeError, "clamp_bw(): Only one of 'min' or 'max' can be None"),
    (lambda g, x: ttnn.hardtanh_bw(g, x, -1.0), TypeError, "takes 2 positional arguments but 3 were given"),
    (lambda g, x: ttnn.pow_bw(g, x), TypeError, "missing required argument: 'exponent'"),
    (lambda g, x: ttnn.elu_bw(g, x, alpha="big"), TypeError, "alpha must be a number"),
    (lambda g, x: ttnn.leaky_relu_bw(g, x, negative_slope=float("nan")), ValueError, "negative_slope must be a finite"),
    (lambda g, x: ttnn.rdiv_bw(g, x, 2.0, round_mode="ceil"), ValueError,
     "round_mode must be None, 'None', 'trunc' or 'floor'"),
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
    # complex inputs (tt-metal's complex_ops tests): each gradient's real and imaginary parts
    # joined along the last dim; add_bw / sub_bw with their alpha
    a = torch.tensor([[1 + 2j, -3 + 0.5j]], dtype=torch.complex128, requires_grad=True)
    b = torch.tensor([[2 - 1j, 1j]], dtype=torch.complex128)
    gc = torch.tensor([[1 + 1j, 2 - 1j]], dtype=torch.complex128)
    ga, gb = ttnn.get_golden_function(ttnn.add_bw)(gc, a, b, alpha=-5.0)
    assert torch.equal(ga, torch.tensor([[1.0, 2.0, 1.0, -1.0]], dtype=torch.float64))
    assert torch.equal(gb, -5.0 * ga)
    ga, _ = ttnn.get_golden_function(ttnn.mul_bw)(gc, a, b)
    assert torch.allclose(ga, torch.cat(((gc * b.conj()).real, (gc * b.conj()).imag), dim=-1))


@pytest.mark.parametrize("backend", ["cpu", "device"])
@pytest.mark.parametrize("op", ["clamp_bw", "clip_bw"])
@pytest.mark.parametrize("bounds", ["min", "max", "both"])
def test_tensor_bounds_against_autograd(op, bounds, backend):
    """ttnn's tensor overload of clamp_bw / clip_bw: min <= x <= max ? grad : 0, exactly torch's
    clamp backward in float64 (NaN in x or a bound: 0), a bound broadcast over the input."""
    gen = torch.Generator().manual_seed(5)
    x = (torch.randn(2, 32, 64, generator=gen, dtype=torch.float64) * 4).bfloat16()
    x.view(-1)[:6] = torch.tensor([float("nan"), float("inf"), -float("inf"), 0.0, -0.0, 1.0])
    g = torch.randn(2, 32, 64, generator=gen, dtype=torch.float64).bfloat16()
    low = (torch.randn(2, 32, 64, generator=gen) - 1).bfloat16() if bounds != "max" else None
    high = (torch.rand(1, 1, 64, generator=gen) + 0.5) if bounds != "min" else None  # f32, broadcast
    if low is not None:
        low.view(-1)[6:8] = torch.tensor([float("nan"), 1.0])
    device = ttnn.open_device(0)
    on = lambda t: None if t is None else ttnn.from_torch(t, layout=ttnn.TILE_LAYOUT, device=device)  # noqa: E731
    (got,) = getattr(ttnn, op)(on(g), on(x), on(low), on(high), backend=backend)
    leaf = x.double().requires_grad_()
    torch.clamp(leaf, None if low is None else low.double(), None if high is None else high.double()).backward(
        g.double())
    assert torch.equal(ttnn.to_torch(got).double(), leaf.grad)
    (golden,) = ttnn.get_golden_function(getattr(ttnn, op))(g, x, low, high)
    assert torch.equal(golden.double(), leaf.grad)


def test_tensor_bounds_misuse(tensors):
    (_, _), (tg, tx) = tensors
    with pytest.raises(TypeError, match="clamp_bw: max must be a ttnn.Tensor or None with a tensor min"):
        ttnn.clamp_bw(tg, tx, tx, 2.0)
    for caught in (TypeError, RuntimeError):  # ours, and ttnn's (its TT_FATAL), with ttnn's message
        with pytest.raises(caught, match="clip_bw\\(\\): Only one of 'min' or 'max' can be None. Please provide one value"):
            ttnn.clip_bw(tg, tx, None, None)
    with pytest.raises(ValueError, match="min of shape 3x5 is not broadcast-compatible with grad_tensor"):
        ttnn.clamp_bw(tg, tx, ttnn.from_torch(torch.ones(3, 5), layout=ttnn.TILE_LAYOUT), None, backend="cpu")


REPEATS = [((1, 1, 32, 32), [12, 1, 1, 1]), ((1, 1, 64, 96), [1, 3, 1, 1]), ((1, 3, 32, 64), [2, 2, 1, 1]),
           ((3, 40), [2, 1, 1]), ((2, 3, 40, 50), [1, 1, 2, 3])]


@pytest.mark.parametrize("backend", ["cpu", "device"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("shape, repeats", REPEATS, ids=[str(r) for _, r in REPEATS])
def test_repeat_bw_against_autograd(shape, repeats, dtype, backend):
    """repeat_bw: the sum over each dim's repeats against torch's in float64; repeats of the
    last two dims run on the CPU backend only (the device's reshape would move data between
    tiles: refused with the lowering's message)."""
    gen = torch.Generator().manual_seed(3)
    x = torch.randn(shape, generator=gen).to(dtype)
    g = torch.randn(x.repeat(repeats).shape, generator=gen).to(dtype)
    on = lambda t: ttnn.from_torch(t, layout=ttnn.TILE_LAYOUT, device=ttnn.open_device(0))  # noqa: E731
    inner = any(r != 1 for r in repeats[-2:])
    if backend == "device" and inner:
        with pytest.raises(ValueError, match="moves data"):
            ttnn.repeat_bw(on(g), on(x), repeats, backend=backend)
        return
    (got,) = ttnn.repeat_bw(on(g), on(x), repeats, backend=backend)
    leaf = x.double().requires_grad_()
    leaf.repeat(repeats).backward(g.double())
    terms = x.double().requires_grad_()
    terms.repeat(repeats).backward(g.double().abs())
    # the CPU backend sums in f64 (and a bf16 sum in f32): rounded once; the device's f32 sums
    # accumulate in f32, within 2 ulp of sum |terms|
    ulp = torch.finfo(dtype).eps * (2.0 if backend == "device" and dtype == torch.float32 else 0.5)
    assert (ttnn.to_torch(got).double() - leaf.grad).abs().le(ulp * terms.grad + 1e-45).all()
    (golden,) = ttnn.get_golden_function(ttnn.repeat_bw)(g.double(), x.double(), repeats)
    assert torch.allclose(golden, leaf.grad, rtol=1e-12, atol=0)


def test_repeat_bw_misuse(tensors):
    (_, _), (tg, tx) = tensors
    with pytest.raises(TypeError, match="shape must be a list of ints"):
        ttnn.repeat_bw(tg, tx, "2x1")
    with pytest.raises(ValueError, match="shape=\\[-1, 1\\] must not be negative"):
        ttnn.repeat_bw(tg, tx, [-1, 1])
    with pytest.raises(ValueError, match="grad_tensor has shape \\[2, 32\\], expected \\[4, 32\\]"):
        ttnn.repeat_bw(tg, tx, [2, 1])
    with pytest.raises(ValueError, match="fewer entries than input_tensor's rank"):
        ttnn.repeat_bw(tg, tx, [1])


def test_repeat_bw_of_a_rank0_tensor():
    """No repeats of a rank-0 tensor (an empty repeat_dimensions): the gradient is grad."""
    g, x = torch.tensor(2.5), torch.tensor(1.0)
    (got,) = ttnn.repeat_bw(ttnn.from_torch(g, layout=ttnn.TILE_LAYOUT), ttnn.from_torch(x, layout=ttnn.TILE_LAYOUT),
                            [])
    assert ttnn.to_torch(got).item() == 2.5


def test_polygamma_bw_order_none():
    g = ttnn.from_torch(torch.ones(2, 3), layout=ttnn.TILE_LAYOUT)
    with pytest.raises(TypeError, match="n must be an integer in 1 .. 10, got None"):
        ttnn.polygamma_bw(g, g, None)
