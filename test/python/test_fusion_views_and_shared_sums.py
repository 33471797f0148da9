"""Fusion across unit-dim reshapes (a keep_dim sum reshaped to rank 0, then cast) and of a
reduction several results read (returned as it is and cast, or through two epilogues): one
program each, checked against torch in float64 on the same inputs (#11's bounds). A result
that reads a sum back over the summed dims stays two programs, with a warning saying why.
Sibling generics whose spaces differ by leading 1s only (a rank-0 gradient next to a 1x1x1
one) are one program too."""
import warnings

import numpy as np
import pytest
import torch

import ttbw
from ttbw.ttnn.backward_call import binary_call
from ttbw.driver.compiler import run_on_device

R, T = ttbw.ROW_MAJOR_LAYOUT, ttbw.TILE_LAYOUT


def _ulp(x: torch.Tensor, mantissa_bits: int) -> torch.Tensor:
    """One ulp of |x| in a format of `mantissa_bits` explicit bits (normal range)."""
    e = torch.floor(torch.log2(x.abs().clamp_min(2.0 ** -126)))
    return 2.0 ** (e - mantissa_bits)


def _within(got, want: torch.Tensor, scale: torch.Tensor, mantissa_bits: int = 7, ulps: int = 2):
    got = torch.from_numpy(np.asarray(got, np.float64)).reshape(want.shape)
    assert ((got - want).abs() <= ulps * _ulp(scale, mantissa_bits)).all(), (got, want)


def _one_program(ir: str, inputs):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "not one fused program" is a UserWarning
        outputs, stats = run_on_device(ir, inputs)
    assert stats.programs_launched == 1
    return outputs


def test_mul_bw_rank0_row_major_f32_operand_is_one_program_as_torch():
    """grad_a of a rank-0 ROW_MAJOR f32 a (a bf16 grad and b): sum(grad * b) to rank 0, cast to
    f32 (the reshape between the sum's rounding and the cast folded into the cast's map)."""
    gen = torch.Generator().manual_seed(5)
    g, a, b = (torch.randn(s, generator=gen) for s in [(40, 45), (), (40, 45)])
    tensors = [ttbw.from_torch(g, ttbw.bfloat16, layout=T), ttbw.from_torch(a, ttbw.float32, layout=R),
               ttbw.from_torch(b, ttbw.bfloat16, layout=R)]
    call = binary_call("mul_bw", *tensors)
    grad_a, grad_b = _one_program(call.ir(), call.inputs())
    g, a, b = (ttbw.to_torch(t).double() for t in tensors)
    terms = (g * b).bfloat16().double()  # TTIR's bf16 product, summed
    _within(grad_a, terms.sum(), terms.abs().sum())
    _within(grad_b, g * a, g * a)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        api_a, api_b = ttbw.mul_bw(*tensors, backend="device")
    assert api_a.shape == () and api_a.dtype is ttbw.float32 and api_a.layout is R
    assert np.array_equal(ttbw.to_torch(api_a).numpy(), np.asarray(grad_a).reshape(()))


def test_mul_bw_empty_times_rank0_bfloat8_b_is_one_program_of_zero():
    """grad_b of a rank-0 bfloat8_b b against (0,)-shaped grad and a: torch's 0, from one
    program of no inputs (the zero's reshape to rank 0 folded into the cast's map)."""
    g, a, b = torch.zeros(0), torch.zeros(0), torch.tensor(1.5)
    tensors = [ttbw.from_torch(x, ttbw.bfloat8_b, layout=T) for x in (g, a, b)]
    call = binary_call("mul_bw", *tensors)
    grad_a, grad_b = _one_program(call.ir(), call.inputs())
    assert np.asarray(grad_a).shape == (0,)
    assert np.asarray(grad_b).shape == () and float(np.asarray(grad_b)) == 0.0


def _function(name: str, args: list, body: list, results: list) -> str:
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    values = ", ".join(v for v, _ in results)
    types = ", ".join(t for _, t in results)
    lines = "\n".join(f"  {line}" for line in body)
    return f"func.func @{name}({params}) -> ({types}) {{\n{lines}\n  return {values} : {types}\n}}\n"


