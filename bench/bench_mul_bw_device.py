"""mul_bw on the emulated device: fused (one program) vs composite (one program per TTIR op).

For ttnn's broadcast matrix (grad (1,3,320,384); channel / row / col / scalar-like broadcast of
b or a; both sides a (1,3,320,1), b (1,1,320,384)) and the three standard no-broadcast shapes,
bf16 TILE, both gradients requested, then a few rows over the other dtypes / layouts / forms
(f32, bfloat8_b, mixed, ROW_MAJOR, scalar b, complex), it prints:
  DRAM bytes moved (read + written) fused, composite and the minimum (each input a requested
  gradient needs read once and each output written once, counted in the pages the device
  moves: padded 32x32 tiles of 2048 (bf16) / 4096 (f32) / 1088 (bfloat8_b) bytes, ROW_MAJOR
  rows of their exact bytes), the fused/min and composite/min ratios (target fused 1.00x);
  programs launched; emulator launch wall time (cached, sum over launches); compile time cold
  (fresh TTBW_CACHE_DIR in a temp dir and in-process caches cleared: IR generation, tt-mlir
  verify + translation, g++, plus the first run) and cached (a repeated call);
  and a MODEL of Wormhole n150 device time: DRAM bytes / 288 GB/s (DRAM-bound, ignores launch
  overhead and compute; a model, not a measurement).
Then the same for seeded random TTIR DAGs that are no backward op (random_dag.py): programs
and DRAM traffic fused / composite against the minimum.
Printed, not asserted. Rows composite mode does not handle print n/a.
Run: .venv/bin/python bench/bench_mul_bw_device.py   (about a minute on 2 cores)
"""
from __future__ import annotations

import os
import shutil
import tempfile
import time

import numpy as np
import torch

import ttbw
from ttbw.ttnn.backward_call import binary_call
from ttbw.driver.compiler import run_on_device

N150_DRAM_BYTES_PER_S = 288e9
G = (1, 3, 320, 384)
ROWS = [  # (label, grad, a, b)
    ("std 1x1x32x32", (1, 1, 32, 32), (1, 1, 32, 32), (1, 1, 32, 32)),
    ("std 1x1x320x384", (1, 1, 320, 384), (1, 1, 320, 384), (1, 1, 320, 384)),
    ("no bcast (std)", G, G, G),
    ("channel b", G, G, (1, 1, 320, 384)),
    ("channel a", G, (1, 1, 320, 384), G),
    ("row b", G, G, (1, 3, 1, 384)),
    ("row a", G, (1, 3, 1, 384), G),
    ("col b", G, G, (1, 3, 320, 1)),
    ("col a", G, (1, 3, 320, 1), G),
    ("scalar-like b", G, G, (1, 1, 1, 1)),
    ("scalar-like a", G, (1, 1, 1, 1), G),
    ("both a,b", G, (1, 3, 320, 1), (1, 1, 320, 384)),
]
# (label, grad, a, b, form): other dtypes / layouts / forms (both gradients unless scalar b)
MORE_ROWS = [
    ("f32 row b", G, G, (1, 3, 1, 384), "f32"),
    ("bfp8 channel b", G, G, (1, 1, 320, 384), "bfp8"),
    ("mixed bf16/f32/bfp8", G, G, (1, 1, 320, 384), "mixed"),
    ("row_major", G, G, G, "row_major"),
    ("row_major row b", G, G, (1, 3, 1, 384), "row_major"),
    ("scalar b", G, G, (), "scalar"),
    ("complex", (1, 1, 320, 384), (1, 1, 320, 384), (1, 1, 320, 384), "complex"),
]
FORMS = {  # (dtype, layout) of grad, a, b
    "bf16": [("bfloat16", "tile")] * 3,
    "f32": [("float32", "tile")] * 3,
    "bfp8": [("bfloat16", "tile"), ("bfloat16", "tile"), ("bfloat8_b", "tile")],
    "mixed": [("bfloat16", "tile"), ("float32", "tile"), ("bfloat8_b", "tile")],
    "row_major": [("bfloat16", "row_major"), ("bfloat16", "tile"), ("bfloat16", "row_major")],
    "scalar": [("bfloat16", "tile")] * 2,
    "complex": [("bfloat16", "tile")] * 3,
}
PAGE = {"bfloat16": 2048, "float32": 4096, "bfloat8_b": 1088}


