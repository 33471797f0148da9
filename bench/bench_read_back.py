"""Sums read back over the dims they reduce (the codegen's read-back walk) on the emulated device
(8x8 cores), fused beside composite (`fuse=False`: one program per TTIR op, intermediates in
DRAM), measured in one run on the same bf16 inputs: programs (fused / composite / ttnn's moreh op),
DRAM bytes moved vs the minimum (each input's tiles read once, each result written once), emulated
kernel time (best of --repeat, kernels cached) and its ratio. The TTIR is what the API calls
compile (`ttnn.moreh_*_backward`, `ttnn.rmsnorm_bw`: their dx function). Prints a table; asserts
nothing.

  python bench/bench_read_back.py [--repeat N] [--shapes 1x3x320x384,8x128x768]
"""
from __future__ import annotations

import argparse
import math
import warnings

import torch

import ttbw as ttnn
from ttbw.ttnn import norm_ops, softmax_ops

TTNN_PROGRAMS = {"softmax": 1, "softmin": 1, "logsoftmax": 1, "layer_norm dx": 1, "rmsnorm dx": 1}


def texts_of(call) -> list:
    """The (TTIR text, input arrays) of each function `call()` compiles (its `run`s, intercepted)."""
    seen = []

    def capture(builder, outputs, backend, device):
        from ttbw.ttnn.backward_call import ir_array

        seen.append((builder.text([o.value for o in outputs]),
                     [ir_array(t).reshape(v.shape) for v, t in builder.arguments]))
        return [None] * len(outputs)
    saved = softmax_ops.run, norm_ops.run
    softmax_ops.run = norm_ops.run = capture
    try:
        call()
    finally:
        softmax_ops.run, norm_ops.run = saved
    return seen


def cases(shape):
    gen = torch.Generator().manual_seed(0)
    x = torch.randn(shape, generator=gen).bfloat16()
    g = torch.randn(shape, generator=gen).bfloat16()
    y = torch.softmax(x.float(), -1).bfloat16()
    lead = shape[:-1]
    mean = x.float().mean(-1)
    rstd = (x.float().var(-1, unbiased=False) + 1e-5).rsqrt()
    rms = (x.float().pow(2).mean(-1, keepdim=True) + 1e-6).sqrt()
    tt = lambda t: ttnn.from_torch(t.bfloat16(), layout=ttnn.TILE_LAYOUT)  # noqa: E731
    yield "softmax", lambda: ttnn.moreh_softmax_backward(tt(y), tt(g), -1)
    yield "softmin", lambda: ttnn.moreh_softmin_backward(tt(y), tt(g), -1)
    yield "logsoftmax", lambda: ttnn.moreh_logsoftmax_backward(tt(torch.log(y.float())), tt(g), -1)
    yield "layer_norm dx", lambda: ttnn.moreh_layer_norm_backward(
        tt(g), tt(x), tt(mean.reshape(lead)), tt(rstd.reshape(lead)), 1, gamma=tt(torch.rand(shape[-1])),
        input_grad=tt(torch.zeros(shape)))
    yield "rmsnorm dx", lambda: ttnn.rmsnorm_bw(tt(x), tt(torch.rand(shape[-1])), tt(rms), tt(g))


def measure(text, inputs, fuse: bool, repeat: int):
    from ttbw.driver.compiler import compiled

    executable = compiled(text, (8, 8), fuse)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        best = None
        for _ in range(repeat + 1):  # the first run compiles the kernels
            _, stats = executable.run(None, inputs, host_formats=True)
            best = stats if best is None or stats.seconds < best.seconds else best
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--shapes", default="1x3x320x384,8x128x768")
    args = parser.parse_args()
    print(f"{'op':14} {'shape':14} {'programs f/c/ttnn':>17} {'DRAM f/min':>10} {'DRAM c/min':>10} "
          f"{'fused ms':>9} {'comp ms':>9} {'c/f':>5}")
    for spec in args.shapes.split(","):
        shape = tuple(int(d) for d in spec.split("x"))
        for name, call in cases(shape):
            text, inputs = texts_of(call)[0]
            tiles = math.prod(shape[:-2]) * -(-shape[-2] // 32) * -(-shape[-1] // 32) * 2048
            fused, comp = measure(text, inputs, True, args.repeat), measure(text, inputs, False, args.repeat)
            # the minimum: each input once (its padded tiles; the per-row inputs' tiles too), the result once
            minimum = sum(math.prod(a.shape[:-2]) * -(-a.shape[-2] // 32) * -(-a.shape[-1] // 32)
                          * (2048 if str(a.dtype) == "bfloat16" else 4096) for a in inputs) + tiles
            moved = lambda s: s.total_dram_read + s.total_dram_written  # noqa: E731
            programs = f"{fused.programs_launched:>5} /{comp.programs_launched:>3} /{TTNN_PROGRAMS[name]:>3}"
            print(f"{name:14} {spec:14} {programs}"
                  f"     {moved(fused) / minimum:>8.2f}x {moved(comp) / minimum:>9.2f}x {fused.seconds * 1e3:>9.1f} "
                  f"{comp.seconds * 1e3:>9.1f} {comp.seconds / fused.seconds:>5.2f}")


if __name__ == "__main__":
    main()
