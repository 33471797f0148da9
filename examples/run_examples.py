"""The main job, read as a report: per example one compact block (the stages it went through with
their op counts, programs, DRAM bytes beside the minimum, the largest error against torch
autograd, the time), each stage's IR written under build/demo/<example>/. The examples: the
mul_bw modules in examples/*.mlir through every ttbw-opt stage down to the kernels' C++, run by the
executor beside torch autograd; ttbw.mul_bw on the device and the CPU path (run_mul_bw.py); a
layer's backward chain gelu_bw -> add_bw -> mul_bw (run_backward_chain.py); a 2-layer MLP
trained with torch.compile(backend="ttbw") and a transformer block's backward (train_mlp.py,
transformer_block_bw.py).

A stage that fails stops the run with exit code 1.
"""
from __future__ import annotations

import math
import re
import subprocess
import sys
import time
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent
TOOLS = Path(sys.executable).parent

# (title, tool, arguments) applied one after the other to the example: the stages of
# --ttir-to-tensix-pipeline="emitc=true", then the kernels' C++.
STAGES = [
    ("parsed and verified ttir.mul_bw", "ttbw-opt", []),
    ("decomposed into ttir.multiply", "ttbw-opt", ["--ttir-decompose-backward"]),
    ("broadcast gradients reduced", "ttbw-opt", ["--ttir-reduce-broadcast-grads"]),
    ("complex tensors expanded into (real, imag)", "ttbw-opt", ["--ttir-expand-complex"]),
    ("canonicalized and CSE-d: tt-mlir TTIR", "ttbw-opt", ["--canonicalize", "--cse"]),
    ("device linalg on tensors", "ttbw-opt", ["--convert-ttir-to-linalg=target=device"]),
    ("fused and outlined into one program function", "ttbw-opt", ["--ttbw-fuse-programs"]),
    ("one fused Tensix program: TTMetal host function + TTKernel reader/compute/writer (tt-mlir)",
     "ttbw-opt", ["--convert-linalg-to-ttkernel"]),
    ("EmitC from tt-mlir's convert-ttkernel-to-emitc", "ttbw-opt",
     ["--convert-ttkernel-to-emitc"]),
    ("kernel C++ from tt-mlir's TTKernel->C++ translation", "ttbw-translate", ["--ttkernel-to-cpp"]),
]


def run_stage(ir: str, args: list[str], tool: str = "ttbw-opt") -> str:
    result = subprocess.run([str(TOOLS / tool), *args, "-"], input=ir,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stderr)
        raise SystemExit(1)
    return result.stdout


def op_counts(ir: str) -> str:
    """The ops of a stage by dialect, most first: "ttir 3, func 2"."""
    counts: dict = {}
    for name in OP.findall(ir):
        dialect = name.split(".")[0]
        counts[dialect] = counts.get(dialect, 0) + 1
    return ", ".join(f"{d} {n}" for d, n in sorted(counts.items(), key=lambda kv: -kv[1])[:3]) or "-"


OP = re.compile(r'^\s*(?:%[^=]*=\s*)?"?([a-z_]+\.[a-z_.]+)"?[\s(<{]', re.M)
ELEMENT_BYTES = {"bf16": 2, "f32": 4, "complex<f32>": 8}


def logical_bytes(types) -> int:
    return sum(math.prod(int(d) for d in dims.split("x")) * ELEMENT_BYTES[element] for dims, element in types)


