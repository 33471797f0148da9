"""ttnn's binary_backward family beyond the first ops (python/ttbw/ttnn/binary_backward_ops.py):
every op on the emulated device against torch autograd in float64 on the same inputs, in bf16
(<= 1 step) and f32 (<= 2 ulp arithmetic, <= 4 ulp transcendental), over random values and a
grid of edge values (0, +-1, huge and tiny magnitudes, overflow-prone grads such as 3e38);
broadcast operands summed back (three rows of ttnn's matrix); ttnn's binding signatures and
misuse; the ternary addcdiv_bw and lerp_bw likewise. Exhaustive bf16 over one operand:
test_backward_sweep_binary_bf16.py."""
from __future__ import annotations

import pytest
import torch

import ttbw
from backward_checks import BROADCAST_MATRIX, MATRIX_IDS, check_gradient, gradient_terms, tensor, ulp
from test_backward_sweep_bf16 import STABLE

GEN = torch.Generator().manual_seed(24)
EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, -3.0, 7.25, 100.0, -100.0, 1e-30, -1e-30, 1e30, -3e38, 3e38]
# op -> (f32 bound in ulp, the forward for gradient_terms)
OPS = {
    "rsub_bw": (2, lambda a, b: b - a),
    "squared_difference_bw": (2, lambda a, b: (a - b) ** 2),
    "min_bw": (2, torch.minimum),
    "max_bw": (2, torch.maximum),
    "atan2_bw": (2, torch.atan2),
    "hypot_bw": (2, torch.hypot),
    "xlogy_bw": (4, torch.xlogy),
    "logaddexp_bw": (4, torch.logaddexp),
    "logaddexp2_bw": (4, torch.logaddexp2),
    "ldexp_bw": (4, torch.ldexp),
    "remainder_bw": (2, torch.remainder),
    "fmod_bw": (2, torch.fmod),
    "assign_bw": (2, lambda a, b: a + b),
    "bias_gelu_bw": (4, lambda a, b: torch.nn.functional.gelu(a + b)),
}
# f32 bounds an op does not meet, measured, with why
SLACK = {
    # rsqrt(S) and three roundings of g sign(u) (t + t_tail) rsqrt(S) (passes/derivatives_binary.py)
    "hypot_bw": 2.1,
}


def inputs(dtype):
    """g, a, b of shape (4, 1024): the edge grid (every pair, g 1 and 3e38 and 1e-30) then random
    values (normal, times 4), the same for every test."""
    gen = torch.Generator().manual_seed(24)
    edges = torch.tensor(EDGES, dtype=torch.float64)
    a, b = torch.meshgrid(edges, edges, indexing="ij")
    a, b = a.flatten().repeat(3), b.flatten().repeat(3)
    g = torch.tensor([1.0, 3e38, -1e-30], dtype=torch.float64).repeat_interleave(len(EDGES) ** 2)
    rest = 4096 - len(a)
    g = torch.cat([g, torch.randn(rest, generator=gen, dtype=torch.float64)])
    a = torch.cat([a, 4 * torch.randn(rest, generator=gen, dtype=torch.float64)])
    b = torch.cat([b, 4 * torch.randn(rest, generator=gen, dtype=torch.float64)])
    return [t.to(dtype).reshape(4, 1024) for t in (g, a, b)]


def worst_ulp(got: torch.Tensor, want: torch.Tensor, dtype) -> float:
    """The largest error in `dtype` ulps of the float64 golden (NaN where the golden is NaN, an
    infinity where it rounds to that infinity, both below 2^-112 as the sweeps take them: 0)."""
    got = got.double()
    rounded = want.to(dtype).double()
    tiny = (got.abs() < 2.0 ** -112) & (want.abs() < 2.0 ** -112)  # f32's subnormal range: fewer bits
    same = (torch.isnan(got) & torch.isnan(want)) | (got == want) | (torch.isinf(rounded) & (got == rounded)) | tiny
    error = ((got - want).abs() / ulp(want, dtype)).where(~same, torch.zeros_like(want))
    return float(error.nan_to_num(float("inf")).max())


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("op", list(OPS))
def test_accuracy(op, dtype):
    g, a, b = inputs(dtype)
    if op == "ldexp_bw":
        b = b.clamp(-70, 70)
    function = getattr(ttbw, op)
    grads = function(tensor(g), tensor(a), tensor(b))
    wants = ttbw.get_golden_function(function)(g.double(), a.double(), b.double())
    bound = 1 if dtype == torch.bfloat16 else SLACK.get(op, OPS[op][0])
    if op == "bias_gelu_bw":  # gelu's slope at a + b with Phi as erfc: torch's 1 + erf loses it below -8
        wants = [STABLE["gelu_bw"](g.double(), a.double() + b.double())] * 2
    for name, got, want in zip(("input_grad", "other_grad"), grads, wants):
        worst = worst_ulp(ttbw.to_torch(got) if isinstance(got, ttbw.Tensor) else got, want, dtype)
        assert worst <= bound, f"{op} {name}: {worst} ulp (bound {bound})"


