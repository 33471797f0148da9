"""Decomposition pipeline speed: µs per ttir.mul_bw, side by side with the C++ floor.

For N = 250/500/1000/2000 mul_bw ops of mixed shapes (ttnn's broadcast rows,
masks, scalars, complex) it times, in one run:
  ttbw   — ttbw-opt's work in-process: parse + verify + the decomposition
           pipeline (verifying after every pass) + print;
  floor  — upstream `mlir-opt --irdl-file=dialect/ttir.irdl.mlir` parsing and
           printing the *decomposed* output (what C++ needs just to read/write it).
Prints µs per op (target ≤ 100 µs median) and the ratio; linear scaling shows
as a flat µs/op column. Run: .venv/bin/python bench/bench_decompose.py
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ttbw.dialect import IRDL_FILE, make_context
from ttbw.opt_driver import Driver

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


def time_ttbw(text: str) -> tuple[float, str]:
    driver = Driver(name="bench.mlir")
    start = time.perf_counter()
    ok, output = driver.run(text, None, ["--ttir-mul-bw-decomposition-pipeline"],
                            split=False, verify_diagnostics=False)
    elapsed = time.perf_counter() - start
    assert ok, "pipeline failed"
    return elapsed, output


def time_floor(decomposed: str) -> float:
    import mlir.ir
    mlir_opt = Path(mlir.ir.__file__).parent / "bin" / "mlir-opt"
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as handle:
        handle.write(decomposed)
        handle.flush()
        start = time.perf_counter()
        subprocess.run([str(mlir_opt), f"--irdl-file={IRDL_FILE}", handle.name, "-o", "/dev/null"],
                       check=True)
        return time.perf_counter() - start


def main() -> int:
    make_context()  # warm imports so start-up is not billed to the first size
    print(f"{'ops':>6} {'ttbw ms':>9} {'µs/op':>7} {'floor ms':>9} {'ratio':>6}")
    per_op = []
    for count in (250, 500, 1000, 2000):
        text = module_text(count)
        runs = [time_ttbw(text) for _ in range(3)]
        elapsed = statistics.median(r[0] for r in runs)
        floor = statistics.median(time_floor(runs[0][1]) for _ in range(3))
        per_op.append(elapsed / count * 1e6)
        print(f"{count:>6} {elapsed * 1e3:>9.1f} {per_op[-1]:>7.1f} {floor * 1e3:>9.1f} "
              f"{elapsed / floor:>6.1f}x")
    print(f"median µs per mul_bw: {statistics.median(per_op):.1f} (target ≤ 100)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
