"""Decomposition pipeline speed: µs per ttir.mul_bw, side by side with mlir-opt.

For N = 250/500/1000/2000 mul_bw ops of mixed shapes (ttnn's broadcast rows,
masks, scalars, complex) it times, in one run, whole processes (median of 5):
  ttbw-opt — `ttbw-opt --ttir-mul-bw-decomposition-pipeline`: parse, verify (the
             dialect's C++ verifiers), the pipeline (verifying after every pass),
             print; Python start-up included;
  mlir-opt — upstream `mlir-opt --allow-unregistered-dialect` parsing and printing
             the *decomposed* output (the C++ floor: just reading and writing it).
and, for insight, ttbw-opt's work in-process (no start-up). Prints µs per op
and the ratio ttbw-opt / mlir-opt (target ≤ 3x); linear scaling shows as a flat
µs/op column. Run: .venv/bin/python bench/bench_decompose.py
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ttbw.dialect import make_context
from ttbw.opt_driver import Driver

RUNS = 5
TTBW_OPT = Path(sys.executable).parent / "ttbw-opt"

CASES = [  # (grad, input, other) shapes; every 7th op is a scalar call
    ("1x1x32x32xbf16", "1x1x32x32xbf16", "1x1x32x32xbf16"),
    ("1x3x320x384xbf16", "1x1x320x384xbf16", "1x3x320x384xbf16"),
    ("1x3x32x64xbf16", "1x3x32x1xbf16", "1x1x32x64xbf16"),
    ("1x3x32x64xf32", "1x1x1x1xf32", "1x3x32x64xf32"),
    ("2x32x64xbf16", "64xbf16", "2x32x64xbf16"),
    ("1x1x32x64xcomplex<f32>", "1x1x32x64xcomplex<f32>", "1x1x1x64xcomplex<f32>"),
]


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
        lines.append(
            f"func.func @f{i}(%g: {tg}, %a: {ta}, %b: {tb}) -> ({ta}, {tb}) {{\n"
            f"  %0:2 = \"ttir.mul_bw\"(%g, %a, %b) {{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, "
            f"resultSegmentSizes = array<i32: 1, 1>}} : ({tg}, {ta}, {tb}) -> ({ta}, {tb})\n"
            f"  return %0#0, %0#1 : {ta}, {tb}\n}}")
    return "\n".join(lines) + "\n"


def time_in_process(text: str) -> tuple[float, str]:
    driver = Driver(name="bench.mlir")
    start = time.perf_counter()
    ok, output = driver.run(text, None, ["--ttir-mul-bw-decomposition-pipeline"],
                            split=False, verify_diagnostics=False)
    elapsed = time.perf_counter() - start
    assert ok, "pipeline failed"
    return elapsed, output


def time_process(command: list[str], text: str) -> float:
    """Median wall time of `command FILE -o /dev/null` over RUNS runs."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as handle:
        handle.write(text)
        handle.flush()
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            subprocess.run([*command, handle.name, "-o", "/dev/null"], check=True)
            times.append(time.perf_counter() - start)
        return statistics.median(times)


def main() -> int:
    import mlir.ir

    mlir_opt = [str(Path(mlir.ir.__file__).parent / "bin" / "mlir-opt"), "--allow-unregistered-dialect"]
    ttbw_opt = [str(TTBW_OPT), "--ttir-mul-bw-decomposition-pipeline"]
    make_context()  # warm imports so start-up is not billed to the first in-process size
    print(f"{'ops':>6} {'ttbw-opt ms':>12} {'µs/op':>7} {'mlir-opt ms':>12} {'µs/op':>7} "
          f"{'ratio':>6} {'in-process µs/op':>17}")
    ratios = []
    for count in (250, 500, 1000, 2000):
        text = module_text(count)
        in_process = statistics.median(time_in_process(text)[0] for _ in range(RUNS))
        decomposed = time_in_process(text)[1]
        ttbw = time_process(ttbw_opt, text)
        floor = time_process(mlir_opt, decomposed)
        ratios.append(ttbw / floor)
        print(f"{count:>6} {ttbw * 1e3:>12.1f} {ttbw / count * 1e6:>7.1f} {floor * 1e3:>12.1f} "
              f"{floor / count * 1e6:>7.1f} {ratios[-1]:>5.1f}x {in_process / count * 1e6:>17.1f}")
    print(f"median ratio ttbw-opt / mlir-opt parse+print: {statistics.median(ratios):.1f}x "
          "(target ≤ 3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
