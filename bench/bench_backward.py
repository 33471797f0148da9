"""ttnn's backward ops on the emulated device: ttbw fused (one program per call) vs the
composite baseline (fuse=false: one program per TTIR op of the decomposition, intermediates
in DRAM, as ttnn's composites run) vs ttnn's own program count (the reference table,
/work/shared/reference/backward-ops.md).

Per op (bf16 TILE, every gradient requested; the binary ops also with a row-broadcast b whose
gradient is summed back to b's shape; addcmul_bw also with every operand broadcast, its three
gradients summed over three different sets of dims; complex div_bw / reciprocal_bw on ComplexTensor pairs),
side by side in one run, it prints:
  programs launched: ttbw fused / composite / ttnn;
  DRAM bytes moved (read + written) fused and composite against the minimum (each input the
  decomposed function reads, read once, each gradient written once, in the pages the device moves:
  padded 32x32 tiles of 2048 bytes), as ratios (target fused 1.00x);
  emulator launch wall time, fused vs composite (a cached call: the sum over its launches,
  the median of 5 calls).
Each op is written as the `ttir` op a compiler engineer writes (the dialect's custom form)
and compiled by `ttbw.compile`, run by the executor. Ops not in the dialect yet print
"not in ttbw". Printed, not asserted.
Run: .venv/bin/python bench/bench_backward.py [OP ...]   (a few minutes on 2 cores)
"""
from __future__ import annotations

import re
import sys
import time
from dataclasses import dataclass, field

import numpy as np

from ttbw.driver.compiler import run_on_device

SHAPE = (1, 3, 320, 384)
ROW = (1, 1, 1, 384)
# addcmul_bw bcast: every operand broadcast, its three gradients each summed over its own dims
A_BCAST, T1_BCAST, T2_BCAST = (1, 3, 1, 384), (1, 1, 320, 384), (1, 1, 1, 384)
PAGE = 2048  # a bf16 32x32 tile
# ttnn's programs per call (reference table); None where the table has no count.
TTNN_PROGRAMS = {
    "mul_bw": 1, "mul_bw row b": 2, "add_bw": 2, "add_bw row b": 2, "sub_bw": 3, "sub_bw row b": 3,
    "div_bw": 7, "div_bw row b": 7, "where_bw": 2, "addcmul_bw": 4, "relu_bw": 2, "gelu_bw": 1,
    "gelu_bw tanh": 1, "tanh_bw": 1, "sigmoid_bw": 1, "silu_bw": 6, "exp_bw": 2, "log_bw": 8, "sqrt_bw": 14,
    "rsqrt_bw": 10, "reciprocal_bw": 6, "square_bw": 2,
}


@dataclass
class Case:
    label: str
    op: str
    operands: list          # (name, shape) of each tensor operand, in order
    results: list           # (result keyword, shape) of each gradient
    attributes: str = ""    # the op's own attributes, e.g. approximate = "tanh"
    positive: set = field(default_factory=set)  # operands whose values must be > 0
    complex: bool = False   # ComplexTensor operands and gradients (each a (real, imag) pair on the device)

    @property
    def parts(self) -> int:
        return 2 if self.complex else 1

    def ir(self) -> str:
        def t(shape):
            return f"tensor<{'x'.join(map(str, shape))}x{'complex<bf16>' if self.complex else 'bf16'}>"

        params = ", ".join(f"%{n}: {t(s)}" for n, s in self.operands)
        operands = ", ".join(f"%{n}" for n, _ in self.operands)
        operand_types = ", ".join(t(s) for _, s in self.operands)
        result_types = ", ".join(t(s) for _, s in self.results)
        count = len(self.results)
        lhs = "%r" if count == 1 else f"%r:{count}"
        values = "%r" if count == 1 else ", ".join(f"%r#{i}" for i in range(count))
        if all(name == "" for name, _ in self.results):
            arrow = ", ".join(t(shape) for _, shape in self.results)
        else:
            arrow = " ".join(f"{name} {t(shape)}" for name, shape in self.results)
        attrs = f" {{{self.attributes}}}" if self.attributes else ""
        return (f"func.func @{self.op}({params}) -> ({result_types}) {{\n"
                f"  {lhs} = ttir.{self.op} {operands}{attrs} : {operand_types} -> {arrow}\n"
                f"  return {values} : {result_types}\n}}\n")

    def inputs(self, rng: np.random.Generator) -> list:
        out = []
        for name, shape in self.operands:
            for _ in range(self.parts):
                value = rng.standard_normal(shape).astype(np.float32)
                if name in self.positive:
                    value = np.abs(value) + 0.5
                out.append(value)
        return out

    def minimum_bytes(self) -> int:
        """Each operand the decomposed function reads, read once, and each gradient written once
        (neg_bw's and add_bw's gradients need no input but grad)."""
        from ttbw.driver.compiler import decompose

        body = decompose(self.ir()).split("func.func", 1)[1].split("\n", 1)[1]
        n = self.parts
        read = [s for k, (_, s) in enumerate(self.operands) for p in range(n) if re.search(rf"%arg{n * k + p}\b", body)]
        return sum(tensor_bytes(s) for s in read) + n * sum(tensor_bytes(s) for _, s in self.results)


