"""The `ttir` dialect: ODS definitions (TTIR*.td) and C++ verifiers/folders, built by CMake
into `build/dialect/` (a shared library + generated Python op classes), the code that
loads it into MLIR contexts, and tensor-type helpers."""
from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
# The CMake build directory of this checkout (tools/setup-env.sh builds the dialect there).
BUILD_DIR = Path(os.environ.get("TTBW_BUILD_DIR", ROOT / "build"))
LIBRARY = BUILD_DIR / "dialect" / "libTTBWDialect.so"
OPS_MODULE = BUILD_DIR / "dialect" / "_ttir_ops_gen.py"

_CAPSULE_NAME = b"mlir.ir.Context._CAPIPtr"
_OPERATION_CAPSULE = b"mlir.ir.Operation._CAPIPtr"
_TYPE_CAPSULE = b"mlir.ir.Type._CAPIPtr"


class _Handle(ctypes.Structure):
    """An MLIR C API handle (MlirContext, MlirOperation, MlirType): one pointer."""
    _fields_ = [("ptr", ctypes.c_void_p)]


class _MlirStringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


class _TensorDesc(ctypes.Structure):  # TtbwTensorDesc (TTIRVerify.cpp)
    _fields_ = [("element", ctypes.c_char * 8), ("data_type", ctypes.c_char * 16),
                ("layout", ctypes.c_char * 16), ("is_complex", ctypes.c_int)]


# ttbwCheckTTIROpNames' report: op name, file, line, column, suggested name (TTMLIROpNames.cpp)
_UNKNOWN_OP_REPORT = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint, ctypes.c_uint,
                                      ctypes.c_char_p)
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
        library.ttbwLoadTTIRDialect.argtypes = [_Handle]
        library.ttbwLoadTTIRDialect.restype = None
        library.ttbwRenameLocationFile.argtypes = [_Handle, _MlirStringRef, _MlirStringRef]
        library.ttbwRenameLocationFile.restype = None
        library.ttbwDescribeTensorType.argtypes = [
            _Handle, ctypes.POINTER(_TensorDesc), ctypes.c_char_p, ctypes.c_size_t,
            ctypes.POINTER(ctypes.c_size_t)]
        library.ttbwDescribeTensorType.restype = ctypes.c_bool
        library.ttbwPrintOperation.argtypes = [_Handle, ctypes.c_char_p, ctypes.c_bool, ctypes.c_bool, ctypes.c_bool,
                                               ctypes.c_int64, ctypes.c_bool]
        library.ttbwPrintOperation.restype = ctypes.c_bool
        library.ttbwLogActions.argtypes = [_Handle, ctypes.c_int]
        library.ttbwLogActions.restype = None
        library.ttbwTTMLIROpsCommit.argtypes = []
        library.ttbwTTMLIROpsCommit.restype = ctypes.c_char_p
        library.ttbwIsTTMLIROp.argtypes = [_MlirStringRef]
        library.ttbwIsTTMLIROp.restype = ctypes.c_bool
        library.ttbwSuggestTTIROp.argtypes = [_Handle, _MlirStringRef, ctypes.c_char_p, ctypes.c_size_t]
        library.ttbwSuggestTTIROp.restype = ctypes.c_size_t
        library.ttbwCheckTTIROpNames.argtypes = [_Handle, _UNKNOWN_OP_REPORT]
        library.ttbwCheckTTIROpNames.restype = ctypes.c_size_t
        _library = library
    return _library


def _capsule_pointer(capsule, name: bytes) -> int:
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype = ctypes.c_void_p
    get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    return get_pointer(capsule, name)


def load_ttir(context) -> None:
    """Loads the `ttir` dialect into `context` (a no-op when it is loaded already)."""
    _dialect_library().ttbwLoadTTIRDialect(_Handle(_capsule_pointer(context._CAPIPtr, _CAPSULE_NAME)))


def rename_location_file(operation, old: str, new: str) -> None:
    """Gives every file location named `old` under `operation` (an ir.Operation), of its ops
    and block arguments, the file name `new` (same line and column)."""
    pointer = _capsule_pointer(operation._CAPIPtr, _OPERATION_CAPSULE)
    _dialect_library().ttbwRenameLocationFile(_Handle(pointer), _string_ref(old), _string_ref(new))


def _string_ref(text: str) -> _MlirStringRef:
    data = text.encode("utf-8", "surrogateescape")
    return _MlirStringRef(data, len(data))


class UnknownOp(NamedTuple):
    """An op named `ttir.*` that neither ttbw nor tt-mlir defines, where it is (file "" and
    line 0 if it has no file location) and the closest name that exists ("" if none is close)."""
    name: str
    file: str
    line: int
    col: int
    suggestion: str