@pytest.mark.parametrize("shapes", [BROADCAST_MATRIX[i] for i in (3, 4, 7)], ids=[MATRIX_IDS[i] for i in (3, 4, 7)])
@pytest.mark.parametrize("op", ["atan2_bw", "logaddexp_bw", "min_bw", "bias_gelu_bw", "remainder_bw"])
def test_broadcast_summed(op, shapes):
    """A broadcast operand's gradient is summed back to its shape (<= 2 ulp of sum |terms|)."""
    a_shape, b_shape = shapes
    g = torch.randn(torch.broadcast_shapes(a_shape, b_shape), generator=GEN).bfloat16()
    a, b = torch.randn(a_shape, generator=GEN).bfloat16(), (torch.randn(b_shape, generator=GEN) + 3).bfloat16()
    grads = getattr(ttbw, op)(tensor(g), tensor(a), tensor(b), backend="cpu")
    for got, term, operand in zip(grads, gradient_terms(OPS[op][1], g, [a, b]), (a, b)):
        check_gradient(ttbw.to_torch(got), term, operand)


@pytest.fixture(scope="module")
def small():
    g, a, b = (torch.randn(2, 32, generator=GEN).bfloat16() for _ in range(3))
    return (g, a, b), [tensor(t) for t in (g, a, b)]


def test_scalar_forms(small):
    """remainder_bw / fmod_bw (grad, a, scalar) and bias_gelu_bw (grad, input_tensor, bias): one gradient."""
    (g, a, _), (tg, ta, _) = small
    assert torch.equal(ttbw.to_torch(ttbw.remainder_bw(tg, ta, 1.5, backend="cpu")[0]), g)
    assert torch.equal(ttbw.to_torch(ttbw.fmod_bw(tg, ta, scalar=1.5, backend="cpu")[0]), g)
    (got,) = ttbw.bias_gelu_bw(tg, input_tensor=ta, bias=0.5, approximate="tanh", backend="cpu")
    (want,) = ttbw.get_golden_function(ttbw.bias_gelu_bw)(g.double(), a.double(), 0.5, approximate="tanh")
    assert torch.allclose(ttbw.to_torch(got).double(), want, rtol=2 ** -7, atol=1e-6)


def test_outputs_keywords(small):
    """rsub_bw and assign_bw take are_required_outputs and preallocated results (ttnn's names);
    assign_bw's one-tensor form gives [grad]."""
    (g, _, _), (tg, ta, tb) = small
    none, other = ttbw.rsub_bw(tg, ta, tb, are_required_outputs=[False, True], backend="cpu")
    assert none is None and torch.equal(ttbw.to_torch(other), g)
    target = tensor(torch.zeros(2, 32, dtype=torch.bfloat16))
    (result,) = ttbw.assign_bw(tg, ta, input_a_grad=target, backend="cpu")
    assert result is target and torch.equal(ttbw.to_torch(target), g)
    first, second = ttbw.assign_bw(tg, ta, tb, are_required_outputs=[True, False], backend="cpu")
    assert second is None and torch.equal(ttbw.to_torch(first), g)


