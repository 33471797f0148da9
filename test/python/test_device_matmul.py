"""ttir.matmul / linear on the emulated device (contraction programs, ttbw.lowering.codegen:
contraction.py) against torch in float64 on the same bf16 inputs: within 2 bf16 ulp of
max(|golden|, sum |a * b|). Also: one program per product, DRAM reads per the block's reuse, the
K padding of an intermediate (inf there) never contributing, and the API's device path."""
import warnings

import numpy as np
import pytest
import torch
from math_golden import from_torch, to_torch
from matmul_checks import check_product, golden
from program_specs import program_specs
from test_matmul_api import grads, rand, tt

import ttbw as ttnn
from ttbw.driver.compiler import run_on_device


def ty(shape, element="bf16", encoding=None):
    dims = "".join(f"{d}x" for d in shape)
    return f'tensor<{dims}{element}{f", {encoding}" if encoding else ""}>'


def product_ir(op, shapes, out, ta=False, tb=False, types=None):
    types = types or [ty(s) for s in shapes]
    names = [f"%x{i}" for i in range(len(shapes))]
    return (f"func.func @f({', '.join(f'{n}: {t}' for n, t in zip(names, types))}) -> {ty(out)} {{\n"
            f"  %0 = \"ttir.{op}\"({', '.join(names)}) <{{transpose_a = {str(ta).lower()}, "
            f"transpose_b = {str(tb).lower()}}}> : ({', '.join(types)}) -> {ty(out)}\n"
            f"  return %0 : {ty(out)}\n}}\n")


def run(text, tensors):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # one program: no fallback warning
        outputs, stats = run_on_device(text, [from_torch(t) for t in tensors], host_formats=True)
    return to_torch(np.asarray(outputs[0])), stats


CASES = [  # a, b, transpose_a, transpose_b
    ((37, 45), (45, 19), False, False),           # not multiples of 32 (K padded)
    ((3, 1, 40, 70), (4, 70, 33), False, False),  # rank 4, batch broadcast both ways
    ((64, 96), (64, 96), False, True),            # B transposed (mm_init's flag)
    ((2, 96, 64), (96, 40), True, False),         # A transposed (transpose_wh_tile), shared B
    ((8, 4096), (4096, 8), False, False),         # K = 4096
]


@pytest.mark.parametrize("a_shape,b_shape,ta,tb", CASES)
def test_matmul_one_program_within_two_ulp(a_shape, b_shape, ta, tb):
    a, b = rand(a_shape, 1), rand(b_shape, 2)
    value, scale = golden(a, b, ta, tb)
    got, _ = run(product_ir("matmul", [a_shape, b_shape], value.shape, ta, tb), [a, b])
    check_product(got, value, scale, torch.bfloat16)


@pytest.mark.parametrize("bias_shape", [(1, 24), (24,), (40, 1), (40, 24)])
def test_linear_bias_in_the_epilogue(bias_shape):
    x, w, bias = rand((40, 70), 3), rand((24, 70), 4), rand(bias_shape, 5)
    value, scale = golden(x, w, False, True, bias)
    got, _ = run(product_ir("linear", [(40, 70), (24, 70), bias_shape], value.shape, tb=True), [x, w, bias])
    check_product(got, value, scale, torch.bfloat16)


def test_block_reuse_reads_each_tile_once_per_block():
    a, b = rand((128, 64), 6), rand((64, 128), 7)
    spec = next(iter(program_specs(product_ir("matmul", [(128, 64), (64, 128)], (128, 128))).values()))
    bm, bn = spec.kernels.bm, spec.kernels.bn
    assert bm * bn == 4
    _, stats = run(product_ir("matmul", [(128, 64), (64, 128)], (128, 128)), [a, b])
    mt = nt = 4
    kt = 2
    assert stats.dram_bytes_read == {"arg0": mt * kt * (nt // bn) * 2048, "arg1": kt * nt * (mt // bm) * 2048}


def test_k_padding_of_an_intermediate_never_contributes():
    # 1 / x is inf in the padding of x (0 there): the matmul reads that intermediate from DRAM
    # (composite: one program per op; fused, upstream would fuse the reciprocal into the product).
    text = f"""func.func @f(%x: {ty((40, 45))}, %b: {ty((45, 19))}) -> {ty((40, 19))} {{
  %r = "ttir.reciprocal"(%x) : ({ty((40, 45))}) -> {ty((40, 45))}
  %0 = "ttir.matmul"(%r, %b) : ({ty((40, 45))}, {ty((45, 19))}) -> {ty((40, 19))}
  return %0 : {ty((40, 19))}
}}"""
    x, b = rand((40, 45), 8).abs() + 0.5, rand((45, 19), 9)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the reciprocal is a program of its own
        outputs, stats = run_on_device(text, [from_torch(x), from_torch(b)], fuse=False, host_formats=True)
    assert len(stats.programs) == 2
    got = to_torch(np.asarray(outputs[0]))
    value, scale = golden((1 / x.float()).bfloat16(), b)
    check_product(got, value, scale, torch.bfloat16)


def test_bfp8_weight():
    x, w = rand((64, 96), 10), rand((96, 64), 11)
    text = product_ir("matmul", [(64, 96), (96, 64)], (64, 64),
                      types=[ty((64, 96)), ty((96, 64), encoding='#ttir.layout<"bfp_bf8", "tile">')])
    w_bfp8 = ttnn.to_torch(ttnn.from_torch(w, dtype=ttnn.bfloat8_b, layout=ttnn.TILE_LAYOUT)).bfloat16()
    got, _ = run(text, [x, w])
    check_product(got, *golden(x, w_bfp8), torch.bfloat16)


def test_api_on_the_device():
    with ttnn.manage_device(device_id=0) as device:
        a, b, bias = rand((2, 40, 70), 12), rand((24, 70), 13), rand((1, 24), 14)
        on = lambda t: ttnn.from_torch(t, layout=ttnn.TILE_LAYOUT, device=device)  # noqa: E731
        out = ttnn.linear(on(a), on(b), bias=on(bias), transpose_b=True)
        assert out.device() is device
        check_product(ttnn.to_torch(out), *golden(a, b, transpose_b=True, bias=bias), torch.bfloat16)
        x, w, grad = rand((64, 48), 15), rand((40, 48), 16), rand((64, 40), 17)
        got = ttnn.moreh_linear_backward(on(grad), on(x), on(w), bias=on(bias[:, :1].expand(1, 40).contiguous()))
        want = grads(lambda x_, w_, b_: x_ @ w_.T + b_, grad, x, w, bias[:, :1].expand(1, 40))
        for result, (value, scale) in zip(got, want):
            check_product(ttnn.to_torch(result), value, scale, torch.bfloat16)
