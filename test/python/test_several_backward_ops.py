"""Functions of several backward ops, and of a backward op with plain TTIR around it, lower
through the pipeline to one fused program and match torch autograd in float64 on the same
inputs (the gradients of the whole function: intermediate bf16 roundings within the bound)."""
import torch

from ttbw.driver.compiler import run_on_device

from backward_checks import check_gradient, rand, ulp

CHAIN = """
func.func @chain(%g: tensor<2x64x96xbf16>, %h: tensor<2x64x96xbf16>, %x: tensor<2x64x96xbf16>, %w: tensor<1x1x96xbf16>) -> (tensor<2x64x96xbf16>, tensor<1x1x96xbf16>) {
  %0 = ttir.gelu_bw %g, %h : tensor<2x64x96xbf16>, tensor<2x64x96xbf16> -> tensor<2x64x96xbf16>
  %1:2 = "ttir.mul_bw"(%0, %x, %w) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x64x96xbf16>, tensor<2x64x96xbf16>, tensor<1x1x96xbf16>) -> (tensor<2x64x96xbf16>, tensor<1x1x96xbf16>)
  return %1#0, %1#1 : tensor<2x64x96xbf16>, tensor<1x1x96xbf16>
}
"""

MIXED = """
func.func @mixed(%g: tensor<64x96xbf16>, %x: tensor<64x96xbf16>, %y: tensor<64x96xbf16>) -> tensor<64x96xbf16> {
  %0 = ttir.tanh_bw %g, %x : tensor<64x96xbf16>, tensor<64x96xbf16> -> tensor<64x96xbf16>
  %1 = "ttir.multiply"(%0, %y) : (tensor<64x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
  %2 = "ttir.add"(%1, %x) : (tensor<64x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
  return %2 : tensor<64x96xbf16>
}
"""


def test_a_chain_of_backward_ops_is_one_program():
    """gelu_bw's input gradient as mul_bw's grad, its weight broadcast over the rows: the
    backward of y = gelu(h) * w (x standing in for gelu(h) in w's gradient)."""
    gen = torch.Generator().manual_seed(3)
    g, h, x = (rand((2, 64, 96), generator=gen) for _ in range(3))
    w = rand((1, 1, 96), generator=gen)
    (grad_x, grad_w), stats = run_on_device(CHAIN, [g, h, x, w])
    assert stats.programs_launched == 1
    h64 = h.double().requires_grad_()
    torch.nn.functional.gelu(h64).backward(g.double())
    dh = h64.grad
    check_gradient(torch.from_numpy(grad_x).bfloat16(), dh * w.double(), x, ulps=2.0)
    check_gradient(torch.from_numpy(grad_w).bfloat16(), dh * x.double(), w, ulps=2.0)


def test_a_backward_op_mixed_with_ttir_is_one_program():
    gen = torch.Generator().manual_seed(4)
    g, x, y = (rand((64, 96), generator=gen) for _ in range(3))
    (got,), stats = run_on_device(MIXED, [g, x, y])
    assert stats.programs_launched == 1
    x64 = x.double().requires_grad_()
    torch.tanh(x64).backward(g.double())
    product = x64.grad * y.double()
    want = product + x.double()
    # three bf16 roundings (tanh_bw's gradient, the product, the sum): within 2 ulp of the terms
    scale = product.abs() + x.double().abs()
    assert torch.all((torch.from_numpy(got).double() - want).abs() <= 2 * ulp(scale, torch.bfloat16))
