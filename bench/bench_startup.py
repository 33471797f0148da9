"""Start-up and fixed costs of a `ttbw.mul_bw` call (issue 27 items 4 and 5), side by side in one run.

Rows (bf16 TILE mul_bw, grad / a / b 1x1x32x32, both gradients, the emulated device):
  runtime build   the emulator runtime (emulator/runtime, C++) built from scratch into a temp
                  TTBW_EMULATOR_DIR, as `source tools/setup-env.sh` builds it (a g++ per
                  translation unit in parallel, LTO link in parallel partitions), next to one
                  serial g++ of all sources with the same flags (how every first call in a new
                  kernel cache built it before); skipped with --no-runtime.
  cold start      a new process with an empty TTBW_CACHE_DIR (the runtime built by the set-up):
                  import torch + ttbw, then the first call; the call's time split into the
                  kernels' g++ (wall: a program's kernels compile side by side) and the rest
                  (IR, passes, tt-mlir translation, loading, the run).
  warm first call a new process, kernels on disk: import, the first call (wall and CPU
                  seconds), and how many modules the call imported.
  cached call     the same call repeated in one process, next to torch autograd's backward of
                  `a * b` (1 thread) on the same 32x32 tensors; the call's native part (time
                  inside the emulator library: the launch and the two result downloads) and its
                  fixed Python cost = call - native. Best of batches, interleaved.
Each process row is the median of --runs processes (the machine may be shared). Printed, not asserted.
Run: .venv/bin/python bench/bench_startup.py [--runs N] [--no-runtime]   (about a minute)
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHAPE = (1, 1, 32, 32)

CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
import torch
import ttbw
t1 = time.perf_counter()
from ttbw.execution.emulator import EmulatedDevice
from ttbw.support import native_build
compile_wall = [0.0]
compile_program = EmulatedDevice.compile
def timed(self, program):
    start = time.perf_counter()
    try:
        return compile_program(self, program)
    finally:
        compile_wall[0] += time.perf_counter() - start
EmulatedDevice.compile = timed
device = ttbw.open_device(device_id=0)
x = [ttbw.from_torch(torch.ones(SHAPE, dtype=torch.bfloat16), layout=ttbw.TILE_LAYOUT, device=device) for _ in range(3)]
modules = len(sys.modules)
c0, t2 = time.process_time(), time.perf_counter()
ttbw.mul_bw(*x)
t3, c1 = time.perf_counter(), time.process_time()
print(json.dumps({"import": t1 - t0, "call": t3 - t2, "call_cpu": c1 - c0, "gxx_wall": compile_wall[0],
                  "built": native_build.stats.compiled, "modules": len(sys.modules) - modules}))
""".replace("SHAPE", repr(SHAPE))


def child(env: dict) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, env={**os.environ, **env})
    if done.returncode != 0:
        raise SystemExit(f"bench child failed:\n{done.stderr}")
    return json.loads(done.stdout)


def median_of(rows: list[dict]) -> dict:
    return {key: statistics.median(row[key] for row in rows) for key in rows[0]}


def runtime_build_rows() -> tuple[float, float]:
    """(seconds of the set-up's parallel build, seconds of one serial g++) from scratch."""
    from ttbw.execution.emulator import kernel_cache

    with tempfile.TemporaryDirectory() as folder:
        code = "from ttbw.execution.emulator import kernel_cache; kernel_cache.runtime_library()"
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, "TTBW_EMULATOR_DIR": folder})
        parallel = time.perf_counter() - t0
        sources = [str(kernel_cache.EMULATOR_DIR / "runtime" / s) for s in kernel_cache.RUNTIME_SOURCES]
        t0 = time.perf_counter()
        subprocess.run(["g++", *kernel_cache.RUNTIME_FLAGS, *sources, "-ldl", "-lpthread", "-o",
                        str(Path(folder) / "serial.so")], check=True, capture_output=True)
        serial = time.perf_counter() - t0
    return parallel, serial


