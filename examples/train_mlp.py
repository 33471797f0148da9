"""Training a 2-layer MLP with torch.compile(backend="ttbw") beside eager torch.

    logits = Linear(64, 10)(GELU(Linear(32, 64)(x)));  loss = cross_entropy(logits, y);  SGD, lr 0.5

Synthetic data (a fixed random teacher labels random inputs), 20 steps from the same initial
parameters, bf16 parameters (then f32): both loss curves printed; every step's losses must agree
within 1% relative (exit 1 otherwise). Then the cached backward time beside eager torch's on one
thread.

    python examples/train_mlp.py [STEPS] [--ir DIR]     # DIR: each region's IR per stage
"""
from __future__ import annotations

import copy
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

import ttbw.torch

BATCH, IN, HIDDEN, CLASSES, LR = 32, 32, 64, 10, 0.5
TOLERANCE = 0.01


def data(steps: int):
    gen = torch.Generator().manual_seed(1)
    teacher = torch.randn(IN, CLASSES, generator=gen)
    for _ in range(steps):
        x = torch.randn(BATCH, IN, generator=gen)
        yield x, (x @ teacher).argmax(dim=1)


def train(model: nn.Module, loss_fn, steps: int, dtype) -> tuple[list, list]:
    """Losses per step and backward seconds per step."""
    optimizer = torch.optim.SGD(model.parameters(), lr=LR)
    losses, backward = [], []
    for x, y in data(steps):
        loss = loss_fn(model, x.to(dtype), y)
        start = time.perf_counter()
        loss.backward()
        backward.append(time.perf_counter() - start)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        losses.append(float(loss))
    return losses, backward


def cross_entropy(model, x, y):
    return F.cross_entropy(model(x), y)


def run(dtype, steps: int) -> bool:
    torch.manual_seed(0)
    eager_model = nn.Sequential(nn.Linear(IN, HIDDEN), nn.GELU(), nn.Linear(HIDDEN, CLASSES)).to(dtype)
    ttbw_model = copy.deepcopy(eager_model)
    compiled = torch.compile(cross_entropy, backend="ttbw")
    got, ttbw_bw = train(ttbw_model, compiled, steps, dtype)
    want, eager_bw = train(eager_model, cross_entropy, steps, dtype)
    name = str(dtype).removeprefix("torch.")
    print(f"==== MLP {IN}-{HIDDEN}-{CLASSES}, GELU, cross-entropy, SGD: {steps} steps, {name} parameters")
    print("  step   ttbw loss   eager loss   relative")
    worst = 0.0
    for k, (a, b) in enumerate(zip(got, want)):
        relative = abs(a - b) / abs(b)
        worst = max(worst, relative)
        print(f"  {k:4d}   {a:9.5f}   {b:10.5f}   {relative:8.1e}")
    cached = sorted(ttbw_bw[1:])[len(ttbw_bw[1:]) // 2]
    eager = sorted(eager_bw[1:])[len(eager_bw[1:]) // 2]
    ok = worst <= TOLERANCE
    print(f"  largest relative difference {worst:.1e} ({'within' if ok else 'PAST'} {TOLERANCE:.0%}); cached backward "
          f"ttbw {cached * 1e3:.1f} ms, eager torch {eager * 1e3:.2f} ms on 1 thread ({cached / eager:.0f}x)")
    return ok


def main() -> int:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 20
    torch.set_num_threads(1)
    ok = all([run(torch.bfloat16, steps), run(torch.float32, steps)])
    print(ttbw.torch.report())
    if "--ir" in sys.argv:   # each region's IR per stage, for the demo
        folder = sys.argv[sys.argv.index("--ir") + 1]
        print(f"  IR of every region at every stage: {len(ttbw.torch.write_stages(folder))} files in {folder}/")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
