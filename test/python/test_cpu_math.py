"""The CPU path (convert-ttir-to-linalg + JIT) of the elementwise math, comparison, where,
div, maximum / minimum and pow ops against PyTorch on CPU: random inputs against torch in
float64 (f32: within the libm bound; bf16: the f64 answer rounded once, as torch's opmath
gives it), and every edge value (+-0, +-inf, NaN, negatives, tiny / huge) exactly as torch."""
import math

import numpy as np
import pytest
import torch

from math_golden import BF16, EDGES, NAN, INF, chain_ir, chain_torch, from_torch, same, same_edges, to_torch, tt, ulps
from ttbw.execution.cpu import run_cpu

RNG = np.random.default_rng(2026)


def func_ir(op, in_types, out_type):
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(in_types))
    args = ", ".join(f"%a{i}" for i in range(len(in_types)))
    return (f"func.func @f({params}) -> {out_type} {{\n"
            f'  %0 = "ttir.{op}"({args}) : ({", ".join(in_types)}) -> {out_type}\n'
            f"  return %0 : {out_type}\n}}")


def run(op, arrays, out_element=None, out_shape=None):
    element = {BF16: "bf16", np.dtype(np.float32): "f32"}
    out_element = out_element or element[arrays[0].dtype]
    out_shape = out_shape or np.broadcast_shapes(*(a.shape for a in arrays))
    ir = func_ir(op, [tt(a.shape, element[a.dtype]) for a in arrays], tt(out_shape, out_element))
    (got,) = run_cpu(ir, "f", list(arrays))
    return got


UNARY = {  # ttir op -> (torch op, input scale, input offset, f32 ulp bound vs float64)
    "abs": (torch.abs, 10, 0, 0),
    "erf": (torch.erf, 2, 0, 2),
    "exp": (torch.exp, 10, 0, 1),
    "expm1": (torch.expm1, 3, 0, 1),
    "log": (torch.log, 10, 10.5, 1),
    "log1p": (torch.log1p, 3, 3.5, 1),
    "reciprocal": (torch.reciprocal, 10, 0, 0),
    "relu": (torch.relu, 10, 0, 0),
    "rsqrt": (torch.rsqrt, 10, 10.5, 2),   # 1 / sqrt(x): two roundings, as torch
    "sigmoid": (torch.sigmoid, 8, 0, 3),   # 1 / (1 + exp(-x)): three roundings, as torch
    "sign": (torch.sign, 10, 0, 0),
    "sqrt": (torch.sqrt, 10, 10.5, 0),
    "tanh": (torch.tanh, 3, 0, 2),
}


def uniform(shape, scale, offset):
    return (RNG.uniform(-1, 1, shape) * scale + offset).astype(np.float32)


@pytest.mark.parametrize("op", sorted(UNARY))
def test_unary_f32_vs_float64(op):
    torch_op, scale, offset, bound = UNARY[op]
    x = uniform((64, 48), scale, offset)
    got = run(op, [x])
    want = from_torch(torch_op(to_torch(x).double()).float())
    assert ulps(got, want).max() <= bound
    assert ulps(got, from_torch(torch_op(to_torch(x)))).max() <= bound + 1


@pytest.mark.parametrize("op", sorted(UNARY))
def test_unary_bf16_rounds_once(op):
    torch_op, scale, offset, _ = UNARY[op]
    x = uniform((64, 48), scale, offset).astype(BF16)
    got = run(op, [x])
    # torch's bf16 op: the f32 op on the widened input, rounded once. The f32 results of
    # libm and torch's own vector functions differ by an ulp at most, which changes the bf16
    # rounding only next to a rounding boundary.
    torch_bf16 = from_torch(torch_op(to_torch(x)))
    exact = from_torch(torch_op(to_torch(x).double()).bfloat16())
    assert ulps(got, exact).max() <= 1 and ulps(got, torch_bf16).max() <= 1
    assert (ulps(got, torch_bf16) != 0).mean() < 0.01


@pytest.mark.parametrize("dtype", [np.float32, BF16], ids=["f32", "bf16"])
@pytest.mark.parametrize("op", sorted(UNARY))
def test_unary_edges_as_torch(op, dtype):
    x = np.array(EDGES, np.float32).astype(dtype)
    same_edges(run(op, [x]), UNARY[op][0], [x], UNARY[op][3] + 1)


