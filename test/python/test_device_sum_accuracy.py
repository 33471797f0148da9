"""Sums over many tiles on the emulated device within 2 ulp of the sum of their terms' magnitudes
(the project's bound), however many tiles they add: each tile's sum enters the f32 partial by
Kahan's compensated step (same-sign terms over 4096 rows were 7 ulp off when each tile's sum was
added to the partial alone). Against torch in float64 on the same inputs; an infinite term keeps
its sum infinite (the compensation's inf - inf must not make it NaN)."""
import math

import numpy as np
import pytest
import torch
from backward_checks import ulp

import ttbw
from ttbw.driver.compiler import run_on_device

# (x shape, kept shape): over rows, over columns, over both, and a batch of tiles beside them
CASES = [((4096, 64), (1, 64)), ((64, 4096), (64, 1)), ((2048, 256), (1, 1)), ((64, 32, 64), (1, 32, 64))]


def _sum_ir(shape, kept, element="f32") -> str:
    dims = [d for d, (s, k) in enumerate(zip(shape, kept)) if s != k]
    x = f"tensor<{'x'.join(map(str, shape))}x{element}>"
    y = f"tensor<{'x'.join(map(str, kept))}x{element}>"
    return (f"func.func @sum(%x: {x}) -> {y} {{\n"
            f"  %0 = \"ttir.sum\"(%x) {{dim_arg = [{', '.join(f'{d} : i32' for d in dims)}], keep_dim = true}} : "
            f"({x}) -> {y}\n  return %0 : {y}\n}}\n")


@pytest.mark.parametrize("shape, kept", CASES, ids=lambda v: "x".join(map(str, v)))
def test_same_sign_sum_within_two_ulp_of_its_terms(shape, kept):
    x = torch.rand(shape, generator=torch.Generator().manual_seed(sum(shape)), dtype=torch.float64).float() + 0.5
    (got,), _ = run_on_device(_sum_ir(shape, kept), [x.numpy()])
    want = x.double().sum_to_size(kept)
    error = (torch.from_numpy(np.asarray(got)).double() - want).abs() / ulp(want, torch.float32)
    assert error.max() <= 2.0, float(error.max())


def test_mul_bw_gradient_summed_over_a_batch_within_two_ulp():
    gen = torch.Generator().manual_seed(4096)
    g, a = (torch.rand(4096, 64, generator=gen) + 0.5 for _ in range(2))
    b = torch.randn(1, 64, generator=gen)
    _, gb = ttbw.mul_bw(*(ttbw.from_torch(t, layout=ttbw.TILE_LAYOUT) for t in (g, a, b)))
    terms = g.double() * a.double()
    error = (ttbw.to_torch(gb).double() - terms.sum(0, keepdim=True)).abs() / ulp(terms.sum(0, keepdim=True),
                                                                                 torch.float32)
    assert error.max() <= 2.0, float(error.max())


def test_infinite_and_nan_terms():
    """+inf among finite terms: +inf; +inf and -inf: NaN; a NaN: NaN (torch's sums)."""
    x = torch.ones(256, 4)
    x[3, 0], x[200, 1], x[7, 1], x[100, 2] = math.inf, math.inf, -math.inf, math.nan
    (got,), _ = run_on_device(_sum_ir((256, 4), (1, 4)), [x.numpy()])
    got = torch.from_numpy(np.asarray(got))
    assert got[0, 0] == math.inf and math.isnan(got[0, 1]) and math.isnan(got[0, 2]) and got[0, 3] == 256.0
