"""Lowering of TTIR to Tensix programs (TTKernel verified and translated by the real tt-mlir);
`ttbw.execution.executor` runs what the compiler pass emits on the emulated device.

- `fusion`: a function of TTIR ops -> device linalg -> fused -> one program (`codegen`, the
  generic codegen); `describe` turns it into the host program description.
- `composite`: one program per TTIR op, intermediates in DRAM (ttnn's composite path; the
  baseline, and the lowering of a function that is not one program).
"""
from .errors import UnsupportedError  # noqa: F401
