"""The elementwise math, comparison, where, div, maximum / minimum and pow ops on the emulated
device (ttbw.driver.compiler.run_on_device: TTIR -> one program -> the real tt-mlir's C++ -> the
emulator) against torch on the same inputs: bf16 results within one bf16 ulp of torch in
float64 (computed in the fp32 DST, rounded once by the pack), f32 results within the SFPU ops'
documented accuracy (emulator/README.md), edge values (+-0, +-inf, NaN, out of domain) as torch,
a broadcast operand, a fused chain and a deep expression each one program; fuse=false runs one
program per op with the same results."""
import math

import numpy as np
import pytest
import torch

from math_golden import (BF16, EDGES, NAN, INF, chain_ir, chain_torch, from_torch, same_edges, to_torch, torch_goldens,
                         tt, ulps)
from ttbw.driver.compiler import run_on_device

RNG = np.random.default_rng(11)
ELEMENT = {BF16: "bf16", np.dtype(np.float32): "f32"}


def op_ir(op, arrays, out_element=None):
    types = [tt(a.shape, ELEMENT[a.dtype]) for a in arrays]
    out = tt(np.broadcast_shapes(*(a.shape for a in arrays)), out_element or ELEMENT[arrays[0].dtype])
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(types))
    args = ", ".join(f"%a{i}" for i in range(len(arrays)))
    return (f"func.func @f({params}) -> {out} {{\n"
            f'  %0 = "ttir.{op}"({args}) : ({", ".join(types)}) -> {out}\n'
            f"  return %0 : {out}\n}}")


def on_device(ir, arrays, out_dtype, fuse=True):
    outs, stats = run_on_device(ir, list(arrays), fuse=fuse)
    return np.asarray(outs[0], np.float32).astype(out_dtype), stats


def with_edges(x, edges):
    flat = x.reshape(-1)
    flat[:len(edges)] = np.asarray(edges, np.float32).astype(x.dtype)
    return x


def uniform(shape, scale, offset, dtype):
    return (RNG.uniform(-1, 1, shape) * scale + offset).astype(np.float32).astype(dtype)


# ttir op -> (torch op, input scale, offset, f32 ulp bound vs float64: the SFPU op's, or the sum of
# the ops the region is made of: sigmoid = recip(1 + exp(-x)))
UNARY = {
    "abs": (torch.abs, 10, 0, 0), "erf": (torch.erf, 2, 0, 2), "exp": (torch.exp, 10, 0, 1),
    "expm1": (torch.expm1, 3, 0, 2), "log": (torch.log, 10, 10.5, 1), "log1p": (torch.log1p, 3, 3.5, 2),
    "reciprocal": (torch.reciprocal, 10, 0, 1), "relu": (torch.relu, 10, 0, 0), "rsqrt": (torch.rsqrt, 10, 10.5, 2),
    "sigmoid": (torch.sigmoid, 8, 0, 3), "sign": (torch.sign, 10, 0, 0), "sqrt": (torch.sqrt, 10, 10.5, 1),
    "tanh": (torch.tanh, 3, 0, 2),
}


