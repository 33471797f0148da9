"""ttbw.mul_bw as a Python user calls it (ttnn's API), against torch autograd, on the
emulated device (the default) and on the CPU reference path."""
import pytest
import torch

import ttbw


@pytest.fixture(params=["device", "cpu"])
def backend(request):
    return request.param


def torch_grads(grad, a, b):
    a = a.detach().clone().requires_grad_()
    if isinstance(b, torch.Tensor):
        b = b.detach().clone().requires_grad_()
        return torch.autograd.grad(a * b, (a, b), grad)
    return torch.autograd.grad(a * b, (a,), grad)


def test_seed_example_runs_as_written():
    # Exactly the seed's code with ttbw for ttnn (default backend: the emulated device).
    device = ttbw.open_device(device_id=0)
    grad_tensor = ttbw.from_torch(torch.tensor([[1, 2], [3, 4]], dtype=torch.bfloat16),
                                  layout=ttbw.TILE_LAYOUT, device=device)
    input_tensor_a = ttbw.from_torch(torch.tensor([[1, 2], [3, 4]], dtype=torch.bfloat16, requires_grad=True),
                                     layout=ttbw.TILE_LAYOUT, device=device)
    input_tensor_b = ttbw.from_torch(torch.tensor([[1, 2], [3, 4]], dtype=torch.bfloat16, requires_grad=True),
                                     layout=ttbw.TILE_LAYOUT, device=device)
    output = ttbw.mul_bw(grad_tensor, input_tensor_a, input_tensor_b)
    assert len(output) == 2
    expected = torch.tensor([[1, 4], [9, 16]], dtype=torch.bfloat16)
    assert torch.equal(ttbw.to_torch(output[0]), expected)
    assert torch.equal(ttbw.to_torch(output[1]), expected)
    scalar = ttbw.mul_bw(grad_tensor, input_tensor_a, 4)
    assert len(scalar) == 1
    assert torch.equal(ttbw.to_torch(scalar[0]), torch.tensor([[4, 8], [12, 16]], dtype=torch.bfloat16))


@pytest.mark.parametrize("a_shape, b_shape", [
    ((1, 1, 32, 32), (1, 1, 32, 32)),
    ((1, 3, 32, 1), (1, 1, 32, 64)),
    ((1, 1, 1, 1), (1, 3, 32, 64)),
    ((64,), (2, 32, 64)),
])
def test_against_autograd(a_shape, b_shape, backend):
    gen = torch.Generator().manual_seed(0)
    shape = torch.broadcast_shapes(a_shape, b_shape)
    g, a, b = (torch.randn(s, generator=gen).to(torch.bfloat16) for s in (shape, a_shape, b_shape))
    ga, gb = ttbw.mul_bw(*(ttbw.from_torch(t, layout=ttbw.TILE_LAYOUT) for t in (g, a, b)), backend=backend)
    ta, tb = torch_grads(g, a, b)
    for got, want in ((ttbw.to_torch(ga), ta), (ttbw.to_torch(gb), tb)):
        assert got.shape == want.shape and got.dtype == torch.bfloat16
        if got.shape == shape:
            assert torch.equal(got, want)  # no reduction: bit-exact
        else:
            assert torch.allclose(got.float(), want.float(), rtol=2 ** -7, atol=1e-2)


def test_masks_and_preallocated_results(backend):
    g, a, b = (ttbw.from_torch(torch.full((2, 32), v, dtype=torch.bfloat16), layout=ttbw.TILE_LAYOUT)
               for v in (2.0, 3.0, 5.0))
    only_b = ttbw.mul_bw(g, a, b, are_required_outputs=[False, True], backend=backend)
    assert only_b[0] is None and torch.all(ttbw.to_torch(only_b[1]) == 6)
    target = ttbw.from_torch(torch.zeros((2, 32), dtype=torch.bfloat16), memory_config=ttbw.L1_MEMORY_CONFIG,
                             layout=ttbw.TILE_LAYOUT)
    out = ttbw.mul_bw(g, a, b, input_grad=target, are_required_outputs=[True, False], backend=backend)
    assert out[0] is target and out[1] is None  # written into the given tensor
    assert torch.all(ttbw.to_torch(target) == 10)
    assert target.memory_config() == ttbw.L1_MEMORY_CONFIG


