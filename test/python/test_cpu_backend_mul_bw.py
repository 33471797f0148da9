"""End to end on the CPU path: ttir.mul_bw -> decomposition pipeline -> CPU JIT,
against torch.autograd. The CPU backend serves as the oracle of the decomposition."""
import numpy as np
import pytest
import torch

import ttbw.passes.all  # noqa: F401  (registers the passes and pipelines)
from ttbw.passes.registry import PIPELINES
from ttbw.execution.cpu import run_cpu

from test_cpu_backend import BF16, bits_equal, from_torch, randn, to_torch, tt, ulp_diff

PIPELINE = "ttir-backward-decomposition-pipeline"
pytestmark = pytest.mark.skipif(PIPELINE not in PIPELINES, reason=f"{PIPELINE} not registered")


def decompose(ir_text: str) -> str:
    from mlir import ir

    from ttbw.dialect import make_context
    from ttbw.passes.pipeline import parse_pipeline, resolve, run_step

    context = make_context()
    module = ir.Module.parse(ir_text, context)
    for step in resolve(parse_pipeline(f"builtin.module({PIPELINE})"), context):
        run_step(step, module)
    return str(module)


def torch_grads(g, a, b):
    a = a.detach().requires_grad_()
    b = b.detach().requires_grad_() if isinstance(b, torch.Tensor) else b
    (a * b).backward(g)
    return a.grad, (b.grad if isinstance(b, torch.Tensor) else None)


@pytest.mark.parametrize("a_shape, b_shape", [
    ((2, 32, 64), (2, 32, 64)),        # no broadcast: bit-exact
    ((1, 3, 32, 1), (1, 1, 32, 64)),   # both sides broadcast
    ((32, 64), (1, 1, 1, 1)),          # lower rank vs scalar-like
])
def test_bf16_mul_bw_matches_autograd(a_shape, b_shape):
    g_shape = np.broadcast_shapes(a_shape, b_shape)
    g, a, b = randn(g_shape, BF16), randn(a_shape, BF16), randn(b_shape, BF16)
    ta, tb, tg = tt(a_shape, "bf16"), tt(b_shape, "bf16"), tt(g_shape, "bf16")
    ir = decompose(f"""
func.func @f(%g: {tg}, %a: {ta}, %b: {tb}) -> ({ta}, {tb}) {{
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>}} : ({tg}, {ta}, {tb}) -> ({ta}, {tb})
  return %0#0, %0#1 : {ta}, {tb}
}}""")
    grad_a, grad_b = run_cpu(ir, "f", [g, a, b])
    want_a, want_b = (from_torch(t) for t in torch_grads(to_torch(g), to_torch(a), to_torch(b)))
    if a_shape == b_shape:
        bits_equal(grad_a, want_a)
        bits_equal(grad_b, want_b)
    else:
        assert ulp_diff(grad_a, want_a) <= 2 and ulp_diff(grad_b, want_b) <= 2


def test_scalar_mul_bw_uses_f32_opmath():
    g, a = randn((2, 32), BF16), randn((2, 32), BF16)
    ty = tt((2, 32), "bf16")
    ir = decompose(f"""
func.func @f(%g: {ty}, %a: {ty}, %s: f32) -> {ty} {{
  %0 = "ttir.mul_bw"(%g, %a, %s) {{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>}} : ({ty}, {ty}, f32) -> {ty}
  return %0 : {ty}
}}""")
    (grad_a,) = run_cpu(ir, "f", [g, a, 0.1])
    want, _ = torch_grads(to_torch(g), to_torch(a), 0.1)
    bits_equal(grad_a, from_torch(want))


def test_complex_mul_bw_after_expansion():
    shape = (2, 8)
    parts = [randn(shape, np.float32) for _ in range(6)]
    ty = tt(shape, "complex<f32>")
    ir = decompose(f"""
func.func @f(%g: {ty}, %a: {ty}, %b: {ty}) -> ({ty}, {ty}) {{
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>}} : ({ty}, {ty}, {ty}) -> ({ty}, {ty})
  return %0#0, %0#1 : {ty}, {ty}
}}""")
    # ttir-expand-complex passes each complex tensor as (real, imag).
    ga_re, ga_im, gb_re, gb_im = run_cpu(ir, "f", parts)
    g, a, b = (torch.complex(torch.from_numpy(parts[i]), torch.from_numpy(parts[i + 1]))
               for i in (0, 2, 4))
    want_a, want_b = torch_grads(g, a, b)  # conjugate Wirtinger: g * conj(b)
    np.testing.assert_allclose(ga_re + 1j * ga_im, want_a.numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(gb_re + 1j * gb_im, want_b.numpy(), rtol=1e-5, atol=1e-6)
