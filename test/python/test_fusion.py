"""Fusion (ttbw-fuse-programs) + the generic codegen: upstream producer -> consumer fusion and
sibling / multi-output programs. A mul_bw's decomposition becomes one program with both
gradients, bit for bit the program its backward op compiles to and within bf16 roundings of
torch's autograd; TTIR that is no backward op fuses the same way."""
import numpy as np
import pytest
import torch

import ttbw
from ttbw.ttnn.backward_call import binary_call
from ttbw.driver.compiler import run_on_device, run_pipeline

from program_specs import one_program

DTYPES = {"bf16": (ttbw.bfloat16, torch.bfloat16), "f32": (ttbw.float32, torch.float32),
          "bfp8": (ttbw.bfloat8_b, torch.bfloat16)}


def run_fused(text: str, inputs):
    """The one fused program of TTIR function `text` (its codegen spec) and its results, run as
    the pipeline compiles it (float32)."""
    spec = one_program(text)
    outputs, stats = run_on_device(text, inputs)
    assert stats.programs_launched == 1
    return spec, outputs


def tensor(shape, dtype, seed):
    x = torch.randn(shape, generator=torch.Generator().manual_seed(seed))
    return ttbw.from_torch(x.to(DTYPES[dtype][1]), DTYPES[dtype][0], layout=ttbw.TILE_LAYOUT)


def decomposed(call) -> str:
    return run_pipeline(call.ir())[-1][1]


@pytest.mark.parametrize("g_shape, b_shape, dtypes", [
    ((1, 3, 64, 96), (1, 3, 64, 96), ("bf16",) * 3),
    ((1, 3, 64, 96), (1, 1, 1, 96), ("bf16",) * 3),      # row: b's gradient sums over H and C
    ((2, 3, 40, 70), (2, 3, 40, 1), ("bf16",) * 3),      # col
    ((2, 3, 40, 70), (1, 1, 1, 1), ("bf16",) * 3),       # scalar
    ((4, 64, 96), (64, 96), ("bf16",) * 3),              # outer
    ((1, 3, 64, 96), (1, 1, 1, 96), ("f32",) * 3),
    ((2, 64, 96), (2, 64, 1), ("bf16", "f32", "bfp8")),  # mixed dtypes: typecasts fused in
    ((2, 64, 96), (2, 1, 96), ("bfp8", "bf16", "f32")),
])
def test_mul_bw_is_one_program_bit_exact(g_shape, b_shape, dtypes):
    g, a, b = tensor(g_shape, dtypes[0], 0), tensor(g_shape, dtypes[1], 1), tensor(b_shape, dtypes[2], 2)
    call = binary_call("mul_bw", g, a, b, (True, True), None, None, None)
    spec, got = run_fused(decomposed(call), call.inputs())
    assert len(spec.kernels.outputs) == 2 and len(set(spec.args)) == len(spec.args) == 3  # each input read once
    want, _ = run_on_device(call.ir(), call.inputs())
    for x, y in zip(want, got):
        assert np.array_equal(x, y.reshape(x.shape), equal_nan=True)
    # torch autograd in float64 on the device values; bf16 roundings of products / sums bound
    # the difference by a few bf16 ulps of the magnitudes summed (the same autograd on |.|)
    grads, scales = [], []
    for f in (lambda t: t, torch.abs):
        ta, tb = (f(ttbw.to_torch(t).double()).requires_grad_() for t in (a, b))
        (ta * tb).backward(f(ttbw.to_torch(g).double()))
        (grads if f is not torch.abs else scales).append((ta.grad, tb.grad))
    for x, want, scale in zip(got, grads[0], scales[0]):
        assert np.all(np.abs(x.reshape(want.shape) - want.numpy()) <= 2.0 ** -6 * scale.numpy() + 1e-30)


def test_commuted_operands_give_the_same_single_program():
    """Swapping the operands of the decomposition's multiplies: still one program, same bits."""
    g, a, b = tensor((2, 64, 96), "bf16", 0), tensor((2, 64, 96), "bf16", 1), tensor((2, 1, 96), "bf16", 2)
    call = binary_call("mul_bw", g, a, b, (True, True), None, None, None)
    text = decomposed(call)
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if '"ttir.multiply"(' in line:
            head, rest = line.split('"ttir.multiply"(', 1)
            x, rest = rest.split(", ", 1)
            y, rest = rest.split(")", 1)
            ty = rest.split(": (", 1)[1].split(") ->", 1)[0]
            tx, tyy = ty.split(", ", 1) if ty.count("tensor<") == 2 else (ty, ty)
            lines[i] = f'{head}"ttir.multiply"({y}, {x}){rest.replace(ty, f"{tyy}, {tx}", 1)}'
    commuted = "\n".join(lines)
    assert commuted != text
    spec_a, got_a = run_fused(text, call.inputs())
    spec_b, got_b = run_fused(commuted, call.inputs())
    assert len(spec_b.kernels.outputs) == 2
    for x, y in zip(got_a, got_b):
        assert np.array_equal(x, y)