@pytest.mark.parametrize("dtype", [BF16, np.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("op", sorted(UNARY))
def test_unary(op, dtype):
    torch_op, scale, offset, bound = UNARY[op]
    x = with_edges(uniform((64, 64), scale, offset, dtype), EDGES)
    got, stats = on_device(op_ir(op, [x]), [x], dtype)
    assert stats.programs_launched == 1
    n = len(EDGES)
    same_edges(got.reshape(-1)[:n], torch_op, [x.reshape(-1)[:n]], 1 if dtype == BF16 else bound + 1)
    _, exact = torch_goldens(torch_op, [x])
    assert ulps(got, exact).reshape(-1)[n:].max() <= (1 if dtype == BF16 else bound)


BINARY = {"div": (torch.div, 1), "pow": (torch.pow, 4), "maximum": (torch.maximum, 0),
          "minimum": (torch.minimum, 0), "eq": (torch.eq, 0), "ne": (torch.ne, 0), "gt": (torch.gt, 0),
          "ge": (torch.ge, 0), "lt": (torch.lt, 0), "le": (torch.le, 0)}


def edge_pairs(dtype):
    """Every pair of edge values (+-0 pairs left out for maximum / minimum: see below), then random."""
    e = np.array(EDGES, np.float32)
    a, b = (g.ravel() for g in np.meshgrid(e, e))
    a = with_edges(uniform((64, 64), 4, 0, dtype), a)
    b = with_edges(uniform((64, 64), 4, 0, dtype), b)
    equal = a.reshape(-1)[len(e) ** 2:len(e) ** 2 + 64]  # equal operands (a == b) too
    b.reshape(-1)[len(e) ** 2:len(e) ** 2 + 64] = equal
    return a, b


@pytest.mark.parametrize("dtype", [BF16, np.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("op", sorted(BINARY))
def test_binary(op, dtype):
    torch_op, bound = BINARY[op]
    a, b = edge_pairs(dtype)
    if op == "pow":
        a = np.abs(a)  # random negative bases to fractional powers are NaN: keep the edges only
        a.reshape(-1)[:len(EDGES) ** 2] = edge_pairs(dtype)[0].reshape(-1)[:len(EDGES) ** 2]
    got, _ = on_device(op_ir(op, [a, b]), [a, b], dtype)
    bound = 1 if dtype == BF16 else bound
    zeros = (a == 0) & (b == 0)
    if op in ("maximum", "minimum"):  # equal zeros: IEEE 754-2019, -0 < +0 (torch's pick varies)
        neg = np.signbit(a) & np.signbit(b) if op == "maximum" else np.signbit(a) | np.signbit(b)
        assert np.array_equal(np.signbit(got[zeros]), neg[zeros])
    same_edges(got[~zeros], torch_op, [a[~zeros], b[~zeros]], bound)


def test_where_and_broadcast():
    cond = with_edges(uniform((64, 1), 1, 0, BF16), [1.0, 0.0, -0.0, NAN, INF, -2.0, 1e-30])  # a column
    a = uniform((64, 96), 3, 0, BF16)
    b = uniform((1, 96), 3, 0, np.float32)  # a row, f32
    got, stats = on_device(op_ir("where", [cond, a, b]), [cond, a, b], BF16)
    want = torch.where(to_torch(cond).bool(), to_torch(a).float(), to_torch(b)).bfloat16()
    assert stats.programs_launched == 1 and ulps(got, from_torch(want)).max() == 0


@pytest.mark.parametrize("op", ["subtract", "maximum", "div"])
def test_operands_of_two_float_types(op):
    """bf16 op f32 -> bf16 (tt-mlir's TTIR mixes element types): each operand widened exactly
    to f32, computed there, rounded once to bf16; torch promotes to f32 first, the same."""
    a, b = uniform((64, 96), 3, 0, BF16), uniform((64, 96), 3, 0, np.float32)
    got, _ = on_device(op_ir(op, [a, b], out_element="bf16"), [a, b], BF16)
    torch_op = {"subtract": torch.sub, "maximum": torch.maximum, "div": torch.div}[op]
    want = torch_op(to_torch(a).float(), to_torch(b)).bfloat16()
    assert ulps(got, from_torch(want)).max() <= (1 if op == "div" else 0)


def test_div_broadcast_f32():
    a, b = uniform((2, 64, 96), 50, 0, np.float32), uniform((96,), 2, 0, np.float32)
    got, _ = on_device(op_ir("div", [a, b]), [a, b], np.float32)
    assert ulps(got, from_torch(to_torch(a) / to_torch(b))).max() == 0


@pytest.mark.parametrize("fuse", [True, False], ids=["fused", "composite"])
def test_fused_chain_is_one_program(fuse):
    # g * exp(x) / (x*x + 1) + where(x > 0, g, 0) in bf16: every op rounds to bf16, as torch's do
    x = with_edges(uniform((64, 64), 3, 0, BF16), [0.0, -0.0, INF, -INF, NAN])
    g = uniform((64, 64), 2, 0, BF16)
    got, stats = on_device(chain_ir(tt((64, 64), "bf16"), tt((), "bf16")), [x, g], BF16, fuse=fuse)
    assert stats.programs_launched == (1 if fuse else 8)
    assert ulps(got, chain_torch(x, g)).max() <= 1  # torch's own exp may round its f32 otherwise


def gelu_derivative_ir(element):
    """g * (0.5 * (1 + erf(x / sqrt2)) + x * exp(-x*x / 2) / sqrt(2 pi)): 15 ops"""
    ty, s = tt((64, 64), element), tt((), element)

    def full(name, v):
        return f'  %{name} = "ttir.full"() {{shape = array<i32>, fill_value = {v} : f32}} : () -> {s}\n'
    body = (full("half", 0.5) + full("one", 1.0) + full("rsqrt2", 0.7071067811865476)
            + full("rsqrt2pi", 0.3989422804014327)
            + f'''  %0 = "ttir.multiply"(%x, %rsqrt2) : ({ty}, {s}) -> {ty}
  %1 = "ttir.erf"(%0) : ({ty}) -> {ty}
  %2 = "ttir.add"(%1, %one) : ({ty}, {s}) -> {ty}
  %3 = "ttir.multiply"(%2, %half) : ({ty}, {s}) -> {ty}
  %4 = "ttir.multiply"(%x, %x) : ({ty}, {ty}) -> {ty}
  %5 = "ttir.multiply"(%4, %half) : ({ty}, {s}) -> {ty}
  %6 = "ttir.neg"(%5) : ({ty}) -> {ty}
  %7 = "ttir.exp"(%6) : ({ty}) -> {ty}
  %8 = "ttir.multiply"(%x, %7) : ({ty}, {ty}) -> {ty}
  %9 = "ttir.multiply"(%8, %rsqrt2pi) : ({ty}, {s}) -> {ty}
  %10 = "ttir.add"(%3, %9) : ({ty}, {ty}) -> {ty}
  %11 = "ttir.multiply"(%g, %10) : ({ty}, {ty}) -> {ty}
  return %11 : {ty}
''')
    return f"func.func @f(%x: {ty}, %g: {ty}) -> {ty} {{\n{body}}}"


def test_gelu_derivative_f32_is_one_program():
    x, g = uniform((64, 64), 4, 0, np.float32), uniform((64, 64), 2, 0, np.float32)
    got, stats = on_device(gelu_derivative_ir("f32"), [x, g], np.float32)
    assert stats.programs_launched == 1
    tx, tg = torch.from_numpy(x).double(), torch.from_numpy(g).double()
    want = tg * (0.5 * (1 + torch.erf(tx / 2 ** 0.5)) + tx * torch.exp(-tx * tx / 2) / (2 * torch.pi) ** 0.5)
    # the magnitudes summed (1 + erf cancels for x < 0): f32 roundings of each bound the error
    scale = tg.abs() * (0.5 * (1 + torch.erf(tx / 2 ** 0.5).abs()) + (tx * torch.exp(-tx * tx / 2)).abs())
    assert np.all(np.abs(got - want.numpy()) <= 2.0 ** -21 * scale.numpy() + 1e-30)


def test_gelu_derivative_bf16_is_one_program():
    # every op rounds to bf16 (as torch's bf16 ops): 11 rounding hops, two bf16 CBs reused
    x, g = uniform((64, 64), 4, 0, BF16), uniform((64, 64), 2, 0, BF16)
    got, stats = on_device(gelu_derivative_ir("bf16"), [x, g], BF16)
    assert stats.programs_launched == 1
    tx, tg = to_torch(x), to_torch(g)
    half, c, k = (torch.tensor(v).bfloat16() for v in (0.5, 0.7071067811865476, 0.3989422804014327))
    want = tg * ((torch.erf(tx * c) + 1) * half + tx * torch.exp(-(tx * tx * half)) * k)
    assert ulps(got, from_torch(want)).max() <= 1  # libm and torch may round an f32 exp / erf apart


def gelu_exact(x):
    """gelu in float64 without 1 + erf's cancellation (torch's own float64 gelu is 0 below -8.3)."""
    return 0.5 * x * torch.special.erfc(-x / math.sqrt(2))


@pytest.mark.parametrize("dtype", [BF16, np.float32], ids=["bf16", "f32"])
def test_gelu(dtype):
    """gelu's erf form as x * 0.5 * erfc(-x / sqrt2), against the exact value (torch's own
    1 + erf(x / sqrt2) cancels: its f32 gelu is 10^3 ulp off at x = -3, 10^8 below -5): bf16
    within one ulp down to x = -9; f32 within 4 ulp from x = -1.5, below within 2 + 2 x^2 ulp
    (the f32 argument x / sqrt2, a relative 2^-23 off from two roundings, amplified by erfc's
    condition 2 (x / sqrt2)^2);
    edges as torch."""
    x = with_edges(uniform((64, 64), 6, -3, dtype), EDGES)
    got, stats = on_device(op_ir("gelu", [x]), [x], dtype)
    assert stats.programs_launched == 1
    n = len(EDGES)
    same_edges(got.reshape(-1)[:n], torch.nn.functional.gelu, [x.reshape(-1)[:n]], 1 if dtype == BF16 else 5)
    _, exact = torch_goldens(gelu_exact, [x])
    err, xs = ulps(got, exact).reshape(-1)[n:], x.reshape(-1)[n:].astype(np.float64)
    if dtype == BF16:
        assert err.max() <= 1
    else:
        assert err[xs >= -1.5].max() <= 4 and np.all(err[xs < -1.5] <= 2 + 2 * xs[xs < -1.5] ** 2)
