"""ttnn.prod_bw against torch autograd in float64 on the same inputs: the product's gradient over
one dim (last, second-to-last, outer, sizes not multiples of 32) or every dim, both backends; bf16
within 1 ulp; f32 (the log-domain form) no further off than torch's own f32 product backward on
the same inputs (2.8 - 9 ulp here; ttbw 1.5 - 7.9), and within 8 ulp; zeros, infinities and NaNs as
torch's zero-safe path gives them; both of ttnn's keyword forms; misuse refused by argument name."""
import math

import pytest
import torch
from backward_checks import ulp

import ttbw as ttnn

CASES = [((2, 3, 40, 50), 3), ((2, 3, 40, 50), -2), ((4, 3, 32, 32), 0), ((3, 5, 64), 1), ((37, 20), 0),
         ((2, 3, 33), None)]


def tt(t):
    return ttnn.from_torch(t, layout=ttnn.TILE_LAYOUT, device=ttnn.open_device(0))


def kept(shape, dim):
    return [1] * len(shape) if dim is None else [1 if i == dim % len(shape) else s for i, s in enumerate(shape)]


def golden(x, g, dim):
    leaf = x.double().requires_grad_()
    y = leaf.prod().reshape(g.shape) if dim is None else leaf.prod(dim, keepdim=True)
    (value,) = torch.autograd.grad(y, leaf, g.double())
    return value


def inputs(shape, dim, dtype, seed=7):
    gen = torch.Generator().manual_seed(seed)
    # magnitudes around 1 so that the products of a slice stay in range; a third negative
    x = (torch.rand(shape, generator=gen) * 1.5 + 0.25) * torch.where(torch.rand(shape, generator=gen) < 0.3, -1, 1)
    return x.to(dtype), torch.randn(kept(shape, dim), generator=gen).to(dtype)