RM_BF16 = 'tensor<3x40x40xbf16, #ttir.layout<"bf16", "row_major">>'
RM_SUM_BF16 = 'tensor<3x1x40xbf16, #ttir.layout<"bf16", "row_major">>'
RM_SUM_F32 = 'tensor<3x1x40xf32, #ttir.layout<"f32", "row_major">>'
SHARED = {  # name: (function text, input shapes and dtypes, torch: inputs -> [(value, scale, mantissa bits)])
    "sum_and_its_cast": (
        _function("f", [RM_BF16], [
            f'%0 = "ttir.sum"(%a0) {{dim_arg = [1 : i32], keep_dim = true}} : ({RM_BF16}) -> {RM_SUM_BF16}',
            f'%1 = "ttir.typecast"(%0) : ({RM_SUM_BF16}) -> {RM_SUM_F32}'],
            [("%1", RM_SUM_F32), ("%0", RM_SUM_BF16)]),
        [((3, 40, 40), torch.bfloat16)],
        lambda x: [(x.sum(1, keepdim=True), x.abs().sum(1, keepdim=True), 7)] * 2),
    "sum_and_its_negation": (
        _function("f", ["tensor<64x96xbf16>"] * 2, [
            '%0 = "ttir.multiply"(%a0, %a1) : (tensor<64x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>',
            '%1 = "ttir.sum"(%0) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xbf16>) -> tensor<1x96xbf16>',
            '%2 = "ttir.neg"(%1) : (tensor<1x96xbf16>) -> tensor<1x96xbf16>'],
            [("%1", "tensor<1x96xbf16>"), ("%2", "tensor<1x96xbf16>")]),
        [((64, 96), torch.bfloat16)] * 2,
        lambda x, y: [(s * sign, (x * y).bfloat16().double().abs().sum(0, keepdim=True), 7)
                      for s in [(x * y).bfloat16().double().sum(0, keepdim=True)] for sign in (1, -1)]),
    "two_epilogues_f32": (
        _function("f", ["tensor<64x96xf32>"], [
            '%0 = "ttir.sum"(%a0) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xf32>) -> tensor<1x96xf32>',
            '%1 = "ttir.neg"(%0) : (tensor<1x96xf32>) -> tensor<1x96xf32>',
            '%2 = "ttir.multiply"(%0, %0) : (tensor<1x96xf32>, tensor<1x96xf32>) -> tensor<1x96xf32>'],
            [("%1", "tensor<1x96xf32>"), ("%2", "tensor<1x96xf32>")]),
        [((64, 96), torch.float32)],
        lambda x: [(-x.sum(0, keepdim=True), x.abs().sum(0, keepdim=True), 23),
                   (x.sum(0, keepdim=True) ** 2, 2 * x.abs().sum(0, keepdim=True) ** 2, 23)]),
}


@pytest.mark.parametrize("name", sorted(SHARED))
def test_a_sum_read_by_several_results_is_one_program_as_torch(name):
    """Each result within 2 ulp of sum|terms| of torch's float64 value (the square's bound: its
    relative error doubles); composite mode agrees with the same bounds."""
    text, args, reference = SHARED[name]
    gen = torch.Generator().manual_seed(9)
    values = [torch.randn(s, generator=gen).to(d) for s, d in args]
    inputs = [v.float().numpy() for v in values]
    fused = _one_program(text, inputs)
    composite, stats = run_on_device(text, inputs, fuse=False)
    assert stats.programs_launched > 1
    for outputs in (fused, composite):
        for got, (want, scale, bits) in zip(outputs, reference(*(v.double() for v in values))):
            _within(got, want, scale, bits)


def test_a_sum_read_back_over_its_summed_dims_is_one_program():
    """sum(x) - x needs the finished sum before its first element: one program (the read-back
    walk, x read from DRAM once and held in L1), no warning; the result as torch's."""
    t, s = "tensor<64x96xbf16>", "tensor<1x96xbf16>"
    text = _function("f", [t], [f'%0 = "ttir.sum"(%a0) {{dim_arg = [0 : i32], keep_dim = true}} : ({t}) -> {s}',
                                f'%1 = "ttir.subtract"(%0, %a0) : ({s}, {t}) -> {t}'], [("%1", t)])
    x = torch.randn(64, 96, generator=torch.Generator().manual_seed(2)).bfloat16()
    (got,) = _one_program(text, [x.float().numpy()])
    x = x.double()
    total = x.sum(0, keepdim=True).bfloat16().double()
    _within(got, total - x, (total - x).abs() + _ulp(x.abs().sum(0, keepdim=True), 7) * 2)


@pytest.mark.parametrize("op", ["add_bw", "sub_bw", "mul_bw"])
def test_binary_bw_rank0_b_next_to_1x1x1_bfloat8_b_is_one_program_as_torch(op):
    """A rank-0 gradient next to a 1x1x1 one (bfloat8_b): sibling generics whose spaces differ
    by leading 1s only, one program; both gradients within 2 bf16 ulp of torch autograd on the
    same (quantized) values."""
    gen = torch.Generator().manual_seed(4)
    tensors = [ttbw.from_torch(torch.rand(s, generator=gen) + 0.5, ttbw.bfloat8_b, layout=T)
               for s in [(1, 1, 1), (1, 1, 1), ()]]
    call = binary_call(op, *tensors)
    got = _one_program(call.ir(), call.inputs())
    g, a, b = (ttbw.to_torch(t).double() for t in tensors)
    a.requires_grad_(), b.requires_grad_()
    forward = {"add_bw": torch.add, "sub_bw": torch.sub, "mul_bw": torch.mul}[op]
    for x, want in zip(got, torch.autograd.grad(forward(a, b), (a, b), g)):
        _within(x, want, want)


def test_elementwise_siblings_of_two_ranks_are_one_program_exact():
    """|x| over 1x32x64 and -y over 32x64: one program, exact."""
    text = _function("f", ["tensor<1x32x64xf32>", "tensor<32x64xf32>"], [
        '%0 = "ttir.abs"(%a0) : (tensor<1x32x64xf32>) -> tensor<1x32x64xf32>',
        '%1 = "ttir.neg"(%a1) : (tensor<32x64xf32>) -> tensor<32x64xf32>'],
        [("%0", "tensor<1x32x64xf32>"), ("%1", "tensor<32x64xf32>")])
    gen = torch.Generator().manual_seed(6)
    x, y = torch.randn(1, 32, 64, generator=gen), torch.randn(32, 64, generator=gen)
    got_x, got_y = _one_program(text, [x.numpy(), y.numpy()])
    assert np.array_equal(got_x, x.abs().numpy()) and np.array_equal(got_y, (-y).numpy())