def tensor_bytes(shape, dtype="bfloat16", layout="tile") -> int:
    """Bytes of one tensor as the device stores it (padded tiles, or exact rows)."""
    if layout == "row_major":
        return int(np.prod(shape)) * (4 if dtype == "float32" else 2)
    s = (1,) * max(0, 2 - len(shape)) + tuple(shape)
    return int(np.prod(s[:-2])) * -(-s[-2] // 32) * -(-s[-1] // 32) * PAGE[dtype]


def make_call(g, a, b, form, gen):
    """(the BackwardCall, minimum DRAM bytes)."""
    specs = FORMS[form]
    tensors = []
    for shape, (dtype, layout) in zip((g, a, b), specs):
        x = torch.randn(shape, generator=gen)
        t = ttbw.from_torch(x.to(torch.float32 if dtype == "float32" else torch.bfloat16), getattr(ttbw, dtype),
                            layout=getattr(ttbw, f"{layout.upper()}_LAYOUT"))
        if form == "complex":
            t = ttbw.complex_tensor(t, ttbw.from_torch(torch.randn(shape, generator=gen).to(torch.bfloat16),
                                                       layout=ttbw.TILE_LAYOUT))
        tensors.append(t)
    parts = 2 if form == "complex" else 1
    if form == "scalar":
        call = binary_call("mul_bw", *tensors, 1.5, (True, True), None, None, None)
        return call, 2 * tensor_bytes(g, *specs[0])  # grad read, grad_a written
    call = binary_call("mul_bw", *tensors, (True, True), None, None, None)
    minimum = sum(tensor_bytes(s, *spec) for s, spec in zip((g, a, b, a, b), specs + specs[1:])) * parts
    return call, minimum


def clear_caches() -> None:
    """Forget every in-process compile cache (the on-disk ones live in TTBW_CACHE_DIR): the
    executor's per-signature executables and every lru_cache of the lowering."""
    import importlib
    import pkgutil

    import ttbw.lowering
    from ttbw.execution import executor
    from ttbw.execution.emulator import examples

    modules = [executor, examples] + [importlib.import_module(f"ttbw.lowering.{m.name}")
                                      for m in pkgutil.iter_modules(ttbw.lowering.__path__)]
    for module in modules:
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def measure(call, fuse: bool):
    """(stats, cold seconds, cached seconds) or None when unsupported."""
    ir, inputs = call.ir(), call.inputs()
    tmp = tempfile.mkdtemp(prefix="ttbw-bench-cache-")
    old = os.environ.get("TTBW_CACHE_DIR")
    os.environ["TTBW_CACHE_DIR"] = tmp
    try:
        clear_caches()
        t0 = time.perf_counter()
        try:
            run_on_device(ir, inputs, fuse=fuse)
        except ValueError as error:  # what the lowering refuses
            if "unsupported" not in str(error):
                raise
            return None
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        _, stats = run_on_device(ir, inputs, fuse=fuse)
        cached = time.perf_counter() - t0
    finally:
        if old is None:
            os.environ.pop("TTBW_CACHE_DIR", None)
        else:
            os.environ["TTBW_CACHE_DIR"] = old
        shutil.rmtree(tmp, ignore_errors=True)
    return stats, cold, cached


def main() -> None:
    from ttbw.execution.executor import device

    dev = device((8, 8))  # build / load the emulator runtime outside the timings
    gen = torch.Generator().manual_seed(0)
    head = (f"{'case':<20} {'grad/a/b':<34} {'min MB':>7} {'fused MB':>8} {'comp MB':>8} {'f/min':>6} {'c/min':>6} "
            f"{'progs f/c':>9} {'emu ms f':>8} {'emu ms c':>8} {'cold s f/c':>11} {'cached ms f/c':>13} "
            f"{'MODEL n150 us f/c':>17}")
    print(head)
    print("-" * len(head))
    t_start = time.perf_counter()
    for label, g, a, b, form in [(*row, "bf16") for row in ROWS] + MORE_ROWS:
        call, minimum = make_call(g, a, b, form, gen)
        before = dev.programs_launched
        fused = measure(call, True)
        fused_launches = (dev.programs_launched - before) // 2
        comp = measure(call, False)
        if fused is None:
            print(f"{label:<20} fused: not supported")
            continue
        fs, fcold, fcached = fused
        fbytes = fs.total_dram_read + fs.total_dram_written
        shapes = "/".join("x".join(map(str, s)) or "s" for s in (g, a, b))
        if comp is None:
            cbytes = c_mb = c_ratio = c_prog = c_emu = c_cold = c_cached = c_model = "n/a"
        else:
            cs, ccold, ccached = comp
            cbytes = cs.total_dram_read + cs.total_dram_written
            c_mb, c_ratio, c_prog = f"{cbytes / 1e6:.2f}", f"{cbytes / minimum:.2f}x", cs.programs_launched
            c_emu, c_cold, c_cached = f"{cs.seconds * 1e3:.1f}", f"{ccold:.1f}", f"{ccached * 1e3:.0f}"
            c_model = f"{cbytes / N150_DRAM_BYTES_PER_S * 1e6:.1f}"
        print(f"{label:<20} {shapes:<34} {minimum / 1e6:>7.2f} {fbytes / 1e6:>8.2f} {c_mb:>8} "
              f"{fbytes / minimum:>5.2f}x {c_ratio:>6} {f'{fused_launches}/{c_prog}':>9} "
              f"{fs.seconds * 1e3:>8.1f} {c_emu:>8} {f'{fcold:.1f}/{c_cold}':>11} "
              f"{f'{fcached * 1e3:.0f}/{c_cached}':>13} "
              f"{f'{fbytes / N150_DRAM_BYTES_PER_S * 1e6:.1f}/{c_model}':>17}")
    print(f"\nMB = 1e6 bytes of DRAM traffic (read + written), TILE pages; min = inputs read once + outputs "
          f"written once.\nemu ms = emulator launch wall time (cached run, sum over launches); cold s = first call "
          f"with a fresh TTBW_CACHE_DIR (IR gen + tt-mlir + g++ + run); cached ms = repeated call (upload, run, "
          f"download).\nMODEL n150 us = DRAM bytes / 288 GB/s: a bandwidth model, not a measurement (ignores "
          f"launch overhead and compute).\nThe first row's cold time also loads the tt-mlir library.\ntotal bench time {time.perf_counter() - t_start:.0f} s")


DAG_SEEDS = range(8)
DTYPE_NAMES = {"bf16": "bfloat16", "f32": "float32"}


def live_arguments(text: str) -> set[int]:
    """Indices of the arguments the function's results depend on (a dead op's operands are
    never read by the device either)."""
    from mlir import ir

    from ttbw.dialect import make_context

    with make_context(), ir.Location.unknown():
        module = ir.Module.parse(text)  # kept alive: its ops die with it
        block = module.body.operations[0].regions[0].blocks[0]
        pending = list(block.operations[len(block.operations) - 1].operands)
        seen, live = set(), set()
        while pending:
            value = pending.pop()
            if isinstance(value, ir.BlockArgument):
                live.add(value.arg_number)
            elif value.owner not in seen:
                seen.add(value.owner)
                pending.extend(value.owner.operands)
        return live


def dag_rows() -> None:
    """Random TTIR DAGs that are no backward op (random_dag.py): programs and DRAM traffic
    fused / composite against the minimum (every argument read once, every result written once)."""
    from random_dag import Dag

    print(f"\n{'random TTIR DAG':<16} {'ops':>4} {'min KB':>8} {'fused KB':>8} {'comp KB':>8} {'f/min':>6} "
          f"{'c/min':>6} {'progs f/c':>9}")
    for seed in DAG_SEEDS:
        dag = Dag(seed)
        results = dag.build()
        text = dag.text(results)
        inputs = [a.value.float().numpy() for a in dag.args]
        live = live_arguments(text)
        read = [a for i, a in enumerate(dag.args) if i in live]
        minimum = sum(tensor_bytes(n.shape, DTYPE_NAMES[n.dtype], n.layout) for n in [*read, *results])
        runs = []
        for fuse in (True, False):
            _, stats = run_on_device(text, inputs, fuse=fuse)
            runs.append((stats.total_dram_read + stats.total_dram_written, stats.programs_launched))
        (fb, fp), (cb, cp) = runs
        print(f"{f'seed {seed}':<16} {len(dag.lines):>4} {minimum / 1e3:>8.1f} {fb / 1e3:>8.1f} {cb / 1e3:>8.1f} "
              f"{fb / minimum:>5.2f}x {cb / minimum:>5.2f}x {f'{fp}/{cp}':>9}")
    print("KB = 1e3 bytes of DRAM traffic; min = each argument the results depend on, read once, and each result written "
          "once.\nA DAG the codegen cannot make one program is lowered op by op (progs f > 1).")


if __name__ == "__main__":
    main()
    dag_rows()
