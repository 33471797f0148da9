"""f32 accuracy of the binary_backward family and lerp / addcdiv on the emulated device: per op,
a stratified over every binade of float32's range (both signs, 256 values per binade and sign:
130,048; bench_unary_f32.py's sample), b the same values in a random order, a random normal grad
(ternary ops: a random normal c), in one call; the worst error in f32 ulps of the float64 golden
(ttbw.get_golden_function(op)), over all gradients, where the golden is above 2^-112 (below it
the device flushes). Also the worst where |a| and |b| lie in [2^-20, 2^20] (the "core" column).
bias_gelu_bw's golden is gelu's slope at a + b with Phi as erfc (torch's 1 + erf loses Phi below
-8: the unary sweep's STABLE golden). Printed, not asserted.
Run: .venv/bin/python bench/bench_binary_f32.py [OP ...]
"""
from __future__ import annotations

import sys
from pathlib import Path

import torch

import ttbw

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_unary_f32 import SHAPE, stratified, ulps  # noqa: E402
from test_backward_sweep_bf16 import STABLE  # noqa: E402  (bench_unary_f32 put test/python on the path)

OPS = ["rsub_bw", "squared_difference_bw", "min_bw", "max_bw", "atan2_bw", "hypot_bw", "xlogy_bw", "logaddexp_bw",
       "logaddexp2_bw", "ldexp_bw", "remainder_bw", "fmod_bw", "assign_bw", "bias_gelu_bw", "lerp_bw", "addcdiv_bw"]


def main(ops) -> None:
    gen = torch.Generator().manual_seed(5)
    a = stratified(gen)
    b = a[torch.randperm(a.numel(), generator=gen)]
    g = torch.randn(a.shape, generator=gen, dtype=torch.float64).float()
    c = torch.randn(a.shape, generator=gen, dtype=torch.float64).float()
    tg, ta, tb, tc = (ttbw.from_torch(t.reshape(SHAPE), layout=ttbw.TILE_LAYOUT) for t in (g, a, b, c))
    core = ((a.abs() >= 2.0 ** -20) & (a.abs() <= 2.0 ** 20) & (b.abs() >= 2.0 ** -20) & (b.abs() <= 2.0 ** 20))
    print(f"{'op':22s} {'worst f32 ulp':>14s} {'core':>10s}")
    for op in ops:
        function = getattr(ttbw, op)
        golden = ttbw.get_golden_function(function)
        if op == "lerp_bw":
            got, want = function(tg, ta, tb, tc), golden(g.double(), a.double(), b.double(), c.double())
        elif op == "addcdiv_bw":
            got, want = function(tg, ta, tc, tb, 0.5), golden(g.double(), a.double(), c.double(), b.double(), 0.5)
        elif op == "bias_gelu_bw":
            got, want = function(tg, ta, tb), [STABLE["gelu_bw"](g.double(), a.double() + b.double())] * 2
        else:
            got, want = function(tg, ta, tb), golden(g.double(), a.double(), b.double())
        worst = core_worst = 0.0
        for result, golden_value in zip(got, want):
            error = ulps(ttbw.to_torch(result).double().flatten(), golden_value.flatten())
            worst = max(worst, float(error.max()))
            core_worst = max(core_worst, float(error[core].max()))
        print(f"{op:22s} {worst:14.3g} {core_worst:10.3g}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or OPS)
