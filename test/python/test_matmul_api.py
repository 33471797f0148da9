"""ttnn.matmul / linear and the moreh matmul backward ops as ttnn users call them, against torch
autograd in float64 on the same inputs (bf16 2 ulp / f32 4 ulp of max(|golden|, sum |terms|)).
The CPU reference backend here; the device path in test_device_matmul.py."""
import pytest
import torch
from matmul_checks import check_product, golden

import ttbw as ttnn


def tt(t):
    return ttnn.from_torch(t, layout=ttnn.TILE_LAYOUT)


def rand(shape, seed, dtype=torch.bfloat16):
    return torch.randn(shape, generator=torch.Generator().manual_seed(seed)).to(dtype)


def grads(forward, grad, *operands):
    """(value, scale) per operand: the float64 gradient and its sum |terms| (the same rule on |.|)."""
    leaves = [o.double().requires_grad_() for o in operands]
    values = torch.autograd.grad(forward(*leaves), leaves, grad.double())
    abs_leaves = [o.double().abs().requires_grad_() for o in operands]
    scales = torch.autograd.grad(forward(*abs_leaves), abs_leaves, grad.double().abs())
    return list(zip(values, scales))


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
def test_matmul_and_linear_forward(dtype):
    a, b, bias = rand((2, 40, 70), 1, dtype), rand((24, 70), 2, dtype), rand((1, 24), 3, dtype)
    out = ttnn.matmul(tt(a), tt(b), transpose_b=True, backend="cpu")
    assert out.dtype == (ttnn.bfloat16 if dtype == torch.bfloat16 else ttnn.float32) and out.layout == ttnn.TILE_LAYOUT
    check_product(ttnn.to_torch(out), *golden(a, b, transpose_b=True), dtype)
    out = ttnn.linear(tt(a), tt(b), bias=tt(bias), transpose_b=True, backend="cpu")
    check_product(ttnn.to_torch(out), *golden(a, b, transpose_b=True, bias=bias), dtype)


def test_matmul_dtype_and_optional_output_tensor():
    a, b = rand((33, 64), 4), rand((64, 17), 5)
    out = ttnn.matmul(tt(a), tt(b), dtype=ttnn.float32, backend="cpu")  # bf16 operands, f32 result: no bf16 step
    assert out.dtype == ttnn.float32
    check_product(ttnn.to_torch(out), *golden(a, b), torch.float32)
    target = tt(torch.zeros(33, 17).bfloat16())
    assert ttnn.matmul(tt(a), tt(b), optional_output_tensor=target, backend="cpu") is target
    check_product(ttnn.to_torch(target), *golden(a, b), torch.bfloat16)


@pytest.mark.parametrize("a_shape,b_shape", [((2, 3, 40, 70), (70, 24)), ((2, 1, 40, 70), (3, 70, 24)),
                                             ((40, 70), (2, 70, 24))])
def test_moreh_matmul_backward_sums_broadcast_batch_dims(a_shape, b_shape):
    a, b = rand(a_shape, 6), rand(b_shape, 7)
    grad = rand(torch.broadcast_shapes(a_shape[:-2], b_shape[:-2]) + (a_shape[-2], b_shape[-1]), 8)
    got = ttnn.moreh_matmul_backward(tt(grad), tt(a), tt(b), backend="cpu")
    for result, operand, (value, scale) in zip(got, (a, b), grads(torch.matmul, grad, a, b)):
        assert tuple(result.shape) == tuple(operand.shape)
        check_product(ttnn.to_torch(result), value, scale, torch.bfloat16)


def test_moreh_matmul_backward_mask_and_preallocated():
    a, b, grad = rand((40, 70), 9), rand((70, 24), 10), rand((40, 24), 11)
    target = tt(torch.zeros(70, 24).bfloat16())
    none, gb = ttnn.operations.moreh.moreh_matmul_backward(tt(grad), tt(a), tt(b), are_required_outputs=[False, True],
                                                           input_b_grad=target, backend="cpu")
    assert none is None and gb is target
    check_product(ttnn.to_torch(gb), *grads(torch.matmul, grad, a, b)[1], torch.bfloat16)


@pytest.mark.parametrize("x_shape,bias_shape", [((64, 48), (1, 40)), ((3, 5, 48), (1, 1))])
def test_moreh_linear_backward_one_function(x_shape, bias_shape):
    x, w, bias = rand(x_shape, 12), rand((40, 48), 13), rand(bias_shape, 14)
    grad = rand(x_shape[:-1] + (40,), 15)
    got = ttnn.moreh_linear_backward(tt(grad), tt(x), tt(w), bias=tt(bias), backend="cpu")
    want = grads(lambda x_, w_, b_: x_ @ w_.T + b_, grad, x, w, bias)
    for result, operand, (value, scale) in zip(got, (x, w, bias), want):
        assert tuple(result.shape) == tuple(operand.shape)
        check_product(ttnn.to_torch(result), value, scale, torch.bfloat16)


def test_moreh_bmm_backward():
    a, b, grad = rand((3, 40, 70), 16), rand((3, 70, 24), 17), rand((3, 40, 24), 18)
    got = ttnn.moreh_bmm_backward(tt(grad), tt(a), tt(b), backend="cpu")
    for result, (value, scale) in zip(got, grads(torch.bmm, grad, a, b)):
        check_product(ttnn.to_torch(result), value, scale, torch.bfloat16)


def test_misuse_is_refused_naming_the_argument():
    a, b = tt(rand((32, 64), 19)), tt(rand((64, 32), 20))
    with pytest.raises(ValueError, match=r"input_tensor_a\[-1\]\(64\) and input_tensor_b\[-2\]\(32\) must have matching"):
        ttnn.matmul(a, a, backend="cpu")
    with pytest.raises(TypeError, match="input_tensor_b must be a ttnn.Tensor, got Tensor from torch"):
        ttnn.matmul(a, torch.zeros(64, 32), backend="cpu")
    with pytest.raises(TypeError, match="transpose_a must be a bool"):
        ttnn.matmul(a, b, transpose_a=1, backend="cpu")
    with pytest.raises(ValueError, match="program_config is not supported"):
        ttnn.matmul(a, b, program_config=object(), backend="cpu")
    with pytest.raises(ValueError, match="must hold the same element type"):
        ttnn.matmul(a, tt(rand((64, 32), 21, torch.float32)), backend="cpu")
    with pytest.raises(ValueError, match="output_grad has shape \\[32, 64\\]; the forward result's shape is \\[32, 32\\]"):
        ttnn.moreh_matmul_backward(a, a, b, backend="cpu")
    with pytest.raises(ValueError, match="weight must be \\[out_features, in_features\\]"):
        ttnn.moreh_linear_backward(b, a, b, backend="cpu")
    with pytest.raises(ValueError, match="are_required_outputs must be exactly three bools"):
        ttnn.moreh_linear_backward(a, a, b, are_required_outputs=[True, True], backend="cpu")