@pytest.mark.parametrize("backend", ["cpu", "device"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("shape,dim", CASES, ids=["last", "second_to_last", "outer", "rank3", "rank2", "all"])
def test_prod_bw_against_autograd(shape, dim, dtype, backend):
    x, g = inputs(shape, dim, dtype)
    (got,) = ttnn.prod_bw(tt(g), tt(x), dim=dim, backend=backend)
    got, want = ttnn.to_torch(got).double(), golden(x, g, dim)
    errors = (got - want).abs() / ulp(want, dtype)
    if dtype == torch.bfloat16:
        bound = 1.0
    else:
        leaf = x.clone().requires_grad_()
        (leaf.prod() if dim is None else leaf.prod(dim, keepdim=True)).backward(g if dim is not None
                                                                               else g.reshape(()))
        bound = min(8.0, max(2.0, float(((leaf.grad.double() - want).abs() / ulp(want, dtype)).max())))
    assert float(errors.max()) <= bound, f"{int((errors > bound).sum())} of {errors.numel()} over {bound} ulp"


@pytest.mark.parametrize("backend", ["cpu", "device"])
def test_prod_bw_zeros_infinities_nans(backend):
    """Slices (rows of 6) with one zero, two zeros, a zero and an infinity, an infinity, a NaN
    beside a zero, and grads of 0, -0, inf and NaN: each element as torch's float64 (which takes
    its zero-safe path, the exclusive products, as the tensor holds a zero)."""
    inf, nan = math.inf, math.nan
    x = torch.tensor([[2.0, 0.0, -3.0, 0.5, 1.0, -1.0], [0.0, 2.0, 0.0, 4.0, -1.0, 1.0],
                      [0.0, inf, 2.0, -1.0, 1.0, 3.0], [inf, 2.0, -0.5, 1.0, 1.0, 1.0],
                      [nan, 0.0, 2.0, 1.0, 1.0, 1.0], [1.5, -2.0, 0.25, 3.0, -1.0, 2.0],
                      [1.5, -2.0, 0.25, 3.0, -1.0, 2.0], [1.5, -2.0, 0.25, 3.0, -1.0, 2.0],
                      [1.5, -2.0, 0.25, 3.0, -1.0, 2.0]])
    g = torch.tensor([[1.5], [2.0], [-1.0], [0.5], [1.0], [0.0], [-0.0], [inf], [nan]])
    (got,) = ttnn.prod_bw(tt(g), tt(x), dim=1, backend=backend)
    got, want = ttnn.to_torch(got).double(), golden(x, g, 1)
    assert torch.equal(got.isnan(), want.isnan()), (got, want)
    assert torch.equal(torch.nan_to_num(got), torch.nan_to_num(want)), (got, want)
    assert torch.equal(got.signbit(), want.signbit()) or torch.equal(got.signbit() | want.isnan(),
                                                                      want.signbit() | want.isnan())


@pytest.mark.parametrize("backend", ["cpu", "device"])
def test_prod_bw_range(backend):
    """g scales the product inside the exponent: a product of the others that overflows (or
    underflows) float32 times a g that brings it back in range is the finite gradient; a
    gradient near float32's largest is finite."""
    x = torch.full((1, 8), 1e10)
    x[0, 0] = 1e-30
    g = torch.tensor([[1e-38]])
    (got,) = ttnn.prod_bw(tt(g), tt(x), dim=1, backend=backend)
    want = golden(x, g, 1)
    got = ttnn.to_torch(got).double()
    assert ((got - want).abs() <= 6 * ulp(want, torch.float32)).all(), (got, want)
    # a gradient near float32's largest (test/fuzz found -3.27e38 given as -inf: exp of the whole
    # exponent overflowed where its tail would have brought it back; now 2^k e^r): 1.875 2^127
    x = torch.tensor([[2.0 ** 63, 2.0 ** 64 * 1.875, 0.5]])
    g = torch.tensor([[1.0]])
    (got,) = ttnn.prod_bw(tt(g), tt(x), dim=1, backend=backend)
    assert torch.equal(ttnn.to_torch(got).double(), golden(x, g, 1)), ttnn.to_torch(got)


def test_prod_bw_keyword_forms():
    """ttnn's older keywords (all_dimensions=True, dim=0) and the current (dim=None: every dim)."""
    x, g_all = inputs((2, 3, 32), None, torch.float32)
    _, g_0 = inputs((2, 3, 32), 0, torch.float32)
    for call, g, dim in [(lambda g_, x_: ttnn.prod_bw(g_, x_), g_all, None),
                         (lambda g_, x_: ttnn.prod_bw(g_, x_, all_dimensions=True, dim=2), g_all, None),
                         (lambda g_, x_: ttnn.prod_bw(g_, x_, all_dimensions=False), g_0, 0),
                         (lambda g_, x_: ttnn.prod_bw(g_, x_, dim=0), g_0, 0)]:
        (got,) = call(tt(g), tt(x))
        want = golden(x, g, dim)
        assert ((ttnn.to_torch(got).double() - want).abs() <= 6 * ulp(want, torch.float32)).all()
    (golden_grad,) = ttnn.get_golden_function(ttnn.prod_bw)(g_0, x, all_dimensions=False, dim=0)
    assert torch.allclose(golden_grad.double(), golden(x, g_0, 0))


def test_prod_bw_misuse():
    x, g = inputs((2, 3, 32), 1, torch.float32)
    tx, tg = tt(x), tt(g)
    with pytest.raises(TypeError, match="all_dimensions must be a bool"):
        ttnn.prod_bw(tg, tx, all_dimensions=1, dim=1)
    with pytest.raises(TypeError, match="dim must be an int or None"):
        ttnn.prod_bw(tg, tx, dim=1.0)
    with pytest.raises(ValueError, match="dim=3 is out of range for input_tensor of rank 3"):
        ttnn.prod_bw(tg, tx, dim=3)
    with pytest.raises(ValueError, match=r"grad_tensor has shape \[2, 1, 32\], expected \[1, 3, 32\]"):
        ttnn.prod_bw(tg, tx, dim=0)
    with pytest.raises(ValueError, match=r"grad_tensor has shape \[2, 2, 32\], expected \[2, 1, 32\] .* or "
                                         r"\[2, 3, 32\] \(ttnn's older form"):
        ttnn.prod_bw(tt(torch.ones(2, 2, 32)), tx, dim=1)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("dim", [None, 0, 1, 2, -1])
def test_prod_bw_older_input_shaped_grad(dim, dtype):
    """ttnn's older form (tt-metal's own tests): grad input-shaped, the gradient at index 0 of the
    reduced dims, zeros elsewhere; read as a window of grad, never copied (one program still)."""
    x, g = inputs((2, 3, 33) if dim is None else (2, 3, 40, 50), dim, dtype)
    padded = torch.zeros(x.shape, dtype=dtype)
    padded[tuple(slice(0, s) for s in g.shape)] = g
    keywords = {"all_dimensions": True} if dim is None else {"all_dimensions": False, "dim": dim}
    (got,) = ttnn.prod_bw(tt(padded), tt(x), **keywords)
    (same,) = ttnn.prod_bw(tt(g), tt(x), **keywords)
    assert torch.equal(ttnn.to_torch(got), ttnn.to_torch(same))
    want = golden(x, g, dim)
    assert ((ttnn.to_torch(got).double() - want).abs() <= (1 if dtype == torch.bfloat16 else 8) * ulp(want, dtype)).all()
