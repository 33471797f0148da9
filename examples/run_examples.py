"""The main job: every example in examples/ through every stage that exists,
down to the kernels' C++; the compiled module of each run by `ttbw-run` (exactly what
ttbw-opt emitted) beside torch autograd; then ttbw.mul_bw run on the emulated device and on
the CPU reference path beside torch autograd (examples/run_mul_bw.py); then a small layer's
backward chain (gelu_bw -> add_bw -> mul_bw, bias and weight broadcast) beside torch autograd
(examples/run_backward_chain.py); then a 2-layer MLP trained with torch.compile(backend="ttbw") and a
transformer block's backward (examples/train_mlp.py, examples/transformer_block_bw.py), each
region's IR per stage written under build/demo/<example>/.

Each stage is a ttbw-opt invocation; its IR is printed so the lowering can be
read stage by stage. A stage that fails stops the run with exit code 1.
"""
from __future__ import annotations

import re
import subprocess
import sys
import tempfile
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


def run_compiled(source: str) -> None:
    """`ttbw-opt --ttir-to-tensix-pipeline`, then `ttbw-run` on seeded random inputs, each
    gradient compared with torch autograd (float64) on the same rounded inputs."""
    import ml_dtypes
    import numpy as np
    import torch

    with tempfile.TemporaryDirectory(prefix="ttbw-demo-") as tmp:
        module = Path(tmp) / "compiled.mlir"
        module.write_text(run_stage(source, ["--ttir-to-tensix-pipeline"]))
        signature = re.search(r"func\.func @\w+\((.*?)\)\s*->", source).group(1)
        types = re.findall(r"tensor<([\dx]+)x(bf16|f32|complex<f32>)>", signature)
        inputs, tensors = [], []
        for k, (dims, element) in enumerate(types):
            shape = tuple(int(d) for d in dims.split("x"))
            parts = []
            for part in range(2 if element.startswith("complex") else 1):
                seed = 2 * k + part
                value = np.random.default_rng(seed).standard_normal(shape).astype(np.float32)
                if element == "bf16":
                    value = value.astype(ml_dtypes.bfloat16).astype(np.float32)
                inputs.append(f"random:{seed}")
                parts.append(torch.from_numpy(value).double())
            tensors.append(torch.complex(*parts) if len(parts) == 2 else parts[0])
        out = Path(tmp) / "out"
        result = subprocess.run([str(TOOLS / "ttbw-run"), str(module), *inputs, "-o", str(out), "--no-print"],
                                capture_output=True, text=True)
        if result.returncode != 0:
            sys.stderr.write(result.stderr)
            raise SystemExit(1)
        constant = re.search(r"arith\.constant ([-+.\deE]+) : f32", source)
        grad, a = tensors[0], tensors[1].requires_grad_()
        b = float(constant.group(1)) if constant else tensors[2].requires_grad_()
        (a * b).backward(grad)
        wants = []
        for want in (a.grad, None if constant else b.grad):
            if want is not None:
                wants += [want.real, want.imag] if want.is_complex() else [want]
        print(f"---- the compiled module run by ttbw-run {' '.join(inputs)} -o DIR, beside torch autograd (f64)")
        for k, want in enumerate(wants):
            got = torch.from_numpy(np.load(out / f"result_{k}.npy")).double().reshape(want.shape)
            err = float((got - want).abs().max())
            print(f"  result {k}: shape {list(got.shape)}, max |ttbw - torch| {err:.3g} "
                  f"(max |torch| {float(want.abs().max()):.3g})")


def main() -> int:
    for example in sorted(EXAMPLES.glob("*.mlir")):
        source = example.read_text()
        print(f"==================== {example.name}")
        ir = source
        for title, tool, args in STAGES:
            ir = run_stage(ir, args, tool)
            print(f"---- {title}: {tool} {' '.join(args)}")
            print(ir)
        run_compiled(source)
    print("==================== running ttbw.mul_bw beside torch autograd")
    subprocess.run([sys.executable, str(EXAMPLES / "run_mul_bw.py")], check=True)
    print("==================== a layer's backward chain (gelu_bw, add_bw, mul_bw) beside torch autograd")
    subprocess.run([sys.executable, str(EXAMPLES / "run_backward_chain.py")], check=True)
    # torch.compile(backend="ttbw"): each example's regions' IR per stage under build/demo/<example>/
    for example in ("train_mlp", "transformer_block_bw"):
        print(f"==================== {example}.py: torch.compile(backend='ttbw') beside eager torch", flush=True)
        subprocess.run([sys.executable, "-W", "ignore::UserWarning", str(EXAMPLES / f"{example}.py"),
                        "--ir", str(EXAMPLES.parent / "build" / "demo" / example)], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
