"""ttnn.pow (input_tensor, exponent, *, memory_config, output_tensor, queue_id) in ttnn's three
forms, on both backends, against torch's pow in float64 on the same inputs rounded once: bf16 and
f32 correctly rounded (torch's own bf16 x ** 3 is up to 1 ulp off: two bf16 products); edge
values as torch gives them; the layout kept; a preallocated result; misuse named."""
import numpy as np
import pytest
import torch

import ttbw as ttnn

BACKENDS = ["device", "cpu"]


@pytest.fixture(scope="module")
def device():
    return ttnn.open_device(device_id=0)


def golden(base, exponent, dtype):
    """pow in float64 of the operands as the op reads them (a number rounded to f32), rounded once."""
    as64 = (lambda v: torch.tensor(float(np.float32(v)), dtype=torch.float64) if not torch.is_tensor(v)
            else v.double())
    return torch.pow(as64(base), as64(exponent)).to(dtype)


def same(got: torch.Tensor, want: torch.Tensor) -> bool:
    """Bit for bit, NaN at the same places."""
    return got.dtype == want.dtype and torch.equal(torch.isnan(got), torch.isnan(want)) and \
        torch.equal(got.nan_to_num(0.0), want.nan_to_num(0.0))


def dev(t: torch.Tensor, device, layout=ttnn.TILE_LAYOUT):
    return ttnn.from_torch(t, layout=layout, device=device)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32])
@pytest.mark.parametrize("exponent", [0, 1, 2, 3, 5, 0.5, 1.5, 2.5, -1.0, -0.01, 3.7])
def test_tensor_to_a_number(backend, dtype, exponent, device):
    gen = torch.Generator().manual_seed(7)
    x = (torch.randn(1, 2, 40, 70, generator=gen) * 6).to(dtype)  # negative bases: NaN for a fraction
    got = ttnn.to_torch(ttnn.pow(dev(x, device), exponent, backend=backend))
    assert same(got, golden(x, exponent, dtype))


@pytest.mark.parametrize("backend", BACKENDS)
def test_torch_bf16_cube_is_off_where_the_op_is_not(backend, device):
    x = torch.linspace(-40, 40, 4096).bfloat16().reshape(64, 64)
    got = ttnn.to_torch(ttnn.pow(dev(x, device), 3, backend=backend))
    want = golden(x, 3, torch.bfloat16)
    assert same(got, want)
    assert not torch.equal(torch.pow(x, 3), want)  # what correct rounding buys over torch's own bf16


@pytest.mark.parametrize("backend", BACKENDS)
def test_tensor_to_a_broadcast_tensor(backend, device):
    gen = torch.Generator().manual_seed(8)
    base = torch.rand(2, 1, 33, 64, generator=gen) * 5
    exponent = torch.randn(1, 3, 1, 64, generator=gen) * 4
    got = ttnn.to_torch(ttnn.pow(dev(base, device), dev(exponent, device), backend=backend))
    assert got.shape == (2, 3, 33, 64)
    assert same(got, golden(base, exponent, torch.float32))


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_empty_dim_broadcasts_to_empty(backend, device):
    got = ttnn.pow(dev(torch.rand(2, 0, 64), device), dev(torch.rand(2, 1, 64), device), backend=backend)
    assert tuple(got.shape) == (2, 0, 64)  # numpy's rule: 0 against 1 is 0


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_number_to_a_tensor(backend, device):
    gen = torch.Generator().manual_seed(9)
    exponent = (torch.randn(64, 96, generator=gen) * 8).bfloat16()
    for base in (2, 0.5, 10.0, -2.0):
        got = ttnn.to_torch(ttnn.pow(base, dev(exponent, device), backend=backend))
        assert same(got, golden(base, exponent, torch.bfloat16)), base


@pytest.mark.parametrize("backend", BACKENDS)
def test_edge_values(backend, device):
    nan, inf = float("nan"), float("inf")
    x = torch.tensor([0.0, -0.0, 1.0, -1.0, inf, -inf, nan, 1e-30, 3e38, -8.0] * 4).reshape(2, 20)
    for exponent in (0.0, 2.0, -1.0, 0.5, -0.5, 3.0, inf, -inf, 1e300) + ((nan,) if backend == "cpu" else ()):
        got = ttnn.to_torch(ttnn.pow(dev(x, device), exponent, backend=backend))
        with np.errstate(over="ignore"):
            want = torch.pow(x.double(), float(np.float32(exponent))).float()
        assert same(got, want), exponent


def test_row_major_layout_kept_and_output_tensor_written(device):
    x = torch.randn(3, 50, dtype=torch.bfloat16)
    result = ttnn.pow(dev(x, device, ttnn.ROW_MAJOR_LAYOUT), 2)
    assert result.layout == ttnn.ROW_MAJOR_LAYOUT
    assert same(ttnn.to_torch(result), golden(x, 2, torch.bfloat16))
    out = dev(torch.zeros(3, 50), device)
    returned = ttnn.pow(dev(x, device), 2.5, output_tensor=out, queue_id=0)
    assert returned is out and out.dtype == ttnn.float32
    assert same(ttnn.to_torch(out), golden(x.float(), 2.5, torch.float32))


def test_misuse_named(device):
    x = dev(torch.ones(32, 32), device)
    with pytest.raises(TypeError, match="exponent must be a ttnn.Tensor"):
        ttnn.pow(2.0, 3.0)
    with pytest.raises(TypeError, match="exponent must be a ttnn.Tensor, an int or a float, got str"):
        ttnn.pow(x, "2")
    with pytest.raises(TypeError, match="exponent .* got bool"):
        ttnn.pow(x, True)
    with pytest.raises(ValueError, match="exponent is NaN; a kernel's scalar cannot carry a NaN"):
        ttnn.pow(x, float("nan"))
    with pytest.raises(ValueError, match=r"input_tensor \[32, 32\] and exponent \[3, 5\] do not broadcast"):
        ttnn.pow(x, dev(torch.ones(3, 5), device))
    with pytest.raises(ValueError, match=r"output_tensor has shape \[2, 2\], the result \[32, 32\]"):
        ttnn.pow(x, 2, output_tensor=dev(torch.ones(2, 2), device))
    with pytest.raises(TypeError, match="memory_config must be a ttnn.MemoryConfig"):
        ttnn.pow(x, 2, memory_config="dram")
    with pytest.raises(ValueError, match="unknown backend"):
        ttnn.pow(x, 2, backend="gpu")
