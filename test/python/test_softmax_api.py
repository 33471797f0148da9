"""ttnn.moreh_softmax / softmin / logsoftmax_backward as ttnn users call them, against torch's
backward in float64 on the same forward output (aten._softmax_backward_data /
_log_softmax_backward_data): bf16 2 ulp / f32 4 ulp of max(|golden|, sum |terms|). Reduced dims
not multiples of 32 (the padding must stay out of the sums), dims -1, -2 and an outer one."""
import pytest
import torch
from matmul_checks import ULPS
from backward_checks import ulp

import ttbw as ttnn


def tt(t):
    return ttnn.from_torch(t, layout=ttnn.TILE_LAYOUT)


def forward_output(kind, shape, dim, seed, dtype):
    x = torch.randn(shape, generator=torch.Generator().manual_seed(seed), dtype=torch.float64) * 2
    y = {"softmax": torch.softmax(x, dim), "softmin": torch.softmax(-x, dim), "logsoftmax": torch.log_softmax(x, dim)}
    g = torch.randn(shape, generator=torch.Generator().manual_seed(seed + 1))
    return y[kind].to(dtype), g.to(dtype)


def golden(kind, y, g, dim):
    """(value, scale): torch's backward from the output in float64, and sum |terms|."""
    y64, g64 = y.double(), g.double()
    if kind == "logsoftmax":
        value = torch.ops.aten._log_softmax_backward_data(g64, y64, dim, torch.float64)
        return value, g64.abs() + y64.exp() * g64.abs().sum(dim, keepdim=True)
    sign = 1.0 if kind == "softmax" else -1.0
    value = sign * torch.ops.aten._softmax_backward_data(g64, y64, dim, torch.float64)
    return value, y64.abs() * (g64.abs() + (g64 * y64).abs().sum(dim, keepdim=True))


def check(got, value, scale, dtype):
    error = (got.double() - value).abs()
    bad = ~(error <= ULPS[dtype] * ulp(torch.maximum(scale, value.abs()), dtype))
    assert not bad.any(), f"{int(bad.sum())} of {bad.numel()} off: got {got[bad][:4]}, want {value[bad][:4]}"


OPS = {"softmax": "moreh_softmax_backward", "softmin": "moreh_softmin_backward",
       "logsoftmax": "moreh_logsoftmax_backward"}


@pytest.mark.parametrize("kind", list(OPS))
@pytest.mark.parametrize("shape,dim", [((3, 40, 50), -1), ((2, 45, 33), -2), ((3, 5, 40), 0)],
                         ids=["last", "second_to_last", "outer"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
def test_softmax_family_backward_cpu(kind, shape, dim, dtype):
    y, g = forward_output(kind, shape, dim, 7, dtype)
    out = getattr(ttnn, OPS[kind])(tt(y), tt(g), dim, backend="cpu")
    check(ttnn.to_torch(out), *golden(kind, y, g, dim), dtype)


@pytest.mark.parametrize("kind", list(OPS))
def test_softmax_family_backward_device(kind):
    y, g = forward_output(kind, (2, 37, 45), -1, 3, torch.bfloat16)
    with ttnn.manage_device(device_id=0) as device:
        out = getattr(ttnn.operations.moreh, OPS[kind])(ttnn.from_torch(y, layout=ttnn.TILE_LAYOUT, device=device),
                                                        ttnn.from_torch(g, layout=ttnn.TILE_LAYOUT, device=device), -1)
        check(ttnn.to_torch(out), *golden(kind, y, g, -1), torch.bfloat16)


def test_preallocated_input_grad_and_misuse():
    y, g = forward_output("softmax", (4, 40), -1, 1, torch.bfloat16)
    target = tt(torch.zeros(4, 40, dtype=torch.float32))
    assert ttnn.moreh_softmax_backward(tt(y), tt(g), 1, input_grad_tensor=target, backend="cpu") is target
    check(ttnn.to_torch(target), *golden("softmax", y, g, 1), torch.bfloat16)
    with pytest.raises(ValueError, match="dim 2 is out of range"):
        ttnn.moreh_softmax_backward(tt(y), tt(g), 2, backend="cpu")
    with pytest.raises(TypeError, match="dim must be an int"):
        ttnn.moreh_softmax_backward(tt(y), tt(g), 1.0, backend="cpu")
    with pytest.raises(ValueError, match="output_grad_tensor has shape"):
        ttnn.moreh_softmax_backward(tt(y), tt(g[:, :20]), 1, backend="cpu")
    with pytest.raises(TypeError, match="output_tensor must be a ttnn.Tensor"):
        ttnn.moreh_softmax_backward(y, tt(g), 1, backend="cpu")