def test_no_backward_op_sum_to_of_a_product_plus_f32():
    """sum_to(grad * x + y) with a bf16 product and an f32 addend: one fused program (the
    product rounded to bf16 by a hop, as the region says, then added in f32 and summed)."""
    b16, f32 = "tensor<2x64x96xbf16>", "tensor<2x64x96xf32>"
    out = "tensor<1x1x96xf32>"
    text = (f"func.func @f(%g: {b16}, %x: {b16}, %y: {f32}) -> {out} {{\n"
            f"  %0 = \"ttir.multiply\"(%g, %x) : ({b16}, {b16}) -> {b16}\n"
            f"  %1 = \"ttir.typecast\"(%0) : ({b16}) -> {f32}\n"
            f"  %2 = \"ttir.add\"(%1, %y) : ({f32}, {f32}) -> {f32}\n"
            f"  %3 = \"ttir.sum\"(%2) {{dim_arg = [0 : i32, 1 : i32], keep_dim = true}} : ({f32}) -> {out}\n"
            f"  return %3 : {out}\n}}\n")
    gen = torch.Generator().manual_seed(7)
    g, x = (torch.randn(2, 64, 96, generator=gen).bfloat16() for _ in range(2))
    y = torch.randn(2, 64, 96, generator=gen)
    spec, (got,) = run_fused(text, [g.float().numpy(), x.float().numpy(), y.numpy()])
    assert len(spec.kernels.outputs) == 1 and spec.kernels.reduce and spec.kernels.round_hops == 1
    want = ((g * x).float().double() + y.double()).sum(dim=(0, 1), keepdim=True)
    assert np.allclose(got, want.numpy(), rtol=1e-5, atol=1e-4)


def test_a_rounded_value_used_twice():
    """square(f32(g * x)) with a bf16 product: one rounding hop, read by both operands."""
    b16, f32 = "tensor<64x96xbf16>", "tensor<64x96xf32>"
    text = (f"func.func @f(%g: {b16}, %x: {b16}) -> {f32} {{\n"
            f"  %0 = \"ttir.multiply\"(%g, %x) : ({b16}, {b16}) -> {b16}\n"
            f"  %1 = \"ttir.typecast\"(%0) : ({b16}) -> {f32}\n"
            f"  %2 = \"ttir.multiply\"(%1, %1) : ({f32}, {f32}) -> {f32}\n"
            f"  return %2 : {f32}\n}}\n")
    gen = torch.Generator().manual_seed(8)
    g, x = (torch.randn(64, 96, generator=gen).bfloat16() for _ in range(2))
    spec, (got,) = run_fused(text, [g.float().numpy(), x.float().numpy()])
    assert spec.kernels.round_hops == 1
    p = (g * x).float()
    assert np.array_equal(got, (p * p).numpy())


@pytest.mark.parametrize("b_shape", [(1, 1, 1, 64), (1, 1, 64, 1), (1, 1, 1, 1)], ids=["row", "col", "scalar"])
def test_f32_infinities_and_nans_through_an_in_tile_sum(b_shape):
    """grad_b = sum_to(grad * a) over in-tile dims of f32 data keeps torch's infinities (one of
    each sign in separate rows / columns) and NaNs (inf - inf, or a NaN term), finite sums to
    the f32 bound; the TF32 split of a non-finite term would otherwise make every such sum NaN."""
    gen = torch.Generator().manual_seed(11)
    g, a, b = (torch.randn(s, generator=gen) for s in [(1, 1, 64, 64), (1, 1, 64, 64), b_shape])
    g[0, 0, 3, 5] = float("inf")
    g[0, 0, 40, 50] = -float("inf")
    g[0, 0, 7, 9] = float("nan")
    G, A, B = (ttbw.from_torch(x, ttbw.float32, layout=ttbw.TILE_LAYOUT) for x in (g, a, b))
    got = ttbw.to_torch(ttbw.mul_bw(G, A, B)[1]).double()
    want = (g.double() * a.double()).sum(dim=[d for d in range(4) if b_shape[d] == 1], keepdim=True)
    assert torch.equal(got.isnan(), want.isnan()) and want.isnan().any()
    assert torch.equal(got.isinf(), want.isinf()) and torch.equal(got[got.isinf()], want[want.isinf()])
    finite = want.isfinite()
    assert torch.allclose(got[finite], want[finite], rtol=1e-5, atol=1e-4)


