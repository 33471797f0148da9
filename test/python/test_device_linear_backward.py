"""ttnn.moreh_linear_backward on the emulated device against torch autograd in float64 on the same
inputs: dX one program, dW and db one more (db a sibling sum of dW's contraction:
codegen/contraction_sum.py), each within 2 bf16 ulp / 4 f32 ulp of max(|golden|, sum |terms|);
shapes not multiples of 32, K up to 4096 rows for db's Kahan sum, bias [1, out] and [1, 1] (its
sum over every dim is a program of its own), and dY read from DRAM no extra time for db."""
import warnings

import numpy as np
import pytest
import torch
from math_golden import from_torch
from matmul_checks import check_product
from test_matmul_api import grads, rand, tt

import ttbw as ttnn
from ttbw.driver.compiler import run_on_device

CASES = [  # input shape, out features, bias shape (None: no bias), bias dtype, programs
    ((50, 70), 90, (1, 90), torch.bfloat16, 2),
    ((4096, 40), 48, (1, 48), torch.bfloat16, 2),   # db summed over 4096 rows
    ((4096, 40), 48, (1, 48), torch.float32, 2),    # an f32 db: summed in f32, rounded once
    ((3, 20, 70), 90, (1, 90), torch.bfloat16, 2),  # the batch summed with K
    ((64, 40), 128, (1, 128), torch.bfloat16, 2),   # dW in 2x2 blocks: 2 accumulators rotate
    ((64, 30), 128, (1, 128), torch.bfloat16, 2),   # 4x1 blocks: 4 accumulators
    ((50, 70), 90, (1, 1), torch.bfloat16, 3),      # db over every dim: no sibling sum
    ((50, 70), 90, None, None, 2),
]


def _programs(caught) -> int:
    """The program count the not-one-program warning names (one program without it)."""
    for w in caught:
        text = str(w.message)
        if "lowered as" in text:
            return int(text.rsplit("lowered as ", 1)[1].split()[0])
    return 1


@pytest.mark.parametrize("x_shape,out,bias_shape,bias_dtype,programs", CASES)
def test_linear_backward_against_autograd(x_shape, out, bias_shape, bias_dtype, programs):
    x, w, grad = rand(x_shape, 1), rand((out, x_shape[-1]), 2), rand(x_shape[:-1] + (out,), 3)
    bias = rand(bias_shape, 4, bias_dtype) if bias_shape else None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = ttnn.moreh_linear_backward(tt(grad), tt(x), tt(w), bias=tt(bias) if bias is not None else None)
    assert _programs(caught) == programs
    operands = (x, w) + ((bias,) if bias is not None else ())
    forward = (lambda x_, w_, b_: x_ @ w_.T + b_) if bias is not None else (lambda x_, w_: x_ @ w_.T)
    for result, operand, (value, scale) in zip(got, operands, grads(forward, grad, *operands)):
        assert tuple(result.shape) == tuple(operand.shape)
        check_product(ttnn.to_torch(result), value, scale, operand.dtype)
    assert (got[2] is None) == (bias is None)


def _linear_bw_ir(m: int, k: int, n: int, bias: bool) -> str:
    """dX, dW (and db) of one TTIR function, as moreh_linear_backward writes them."""
    g, x, w = f"tensor<{m}x{n}xbf16>", f"tensor<{m}x{k}xbf16>", f"tensor<{n}x{k}xbf16>"
    b = f"tensor<1x{n}xbf16>"
    results = [f"tensor<{m}x{k}xbf16>", w] + ([b] if bias else [])
    lines = [f'  %0 = "ttir.matmul"(%g, %w) : ({g}, {w}) -> tensor<{m}x{k}xf32>',
             f'  %1 = "ttir.typecast"(%0) : (tensor<{m}x{k}xf32>) -> tensor<{m}x{k}xbf16>',
             f'  %2 = "ttir.matmul"(%g, %x) <{{transpose_a = true}}> : ({g}, {x}) -> tensor<{n}x{k}xf32>',
             f'  %3 = "ttir.typecast"(%2) : (tensor<{n}x{k}xf32>) -> {w}']
    if bias:
        lines.append(f'  %4 = "ttir.sum"(%g) <{{dim_arg = [0 : i32], keep_dim = true}}> : ({g}) -> {b}')
    names = ", ".join(["%1", "%3"] + (["%4"] if bias else []))
    return (f"func.func @f(%g: {g}, %x: {x}, %w: {w}) -> ({', '.join(results)}) {{\n" + "\n".join(lines)
            + f"\n  return {names} : {', '.join(results)}\n}}\n")


def test_bias_sum_reads_dy_no_extra_time():
    m, k, n = 96, 64, 128
    inputs = [from_torch(t) for t in (rand((m, n), 5), rand((m, k), 6), rand((n, k), 7))]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # two programs
        outputs, with_bias = run_on_device(_linear_bw_ir(m, k, n, True), inputs, host_formats=True)
        _, without = run_on_device(_linear_bw_ir(m, k, n, False), inputs, host_formats=True)
    assert len(with_bias.programs) == len(without.programs) == 2
    assert with_bias.dram_bytes_read == without.dram_bytes_read
    db = np.asarray(outputs[2], dtype=np.float32)
    assert db.shape == (1, n) and np.isfinite(db).all()


def test_weight_and_bias_only_is_one_program_into_a_preallocated_bias_grad():
    x, w, bias, grad = rand((50, 70), 8), rand((90, 70), 9), rand((1, 90), 10), rand((50, 90), 11)
    target = tt(torch.zeros(1, 90).bfloat16())
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # one program: no fallback warning
        none, dw, db = ttnn.moreh_linear_backward(tt(grad), tt(x), tt(w), are_required_outputs=[False, True, True],
                                                  bias=tt(bias), bias_grad=target)
    assert none is None and db is target
    want = grads(lambda x_, w_, b_: x_ @ w_.T + b_, grad, x, w, bias)
    for result, (value, scale) in zip((dw, db), want[1:]):
        check_product(ttnn.to_torch(result), value, scale, torch.bfloat16)