def pairs(dtype):
    a, b = np.meshgrid(np.array(EDGES, np.float32), np.array(EDGES, np.float32))
    return a.ravel().astype(dtype), b.ravel().astype(dtype)


BINARY = {"div": torch.div, "pow": torch.pow, "eq": torch.eq, "ne": torch.ne, "gt": torch.gt,
          "ge": torch.ge, "lt": torch.lt, "le": torch.le}


@pytest.mark.parametrize("dtype", [np.float32, BF16], ids=["f32", "bf16"])
@pytest.mark.parametrize("op", sorted(BINARY))
def test_binary_edges_as_torch(op, dtype):
    a, b = pairs(dtype)
    same_edges(run(op, [a, b]), BINARY[op], [a, b], 2 if op == "pow" else 0)  # comparisons: 1.0 / 0.0


@pytest.mark.parametrize("op, torch_op", [("maximum", torch.maximum), ("minimum", torch.minimum)])
def test_max_min_edges(op, torch_op):
    a, b = pairs(np.float32)
    got = run(op, [a, b])
    want = from_torch(torch_op(to_torch(a), to_torch(b)))
    zeros = (a == 0) & (b == 0)
    same(got[~zeros], want[~zeros])
    # Equal zeros: IEEE 754-2019 (-0 < +0); torch's pick depends on its vectorization.
    expect = np.where(np.signbit(a) & np.signbit(b) if op == "maximum" else np.signbit(a) | np.signbit(b),
                      -0.0, 0.0).astype(np.float32)
    same(got[zeros], expect[zeros])


def test_comparison_result_element_type_differs():
    a = uniform((32, 64), 2, 0).astype(BF16)
    b = uniform((1, 64), 2, 0)  # f32, broadcast
    got = run("ge", [a, b], out_element="f32")
    want = (to_torch(a).float() >= to_torch(b)).float()
    same(got, from_torch(want))


@pytest.mark.parametrize("dtype", [np.float32, BF16], ids=["f32", "bf16"])
def test_div_random_and_broadcast(dtype):
    a, b = uniform((32, 64), 100, 0).astype(dtype), uniform((32, 1), 3, 0).astype(dtype)
    same(run("div", [a, b]), from_torch(to_torch(a) / to_torch(b)))


def test_pow_random_within_libm_bound():
    a, b = uniform((32, 64), 4, 4.5), uniform((32, 64), 3, 0)
    want = from_torch((to_torch(a).double() ** to_torch(b).double()).float())
    assert ulps(run("pow", [a, b]), want).max() <= 1


@pytest.mark.parametrize("dtype", [np.float32, BF16], ids=["f32", "bf16"])
def test_where_picks_second_where_first_is_nonzero(dtype):
    cond = np.array([1.0, 0.0, -0.0, NAN, INF, -2.0, 1e-30, 0.0], np.float32).astype(dtype)
    a = np.arange(1, 9, dtype=np.float32).reshape(8, 1).astype(dtype) * np.ones((8, 3), dtype)
    b = np.array([-5.0, -6.0, -7.0], np.float32).astype(dtype)  # broadcast along rows
    cond = cond.reshape(8, 1)
    got = run("where", [cond, a, b])
    want = torch.where(to_torch(cond).bool(), to_torch(a), to_torch(b))
    same(got, from_torch(want))


def test_mixed_chain_is_torch():
    # g * exp(x) / (x*x + 1) + where(x > 0, g, 0) in bf16, each op rounded as torch's ops are.
    x, g = uniform((32, 32), 3, 0).astype(BF16), uniform((32, 32), 2, 0).astype(BF16)
    (got,) = run_cpu(chain_ir(tt((32, 32), "bf16"), tt((), "bf16")), "f", [x, g])
    assert ulps(got, chain_torch(x, g)).max() <= 1


@pytest.mark.parametrize("dtype", [np.float32, BF16], ids=["f32", "bf16"])
def test_gelu_vs_float64(dtype):
    """gelu as x * 0.5 * erfc(-x / sqrt2) (libm, in f64 opmath for f32): within an ulp of the
    exact value in float64 down to x = -9, where torch's 1 + erf cancels (its float64 gelu is 0
    below -8.3, its f32 off from x = -1)."""
    x = (uniform((64, 48), 6, -3)).astype(dtype)
    got = run("gelu", [x])
    t = to_torch(x).double()
    want = from_torch((0.5 * t * torch.special.erfc(-t / math.sqrt(2))).to(to_torch(x).dtype))
    assert ulps(got, want).max() <= 1
