"""The CPU reference backend (convert-ttir-to-linalg + JIT) against PyTorch on CPU."""
import numpy as np
import pytest
import torch
from math_golden import BF16, from_torch, ordered, to_torch

from ttbw.execution import cpu
from ttbw.execution.cpu import CpuRunError, run_cpu

RNG = np.random.default_rng(1234)


def ulp_diff(got, want):
    assert got.dtype == want.dtype and got.shape == want.shape
    return int(np.max(np.abs(ordered(got) - ordered(want)), initial=0))


def bits_equal(got, want):
    assert got.dtype == want.dtype and got.shape == want.shape
    view = np.int16 if got.dtype == BF16 else np.int32
    np.testing.assert_array_equal(got.view(view), want.view(view))


def randn(shape, dtype, scale=1.0):
    return np.asarray((RNG.standard_normal(shape) * scale).astype(np.float32)).astype(dtype)


def tt(shape, element, encoding=None):
    dims = "".join(f"{d}x" for d in shape)
    suffix = f', #ttir.layout<"{encoding}", "tile">' if encoding else ""
    return f"tensor<{dims}{element}{suffix}>"


def binary_ir(op, lhs, rhs, out):
    return f"""
func.func @f(%a: {lhs}, %b: {rhs}) -> {out} {{
  %0 = "ttir.{op}"(%a, %b) : ({lhs}, {rhs}) -> {out}
  return %0 : {out}
}}"""


def unary_ir(op, src, out, attrs=""):
    attrs = f" {{{attrs}}}" if attrs else ""
    return f"""
func.func @f(%a: {src}) -> {out} {{
  %0 = "ttir.{op}"(%a){attrs} : ({src}) -> {out}
  return %0 : {out}
}}"""


# ------------------------------------------------------------ elementwise

def test_bf16_multiply_is_bit_exact_vs_torch():
    # Wide exponent range, so products round in every direction (and some underflow).
    shape = (64, 96)
    a = randn(shape, BF16, 1e3) * randn(shape, BF16).astype(BF16)
    b = randn(shape, BF16, 1e-3)
    ty = tt(shape, "bf16", "bf16")
    (got,) = run_cpu(binary_ir("multiply", ty, ty, ty), "f", [a, b])
    bits_equal(got, from_torch(to_torch(a) * to_torch(b)))


def test_f32_multiply_within_one_ulp():
    shape = (33, 17)
    a, b = randn(shape, np.float32, 7.0), randn(shape, np.float32, 1e-2)
    ty = tt(shape, "f32")
    (got,) = run_cpu(binary_ir("multiply", ty, ty, ty), "f", [a, b])
    assert ulp_diff(got, from_torch(to_torch(a) * to_torch(b))) <= 1


@pytest.mark.parametrize("lhs_shape, rhs_shape", [
    ((1, 3, 32, 1), (1, 1, 32, 64)),  # broadcast on both sides
    ((3, 1, 5), (4, 1)),              # ranks differ
    ((), (2, 3)),                     # rank-0 operand
    ((2, 3), (1,)),
])
def test_broadcast_multiply_bf16(lhs_shape, rhs_shape):
    out_shape = np.broadcast_shapes(lhs_shape, rhs_shape)
    a, b = randn(lhs_shape, BF16), randn(rhs_shape, BF16)
    ir = binary_ir("multiply", tt(lhs_shape, "bf16"), tt(rhs_shape, "bf16"), tt(out_shape, "bf16"))
    (got,) = run_cpu(ir, "f", [a, b])
    bits_equal(got, from_torch(to_torch(a) * to_torch(b)))


@pytest.mark.parametrize("op, torch_op", [("add", torch.add), ("subtract", torch.sub)])
def test_add_subtract_bf16_bit_exact(op, torch_op):
    a, b = randn((4, 1, 8), BF16, 100.0), randn((3, 1), BF16)
    ir = binary_ir(op, tt((4, 1, 8), "bf16"), tt((3, 1), "bf16"), tt((4, 3, 8), "bf16"))
    (got,) = run_cpu(ir, "f", [a, b])
    bits_equal(got, from_torch(torch_op(to_torch(a), to_torch(b))))