def tensor_bytes(shape) -> int:
    return int(np.prod(shape[:-2])) * -(-shape[-2] // 32) * -(-shape[-1] // 32) * PAGE


def unary(op: str, label: str | None = None, attributes: str = "", positive: bool = False) -> Case:
    return Case(label or op, op, [("grad", SHAPE), ("input", SHAPE)], [("", SHAPE)], attributes,
                {"input"} if positive else set())


def binary(op: str, b_shape=SHAPE, label: str | None = None, attributes: str = "", positive_b=False) -> Case:
    return Case(label or op, op, [("grad", SHAPE), ("a", SHAPE), ("b", b_shape)],
                [("input_grad", SHAPE), ("other_grad", b_shape)], attributes, {"b"} if positive_b else set())


CASES = [
    binary("mul_bw"), binary("mul_bw", ROW, "mul_bw row b"),
    binary("add_bw"), binary("add_bw", ROW, "add_bw row b"),
    binary("sub_bw"), binary("sub_bw", ROW, "sub_bw row b"),
    binary("div_bw", positive_b=True), binary("div_bw", ROW, "div_bw row b", positive_b=True),
    binary("addalpha_bw", attributes="alpha = 2.5 : f32"), binary("subalpha_bw", attributes="alpha = 2.5 : f32"),
    Case("where_bw", "where_bw", [("grad", SHAPE), ("condition", SHAPE), ("a", SHAPE), ("b", SHAPE)],
         [("input_grad", SHAPE), ("other_grad", SHAPE)]),
    Case("addcmul_bw", "addcmul_bw", [("grad", SHAPE), ("a", SHAPE), ("t1", SHAPE), ("t2", SHAPE)],
         [("", SHAPE), ("", SHAPE), ("", SHAPE)], "value = 0.5 : f32"),
    Case("addcmul_bw bcast", "addcmul_bw", [("grad", SHAPE), ("a", A_BCAST), ("t1", T1_BCAST), ("t2", T2_BCAST)],
         [("", A_BCAST), ("", T1_BCAST), ("", T2_BCAST)], "value = 0.5 : f32"),
    unary("neg_bw"), unary("relu_bw"), unary("gelu_bw"),
    unary("gelu_bw", "gelu_bw tanh", attributes='approximate = "tanh"'),
    unary("silu_bw"), unary("tanh_bw"), unary("sigmoid_bw"), unary("exp_bw"),
    unary("log_bw", positive=True), unary("sqrt_bw", positive=True), unary("rsqrt_bw", positive=True),
    unary("reciprocal_bw", positive=True), unary("square_bw"),
    Case("div_bw complex", "div_bw", [("grad", SHAPE), ("a", SHAPE), ("b", SHAPE)],
         [("input_grad", SHAPE), ("other_grad", SHAPE)], complex=True),
    Case("reciprocal_bw complex", "reciprocal_bw", [("grad", SHAPE), ("input", SHAPE)], [("", SHAPE)], complex=True),
]


REPEATS = 5


def measure(case: Case, inputs: list, fuse: bool):
    """(stats, emulator seconds): the stats of a cached call (compiled and run once before) and
    the median emulator time over REPEATS calls."""
    ir = case.ir()
    run_on_device(ir, inputs, fuse=fuse)
    runs = [run_on_device(ir, inputs, fuse=fuse)[1] for _ in range(REPEATS)]
    return runs[0], float(np.median([r.seconds for r in runs]))


def main(selected: list[str]) -> None:
    from ttbw.execution.executor import device

    device((8, 8))  # build / load the emulator runtime outside the timings
    rng = np.random.default_rng(0)
    head = (f"{'op':<22} {'progs f/c/ttnn':>14} {'min MB':>7} {'fused MB':>8} {'comp MB':>8} {'f/min':>6} "
            f"{'c/min':>6} {'emu ms f':>8} {'emu ms c':>8} {'c/f time':>8}")
    print(head)
    print("-" * len(head))
    start = time.perf_counter()
    for case in CASES:
        if selected and case.op not in selected and case.label not in selected:
            continue
        inputs = case.inputs(rng)
        try:
            fused, fused_s = measure(case, inputs, True)
        except ValueError as error:
            reason = "not in ttbw" if "ttir." + case.op in str(error) or "unregistered" in str(error) else str(error)
            print(f"{case.label:<22} {reason.splitlines()[0][:100]}")
            continue
        comp, comp_s = measure(case, inputs, False)
        minimum = case.minimum_bytes()
        fb = fused.total_dram_read + fused.total_dram_written
        cb = comp.total_dram_read + comp.total_dram_written
        ttnn = TTNN_PROGRAMS.get(case.label)
        programs = f"{fused.programs_launched}/{comp.programs_launched}/{ttnn if ttnn is not None else '?'}"
        print(f"{case.label:<22} {programs:>14} {minimum / 1e6:>7.2f} {fb / 1e6:>8.2f} {cb / 1e6:>8.2f} "
              f"{fb / minimum:>5.2f}x {cb / minimum:>5.2f}x {fused_s * 1e3:>8.1f} {comp_s * 1e3:>8.1f} "
              f"{comp_s / fused_s:>7.2f}x")
    print(f"\nshape {'x'.join(map(str, SHAPE))} bf16 TILE (row b: b {'x'.join(map(str, ROW))}, its gradient summed "
          f"over rows; addcmul_bw bcast: a {'x'.join(map(str, A_BCAST))}, t1 {'x'.join(map(str, T1_BCAST))}, "
          f"t2 {'x'.join(map(str, T2_BCAST))}); MB = 1e6 bytes of DRAM traffic (read + written);\nmin = each input a gradient needs read once + each "
          f"gradient written once; emu ms = emulator launch wall time of a cached call (sum over its launches, median of 5 calls);\n"
          f"ttnn = programs ttnn launches per call (reference table; ? where it has none).\n"
          f"total bench time {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