def print_operation(operation, path: str, enable_debug_info=False, print_generic_op_form=False,
                    use_local_scope=False, large_elements_limit: int | None = None, print_value_users=False) -> None:
    """Prints `operation` (an ir.Operation) into the file at `path` as Operation.print does, with
    --mlir-print-value-users too (the bindings lack it). Raises OSError if it cannot."""
    pointer = _capsule_pointer(operation._CAPIPtr, _OPERATION_CAPSULE)
    limit = -1 if large_elements_limit is None else large_elements_limit
    if not _dialect_library().ttbwPrintOperation(_Handle(pointer), path.encode(), enable_debug_info,
                                                 print_generic_op_form, use_local_scope, limit, print_value_users):
        raise OSError(f"cannot print the IR into {path}")


def log_actions(context, fd: int) -> None:
    """Logs every action MLIR runs in `context` to the open file `fd` (--log-actions-to)."""
    _dialect_library().ttbwLogActions(_Handle(_capsule_pointer(context._CAPIPtr, _CAPSULE_NAME)), fd)


def ttmlir_ops_commit() -> str:
    """The tt-mlir commit whose TTIR op names ttbw accepts (dialect/TTMLIROpNames.inc)."""
    return _dialect_library().ttbwTTMLIROpsCommit().decode()


def is_ttmlir_op(name: str) -> bool:
    """True if `name` (`ttir.x`) is one of tt-mlir's TTIR ops at that commit."""
    return _dialect_library().ttbwIsTTMLIROp(_string_ref(name))


def suggest_ttir_op(context, name: str) -> str:
    """The ttir op name (of ttbw's or tt-mlir's) closest to `name`, or "" if none is close."""
    handle = _Handle(_capsule_pointer(context._CAPIPtr, _CAPSULE_NAME))
    out = ctypes.create_string_buffer(256)
    length = _dialect_library().ttbwSuggestTTIROp(handle, _string_ref(name), out, len(out))
    return out.value.decode() if 0 < length < len(out) else ""


def unknown_ttir_ops(operation) -> list[UnknownOp]:
    """The ops under `operation` (an ir.Operation) named `ttir.*` that neither ttbw nor
    tt-mlir defines (the dialect lets unknown ops parse so that tt-mlir's do), in IR order."""
    found: list[UnknownOp] = []

    def report(name, file, line, col, suggestion):
        found.append(UnknownOp(name.decode("utf-8", "replace"), file.decode("utf-8", "surrogateescape"), line,
                               col, suggestion.decode()))

    pointer = _capsule_pointer(operation._CAPIPtr, _OPERATION_CAPSULE)
    _dialect_library().ttbwCheckTTIROpNames(_Handle(pointer), _UNKNOWN_OP_REPORT(report))
    return found


def describe_tensor_type(type_) -> tuple[str, bool, str, str] | str:
    """(element, is complex, data type, layout) of a tensor type as the dialect's verifiers read
    it, or the rule it breaks (a message)."""
    handle = _Handle(_capsule_pointer(type_._CAPIPtr, _TYPE_CAPSULE))
    desc, length, size = _TensorDesc(), ctypes.c_size_t(), 1024
    while True:
        error = ctypes.create_string_buffer(size)
        if _dialect_library().ttbwDescribeTensorType(handle, ctypes.byref(desc), error, size,
                                                     ctypes.byref(length)):
            return (desc.element.decode(), bool(desc.is_complex), desc.data_type.decode(),
                    desc.layout.decode())
        if length.value < size:
            return error.value.decode("utf-8", "replace")
        size = length.value + 1


# The upstream dialects ttbw's Python code builds ops of, loaded into every new context. Creating
# an op of a dialect that is registered but not loaded aborts the process; the others load on
# demand (the parser loads what it reads, a pass manager what its passes depend on). Loading
# every registered dialect instead (the bindings' default) costs ~9 ms more per context.
LOADED_DIALECTS = ("builtin", "func", "arith", "math", "linalg", "tensor", "bufferization")


def make_context():
    """A new MLIR context with the upstream dialects (LOADED_DIALECTS loaded, the others on
    demand) and `ttir` loaded."""
    from mlir import ir
    from mlir._mlir_libs import _mlir

    global _search_prefix_added
    if not _search_prefix_added:
        # ttbw.mlir_dialects first: its `ttir` op classes wrap ttir ops, and its `linalg` (the op
        # classes without upstream's eDSL of named ops, 100-300 ms to import) is what the first
        # linalg attribute or op the bindings meet imports; other dialects fall through to mlir.dialects.
        searched = list(_mlir.globals.dialect_search_modules)
        _mlir.globals.dialect_search_modules = ["ttbw.mlir_dialects", *(m for m in searched if m != "ttbw.mlir_dialects")]
        _search_prefix_added = True
    context = ir.Context(load_on_create_dialects=[])
    for name in LOADED_DIALECTS:  # the C++ dialect only (`context.dialects[name]` imports its Python module)
        context.get_dialect_descriptor(name)
    context.allow_unregistered_dialects = False
    load_ttir(context)
    return context
