"""The `ttir` dialect: ODS definitions (TTIR*.td) and C++ verifiers/folders, built by CMake
into `build/dialect/` (a shared library + generated Python op classes), the code that
loads it into MLIR contexts, and tensor-type helpers."""
from __future__ import annotations

import ctypes
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The CMake build directory of this checkout (tools/setup-env.sh builds the dialect there).
BUILD_DIR = Path(os.environ.get("TTBW_BUILD_DIR", ROOT / "build"))
LIBRARY = BUILD_DIR / "dialect" / "libTTBWDialect.so"
OPS_MODULE = BUILD_DIR / "dialect" / "_ttir_ops_gen.py"

_CAPSULE_NAME = b"mlir.ir.Context._CAPIPtr"
_OPERATION_CAPSULE = b"mlir.ir.Operation._CAPIPtr"


class _MlirContext(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]


class _MlirOperation(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]


class _MlirStringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


_library = None
_search_prefix_added = False


def _dialect_library():
    global _library
    if _library is None:
        import mlir.ir  # noqa: F401  (loads libMLIRPythonCAPI.so, which the library links to)

        if not LIBRARY.exists():
            raise RuntimeError(
                f"the ttir dialect is not built ({LIBRARY} is missing): run tools/setup-env.sh "
                "or `cmake --build build --target TTBWDialect`")
        library = ctypes.CDLL(str(LIBRARY))
        library.ttbwLoadTTIRDialect.argtypes = [_MlirContext]
        library.ttbwLoadTTIRDialect.restype = None
        library.ttbwRenameLocationFile.argtypes = [_MlirOperation, _MlirStringRef, _MlirStringRef]
        library.ttbwRenameLocationFile.restype = None
        _library = library
    return _library


def _capsule_pointer(capsule, name: bytes) -> int:
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype = ctypes.c_void_p
    get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    return get_pointer(capsule, name)


def load_ttir(context) -> None:
    """Loads the `ttir` dialect into `context` (a no-op when it is loaded already)."""
    _dialect_library().ttbwLoadTTIRDialect(_MlirContext(_capsule_pointer(context._CAPIPtr, _CAPSULE_NAME)))


def rename_location_file(operation, old: str, new: str) -> None:
    """Gives every file location named `old` under `operation` (an ir.Operation), of its ops
    and block arguments, the file name `new` (same line and column)."""
    def string(text: str) -> _MlirStringRef:
        data = text.encode("utf-8", "surrogateescape")
        return _MlirStringRef(data, len(data))

    pointer = _capsule_pointer(operation._CAPIPtr, _OPERATION_CAPSULE)
    _dialect_library().ttbwRenameLocationFile(_MlirOperation(pointer), string(old), string(new))


def make_context():
    """A new MLIR context with the upstream dialects and `ttir` loaded."""
    from mlir import ir
    from mlir._mlir_libs import _mlir

    global _search_prefix_added
    if not _search_prefix_added:  # ttir's Python op classes (ttbw.mlir_dialects.ttir) wrap ttir ops
        _mlir.globals.append_dialect_search_prefix("ttbw.mlir_dialects")
        _search_prefix_added = True
    context = ir.Context()
    context.allow_unregistered_dialects = False
    load_ttir(context)
    return context
