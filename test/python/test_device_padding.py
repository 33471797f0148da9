"""Sums inside the tile over shapes that are not multiples of 32: an expression need not keep 0
in a tile's padding (a broadcast operand fills every row / column of its tile, the scalar every
element, 0 * inf is NaN), so every term's padding is masked to 0 before it is summed. Fused and
composite, against torch in float64 on the same values."""
import numpy as np
import pytest
import torch

from ttbw.driver.compiler import run_on_device


def ty(shape, dtype):
    return f"tensor<{'x'.join(map(str, shape))}x{dtype}>"


def summed(op, x_shape, y_shape, dims, dtype):
    """sum over dims (keep_dim) of op(x, y), in TTIR; y broadcast."""
    shape = tuple(np.broadcast_shapes(x_shape, y_shape))
    out = tuple(1 if d in dims else s for d, s in enumerate(shape))
    tx, tyy, tz, to = ty(x_shape, dtype), ty(y_shape, dtype), ty(shape, dtype), ty(out, dtype)
    dim_arg = ", ".join(f"{d} : i32" for d in dims)
    return (f"func.func @f(%x: {tx}, %y: {tyy}) -> {to} {{\n"
            f"  %0 = \"ttir.{op}\"(%x, %y) : ({tx}, {tyy}) -> {tz}\n"
            f"  %1 = \"ttir.sum\"(%0) {{dim_arg = [{dim_arg}], keep_dim = true}} : ({tz}) -> {to}\n"
            f"  return %1 : {to}\n}}\n")


TORCH = {"add": torch.add, "subtract": torch.sub, "multiply": torch.mul}
CASES = [  # op, x shape, y shape, summed dims
    ("add", (33, 40), (1, 40), [0]),          # y fills the padding rows
    ("subtract", (40, 33), (40, 1), [1]),     # y fills the padding columns
    ("add", (2, 33, 33), (1, 1, 1), [1, 2]),  # a scalar tensor fills the whole padding
    ("add", (3, 70, 33), (3, 1, 33), [0, 1]),
]


@pytest.mark.parametrize("fuse", [True, False], ids=["fused", "composite"])
@pytest.mark.parametrize("dtype", ["bf16", "f32"])
@pytest.mark.parametrize("op, x_shape, y_shape, dims", CASES)
def test_broadcast_operand_summed_inside_the_tile(op, x_shape, y_shape, dims, dtype, fuse):
    gen = torch.Generator().manual_seed(1)
    cast = torch.bfloat16 if dtype == "bf16" else torch.float32
    x, y = (torch.randn(s, generator=gen).to(cast) for s in (x_shape, y_shape))
    (got,), _ = run_on_device(summed(op, x.shape, y.shape, dims, dtype), [x.float().numpy(), y.float().numpy()],
                              fuse=fuse)
    terms = TORCH[op](x, y).double()  # rounded to dtype per element, as TTIR says
    want = terms.sum(dim=dims, keepdim=True)
    bound = 2.0 ** -7 * want.abs() + 2.0 ** -20 * terms.abs().sum(dim=dims, keepdim=True) + 1e-6
    assert np.all(np.abs(got - want.numpy()) <= bound.numpy())


@pytest.mark.parametrize("fuse", [True, False], ids=["fused", "composite"])
def test_runtime_scalar_added_then_summed(fuse):
    x = torch.ones(33, 33)
    text = ("func.func @f(%x: tensor<33x33xf32>, %s: f32) -> tensor<33x1xf32> {\n"
            "  %t = tensor.from_elements %s : tensor<f32>\n"
            "  %0 = \"ttir.add\"(%x, %t) : (tensor<33x33xf32>, tensor<f32>) -> tensor<33x33xf32>\n"
            "  %1 = \"ttir.sum\"(%0) {dim_arg = [1 : i32], keep_dim = true} : (tensor<33x33xf32>) -> tensor<33x1xf32>\n"
            "  return %1 : tensor<33x1xf32>\n}\n")
    (got,), _ = run_on_device(text, [x.numpy(), 2.0], fuse=fuse)
    assert np.array_equal(got, np.full((33, 1), 99.0, np.float32))


@pytest.mark.parametrize("fuse", [True, False], ids=["fused", "composite"])
def test_an_infinity_through_a_broadcast_sums_to_torchs_infinity(fuse):
    """x * bcast(y) with y holding inf: the padding rows' 0 * inf (NaN) is not summed."""
    x = torch.rand(40, 33) + 0.5
    y = torch.randn(1, 33)
    y[0, 3], y[0, 7] = float("inf"), float("-inf")
    (got,), _ = run_on_device(summed("multiply", (40, 33), (1, 33), [0], "f32"), [x.numpy(), y.numpy()], fuse=fuse)
    want = (x.double() * y.double()).sum(0, keepdim=True).numpy()
    assert np.array_equal(np.isinf(got), np.isinf(want)) and not np.isnan(got).any()
    finite = np.isfinite(want)
    assert np.allclose(got[finite], want[finite], rtol=1e-5)
    assert got[0, 3] == np.inf and got[0, 7] == -np.inf
