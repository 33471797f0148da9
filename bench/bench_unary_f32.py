"""f32 accuracy of the unary backward ops on the emulated device: per op, f32 inputs
stratified over every binade of float32's range (both signs, 256 values per binade and sign: 130,048,
mantissas uniform) with a random normal grad, in one call; the worst error in f32 ulps of the
float64 golden (the sweep's goldens: test/python/test_backward_sweep_bf16.py), where the golden
is above 2^-112 (below it the device flushes). Also the worst over the inputs inside the
range where the rule's intermediates stay finite for g = O(1) (|x| <= 64, the "core" column).
Printed, not asserted; the README's op table quotes it.
Run: .venv/bin/python bench/bench_unary_f32.py [CASE ...]
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import torch

import ttbw

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "test" / "python"))
from test_backward_sweep_bf16 import CASES, DOMAINS, WHERE, golden  # noqa: E402

SHAPE = (2, 254, 256)
TINY = 2.0 ** -112


def stratified(gen) -> torch.Tensor:
    """Every binade from 2^-126 to 2^127, both signs, 256 uniform mantissas each (130,048 values)."""
    exponents = torch.arange(-126, 128, dtype=torch.float64).repeat_interleave(256)
    mantissa = 1.0 + torch.rand(exponents.numel(), generator=gen, dtype=torch.float64)
    values = mantissa * torch.pow(2.0, exponents)
    return torch.cat([values, -values]).float()


def ulps(got: torch.Tensor, want: torch.Tensor) -> torch.Tensor:
    rounded = want.float().double()
    both_nan = torch.isnan(got) & torch.isnan(want)
    same_inf = torch.isinf(got) & (got == rounded)
    spacing = torch.pow(2.0, torch.floor(torch.log2(want.abs().clamp_min(2.0 ** -126))) - 23)
    error = ((got - want).abs() / spacing).nan_to_num(nan=math.inf)
    error = torch.where((want.abs() < TINY) & (got.abs() < TINY), 0.0, error)
    return torch.where(both_nan | same_inf, 0.0, error)


def main(cases) -> None:
    gen = torch.Generator().manual_seed(5)
    x = stratified(gen)
    g = torch.randn(x.shape, generator=gen, dtype=torch.float64).float()
    tg, tx = (ttbw.from_torch(t.reshape(SHAPE), layout=ttbw.TILE_LAYOUT) for t in (g, x))
    print(f"{'case':20s} {'worst f32 ulp':>14s} {'core |x|<=64':>14s}")
    for case in cases:
        op, params = CASES[case]
        (result,) = getattr(ttbw, op)(tg, tx, **params)
        got = ttbw.to_torch(result).double().flatten()
        want = golden(op, params, g.double(), x.double())
        error = ulps(got, want)
        if op in DOMAINS:
            error = torch.where(x.double().abs() < DOMAINS[op], error, 0.0)
        if op in WHERE:
            error = torch.where(WHERE[op](x.double()), error, 0.0)
        core = torch.where(x.double().abs() <= 64.0, error, 0.0)
        print(f"{case:20s} {float(error.max()):14.3g} {float(core.max()):14.3g}")


if __name__ == "__main__":
    main(sys.argv[1:] or list(CASES))
