"""Lowering of ttir ops to Tensix programs (TTKernel verified and translated by the real
tt-mlir); `ttbw.executor` runs what the compiler pass emits on the emulated device.

- `mul_bw_program` (with `mul_bw_two_sided`, `mul_bw_complex`, `mul_bw_row_major`): one
  verified `ttir.mul_bw` op -> reader/compute/writer TTKernel IR and a host `Program` with
  per-core runtime args; `describe` turns it into the host program description.
- `composite`: one program per TTIR op of the decomposition, intermediates in DRAM (ttnn's
  composite path; the baseline).
"""
from .mul_bw_program import UnsupportedError, analyze, build_program, kernel_sources  # noqa: F401
