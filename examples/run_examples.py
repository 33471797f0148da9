"""The main job: every example in examples/ through every stage that exists,
down to the kernels' C++, then ttbw.mul_bw run on the emulated device and on the
CPU reference path beside torch autograd (examples/run_mul_bw.py).

Each stage is a ttbw-opt invocation; its IR is printed so the lowering can be
read stage by stage. A stage that fails stops the run with exit code 1.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent
TOOLS = Path(sys.executable).parent

# (title, tool, arguments) applied one after the other to the example: the stages of
# --ttir-to-tensix-pipeline="emitc=true", then the kernels' C++.
STAGES = [
    ("parsed and verified ttir.mul_bw", "ttbw-opt", []),
    ("decomposed into ttir.multiply", "ttbw-opt", ["--ttir-decompose-mul-bw"]),
    ("broadcast gradients reduced", "ttbw-opt", ["--ttir-reduce-broadcast-grads"]),
    ("complex tensors expanded into (real, imag)", "ttbw-opt", ["--ttir-expand-complex"]),
    ("canonicalized and CSE-d: tt-mlir TTIR", "ttbw-opt", ["--canonicalize", "--cse"]),
    ("one fused Tensix program: TTKernel reader/compute/writer (verified by tt-mlir)",
     "ttbw-opt", ["--convert-ttir-to-ttkernel"]),
    ("EmitC from tt-mlir's convert-ttkernel-to-emitc", "ttbw-opt",
     ["--allow-unregistered-dialect", "--convert-ttkernel-to-emitc"]),
    ("kernel C++ from tt-mlir's TTKernel->C++ translation", "ttbw-translate", ["--ttkernel-to-cpp"]),
]


def run_stage(ir: str, args: list[str], tool: str = "ttbw-opt") -> str:
    result = subprocess.run([str(TOOLS / tool), *args, "-"], input=ir,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stderr)
        raise SystemExit(1)
    return result.stdout


def main() -> int:
    for example in sorted(EXAMPLES.glob("*.mlir")):
        source = example.read_text()
        print(f"==================== {example.name}")
        ir = source
        for title, tool, args in STAGES:
            ir = run_stage(ir, args, tool)
            print(f"---- {title}: {tool} {' '.join(args)}")
            print(ir)
    print("==================== running ttbw.mul_bw beside torch autograd")
    subprocess.run([sys.executable, str(EXAMPLES / "run_mul_bw.py")], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
