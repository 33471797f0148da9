"""ttnn's bfloat8_b scalar cases on the device: grad and a in bfloat8_b, b a Python scalar.
The gradient is grad * s in fp32, block-quantized to bfloat8_b: PCC >= 0.99 against torch
autograd on the (quantized) inputs, and the same values as the CPU reference path."""
import numpy as np
import pytest
import torch

import ttbw

SCALARS = [4, 1.2345678, -0.1, 3.0e-5, 7.0e30, 0.0, -2.5, 0.75, 1e3]


def _pcc(x: torch.Tensor, y: torch.Tensor) -> float:
    x, y = x.double().flatten(), y.double().flatten()
    if torch.equal(x, y):
        return 1.0
    return float(np.corrcoef(x.numpy(), y.numpy())[0, 1])


@pytest.mark.parametrize("shape", [(1, 1, 32, 32), (1, 3, 320, 384), (2, 50, 70)])
@pytest.mark.parametrize("scalar", SCALARS)
def test_bfloat8_b_scalar_b(shape, scalar):
    gen = torch.Generator().manual_seed(7)
    g = ttbw.from_torch(torch.randn(shape, generator=gen), ttbw.bfloat8_b, layout=ttbw.TILE_LAYOUT)
    a = ttbw.from_torch(torch.randn(shape, generator=gen), ttbw.bfloat8_b, layout=ttbw.TILE_LAYOUT)
    (dev,) = ttbw.mul_bw(g, a, scalar, backend="device")
    (cpu,) = ttbw.mul_bw(g, a, scalar, backend="cpu")
    assert dev.dtype is ttbw.bfloat8_b and tuple(dev.shape) == shape
    got = ttbw.to_torch(dev).float()
    assert torch.equal(got, ttbw.to_torch(cpu).float())
    grad_q, a_q = ttbw.to_torch(g).float(), ttbw.to_torch(a).float().requires_grad_()
    (a_q * scalar).backward(grad_q)
    assert _pcc(got, a_q.grad) >= 0.99