def test_add_f32():
    a, b = randn((5, 6), np.float32), randn((6,), np.float32)
    ir = binary_ir("add", tt((5, 6), "f32"), tt((6,), "f32"), tt((5, 6), "f32"))
    (got,) = run_cpu(ir, "f", [a, b])
    assert ulp_diff(got, a + b) == 0


@pytest.mark.parametrize("dtype, element", [(BF16, "bf16"), (np.float32, "f32")])
def test_neg(dtype, element):
    a = randn((3, 5), dtype)
    a[0, 0] = 0.0
    (got,) = run_cpu(unary_ir("neg", tt((3, 5), element), tt((3, 5), element)), "f", [a])
    bits_equal(got, from_torch(-to_torch(a)))  # includes -0.0


def test_rank0_multiply():
    a, b = np.array(1.5, BF16), np.array(-3.25, BF16)
    ty = tt((), "bf16")
    (got,) = run_cpu(binary_ir("multiply", ty, ty, ty), "f", [a, b])
    assert got.shape == () and got.dtype == BF16 and float(got) == -4.875


# ------------------------------------------------------------------- sum

@pytest.mark.parametrize("shape, dims, keep_dim", [
    ((4, 300, 8), [1], True),
    ((2, 3, 32, 64), [0, 3], True),
    ((16, 128), [-1], False),
    ((1, 3, 32, 64), None, False),  # dim_arg absent: every dim, rank-0 result
])
def test_bf16_sum_accumulates_in_f32(shape, dims, keep_dim):
    x = randn(shape, BF16, 3.0)
    all_dims = list(range(len(shape))) if dims is None else [d % len(shape) for d in dims]
    out_shape = tuple(1 if i in all_dims else s for i, s in enumerate(shape)) if keep_dim \
        else tuple(s for i, s in enumerate(shape) if i not in all_dims)
    attrs = f"keep_dim = {str(keep_dim).lower()}"
    if dims is not None:
        attrs = "dim_arg = [" + ", ".join(f"{d} : i32" for d in dims) + "], " + attrs
    (got,) = run_cpu(unary_ir("sum", tt(shape, "bf16"), tt(out_shape, "bf16"), attrs), "f", [x])
    want = from_torch(torch.sum(to_torch(x), dim=all_dims, keepdim=keep_dim))
    assert ulp_diff(got, want) <= 2
    # Accumulating in bf16 instead would be far off on sums of hundreds of terms.
    exact = x.astype(np.float64).sum(axis=tuple(all_dims), keepdims=keep_dim)
    np.testing.assert_allclose(got.astype(np.float64), exact, rtol=2 ** -7, atol=1e-2)


def test_f32_sum():
    x = randn((8, 1000), np.float32)
    ir = unary_ir("sum", tt((8, 1000), "f32"), tt((8, 1), "f32"), "dim_arg = [1 : i32], keep_dim = true")
    (got,) = run_cpu(ir, "f", [x])
    exact = x.astype(np.float64).sum(axis=1, keepdims=True)
    assert ulp_diff(got, exact.astype(np.float32)) <= 1  # f64 accumulation: correctly rounded
    np.testing.assert_allclose(got, from_torch(to_torch(x).sum(1, keepdim=True)), rtol=1e-5, atol=1e-5)


# ------------------------------------------------- reshape, typecast, full

@pytest.mark.parametrize("src, dst", [
    ((2, 3, 4), (4, 6)), ((1, 1), ()), ((), (1, 1, 1)), ((6,), (2, 3)), ((2, 3), (6,)),
])
def test_reshape(src, dst):
    x = randn(src, BF16)
    attrs = "shape = [" + ", ".join(f"{d} : i32" for d in dst) + "]"
    (got,) = run_cpu(unary_ir("reshape", tt(src, "bf16"), tt(dst, "bf16"), attrs), "f", [x])
    bits_equal(got, x.reshape(dst))


