"""ttnn.moreh_sum_backward / moreh_mean_backward as ttnn users call them, against torch autograd in
float64 on the same inputs (bf16 2 ulp / f32 4 ulp): dims -1, -2, outer, several, all; keepdim
both ways; sizes not multiples of 32."""
import pytest
import torch
from backward_checks import ulp
from matmul_checks import ULPS

import ttbw as ttnn


def tt(t):
    return ttnn.from_torch(t, layout=ttnn.TILE_LAYOUT)


def golden(shape, dim, keepdim, g, mean):
    x = torch.zeros(shape, dtype=torch.float64, requires_grad=True)
    reduce = torch.mean if mean else torch.sum
    y = reduce(x, dim=dim, keepdim=keepdim) if dim is not None else reduce(x)
    (value,) = torch.autograd.grad(y, x, g.double().reshape(y.shape))
    return value


def check(got, value, dtype):
    bad = ~((got.double() - value).abs() <= ULPS[dtype] * ulp(value.abs(), dtype))
    assert not bad.any(), f"{int(bad.sum())} of {bad.numel()} off: got {got[bad][:4]}, want {value[bad][:4]}"


CASES = [((3, 40, 50), [-1], True), ((3, 40, 50), [-2], False), ((3, 5, 40), [0], True),
         ((2, 3, 33, 45), [1, 3], False), ((2, 3, 33), None, True)]


@pytest.mark.parametrize("shape,dim,keepdim", CASES, ids=["last", "second_to_last", "outer", "two", "all"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
def test_sum_and_mean_backward_cpu(shape, dim, keepdim, dtype):
    dims = range(len(shape)) if dim is None else [d % len(shape) for d in dim]
    out_shape = [1 if i in dims else s for i, s in enumerate(shape)] if keepdim else \
        [s for i, s in enumerate(shape) if i not in dims]
    g = torch.randn(out_shape or [1], generator=torch.Generator().manual_seed(5)).to(dtype)
    x = tt(torch.zeros(shape, dtype=dtype))
    out = ttnn.moreh_sum_backward(tt(g), input=x, dim=dim, keepdim=keepdim, backend="cpu")
    check(ttnn.to_torch(out), golden(shape, dim, keepdim, g, False), dtype)
    out = ttnn.moreh_mean_backward(tt(g), dim=dim, keepdim=keepdim, input_grad_shape=list(shape), backend="cpu")
    check(ttnn.to_torch(out), golden(shape, dim, keepdim, g, True), dtype)


def test_mean_backward_device_and_preallocated():
    g = torch.randn(2, 37, 1, generator=torch.Generator().manual_seed(2)).bfloat16()
    with ttnn.manage_device(device_id=0) as device:
        target = ttnn.from_torch(torch.zeros(2, 37, 45).bfloat16(), layout=ttnn.TILE_LAYOUT, device=device)
        out = ttnn.operations.moreh.moreh_mean_backward(
            ttnn.from_torch(g, layout=ttnn.TILE_LAYOUT, device=device), dim=[-1], keepdim=True, input_grad=target)
        assert out is target
        check(ttnn.to_torch(out), golden((2, 37, 45), [-1], True, g, True), torch.bfloat16)


def test_misuse_is_refused_naming_the_argument():
    g = tt(torch.ones(3, 40).bfloat16())
    with pytest.raises(ValueError, match="output_grad has shape"):
        ttnn.moreh_sum_backward(g, input=tt(torch.ones(3, 40, 5).bfloat16()), dim=[1], keepdim=True, backend="cpu")
    with pytest.raises(ValueError, match="pass input or input_grad"):
        ttnn.moreh_sum_backward(g, dim=[1], backend="cpu")
    with pytest.raises(ValueError, match="dim 3 is out of range"):
        ttnn.moreh_mean_backward(g, dim=[3], keepdim=True, input_grad_shape=[3, 40], backend="cpu")
    with pytest.raises(TypeError, match="keepdim must be a bool"):
        ttnn.moreh_mean_backward(g, dim=[1], keepdim=1, input_grad_shape=[3, 40], backend="cpu")
