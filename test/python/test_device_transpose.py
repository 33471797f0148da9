"""Inputs read through a transpose (`ttir.permute`) on the emulated device: the permute is the
map of a fused generic's input (no program of its own), its tiles read in the permuted order and
transposed in-tile (`transpose_wh_tile`) when its last two dims swap, against torch on the same
inputs: exact for a copy, one bf16 rounding after an f32 add / multiply, a sum within 2 ulp of
the sum of |terms|. Shapes not multiples of 32 (the padding of a transposed edge tile is the
result's padding), batch dims permuted with and without the in-tile swap, f32 and bf16, a
permute feeding a reduction; a read across tiles is refused with the codegen's message."""
import numpy as np
import pytest
import torch

from math_golden import BF16, from_torch, to_torch, tt
from ttbw.driver.compiler import run_on_device

RNG = np.random.default_rng(5)
ELEMENT = {BF16: "bf16", np.dtype(np.float32): "f32"}


def permute_ir(shape, perm, element, then: str | None, other_shape=None):
    out = [shape[p] for p in perm]
    x, y = tt(shape, element), tt(out, element)
    params = f"%a0: {x}" + (f", %a1: {tt(other_shape, element)}" if other_shape else "")
    body = f'  %0 = "ttir.permute"(%a0) <{{permutation = array<i64: {", ".join(map(str, perm))}>}}> : ({x}) -> {y}\n'
    result, ty = "%0", y
    if then in ("add", "multiply"):
        body += f'  %1 = "ttir.{then}"(%0, %a1) : ({y}, {tt(other_shape, element)}) -> {y}\n'
        result = "%1"
    elif then == "sum":
        ty = tt(out[:-1] + [1], element)
        body += f'  %1 = "ttir.sum"(%0) <{{dim_arg = [{len(out) - 1} : i32], keep_dim = true}}> : ({y}) -> {ty}\n'
        result = "%1"
    return f"func.func @f({params}) -> {ty} {{\n{body}  return {result} : {ty}\n}}"


def run(ir, arrays):
    outs, stats = run_on_device(ir, list(arrays))
    return np.asarray(outs[0], np.float32), stats


def sample(shape, dtype):
    return RNG.standard_normal(shape).astype(np.float32).astype(dtype)


@pytest.mark.parametrize("dtype", [BF16, np.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("shape,perm", [((64, 96), (1, 0)), ((40, 70), (1, 0)), ((2, 33, 64), (0, 2, 1)),
                                        ((3, 2, 32, 40), (1, 0, 2, 3)), ((2, 3, 50, 20), (1, 0, 3, 2))])
def test_permute_copy(shape, perm, dtype):
    x = sample(shape, dtype)
    got, stats = run(permute_ir(list(shape), perm, ELEMENT[np.dtype(dtype)], None), [x])
    assert len(stats.programs) == 1
    np.testing.assert_array_equal(got, np.transpose(x.astype(np.float32), perm))


@pytest.mark.parametrize("dtype", [BF16, np.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("op", ["add", "multiply"])
def test_permute_fused_into_binary(op, dtype):
    shape, perm = (2, 45, 70), (0, 2, 1)
    x, y = sample(shape, dtype), sample((2, 70, 45), dtype)
    got, stats = run(permute_ir(list(shape), perm, ELEMENT[np.dtype(dtype)], op, [2, 70, 45]), [x, y])
    assert len(stats.programs) == 1
    xt = to_torch(x).double().permute(*perm)
    want = (xt + to_torch(y).double()) if op == "add" else (xt * to_torch(y).double())
    want = want.to(torch.bfloat16 if dtype == BF16 else torch.float32).float().numpy()
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", [BF16, np.float32], ids=["bf16", "f32"])
def test_permute_into_sum(dtype):
    shape, perm = (70, 50), (1, 0)
    x = sample(shape, dtype)
    got, stats = run(permute_ir(list(shape), perm, ELEMENT[np.dtype(dtype)], "sum"), [x])
    assert len(stats.programs) == 1
    terms = to_torch(x).double().t()
    want = terms.sum(-1, keepdim=True).numpy()
    scale = terms.abs().sum(-1, keepdim=True).numpy()
    eps = 2.0 ** -7 if dtype == BF16 else 2.0 ** -23
    assert np.all(np.abs(got - want) <= 2 * eps * scale + 2 * eps * np.abs(want))


def test_permute_across_tiles_refused():
    ir = permute_ir([2, 64, 96], (2, 0, 1), "bf16", None)
    with pytest.raises(ValueError, match="permutes the iteration dims across its tiles"):
        run(ir, [sample((2, 64, 96), BF16)])


def log_softmax_bw_transposed_ir(shape, element):
    """log_softmax_bw over the last dim, returned as it is, transposed and summed over the rows
    (a linear layer's weight and bias gradients read it so): fusion folds the computation into
    the transpose, reading the row sum as a column, which the outline splits off."""
    x, t, c = tt(shape, element), tt(shape[::-1], element), tt([1, shape[1]], element)
    return (f"func.func @f(%g: {x}, %y: {x}) -> ({x}, {t}, {c}) {{\n"
            f"  %0 = ttir.log_softmax_bw %g, %y {{dim = 1 : i32}} : {x}, {x} -> {x}\n"
            f'  %1 = "ttir.permute"(%0) <{{permutation = array<i64: 1, 0>}}> : ({x}) -> {t}\n'
            f'  %2 = "ttir.sum"(%0) <{{dim_arg = [0 : i32], keep_dim = true}}> : ({x}) -> {c}\n'
            f"  return %0, %1, %2 : {x}, {t}, {c}\n}}")


@pytest.mark.parametrize("dtype", [BF16, np.float32], ids=["bf16", "f32"])
def test_computation_fused_into_a_transpose_of_a_read_back_sum(dtype):
    shape = (40, 70)
    g, y = sample(shape, dtype), -np.abs(sample(shape, dtype)).astype(dtype)
    with pytest.warns(UserWarning, match="not one fused program"):
        outs, stats = run_on_device(log_softmax_bw_transposed_ir(list(shape), ELEMENT[np.dtype(dtype)]), [g, y])
    assert len(stats.programs) == 4   # row sum; the computation; its transposing copy; the column sum
    gd, yd = to_torch(g).double(), to_torch(y).double()
    want = gd - yd.exp() * gd.sum(1, keepdim=True)
    scale = gd.abs() + yd.exp() * gd.abs().sum(1, keepdim=True)   # the sum of |terms|
    eps = 2.0 ** -8 if dtype == BF16 else 2.0 ** -24
    for got, golden, bound in [(outs[0], want, scale), (outs[1], want.t(), scale.t()),
                               (outs[2], want.sum(0, keepdim=True), scale.sum(0, keepdim=True))]:
        err = np.abs(np.asarray(got, np.float64) - golden.numpy())
        assert np.all(err <= 4 * eps * bound.numpy()), float((err / bound.numpy()).max() / eps)