def _t(shape, dtype):
    return f"tensor<{'x'.join(map(str, shape))}x{dtype}>"


EPILOGUES = {  # name: (argument (shape, dtype)s, TTIR body over %a0.., result type, torch reference)
    "neg_sum_bf16": ([((64, 96), "bf16"), ((64, 96), "bf16")],
                     ['%0 = "ttir.multiply"(%a0, %a1) : ({t0}, {t1}) -> {t0}',
                      '%1 = "ttir.sum"(%0) {{dim_arg = [0 : i32], keep_dim = true}} : ({t0}) -> {r}',
                      '%2 = "ttir.neg"(%1) : ({r}) -> {r}'], ((1, 96), "bf16"),
                     lambda a0, a1: -(a0 * a1).sum(0, keepdim=True)),
    "sum_times_reduced_shape": ([((2, 40, 70), "bf16"), ((1, 40, 1), "bf16")],
                                ['%0 = "ttir.sum"(%a0) {{dim_arg = [0 : i32, 2 : i32], keep_dim = true}} '
                                 ': ({t0}) -> {t1}',
                                 '%1 = "ttir.multiply"(%0, %a1) : ({t1}, {t1}) -> {r}'], ((1, 40, 1), "bf16"),
                                lambda a0, a1: a0.sum((0, 2), keepdim=True) * a1),
    "f32_sum_scaled_plus_row": ([((3, 33, 64), "f32"), ((1, 1, 64), "f32")],
                                ['%c = "ttir.full"() <{{fill_value = 2.500000e+00 : f32, shape = array<i32>}}> '
                                 ': () -> tensor<f32>',
                                 '%0 = "ttir.sum"(%a0) {{dim_arg = [0 : i32, 1 : i32], keep_dim = true}} '
                                 ': ({t0}) -> {t1}',
                                 '%1 = "ttir.multiply"(%0, %c) : ({t1}, tensor<f32>) -> {t1}',
                                 '%2 = "ttir.subtract"(%1, %a1) : ({t1}, {t1}) -> {r}'], ((1, 1, 64), "f32"),
                                lambda a0, a1: a0.sum((0, 1), keepdim=True) * 2.5 - a1),
    "bf16_sum_to_f32_epilogue": ([((64, 64), "bf16"), ((64, 1), "f32")],
                                 ['%0 = "ttir.sum"(%a0) {{dim_arg = [1 : i32], keep_dim = true}} : ({t0}) -> '
                                  'tensor<64x1xbf16>',
                                  '%1 = "ttir.typecast"(%0) : (tensor<64x1xbf16>) -> {t1}',
                                  '%2 = "ttir.multiply"(%1, %a1) : ({t1}, {t1}) -> {r}'], ((64, 1), "f32"),
                                 lambda a0, a1: a0.sum(1, keepdim=True).float() * a1),
}


@pytest.mark.parametrize("name", sorted(EPILOGUES))
def test_a_reduction_and_its_epilogue_are_one_program_as_torch(name):
    """A reduction followed by elementwise ops (its epilogue: a negation, a product with a
    tensor of the reduced shape, a scalar, a bf16 sum widened first): one program matching
    torch's ops on the same values (bf16 sums accumulated in f32, rounded once), as composite
    mode does."""
    args, body, (r_shape, r_dtype), reference = EPILOGUES[name]
    types = {f"t{i}": _t(*a) for i, a in enumerate(args)}
    types["r"] = _t(r_shape, r_dtype)
    params = ", ".join(f"%a{i}: {types[f't{i}']}" for i in range(len(args)))
    lines = "\n".join("  " + line.format(**types) for line in body)
    last = body[-1].split(" = ")[0]
    text = f"func.func @f({params}) -> {types['r']} {{\n{lines}\n  return {last} : {types['r']}\n}}\n"
    gen = torch.Generator().manual_seed(3)
    values = [torch.randn(s, generator=gen).to(torch.bfloat16 if d == "bf16" else torch.float32) for s, d in args]
    inputs = [v.float().numpy() for v in values]
    fused, stats = run_on_device(text, inputs)
    assert stats.programs_launched == 1
    composite, composite_stats = run_on_device(text, inputs, fuse=False)
    assert composite_stats.programs_launched > 1
    want = reference(*values).float().numpy()
    tolerance = 2.0 ** -7 if r_dtype == "bf16" else 2.0 ** -20
    for got in (fused[0], composite[0]):
        assert got.shape == want.shape
        assert np.allclose(got, want, rtol=tolerance, atol=1e-5)
