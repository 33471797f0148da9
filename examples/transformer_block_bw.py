"""A transformer block's backward compiled by ttbw: torch.compile(block, backend="ttbw").

    x  -> LayerNorm -> q, k, v (Linear) -> softmax(q k^T / sqrt(d)) v -> Linear -> + x
       -> LayerNorm -> Linear -> GELU -> Linear -> + (one head, bf16 parameters)

Given the output's gradient, every parameter's gradient (and the input's) computed by the
compiled block is compared with torch autograd in float64 on the same bf16 values: the largest
error relative to the gradient's largest magnitude and the PCC. Then the cached backward time
beside eager torch's on one thread.

    python examples/transformer_block_bw.py [--ir DIR]     # DIR: each region's IR per stage
"""
from __future__ import annotations

import math
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

import ttbw.torch

SEQ, DIM, HIDDEN = 32, 64, 128


class Block(nn.Module):
    def __init__(self, dim: int = DIM, hidden: int = HIDDEN):
        super().__init__()
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.q, self.k, self.v, self.out = (nn.Linear(dim, dim) for _ in range(4))
        self.fc1, self.fc2 = nn.Linear(dim, hidden), nn.Linear(hidden, dim)

    def forward(self, x):
        h = self.norm1(x)
        scores = self.q(h) @ self.k(h).transpose(-2, -1) / math.sqrt(x.shape[-1])
        x = x + self.out(F.softmax(scores, dim=-1) @ self.v(h))
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


def pcc(got: torch.Tensor, want: torch.Tensor) -> float:
    return float(torch.corrcoef(torch.stack([got.flatten().double(), want.flatten().double()]))[0, 1])


def gradients(block: nn.Module, x: torch.Tensor, grad: torch.Tensor) -> dict:
    x = x.detach().requires_grad_()
    block.zero_grad(set_to_none=True)
    block(x).backward(grad)
    return {"input": x.grad, **{name: p.grad for name, p in block.named_parameters()}}


def main() -> None:
    torch.manual_seed(0)
    torch.set_num_threads(1)
    block = Block().to(torch.bfloat16)
    x = torch.randn(2, SEQ, DIM).to(torch.bfloat16)
    grad = torch.randn(2, SEQ, DIM).to(torch.bfloat16)
    compiled = torch.compile(block, backend="ttbw")

    got = {name.removeprefix("_orig_mod."): g for name, g in gradients(compiled, x, grad).items()}
    reference = Block().double()
    reference.load_state_dict({k: v.double() for k, v in block.state_dict().items()})
    want = gradients(reference, x.double(), grad.double())
    eager = gradients(block, x, grad)
    print("==== transformer block backward (torch.compile backend='ttbw') beside torch autograd in float64")
    print(f"  {'gradient':<13} {'shape':<12} {'max|grad|':>9}  {'ttbw error':>10}  {'eager bf16':>10}  PCC")
    worst = 1.0
    for name, value in got.items():
        exact = want[name]
        size = float(exact.abs().max())
        error = float((value.double() - exact).abs().max())
        eager_error = float((eager[name].double() - exact).abs().max())
        # k's bias has no effect on softmax (a constant along each row): its gradient is 0 but for roundings
        vanishes = size < 1e-6 * max(float(g.abs().max()) for g in want.values())
        corr = "-- (the gradient is 0)" if vanishes else f"{pcc(value, exact):.6f}"
        worst = worst if vanishes else min(worst, pcc(value, exact))
        print(f"  {name:<13} {str(list(value.shape)):<12} {size:9.2e}  {error:10.2e}  {eager_error:10.2e}  {corr}")
    print(f"  lowest PCC {worst:.6f}")

    def timed(module) -> float:
        times = []
        for _ in range(5):
            out = module(x.detach().requires_grad_())
            start = time.perf_counter()
            out.backward(grad)
            times.append(time.perf_counter() - start)
        return sorted(times)[len(times) // 2]

    ttbw_s, eager_s = timed(compiled), timed(block)
    print(f"  cached backward: ttbw {ttbw_s * 1e3:.1f} ms (emulated device + torch fallbacks), "
          f"eager torch {eager_s * 1e3:.1f} ms on 1 thread ({ttbw_s / eager_s:.0f}x)")
    print(ttbw.torch.report())
    if "--ir" in sys.argv:   # each region's IR per stage, for the demo
        folder = sys.argv[sys.argv.index("--ir") + 1]
        print(f"  IR of every region at every stage: {len(ttbw.torch.write_stages(folder))} files in {folder}/")


if __name__ == "__main__":
    main()
