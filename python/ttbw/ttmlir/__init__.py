"""Bridge to the real tt-mlir (TTCore/TTKernel/TTMetal dialects, convert-ttkernel-to-emitc and
the TTKernel->C++ translation) through the C library shipped in the tt-lang 1.1.1 wheel;
`module.Module`: a module living in tt-mlir's own context (the stages after the lowering).

The library is installed once by the set-up (`python -m ttbw.ttmlir.install`, see install.py) and
loaded in-process with ctypes (RTLD_LOCAL, next to the upstream `mlir` bindings; see
test/python/ttmlir/test_coexistence.py). IR crosses between the two only as text.
"""

from .bridge import KernelSource, TTMLIRError, kernel_cpp, to_emitc, translate_file, translate_kernels, verify
from .install import installed_library

__all__ = ["KernelSource", "TTMLIRError", "installed_library", "kernel_cpp", "to_emitc", "translate_file",
           "translate_kernels", "verify"]
