"""neg_bw, the first op of the unary class: -grad, exact, against torch autograd; the unary
wrapper's preallocated output (input_grad / output_tensor), memory_config, misuse."""
import pytest
import torch

import ttbw
from backward_checks import check_gradient, gradient_terms, rand, tensor

GEN = torch.Generator().manual_seed(13)
BACKENDS = ["cpu", "device"]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32])
@pytest.mark.parametrize("shape", [(32, 32), (1, 3, 32, 64), (5, 7)], ids=str)
def test_neg_bw(shape, dtype, backend):
    g, x = rand(shape, dtype, generator=GEN), rand(shape, dtype, generator=GEN)
    g.view(-1)[:4] = torch.tensor([float("inf"), float("nan"), 0.0, -0.0])
    (got,) = ttbw.neg_bw(tensor(g), tensor(x), backend=backend)
    (terms,) = gradient_terms(torch.neg, g, [x])
    check_gradient(ttbw.to_torch(got), terms, x, ulps=0)
    assert torch.equal(torch.signbit(ttbw.to_torch(got)), torch.signbit(-g))  # -0.0 for 0.0


@pytest.mark.parametrize("backend", BACKENDS)
def test_neg_bw_preallocated_and_memory_config(backend):
    g, x = rand((2, 32, 32), generator=GEN), rand((2, 32, 32), generator=GEN)
    target = tensor(torch.zeros(2, 32, 32, dtype=torch.bfloat16))
    (got,) = ttbw.neg_bw(tensor(g), tensor(x), output_tensor=target, backend=backend)
    assert got is target and torch.equal(ttbw.to_torch(target), -g)
    (got,) = ttbw.neg_bw(tensor(g), tensor(x), input_grad=target, memory_config=ttbw.L1_MEMORY_CONFIG,
                         backend=backend)
    assert got is target
    (got,) = ttbw.neg_bw(tensor(g), tensor(x), memory_config=ttbw.L1_MEMORY_CONFIG, backend=backend)
    assert got.memory_config() == ttbw.L1_MEMORY_CONFIG


def test_neg_bw_bfloat8_b():
    g, x = rand((1, 2, 32, 64), generator=GEN), rand((1, 2, 32, 64), generator=GEN)
    (got,) = ttbw.neg_bw(tensor(g, ttbw.bfloat8_b), tensor(x, ttbw.bfloat8_b))
    assert got.dtype is ttbw.bfloat8_b
    quantised = ttbw.to_torch(tensor(g, ttbw.bfloat8_b))
    assert torch.equal(ttbw.to_torch(got), -quantised)


def test_neg_bw_misuse():
    g = tensor(rand((32, 32), generator=GEN))
    with pytest.raises(ValueError, match="grad_tensor shape 32x32 must equal the shape of input_tensor"):
        ttbw.neg_bw(g, tensor(rand((1, 32), generator=GEN)))
    with pytest.raises(ValueError, match="preallocated output_tensor must have the shape of input_tensor"):
        ttbw.neg_bw(g, g, output_tensor=tensor(rand((2, 32), generator=GEN)))
    with pytest.raises(TypeError, match="got 'input_grad' and 'output_tensor'"):
        ttbw.neg_bw(g, g, input_grad=g, output_tensor=g)
    with pytest.raises(TypeError, match="unexpected keyword argument 'are_required_outputs'"):
        ttbw.neg_bw(g, g, are_required_outputs=[True])