def test_typecast_bf16_f32_roundtrip_matches_torch():
    # Values with more than 8 significant bits, including exact ties, round to nearest-even.
    x = np.concatenate([randn((200,), np.float32, 50.0),
                        np.array([1 + 2 ** -8, 1 + 3 * 2 ** -8, -(1 + 2 ** -8), 3e38], np.float32)])
    n = x.shape[0]
    ir = f"""
func.func @f(%a: {tt((n,), "f32")}) -> ({tt((n,), "bf16")}, {tt((n,), "f32")}) {{
  %0 = "ttir.typecast"(%a) : ({tt((n,), "f32")}) -> {tt((n,), "bf16")}
  %1 = "ttir.typecast"(%0) : ({tt((n,), "bf16")}) -> {tt((n,), "f32")}
  return %0, %1 : {tt((n,), "bf16")}, {tt((n,), "f32")}
}}"""
    narrow, wide = run_cpu(ir, "f", [x])
    want = from_torch(to_torch(x).to(torch.bfloat16))
    bits_equal(narrow, want)
    bits_equal(wide, want.astype(np.float32))


def test_typecast_to_bfp_bf8_is_bf16_on_cpu():
    x = randn((32, 32), BF16)
    ir = unary_ir("typecast", tt((32, 32), "bf16"), tt((32, 32), "bf16", "bfp_bf8"))
    (got,) = run_cpu(ir, "f", [x])
    bits_equal(got, x)


@pytest.mark.parametrize("element, dtype", [("bf16", BF16), ("f32", np.float32)])
def test_full(element, dtype):
    ir = f"""
func.func @f() -> {tt((2, 32), element)} {{
  %0 = "ttir.full"() {{fill_value = 0.1 : f32, shape = array<i32: 2, 32>}} : () -> {tt((2, 32), element)}
  return %0 : {tt((2, 32), element)}
}}"""
    (got,) = run_cpu(ir, "f", [])
    bits_equal(got, np.full((2, 32), np.float32(0.1)).astype(dtype))


# -------------------------------------------- upstream ops, scalars, errors

def test_scalar_argument_through_from_elements_and_materialize():
    ir = """
func.func @f(%x: tensor<4xbf16>, %s: f32, %dest: tensor<4xf32>) -> tensor<4xf32> {
  %t = tensor.from_elements %s : tensor<f32>
  %w = "ttir.typecast"(%x) : (tensor<4xbf16>) -> tensor<4xf32>
  %p = "ttir.multiply"(%w, %t) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %r = bufferization.materialize_in_destination %p in %dest : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}"""
    x = np.array([1, -2, 0.5, 3], BF16)
    (got,) = run_cpu(ir, "f", [x, 0.1, np.zeros(4, np.float32)])
    bits_equal(got, x.astype(np.float32) * np.float32(0.1))  # scalar kept in f32 (opmath)


def test_engine_is_cached_per_ir_text():
    ty = tt((3,), "f32")
    ir = binary_ir("subtract", ty, ty, ty)
    a, b = np.arange(3, dtype=np.float32), np.ones(3, np.float32)
    run_cpu(ir, "f", [a, b])
    count = len(cpu._KERNELS)
    (got,) = run_cpu(ir, "f", [b, a])
    assert len(cpu._KERNELS) == count
    np.testing.assert_array_equal(got, b - a)


def test_refuses_complex():
    ty = "tensor<2xcomplex<f32>>"
    with pytest.raises(CpuRunError, match="complex tensors"):
        run_cpu(binary_ir("multiply", ty, ty, ty), "f", [])


def test_refuses_undecomposed_mul_bw():
    ir = """
func.func @f(%g: tensor<2xf32>, %a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}"""
    with pytest.raises(CpuRunError, match="'ttir.mul_bw' has no CPU lowering"):
        run_cpu(ir, "f", [])


def test_rejects_mismatched_input():
    ty = tt((3,), "f32")
    with pytest.raises(CpuRunError, match="argument 1 of @f must be float32"):
        run_cpu(binary_ir("add", ty, ty, ty), "f", [np.zeros(3, np.float32), np.zeros(3, BF16)])
