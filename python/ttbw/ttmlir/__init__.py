"""Bridge to the real tt-mlir (TTCore/TTKernel/TTMetal dialects, convert-ttkernel-to-emitc and
the TTKernel->C++ translation) through the C library shipped in the tt-lang 1.1.1 wheel;
`module.Module`: a module living in tt-mlir's own context (the stages after the lowering).

The library is fetched once into the project cache (`python -m ttbw.ttmlir.install`) and
loaded in-process with ctypes (RTLD_LOCAL, next to the upstream `mlir` bindings; see
test/python/ttmlir/test_coexistence.py). IR crosses between the two only as text.
"""

from .bridge import (Diagnostic, KernelSource, TTMLIRError, kernel_cpp, to_emitc, translate_file,
                     translate_kernels, verify)
from .install import ensure_library

__all__ = ["Diagnostic", "KernelSource", "TTMLIRError", "ensure_library", "kernel_cpp", "to_emitc", "translate_file",
           "translate_kernels", "verify"]
