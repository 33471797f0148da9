"""The host runtime's cost: a cached `ttbw.mul_bw` call next to torch autograd, and memory.

Per case (bf16, TILE unless the label says row_major, both gradients), side by side in one run:
  first ms    the first call of the signature in this process (IR, tt-mlir, g++ unless the
              on-disk cache has the kernels: `g++` says how many kernels were compiled);
  call ms     a cached `ttbw.mul_bw` call (median), and its ratio to torch: the same tensors
              each call, which stay on the device as ttnn's do (not uploaded again);
  new-in ms   a cached call on other tensors each call (same values): every input uploaded;
  torch ms    torch autograd backward of `a * b` on the same tensors (1 thread, median);
  kernel ms   the emulated kernels (the launch's own wall time), and its ratio to torch;
  host ms     call - kernel (median of each call's own): Python set-up, host data transfers;
  RSS MB      resident set after 10 calls and after N calls, and the growth per call.
Then the lowering's memory: RSS after lowering 10 and after M distinct functions
(`ttbw.compile`, fused), and the growth per function; and printing a large module from the
tt-mlir library: a Python callback per fragment vs the C-side sink ttbw uses (same text).
Each case runs in its own process (its RSS is its own; a leaking runtime cannot exhaust the
machine across cases). Printed, not asserted.
Run: nice -n 10 .venv/bin/python bench/bench_runtime.py [--quick]   (--quick: fewer calls, a
smoke run). Takes a few minutes on 2 cores.
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import subprocess
import sys
import time

import torch

import ttbw

CASES = [  # (label, grad, a, b, calls for the RSS figure)
    ("32x32", (32, 32), (32, 32), (32, 32), 1000),
    ("1x1x320x384", (1, 1, 320, 384), (1, 1, 320, 384), (1, 1, 320, 384), 1000),
    ("1x3x320x384", (1, 3, 320, 384), (1, 3, 320, 384), (1, 3, 320, 384), 1000),
    ("8x3x512x512", (8, 3, 512, 512), (8, 3, 512, 512), (8, 3, 512, 512), 30),
    ("1x1x2048x2048", (1, 1, 2048, 2048), (1, 1, 2048, 2048), (1, 1, 2048, 2048), 30),
    ("bcast row b", (1, 3, 320, 384), (1, 3, 320, 384), (1, 3, 1, 384), 1000),
    ("row_major 1x3x320x384", (1, 3, 320, 384), (1, 3, 320, 384), (1, 3, 320, 384), 1000),
]
LOWERED_FUNCTIONS = 60


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def median_seconds(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


class KernelClock:
    """Sums the emulated launches' own wall time (RunStats.seconds): every launch, a cached
    call's reused program included, is a PreparedProgram.run."""

    def __init__(self):
        from ttbw.execution.emulator.device import PreparedProgram

        self.seconds = 0.0
        run = PreparedProgram.run

        def timed(prepared, *args, **kwargs):
            stats = run(prepared, *args, **kwargs)
            self.seconds += stats.seconds
            return stats

        PreparedProgram.run = timed


def bench_case(label, g, a, b, calls, clock, gen, quick):
    from ttbw.support import native_build

    tg, ta, tb = (torch.randn(s, generator=gen).to(torch.bfloat16) for s in (g, a, b))
    layout = ttbw.ROW_MAJOR_LAYOUT if label.startswith("row_major") else ttbw.TILE_LAYOUT
    xg, xa, xb = (ttbw.from_torch(t, ttbw.bfloat16, layout=layout) for t in (tg, ta, tb))
    others = [(xg, xa, xb), tuple(ttbw.from_torch(t, ttbw.bfloat16, layout=layout) for t in (tg, ta, tb))]

    def call():
        return ttbw.mul_bw(xg, xa, xb)

    def call_new():  # alternating between two sets of tensors: every input is uploaded
        others.reverse()
        return ttbw.mul_bw(*others[0])

    compiled = native_build.stats.compiled
    t0 = time.perf_counter()
    call()
    first = time.perf_counter() - t0
    compiled = native_build.stats.compiled - compiled

    calls = min(calls, 40) if quick else calls
    for _ in range(9):
        call()
    gc.collect()
    rss10 = rss_mb()
    for _ in range(calls - 10):
        call()
    gc.collect()
    rss_n = rss_mb()

    big = tg.numel() > 4_000_000
    repeat = 3 if quick else 7 if big else 50
    calls_s, kernels_s = [], []
    for _ in range(repeat):  # each call's own kernel time: medians of pairs, robust to a slow outlier
        clock.seconds = 0.0
        t0 = time.perf_counter()
        call()
        calls_s.append(time.perf_counter() - t0)
        kernels_s.append(clock.seconds)
    cached, kernel = statistics.median(calls_s), statistics.median(kernels_s)
    host = statistics.median(c - k for c, k in zip(calls_s, kernels_s))
    new_in = median_seconds(call_new, repeat)

    pa, pb = ta.clone().requires_grad_(), tb.clone().requires_grad_()
    out = pa * pb
    torch_s = median_seconds(lambda: torch.autograd.grad(out, (pa, pb), tg, retain_graph=True), 5 if big else 50)
    return (label, first, compiled, cached, torch_s, kernel, host, rss10, rss_n, calls, new_in)


