"""Bridge to the real tt-mlir (TTCore/TTKernel/TTMetal dialects, convert-ttkernel-to-emitc and
the TTKernel->C++ translation) through the C library shipped in the tt-lang 1.1.1 wheel;
`module.Module`: a module living in tt-mlir's own context (the stages after the lowering).

The library is installed once by the set-up (`python -m ttbw.ttmlir.install`, see install.py) and
loaded in-process with ctypes (RTLD_LOCAL, next to the upstream `mlir` bindings; see
test/python/ttmlir/test_coexistence.py). IR crosses between the two only as text.
"""

import sys
from importlib import import_module

# Imported on first use (PEP 562): ttbw-opt reads `module` for every input but needs the bridge,
# the installer and their imports (zipfile, json, hashlib, subprocess) only for lowered IR.
_EXPORTS = {"KernelSource": "bridge", "TTMLIRError": "bridge", "kernel_cpp": "bridge", "to_emitc": "bridge",
            "translate_file": "bridge", "translate_kernels": "bridge", "translate_module": "bridge", "verify": "bridge",
            "installed_library": "install"}
__all__ = list(_EXPORTS)


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{_EXPORTS[name]}", __name__), name)


def is_install_error(error: BaseException) -> bool:
    """Whether `error` is an install.InstallError (the set-up was not run), without importing
    the installer: one was raised only if it is imported."""
    install = sys.modules.get(f"{__name__}.install")
    return install is not None and isinstance(error, install.InstallError)
