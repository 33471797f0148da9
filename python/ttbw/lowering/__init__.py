"""Lowering of ttir ops to fused Tensix programs (TTKernel verified and translated by the
real tt-mlir) that run on the emulated device (`ttbw.runtime`).

- `mul_bw_program`: one verified `ttir.mul_bw` op -> reader/compute/writer TTKernel IR,
  C++ (via tt-mlir) and a host `Program` with per-core runtime args.
- `run`: `run_on_device(op_ir_text, inputs)` allocates, uploads, runs and downloads.
- `composite`: `run_composite` (`run_on_device(..., fuse=False)`): one program per TTIR op of
  the decomposition, intermediates in DRAM (ttnn's composite path; the baseline).
"""
from .mul_bw_program import UnsupportedError, analyze, build_program, kernel_sources  # noqa: F401
from .run import run_on_device  # noqa: F401