def bench_lowering(count: int) -> tuple[float, float, int]:
    from ttbw.ttnn.backward_call import binary_call

    def lower(i: int) -> None:
        shape = (1, 1, 32, 32 * (i + 1))
        t = ttbw.from_torch(torch.zeros(shape, dtype=torch.bfloat16), layout=ttbw.TILE_LAYOUT)
        ttbw.compile(binary_call("mul_bw", t, t, t, (True, True), None, None, None).ir())

    for i in range(10):
        lower(i)
    gc.collect()
    rss10 = rss_mb()
    for i in range(10, count):
        lower(i)
    gc.collect()
    return rss10, rss_mb(), count


def run_case(index: int, quick: bool) -> None:
    torch.set_num_threads(1)
    clock = KernelClock()
    gen = torch.Generator().manual_seed(index)
    if index == len(CASES):
        rss10, rss_m, m = bench_lowering(20 if quick else LOWERED_FUNCTIONS)
        print(f"\nlowering (ttbw.compile, fused, distinct shapes): RSS {rss10:.0f} MB after 10 functions, "
              f"{rss_m:.0f} MB after {m}: {(rss_m - rss10) / (m - 10):.2f} MB per function (what stays is the "
              "loaded modules the executor caches, the last 128)")
        return
    if index == len(CASES) + 1:
        print(bench_printing(2000 if quick else 20000))
        return
    (label, first, compiled, cached, torch_s, kernel, host, rss10, rss_n, n, new_in) = bench_case(
        *CASES[index], clock, gen, quick)
    print(f"{label:<22} {first * 1e3:>8.0f} {compiled:>3} {cached * 1e3:>8.2f} {torch_s * 1e3:>8.3f} "
          f"{cached / torch_s:>9.1f}x {new_in * 1e3:>9.2f} {kernel * 1e3:>9.2f} {kernel / torch_s:>9.1f}x "
          f"{host * 1e3:>8.2f} {rss10:>9.0f} {rss_n:>9.0f} {n:>5} "
          f"{(rss_n - rss10) / (n - 10):>8.3f}", flush=True)


def bench_printing(ops: int) -> str:
    from ttbw.ttmlir import capi

    body = "".join(f"    %c{i} = arith.constant {i} : i32\n" for i in range(ops))
    data = f"module {{\n  func.func @f() {{\n{body}    return\n  }}\n}}\n".encode()
    lib = capi.library()
    registry = lib.mlirDialectRegistryCreate()
    lib.mlirRegisterAllDialects(registry)
    ctx = lib.mlirContextCreateWithRegistry(registry, False)
    lib.mlirDialectRegistryDestroy(registry)
    module = lib.mlirModuleCreateParse(ctx, capi.MlirStringRef.of(data))
    op = lib.mlirModuleGetOperation(module)
    fragments: list[str] = []

    def per_fragment() -> str:
        fragments.clear()
        callback = capi.StringCallback(lambda ref, _ud: fragments.append(ref.text()))
        lib.mlirOperationPrint(op, callback, None)
        return "".join(fragments)

    def sink() -> str:
        return capi.print_to_string(lib.mlirOperationPrint, op)

    slow, fast = [], []
    for _ in range(5):  # interleaved: both see the same machine load
        slow.append(median_seconds(per_fragment, 1))
        fast.append(median_seconds(sink, 1))
    text = sink()
    assert text == per_fragment()
    lib.mlirModuleDestroy(module)
    lib.mlirContextDestroy(ctx)
    a, b = statistics.median(slow), statistics.median(fast)
    return (f"tt-mlir printing, {len(text) / 1e6:.2f} MB in {len(fragments)} fragments: Python callback per "
            f"fragment {a * 1e3:.0f} ms, C sink {b * 1e3:.0f} ms ({a / b:.1f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer calls (smoke run)")
    parser.add_argument("--case", type=int, help=argparse.SUPPRESS)  # one case, in this process
    args = parser.parse_args()
    if args.case is not None:
        run_case(args.case, args.quick)
        return
    head = (f"{'case':<22} {'first ms':>8} {'g++':>3} {'call ms':>8} {'torch ms':>8} {'call/torch':>10} {'new-in ms':>9} "
            f"{'kernel ms':>9} {'kern/torch':>10} {'host ms':>8} {'RSS@10 MB':>9} {'RSS@N MB':>9} {'N':>5} "
            f"{'MB/call':>8}")
    print(head)
    print("-" * len(head), flush=True)
    t_start = time.perf_counter()
    for index in range(len(CASES) + 2):
        cmd = [sys.executable, __file__, "--case", str(index)] + (["--quick"] if args.quick else [])
        subprocess.run(cmd, check=True)
    print(f"\ncall = cached ttbw.mul_bw (median), same tensors; new-in = the same on other tensors each call "
          f"(inputs uploaded); torch = autograd.grad of a*b (1 thread, median); kernel = "
          f"emulated launch wall time; host = call - kernel (medians over the same calls).\nRSS@N after N calls of the case (30 for the "
          f"two big shapes); MB/call = (RSS@N - RSS@10) / (N - 10). first ms includes loading the libraries.\n"
          f"total bench time {time.perf_counter() - t_start:.0f} s")


if __name__ == "__main__":
    main()
