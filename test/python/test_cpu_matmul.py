"""ttir.matmul / linear / permute / transpose on the CPU reference path against torch in float64."""
import pytest
import torch
from math_golden import from_torch, to_torch
from matmul_checks import check_product, golden

from ttbw.execution.cpu import run_cpu

DTYPES = {torch.bfloat16: "bf16", torch.float32: "f32"}


def ty(shape, dtype):
    return f"tensor<{''.join(f'{d}x' for d in shape)}{DTYPES[dtype]}>"


def rand(shape, dtype, seed):
    return torch.randn(shape, generator=torch.Generator().manual_seed(seed)).to(dtype)


def run(op, operands, result_shape, dtype, props=""):
    types = [ty(o.shape, dtype) for o in operands]
    args = ", ".join(f"%x{i}: {t}" for i, t in enumerate(types))
    uses = ", ".join(f"%x{i}" for i in range(len(operands)))
    out = ty(result_shape, dtype)
    props = f" <{{{props}}}>" if props else ""
    text = f"""func.func @f({args}) -> {out} {{
  %0 = "ttir.{op}"({uses}){props} : ({', '.join(types)}) -> {out}
  return %0 : {out}
}}"""
    (got,) = run_cpu(text, "f", [from_torch(o) for o in operands])
    return to_torch(got)


CASES = [  # a shape, b shape, transpose_a, transpose_b
    ((37, 45), (45, 19), False, False),          # not multiples of 32
    ((2, 33, 64), (64, 40), False, False),       # batched a, shared b
    ((3, 1, 20, 70), (4, 70, 9), False, False),  # batch broadcast both ways, rank 4
    ((2, 50, 31), (2, 17, 50), True, True),      # both transposed
    ((8, 4096), (4096, 8), False, False),        # long K
    ((45,), (45, 19), False, False),             # vector a
    ((3, 19, 45), (45,), False, False),          # vector b
    ((45,), (45,), False, False),                # dot
]


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("a_shape,b_shape,ta,tb", CASES)
def test_matmul_against_float64(dtype, a_shape, b_shape, ta, tb):
    a, b = rand(a_shape, dtype, 1), rand(b_shape, dtype, 2)
    value, scale = golden(a, b, ta, tb)
    props = f"transpose_a = {str(ta).lower()}, transpose_b = {str(tb).lower()}"
    got = run("matmul", [a, b], value.shape, dtype, props)
    check_product(got, value, scale, dtype)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("bias_shape", [(1, 24), (24,), (40, 1)])
def test_linear_bias_broadcast(dtype, bias_shape):
    x, w, bias = rand((40, 70), dtype, 3), rand((24, 70), dtype, 4), rand(bias_shape, dtype, 5)
    value, scale = golden(x, w, False, True, bias)
    got = run("linear", [x, w, bias], value.shape, dtype, "transpose_b = true")
    check_product(got, value, scale, dtype)


def test_permute_and_transpose_move_every_element():
    x = rand((2, 3, 5, 7), torch.bfloat16, 6)
    assert torch.equal(run("permute", [x], (5, 2, 7, 3), torch.bfloat16, "permutation = array<i64: 2, 0, 3, 1>"),
                       x.permute(2, 0, 3, 1))
    assert torch.equal(run("transpose", [x], (2, 7, 5, 3), torch.bfloat16, "dim0 = 1 : si32, dim1 = -1 : si32"),
                       x.transpose(1, -1))
