"""ttnn.pearson_correlation_coefficient(expected, actual), as ttnn's tests call it: against
numpy's corrcoef on the same values; a ttnn.Tensor actual; ttnn's special cases (all-NaN, all-zero,
infinities and NaNs as 0, equal tensors, complex values as pairs); misuse named."""
import numpy as np
import pytest
import torch

import ttbw as ttnn

pcc = ttnn.pearson_correlation_coefficient


def test_against_numpy_and_a_device_tensor():
    gen = torch.Generator().manual_seed(2)
    x = torch.randn(2, 33, 70, generator=gen)
    y = x + 0.3 * torch.randn(2, 33, 70, generator=gen)
    want = np.corrcoef(x.double().flatten().numpy(), y.double().flatten().numpy())[0, 1]
    assert pcc(x, y) == pytest.approx(want, rel=1e-12)
    assert 0.9 < want < 0.99
    device = ttnn.open_device(device_id=0)
    on_device = ttnn.from_torch(y.bfloat16(), layout=ttnn.TILE_LAYOUT, device=device)
    got = pcc(x, on_device)
    assert got == pytest.approx(np.corrcoef(x.double().flatten().numpy(),
                                            y.bfloat16().double().flatten().numpy())[0, 1], rel=1e-12)
    assert pcc(x, -y) == pytest.approx(-want, rel=1e-12)


def test_special_cases():
    nan, inf = float("nan"), float("inf")
    ramp = torch.arange(8.0)
    assert pcc(torch.full((8,), nan), torch.full((8,), nan)) == 1.0
    assert pcc(torch.full((8,), nan), ramp) == 0.0
    assert pcc(torch.zeros(8), ramp) == 0.0
    assert pcc(ramp, ramp.clone()) == 1.0
    with_inf = ramp.clone()
    with_inf[3] = inf
    masked = ramp.clone()
    masked[3] = 0.0  # an infinity counts as 0
    assert pcc(with_inf, ramp) == pytest.approx(np.corrcoef(masked.numpy(), ramp.numpy())[0, 1], rel=1e-12)
    z = torch.complex(ramp, ramp.flip(0))
    assert pcc(z, z.clone()) == 1.0
    assert pcc(z, torch.view_as_real(z).flatten()) == 1.0  # complex values as (real, imag) pairs


def test_misuse():
    with pytest.raises(ValueError, match="expected must be a torch.Tensor, got list"):
        pcc([1.0, 2.0], torch.ones(2))
    with pytest.raises(TypeError, match="actual must be a ttnn.Tensor or a torch.Tensor, got float"):
        pcc(torch.ones(2), 1.0)
    with pytest.raises(ValueError, match="expected has 2 values, actual 3"):
        pcc(torch.ones(2), torch.ones(3))
