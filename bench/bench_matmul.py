"""Matmul on the emulated device (one contraction program, 8x8 cores) beside torch's bf16 `mm`
on 1 thread, on the same bf16 inputs, measured in one run: emulated kernel time (the launches
of one compiled call, kernels cached: best of --repeat), DRAM bytes read vs the minimum (each A
and B tile once), programs; then linear backward (dX, dW, db) as one TTIR function. Prints a
table of ratios; then linear backward's programs and DRAM bytes read vs the minimum. Asserts
nothing.

  python bench/bench_matmul.py [--repeat N]
"""
from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "test" / "python"))
from math_golden import from_torch  # noqa: E402

CASES = [("512^3", (512, 512), (512, 512)), ("1024x4096x1024", (1024, 4096), (4096, 1024)),
         ("attention 8x(128x64 . 64x128)", (8, 128, 64), (8, 64, 128))]


def ty(shape) -> str:
    return f"tensor<{''.join(f'{d}x' for d in shape)}bf16>"


def best_of(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def emulated(text: str, inputs: list, repeat: int):
    from ttbw.driver.compiler import compiled

    arrays = [from_torch(t) for t in inputs]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # linear backward is not one program: the line says how many
        executable = compiled(text, (8, 8), True)
        _, stats = executable.run(None, arrays, host_formats=True)  # warm-up: kernels compiled once
        seconds = []
        for _ in range(repeat):
            _, stats = executable.run(None, arrays, host_formats=True)
            seconds.append(stats.seconds)
    return min(seconds), stats


class _Text(Exception):
    """Carries the TTIR text of a ttnn call out of it, before it runs."""


def linear_backward_ir(matmul_ops, ttnn, tensors: list, bias) -> str:
    """The TTIR function ttnn.moreh_linear_backward compiles for these tensors."""
    def caught(builder, outputs, backend, device):
        raise _Text(builder.text([o.value for o in outputs]))

    run, matmul_ops.run = matmul_ops.run, caught
    try:
        ttnn.moreh_linear_backward(*tensors, bias=bias)
    except _Text as text:
        return str(text)
    finally:
        matmul_ops.run = run
    raise AssertionError("moreh_linear_backward built no function")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    torch.set_num_threads(1)
    g = torch.Generator().manual_seed(0)
    print(f"{'case':32} {'emulated s':>11} {'torch mm s':>11} {'ratio':>6} {'DRAM read MB':>13} {'min MB':>8} "
          f"{'x min':>6} {'programs':>8}")
    for name, a_shape, b_shape in CASES:
        a, b = torch.randn(a_shape, generator=g).bfloat16(), torch.randn(b_shape, generator=g).bfloat16()
        out = a_shape[:-1] + b_shape[-1:]
        text = (f"func.func @f(%a: {ty(a_shape)}, %b: {ty(b_shape)}) -> {ty(out)} {{\n"
                f"  %0 = \"ttir.matmul\"(%a, %b) : ({ty(a_shape)}, {ty(b_shape)}) -> {ty(out)}\n"
                f"  return %0 : {ty(out)}\n}}\n")
        seconds, stats = emulated(text, [a, b], args.repeat)
        mm = best_of(lambda: torch.matmul(a, b), args.repeat)
        read = sum(stats.dram_bytes_read.values())
        minimum = (a.numel() + b.numel()) * 2
        print(f"{name:32} {seconds:11.4f} {mm:11.4f} {seconds / mm:6.2f} {read / 1e6:13.2f} {minimum / 1e6:8.2f} "
              f"{read / minimum:6.1f} {len(stats.programs):8d}")
    # linear backward (X 256x512, W 384x512, bias 1x384): dX, dW, db of one TTIR function, the
    # one ttnn.moreh_linear_backward builds; DRAM read vs each of dY, X, W once
    import ttbw as ttnn
    import ttbw.ttnn.matmul_ops as matmul_ops

    x, w = torch.randn(256, 512, generator=g).bfloat16(), torch.randn(384, 512, generator=g).bfloat16()
    dy, bias = torch.randn(256, 384, generator=g).bfloat16(), torch.randn(1, 384, generator=g).bfloat16()
    tt = lambda t: ttnn.from_torch(t, layout=ttnn.TILE_LAYOUT)  # noqa: E731
    text = linear_backward_ir(matmul_ops, ttnn, [tt(dy), tt(x), tt(w)], tt(bias))
    seconds, stats = emulated(text, [dy, x, w], args.repeat)
    read = sum(stats.dram_bytes_read.values())
    minimum = (dy.numel() + x.numel() + w.numel()) * 2
    print(f"linear backward 256x512 -> 384: {len(stats.programs)} programs, emulated {seconds:.4f} s, DRAM read "
          f"{read / 1e6:.2f} MB vs min {minimum / 1e6:.2f} MB ({read / minimum:.2f}x)")
    np.random.seed(0)


if __name__ == "__main__":
    main()