@pytest.mark.parametrize("call, error, message", [
    (lambda g, a, b: ttbw.atan2_bw(g, a, b, are_required_outputs=[True, False]), TypeError,
     "unexpected keyword argument 'are_required_outputs'"),
    (lambda g, a, b: ttbw.hypot_bw(g, a, b, input_grad=a), TypeError, "unexpected keyword argument 'input_grad'"),
    (lambda g, a, b: ttbw.min_bw(g, input_tensor=a, input_tensor_b=b), TypeError,
     "unexpected keyword argument 'input_tensor'"),
    (lambda g, a, b: ttbw.xlogy_bw(g, a, 2.0), TypeError, "has no scalar form"),
    (lambda g, a, b: ttbw.rsub_bw(g, a, 2.0), TypeError, "has no scalar form"),
    (lambda g, a, b: ttbw.remainder_bw(g, a, "2"), TypeError, "must be a ttnn.Tensor"),
    (lambda g, a, b: ttbw.assign_bw(g, a, input_b_grad=b), TypeError, "with one input tensor takes no input_b_grad"),
    (lambda g, a, b: ttbw.bias_gelu_bw(g, a, b, approximate="fast"), ValueError, "approximate must be 'none' or 'tanh'"),
    (lambda g, a, b: ttbw.bias_gelu_bw(g, a, bias="x"), TypeError, "bias must be a number"),
    (lambda g, a, b: ttbw.logaddexp_bw(g, a, b, memory_config="dram"), TypeError, "memory_config"),
])
def test_misuse_names_the_argument(call, error, message, small):
    _, (g, a, b) = small
    with pytest.raises(error) as caught:
        call(g, a, b)
    assert message in str(caught.value)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("form", ["addcdiv", "lerp-tensor", "lerp-scalar"])
def test_ternary_accuracy(form, dtype):
    """addcdiv_bw (value 0.5) and lerp_bw (tensor weight, and scalar 0.3): bf16 <= 1, f32 <= 2 ulp."""
    g, a, b = inputs(dtype)
    _, c, _ = inputs(dtype)
    c = c.flip(-1)
    if form == "addcdiv":
        got = ttbw.addcdiv_bw(tensor(g), tensor(a), tensor(b), tensor(c), 0.5)
        want = ttbw.get_golden_function(ttbw.addcdiv_bw)(g.double(), a.double(), b.double(), c.double(), 0.5)
    else:
        weight = tensor(c) if form == "lerp-tensor" else 0.3
        got = ttbw.lerp_bw(tensor(g), tensor(a), tensor(b), weight)
        want = ttbw.get_golden_function(ttbw.lerp_bw)(g.double(), a.double(), b.double(),
                                                        c.double() if form == "lerp-tensor" else 0.3)
    assert len(got) == len(want)
    bound = 1 if dtype == torch.bfloat16 else 2
    for index, (result, golden) in enumerate(zip(got, want)):
        worst = worst_ulp(ttbw.to_torch(result), golden, dtype)
        assert worst <= bound, f"{form} gradient {index}: {worst} ulp (bound {bound})"


def test_ternary_signatures(small):
    """lerp_bw's weight by position or as input_tensor_c= / scalar=; addcdiv_bw's alpha (value=)."""
    (g, a, b), (tg, ta, tb) = small
    by_name = ttbw.lerp_bw(tg, ta, tb, scalar=0.25, backend="cpu")
    by_position = ttbw.lerp_bw(tg, ta, tb, 0.25, backend="cpu")
    assert all(torch.equal(ttbw.to_torch(x), ttbw.to_torch(y)) for x, y in zip(by_name, by_position))
    (_, end) = ttbw.lerp_bw(tg, ta, tb, input_tensor_c=tb, backend="cpu")
    assert torch.allclose(ttbw.to_torch(end).double(), (g.double() * b.double()), rtol=2 ** -8)
    with pytest.raises(TypeError, match="scalar must be a number"):
        ttbw.lerp_bw(tg, ta, tb, scalar="x")
    with pytest.raises(TypeError, match="missing required argument: 'input_tensor_c'"):
        ttbw.lerp_bw(tg, ta, tb)
    with pytest.raises(TypeError, match="missing required argument: 'alpha'"):
        ttbw.addcdiv_bw(tg, ta, tb, tb)
    grads = ttbw.addcdiv_bw(tg, ta, tb, tb, value=2.0, backend="cpu")
    assert len(grads) == 3 and torch.equal(ttbw.to_torch(grads[0]), g)