def test_complex_in_complex_out(backend):
    gen = torch.Generator().manual_seed(1)
    parts = [torch.randn((1, 1, 32, 64), generator=gen) for _ in range(6)]
    g, a, b = (torch.complex(parts[i], parts[i + 1]) for i in (0, 2, 4))
    to_tt = lambda z: ttbw.complex_tensor(ttbw.from_torch(z.real.contiguous(), layout=ttbw.TILE_LAYOUT),
                                          ttbw.from_torch(z.imag.contiguous(), layout=ttbw.TILE_LAYOUT))
    ga, gb = ttbw.mul_bw(to_tt(g), to_tt(a), to_tt(b), backend=backend)
    assert isinstance(ga, ttbw.ComplexTensor) and isinstance(gb, ttbw.ComplexTensor)
    ta, tb = torch_grads(g, a, b)
    assert torch.allclose(ttbw.to_torch(ga), ta, atol=1e-5)
    assert torch.allclose(ttbw.to_torch(gb), tb, atol=1e-5)


def test_repeat_call_compiles_nothing():
    from ttbw.ttnn import backward_ops as api

    g = ttbw.from_torch(torch.ones((3, 32), dtype=torch.float32), layout=ttbw.TILE_LAYOUT)
    ttbw.mul_bw(g, g, 2.0, backend="cpu")
    before = api.compile_cache_size()
    ttbw.mul_bw(g, g, -7.5, backend="cpu")  # same signature, another scalar: runtime argument
    assert api.compile_cache_size() == before


@pytest.mark.parametrize("call, error, message", [
    (lambda g, x: ttbw.mul_bw(g, x, g), ValueError, "not broadcast-compatible"),
    (lambda g, x: ttbw.mul_bw(g, g, g, are_required_outputs=[False, False]), ValueError,
     "at least one gradient is expected"),
    (lambda g, x: ttbw.mul_bw(g, g, g, are_required_outputs=[True]), ValueError, "exactly two bools"),
    (lambda g, x: ttbw.mul_bw(g, g, "2"), TypeError, "input_tensor_b"),
    (lambda g, x: ttbw.mul_bw(g, g, 2.0, other_grad=g), ValueError, "a scalar input_tensor_b has no gradient"),
    (lambda g, x: ttbw.mul_bw(g, g, g, input_grad=ttbw.from_torch(torch.ones(2, 2), layout=ttbw.TILE_LAYOUT)),
     ValueError,
     "data type of input_tensor_a"),
    (lambda g, x: ttbw.mul_bw(g, g, g, backend="gpu"), ValueError, "unknown backend"),
    (lambda g, x: ttbw.from_torch(torch.ones(2, 2), dtype=ttbw.bfloat8_b, layout=ttbw.ROW_MAJOR_LAYOUT),
     ValueError, "bfloat8_b is only supported on TILE layout"),
    (lambda g, x: ttbw.from_torch(torch.ones(2, 2, dtype=torch.int32), layout=ttbw.TILE_LAYOUT), TypeError,
     "floating-point"),
])
def test_wrong_inputs_state_the_rule(call, error, message):  # checked before any backend runs
    g = ttbw.from_torch(torch.ones((2, 2), dtype=torch.bfloat16), layout=ttbw.TILE_LAYOUT)
    x = ttbw.from_torch(torch.ones((3, 3), dtype=torch.bfloat16), layout=ttbw.TILE_LAYOUT)
    with pytest.raises(error, match=message):
        call(g, x)


def test_bfloat8_b_values_are_block_quantized():
    t = ttbw.from_torch(torch.tensor([[64.75, 65.25, 64.5, 65.5]]), dtype=ttbw.bfloat8_b, layout=ttbw.TILE_LAYOUT)
    assert ttbw.to_torch(t).float().tolist() == [[65.0, 65.0, 64.0, 66.0]]


def test_bf16_tensors_hold_their_own_bf16_data():
    """A bf16 tensor keeps its values as bf16 (what the upload reads, what a result comes back
    as), copied from the caller: changing the torch tensor afterwards changes nothing."""
    import ml_dtypes

    source = torch.tensor([[1.5, -2.0], [3.0, float("nan")]], dtype=torch.bfloat16)
    tensor = ttbw.from_torch(source, layout=ttbw.TILE_LAYOUT)
    assert tensor.host_data().dtype == ml_dtypes.bfloat16
    source[0, 0] = 7.0
    assert tensor.values[0, 0] == 1.5 and torch.equal(ttbw.to_torch(tensor)[0], torch.tensor([1.5, -2.0]).bfloat16())
    grad_a, grad_b = ttbw.mul_bw(tensor, tensor, tensor)
    assert grad_a.host_data().dtype == ml_dtypes.bfloat16 and str(grad_a.values.dtype) == "float32"
    expected = torch_grads(ttbw.to_torch(tensor), ttbw.to_torch(tensor), ttbw.to_torch(tensor))
    for got, want in zip((grad_a, grad_b), expected):
        assert torch.equal(ttbw.to_torch(got).view(torch.int16), want.view(torch.int16))  # bit for bit, NaN too
