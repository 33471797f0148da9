"""Matrix products with elementwise work around them on the emulated device, against torch in
float64 on the same bf16 inputs (within 2 bf16 ulp of max(|golden|, the sum of |terms|)): a
scaled operand (the elementwise prologue upstream fuses into the contraction, split off into a
program of its own: `ttbw-split-contraction-prologues`), a transposed operand computed first, and
one elementwise generic reading two products (the first product's epilogue; the other alone), a
transposed product (its rounding no epilogue of the contraction)."""
import numpy as np
import pytest
import torch

from math_golden import BF16, to_torch, tt
from ttbw.driver.compiler import run_on_device

RNG = np.random.default_rng(21)


def sample(shape):
    return RNG.standard_normal(shape).astype(np.float32).astype(BF16)


def close(got, want, scale):
    got = np.asarray(got, np.float32)
    bound = 2 * 2.0 ** -7 * np.maximum(np.abs(want), scale)
    assert np.all(np.abs(got - want) <= bound), np.max(np.abs(got - want) / np.maximum(bound, 1e-30))


def bf16(t):
    return t.to(torch.bfloat16).double()


@pytest.mark.parametrize("transpose", [False, True])
def test_scaled_operand(transpose):
    """matmul(a / 8, b) and matmul(b', (a / 8)^T)-style: the scale is its own program."""
    a, b = sample((2, 32, 40)), sample((2, 40, 48))
    ta, tb = tt((2, 32, 40), "bf16"), tt((2, 40, 48), "bf16")
    out = tt((2, 32, 48), "bf16")
    scaled = '  %s = "ttir.full"() <{fill_value = 8.0 : f32, shape = array<i32>}> : () -> tensor<bf16>\n' % "%c"
    scaled += f'  %0 = "ttir.div"(%a, %c) : ({ta}, tensor<bf16>) -> {ta}\n'
    if transpose:
        tat = tt((2, 40, 32), "bf16")
        body = (scaled + f'  %1 = "ttir.permute"(%0) <{{permutation = array<i64: 0, 2, 1>}}> : ({ta}) -> {tat}\n'
                f'  %2 = "ttir.permute"(%1) <{{permutation = array<i64: 0, 2, 1>}}> : ({tat}) -> {ta}\n'
                f'  %3 = "ttir.matmul"(%2, %b) : ({ta}, {tb}) -> {out}\n')
    else:
        body = scaled + f'  %3 = "ttir.matmul"(%0, %b) : ({ta}, {tb}) -> {out}\n'
    ir = f"func.func @f(%a: {ta}, %b: {tb}) -> {out} {{\n{body}  return %3 : {out}\n}}"
    (got,), stats = run_on_device(ir, [a, b])
    assert len(stats.programs) >= 2
    x = bf16(to_torch(a).double() / 8)
    want = (x @ to_torch(b).double()).numpy()
    close(got, want, (x.abs() @ to_torch(b).double().abs()).numpy())


def test_elementwise_reading_two_products():
    a, b, c, x = (sample((64, 64)) for _ in range(4))
    t = tt((64, 64), "bf16")
    ir = (f"func.func @f(%a: {t}, %b: {t}, %c: {t}, %x: {t}) -> {t} {{\n"
          f'  %0 = "ttir.matmul"(%a, %b) : ({t}, {t}) -> {t}\n'
          f'  %1 = "ttir.matmul"(%c, %b) : ({t}, {t}) -> {t}\n'
          f'  %2 = "ttir.add"(%x, %0) : ({t}, {t}) -> {t}\n'
          f'  %3 = "ttir.add"(%2, %1) : ({t}, {t}) -> {t}\n'
          f"  return %3 : {t}\n}}")
    with pytest.warns(UserWarning, match="lowered as 3 programs"):
        (got,), stats = run_on_device(ir, [a, b, c, x])
    A, B, C, X = (to_torch(v).double() for v in (a, b, c, x))
    want = bf16(bf16(X + bf16(A @ B)) + bf16(C @ B)).numpy()
    scale = (A.abs() @ B.abs() + C.abs() @ B.abs() + X.abs()).numpy()
    close(got, want, scale)


def test_product_transposed_after():
    """permute(matmul(a, b)): the rounding fused with the transpose is no contraction epilogue (its
    map is not the result's): the product's f32 result, then the transposed rounding."""
    a, b = sample((2, 64, 32)), sample((2, 32, 48))
    ta, tb, tp, tt_ = tt((2, 64, 32), "bf16"), tt((2, 32, 48), "bf16"), tt((2, 64, 48), "bf16"), tt((2, 48, 64), "bf16")
    ir = (f"func.func @f(%a: {ta}, %b: {tb}) -> {tt_} {{\n"
          f'  %0 = "ttir.matmul"(%a, %b) : ({ta}, {tb}) -> {tp}\n'
          f'  %1 = "ttir.permute"(%0) <{{permutation = array<i64: 0, 2, 1>}}> : ({tp}) -> {tt_}\n'
          f"  return %1 : {tt_}\n}}")
    with pytest.warns(UserWarning, match="lowered as 2 programs"):
        (got,), stats = run_on_device(ir, [a, b])
    A, B = to_torch(a).double(), to_torch(b).double()
    close(got, bf16(A @ B).transpose(1, 2).numpy(), (A.abs() @ B.abs()).transpose(1, 2).numpy())
