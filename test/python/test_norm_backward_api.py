"""ttnn.moreh_layer_norm_backward and ttbw's rmsnorm_bw as users call them, against torch in float64
on the same inputs (aten.native_layer_norm_backward from the given mean / rstd; RMS norm's
gradient from the given rms, checked against autograd): bf16 2 ulp / f32 4 ulp of max(|golden|,
sum |terms|). On the device: dx one program (its sums read back), the weight gradients one more."""
import math

import pytest
import torch
from backward_checks import ulp
from matmul_checks import ULPS
from norm_checks import layer_norm_case, layer_norm_golden

import ttbw as ttnn
from ttbw.execution.executor import device

def tt(t):
    return ttnn.from_torch(t, layout=ttnn.TILE_LAYOUT)


def close(got, value, scale, dtype):
    error = (ttnn.to_torch(got).double() - value).abs()
    bad = ~(error <= ULPS[dtype] * ulp(torch.maximum(scale, value.abs()), dtype))
    assert not bad.any(), f"{int(bad.sum())} of {bad.numel()} off: max {float(error.max())}"


@pytest.mark.parametrize("shape,nd", [((3, 40, 50), 1), ((2, 45, 33), 2), ((2, 3, 20, 37), 3)],
                         ids=["last", "last_two", "rank4_last_three"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("backend", ["device", "cpu"])
def test_moreh_layer_norm_backward_as_torch(shape, nd, dtype, backend):
    x, gamma, g, mean, rstd = layer_norm_case(shape, nd, dtype)
    lead, normalized = shape[:-nd], shape[-nd:]
    pre = [tt(torch.zeros(shape, dtype=dtype)), tt(torch.zeros(normalized, dtype=dtype)),
           tt(torch.zeros(normalized, dtype=dtype))]
    before = device().programs_launched
    out = ttnn.moreh_layer_norm_backward(tt(g), tt(x), tt(mean.reshape(lead)), tt(rstd.reshape(lead)), nd,
                                         gamma=tt(gamma), input_grad=pre[0], gamma_grad=pre[1], beta_grad=pre[2],
                                         backend=backend)
    assert device().programs_launched - before == (2 if backend == "device" else 0)
    assert all(o is p for o, p in zip(out, pre))
    for got, value, scale in zip(out, *layer_norm_golden(x, gamma, g, mean, rstd, nd, True)):
        close(got, value, scale, dtype)


def test_moreh_layer_norm_backward_computes_what_is_passed():
    """As ttnn: a gradient is computed when its tensor is passed; without gamma dy is g; the older
    alias ttnn.operations.moreh; the input gradient alone is one program."""
    x, gamma, g, mean, rstd = layer_norm_case((4, 70), 1, torch.bfloat16, seed=3)
    golden, scales = layer_norm_golden(x, gamma, g, mean, rstd, 1, False)
    target = tt(torch.zeros(4, 70, dtype=torch.bfloat16))
    before = device().programs_launched
    out = ttnn.operations.moreh.moreh_layer_norm_backward(tt(g), tt(x), tt(mean.reshape(4)), tt(rstd.reshape(4)), 1,
                                                          input_grad=target)
    assert device().programs_launched - before == 1
    assert out[0] is target and out[1] is None and out[2] is None
    close(target, golden[0], scales[0], torch.bfloat16)
    beta = tt(torch.zeros(70, dtype=torch.bfloat16))
    out = ttnn.moreh_layer_norm_backward(tt(g), tt(x), tt(mean.reshape(4)), tt(rstd.reshape(4)), 1, beta_grad=beta)
    assert out[0] is None and out[1] is None and out[2] is beta
    close(beta, golden[2], scales[2], torch.bfloat16)
    assert ttnn.moreh_layer_norm_backward(tt(g), tt(x), tt(mean.reshape(4)), tt(rstd.reshape(4)), 1) == [None] * 3


def test_moreh_layer_norm_backward_misuse():
    x, gamma, g, mean, rstd = layer_norm_case((2, 32, 64), 1, torch.bfloat16)
    args = (tt(g), tt(x), tt(mean.reshape(2, 32)), tt(rstd.reshape(2, 32)))
    grad = tt(torch.zeros(2, 32, 64, dtype=torch.bfloat16))
    with pytest.raises(ValueError, match=r"mean must have logical shape \[2, 32\], got \[1, 64\]"):
        ttnn.moreh_layer_norm_backward(args[0], args[1], tt(torch.zeros(1, 64)), args[3], 1, input_grad=grad)
    with pytest.raises(ValueError, match="normalized_dims 4 is out of range"):
        ttnn.moreh_layer_norm_backward(*args, 4, input_grad=grad)
    with pytest.raises(TypeError, match="normalized_dims must be an int"):
        ttnn.moreh_layer_norm_backward(*args, 1.0, input_grad=grad)
    with pytest.raises(ValueError, match=r"gamma must have logical shape \[64\]"):
        ttnn.moreh_layer_norm_backward(*args, 1, gamma=tt(torch.ones(32)), input_grad=grad)
    with pytest.raises(ValueError, match=r"gamma_grad must have logical shape \[64\]"):
        ttnn.moreh_layer_norm_backward(*args, 1, gamma_grad=tt(torch.ones(2, 64)))
    with pytest.raises(TypeError, match="rstd must be a ttnn.Tensor"):
        ttnn.moreh_layer_norm_backward(args[0], args[1], args[2], rstd, 1, input_grad=grad)


def rms_case(shape, gamma_shape, dtype):
    gen = torch.Generator().manual_seed(2)
    x = torch.randn(shape, generator=gen, dtype=torch.float64).to(dtype)
    gamma = (torch.rand(gamma_shape, generator=gen, dtype=torch.float64) + 0.5).to(dtype)
    g = torch.randn(shape, generator=gen, dtype=torch.float64).to(dtype)
    rms = (x.double().pow(2).mean(-1, keepdim=True) + 1e-6).sqrt().to(dtype)
    return x, gamma, g, rms


def rms_golden(x, gamma, g, rms):
    """([dx, dγ], scales) in float64 from the given rms (rms = sqrt(mean(x²) + eps): d rms / dx =
    x / (N rms))."""
    x, gamma, g, r = x.double(), gamma.double(), g.double(), rms.double()
    n = x.shape[-1]
    dy = g * gamma
    dx = (dy - x * (dy * x).sum(-1, keepdim=True) / (n * r * r)) / r
    dgamma = (g * x / r).sum_to_size(gamma.shape)
    scale = (dy.abs() + x.abs() * (dy * x).abs().sum(-1, keepdim=True) / (n * r * r)) / r
    return [dx, dgamma], [scale, (g * x / r).abs().sum_to_size(gamma.shape)]


def test_rms_golden_is_autograd():
    x = torch.randn(3, 7, dtype=torch.float64, requires_grad=True)
    gamma, g = torch.rand(7, dtype=torch.float64, requires_grad=True), torch.randn(3, 7, dtype=torch.float64)
    rms = (x.pow(2).mean(-1, keepdim=True) + 1e-6).sqrt()
    want = torch.autograd.grad(x / rms * gamma, (x, gamma), g)
    got, _ = rms_golden(x.detach(), gamma.detach(), g, rms.detach())
    for a, b in zip(got, want):
        assert torch.allclose(a, b, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("shape,gamma_shape", [((3, 40, 50), (50,)), ((2, 1, 45, 70), (1, 1, 1, 70))],
                         ids=["rank3", "tt_train_rank4"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
def test_rmsnorm_bw_as_torch(shape, gamma_shape, dtype):
    x, gamma, g, rms = rms_case(shape, gamma_shape, dtype)
    before = device().programs_launched
    dx, dgamma = ttnn.rmsnorm_bw(tt(x), tt(gamma), tt(rms), tt(g))
    assert device().programs_launched - before == 2
    assert tuple(dgamma.shape) == gamma_shape
    for got, value, scale in zip((dx, dgamma), *rms_golden(x, gamma, g, rms)):
        close(got, value, scale, dtype)


def test_rmsnorm_bw_misuse():
    x, gamma, g, rms = rms_case((4, 40), (40,), torch.bfloat16)
    with pytest.raises(ValueError, match=r"rms_tensor must have logical shape \[4, 1\]"):
        ttnn.rmsnorm_bw(tt(x), tt(gamma), tt(rms.reshape(1, 4)), tt(g), backend="cpu")
    with pytest.raises(ValueError, match=r"gamma_tensor must have shape \[40\]"):
        ttnn.rmsnorm_bw(tt(x), tt(torch.ones(2, 40)), tt(rms), tt(g), backend="cpu")
    with pytest.raises(ValueError, match=r"dL_dout_tensor must have logical shape \[4, 40\]"):
        ttnn.rmsnorm_bw(tt(x), tt(gamma), tt(rms), tt(g[:, :20]), backend="cpu")
    assert math.isfinite(float(ttnn.to_torch(ttnn.rmsnorm_bw(tt(x), tt(gamma), tt(rms), tt(g), backend="cpu")[0])
                               .abs().max()))