def best_us(fn, batch: int = 20, batches: int = 300) -> float:
    for _ in range(batch):
        fn()
    best = float("inf")
    for _ in range(batches):
        t0 = time.perf_counter()
        for _ in range(batch):
            fn()
        best = min(best, (time.perf_counter() - t0) / batch)
    return best * 1e6


class NativeClock:
    """Time inside the emulator library's calls (ctypes, timed around each call)."""
    NAMES = ("ttbw_prog_run", "ttbw_buf_transfer", "ttbw_prog_take_counters", "ttbw_counters_free")

    def __init__(self):
        from ttbw.execution.emulator import native

        self.seconds = 0.0
        library = native.lib()
        for name in self.NAMES:
            setattr(library, name, self._timed(getattr(library, name)))

    def _timed(self, fn):
        def call(*args):
            t0 = time.perf_counter()
            try:
                return fn(*args)
            finally:
                self.seconds += time.perf_counter() - t0
        return call


def cached_call_rows() -> tuple[float, float, float]:
    """(µs of a cached call, of its native part, of torch's backward), best of batches."""
    import torch

    import ttbw

    torch.set_num_threads(1)
    gen = torch.Generator().manual_seed(0)
    tg, ta, tb = (torch.randn(SHAPE, generator=gen).to(torch.bfloat16) for _ in range(3))
    device = ttbw.open_device(device_id=0)
    xg, xa, xb = (ttbw.from_torch(t, layout=ttbw.TILE_LAYOUT, device=device) for t in (tg, ta, tb))
    pa, pb = ta.clone().requires_grad_(), tb.clone().requires_grad_()
    call = lambda: ttbw.mul_bw(xg, xa, xb)  # noqa: E731
    backward = lambda: torch.autograd.grad(pa * pb, (pa, pb), tg)  # noqa: E731
    call()
    clock = NativeClock()
    calls, torches, natives = [], [], []
    for _ in range(3):  # interleaved: the machine's load falls on both alike
        calls.append(best_us(call))
        torches.append(best_us(backward))
        clock.seconds, n = 0.0, 2000
        for _ in range(n):
            call()
        natives.append(clock.seconds / n * 1e6)
    return min(calls), min(natives), min(torches)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="processes per process row (median)")
    parser.add_argument("--no-runtime", action="store_true", help="skip the runtime build rows")
    args = parser.parse_args()
    if not args.no_runtime:
        parallel, serial = runtime_build_rows()
        print(f"runtime build   set-up (parallel units + LTO partitions) {parallel:6.2f} s   "
              f"one serial g++ (before: in every new cache's first call) {serial:6.2f} s   ({serial / parallel:.1f}x)")
    with tempfile.TemporaryDirectory() as folder:
        cold = median_of([child({"TTBW_CACHE_DIR": str(Path(folder) / str(i))}) for i in range(args.runs)])
        warm = median_of([child({"TTBW_CACHE_DIR": str(Path(folder) / "0")}) for _ in range(args.runs)])
    print(f"cold start      import {cold['import']:5.2f} s  first call {cold['call']:5.2f} s = kernels' g++ "
          f"{cold['gxx_wall']:5.2f} s ({cold['built']:.0f} objects, side by side) + the rest "
          f"{cold['call'] - cold['gxx_wall']:5.2f} s   (target <= 3 s)")
    print(f"warm first call import {warm['import']:5.2f} s  first call {warm['call']:5.3f} s wall, "
          f"{warm['call_cpu']:5.3f} s CPU, {warm['modules']:.0f} modules imported in the call, "
          f"{warm['built']:.0f} g++   (target <= 0.3 s)")
    call, native, torch_us = cached_call_rows()
    print(f"cached call     {call:6.1f} us = native {native:5.1f} us + fixed Python {call - native:5.1f} us   "
          f"torch backward {torch_us:5.1f} us   call / torch {call / torch_us:4.1f}x   fixed / torch "
          f"{(call - native) / torch_us:4.1f}x   (target fixed <= 50 us)")


if __name__ == "__main__":
    main()