def run_compiled(source: str, module_text: str) -> str:
    """The compiled module run by the executor (as ttbw-run runs it) on seeded random inputs,
    each gradient compared with torch autograd (float64) on the same rounded inputs: one line."""
    import ml_dtypes
    import numpy as np
    import torch

    from ttbw.execution.executor import load

    signature = re.search(r"func\.func @\w+\((.*?)\)\s*->\s*\(?(.*?)\)?\s*\{", source)
    types = re.findall(r"tensor<([\dx]+)x(bf16|f32|complex<f32>)>", signature.group(1))
    inputs, tensors = [], []
    for k, (dims, element) in enumerate(types):
        shape = tuple(int(d) for d in dims.split("x"))
        parts = []
        for part in range(2 if element.startswith("complex") else 1):
            value = np.random.default_rng(2 * k + part).standard_normal(shape).astype(np.float32)
            if element == "bf16":
                value = value.astype(ml_dtypes.bfloat16).astype(np.float32)
            inputs.append(value)
            parts.append(torch.from_numpy(value).double())
        tensors.append(torch.complex(*parts) if len(parts) == 2 else parts[0])
    outputs, stats = load(module_text).run(None, inputs)
    constant = re.search(r"arith\.constant ([-+.\deE]+) : f32", source)
    grad, a = tensors[0], tensors[1].requires_grad_()
    b = float(constant.group(1)) if constant else tensors[2].requires_grad_()
    (a * b).backward(grad)
    wants = []
    for want in (a.grad, None if constant else b.grad):
        if want is not None:
            wants += [want.real, want.imag] if want.is_complex() else [want]
    error = max(float((torch.from_numpy(got).double().reshape(w.shape) - w).abs().max() / w.abs().max().clamp_min(1e-30))
                for got, w in zip(outputs, wants))
    moved = stats.total_dram_read + stats.total_dram_written
    minimum = logical_bytes(types) + logical_bytes(re.findall(r"tensor<([\dx]+)x(bf16|f32|complex<f32>)>",
                                                              signature.group(2)))
    return (f"{stats.programs_launched} program{'s' * (stats.programs_launched != 1)}, DRAM {moved:,} B "
            f"({moved / minimum:.2f}x the {minimum:,} B of its tensors), emulated {stats.seconds * 1e3:.2f} ms; "
            f"max |ttbw - torch| {error:.1e} of max |torch|")


def main() -> int:
    demo = EXAMPLES.parent / "build" / "demo"
    for example in sorted(EXAMPLES.glob("*.mlir")):
        source = example.read_text()
        folder = demo / example.stem
        folder.mkdir(parents=True, exist_ok=True)
        print(f"==== {example.name} (IR per stage: {folder.relative_to(EXAMPLES.parent)}/)", flush=True)
        ir, counts, start = source, [], time.perf_counter()
        for k, (title, tool, args) in enumerate(STAGES):
            ir = run_stage(ir, args, tool)
            name = re.sub(r"[^a-z0-9]+", "-", (args[0] if args else "--parsed").lstrip("-").split("=")[0])
            (folder / f"{k:02d}-{name}.{'cpp' if tool == 'ttbw-translate' else 'mlir'}").write_text(ir)
            if tool == "ttbw-translate":
                counts.append(f"C++ {ir.count(chr(10))} lines")
            else:
                counts.append(f"{name} ({op_counts(ir)})")
            if args == ["--convert-linalg-to-ttkernel"]:
                compiled = ir
        print(f"  stages: {' -> '.join(counts)}; {time.perf_counter() - start:.1f} s")
        print(f"  {run_compiled(source, compiled)}", flush=True)
    print("==== ttbw.mul_bw beside torch autograd (examples/run_mul_bw.py)", flush=True)
    subprocess.run([sys.executable, str(EXAMPLES / "run_mul_bw.py")], check=True)
    print("==== a layer's backward chain (gelu_bw, add_bw, mul_bw) beside torch autograd", flush=True)
    subprocess.run([sys.executable, str(EXAMPLES / "run_backward_chain.py")], check=True)
    # torch.compile(backend="ttbw"): each example's regions' IR per stage under build/demo/<example>/
    for example in ("train_mlp", "transformer_block_bw"):
        print(f"==== {example}.py: torch.compile(backend='ttbw') beside eager torch", flush=True)
        subprocess.run([sys.executable, "-W", "ignore::UserWarning", str(EXAMPLES / f"{example}.py"),
                        "--ir", str(demo / example)], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
