"""Decomposition pipeline speed: µs per backward op, side by side with mlir-opt.

For N = 250/500/1000/2000 backward ops (mul_bw, add_bw, div_bw, gelu_bw) of mixed shapes
(ttnn's broadcast rows, scalars, complex) it times, in one run, whole processes (median of 5):
  ttbw-opt — `ttbw-opt --ttir-backward-decomposition-pipeline`: parse, verify (the
             dialect's C++ verifiers), the pipeline, verify its output (ttbw-opt's
             default; --verify-each verifies after every pass), print; Python start-up
             included;
  mlir-opt — upstream `mlir-opt --allow-unregistered-dialect` parsing and printing
             the *decomposed* output (the C++ floor: just reading and writing it).
and, for insight, ttbw-opt's work in-process (no start-up). Prints µs per op
and the ratio ttbw-opt / mlir-opt (target ≤ 3x); linear scaling shows as a flat
µs/op column. Run: .venv/bin/python bench/bench_decompose.py
"""
from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ttbw.dialect import make_context
from ttbw.driver.opt import Driver

RUNS = 5
TTBW_OPT = Path(sys.executable).parent / "ttbw-opt"

CASES = [  # (grad, input, other) shapes; every 7th op is a scalar mul_bw, every 5th a gelu_bw
    ("1x1x32x32xbf16", "1x1x32x32xbf16", "1x1x32x32xbf16"),
    ("1x3x320x384xbf16", "1x1x320x384xbf16", "1x3x320x384xbf16"),
    ("1x3x32x64xbf16", "1x3x32x1xbf16", "1x1x32x64xbf16"),
    ("1x3x32x64xf32", "1x1x1x1xf32", "1x3x32x64xf32"),
    ("2x32x64xbf16", "64xbf16", "2x32x64xbf16"),
    ("1x1x32x64xcomplex<f32>", "1x1x32x64xcomplex<f32>", "1x1x1x64xcomplex<f32>"),
]
BINARY = ("ttir.mul_bw", "ttir.add_bw", "ttir.div_bw")  # each case takes them in turn; complex: mul_bw


def module_text(count: int) -> str:
    lines = []
    for i in range(count):
        g, a, b = CASES[i % len(CASES)]
        tg, ta, tb = (f"tensor<{s}>" for s in (g, a, b))
        if i % 7 == 6:  # a scalar call (on a real tensor)
            tg = "tensor<1x3x32x64xbf16>"
            lines.append(
                f"func.func @f{i}(%g: {tg}, %a: {tg}, %s: f32) -> {tg} {{\n"
                f"  %0 = \"ttir.mul_bw\"(%g, %a, %s) {{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, "
                f"resultSegmentSizes = array<i32: 1, 0>}} : ({tg}, {tg}, f32) -> {tg}\n"
                f"  return %0 : {tg}\n}}")
            continue
        if i % 5 == 4 and "complex" not in g:  # a unary backward op (on grad's shape)
            lines.append(
                f"func.func @f{i}(%g: {tg}, %x: {tg}) -> {tg} {{\n"
                f"  %0 = \"ttir.gelu_bw\"(%g, %x) {{approximate = \"{('none', 'tanh')[i % 2]}\"}} : "
                f"({tg}, {tg}) -> {tg}\n"
                f"  return %0 : {tg}\n}}")
            continue
        name = "ttir.mul_bw" if "complex" in g else BINARY[(i // len(CASES)) % len(BINARY)]
        lines.append(
            f"func.func @f{i}(%g: {tg}, %a: {ta}, %b: {tb}) -> ({ta}, {tb}) {{\n"
            f"  %0:2 = \"{name}\"(%g, %a, %b) {{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, "
            f"resultSegmentSizes = array<i32: 1, 1>}} : ({tg}, {ta}, {tb}) -> ({ta}, {tb})\n"
            f"  return %0#0, %0#1 : {ta}, {tb}\n}}")
    return "\n".join(lines) + "\n"


def time_in_process(text: str) -> tuple[float, str]:
    driver = Driver(name="bench.mlir")
    start = time.perf_counter()
    ok, outputs = driver.run(text, None, ["--ttir-backward-decomposition-pipeline"],
                             verify_diagnostics=False)
    elapsed = time.perf_counter() - start
    assert ok, "pipeline failed"
    return elapsed, outputs[0]


def time_process(command: list[str], text: str) -> tuple[float, float]:
    """Median wall time and median CPU time (user + sys) of `command FILE -o /dev/null` over
    RUNS runs. CPU time is what a shared, loaded machine distorts least."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as handle:
        handle.write(text)
        handle.flush()
        walls, cpus = [], []
        for _ in range(RUNS):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run([*command, handle.name, "-o", "/dev/null"], check=True)
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        return statistics.median(walls), statistics.median(cpus)


def main() -> int:
    import mlir.ir

    mlir_opt = [str(Path(mlir.ir.__file__).parent / "bin" / "mlir-opt"), "--allow-unregistered-dialect"]
    ttbw_opt = [str(TTBW_OPT), "--ttir-backward-decomposition-pipeline"]
    make_context()  # warm imports so start-up is not billed to the first in-process size
    print("whole processes, medians of", RUNS, "runs; µs per backward op (wall | CPU)")
    print(f"{'ops':>6} {'ttbw-opt µs/op':>16} {'mlir-opt µs/op':>16} {'ratio':>12} "
          f"{'in-process µs/op':>17}")
    ratios, cpu_ratios = [], []
    for count in (250, 500, 1000, 2000):
        text = module_text(count)
        in_process = statistics.median(time_in_process(text)[0] for _ in range(RUNS))
        decomposed = time_in_process(text)[1]
        ttbw, ttbw_cpu = time_process(ttbw_opt, text)
        floor, floor_cpu = time_process(mlir_opt, decomposed)
        ratios.append(ttbw / floor)
        cpu_ratios.append(ttbw_cpu / floor_cpu)
        us = 1e6 / count
        print(f"{count:>6} {ttbw * us:>7.0f} | {ttbw_cpu * us:>6.0f} {floor * us:>7.0f} | "
              f"{floor_cpu * us:>6.0f} {ratios[-1]:>4.1f}x | {cpu_ratios[-1]:>4.1f}x "
              f"{in_process * us:>17.0f}")
    print(f"median ratio ttbw-opt / mlir-opt parse+print: {statistics.median(ratios):.1f}x wall, "
          f"{statistics.median(cpu_ratios):.1f}x CPU (target ≤ 3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
