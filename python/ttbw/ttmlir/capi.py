"""ctypes declarations of the MLIR + tt-mlir C API exported by libTTLangPythonCAPI.so.

Every Mlir* handle is a struct holding one pointer. The library carries its own copy of
LLVM/MLIR, distinct from the upstream `mlir` Python bindings; we load it RTLD_LOCAL so its
symbols never interpose on the upstream copy (tested in test/python/ttmlir/test_coexistence.py).
"""

from __future__ import annotations

import ctypes
import threading
from pathlib import Path
from ctypes import POINTER, Structure, c_bool, c_char_p, c_int, c_int8, c_size_t, c_ssize_t as c_intptr_t, c_uint64, c_void_p



def _handle(name: str) -> type:
    return type(name, (Structure,), {"_fields_": [("ptr", c_void_p)]})


MlirContext = _handle("MlirContext")
MlirDialectRegistry = _handle("MlirDialectRegistry")
MlirModule = _handle("MlirModule")
MlirOperation = _handle("MlirOperation")
MlirBlock = _handle("MlirBlock")
MlirRegion = _handle("MlirRegion")
MlirLocation = _handle("MlirLocation")
MlirAttribute = _handle("MlirAttribute")
MlirIdentifier = _handle("MlirIdentifier")
MlirDiagnostic = _handle("MlirDiagnostic")
MlirValue = _handle("MlirValue")
MlirType = _handle("MlirType")
MlirOpPrintingFlags = _handle("MlirOpPrintingFlags")
MlirPassManager = _handle("MlirPassManager")
MlirOpPassManager = _handle("MlirOpPassManager")


class MlirStringRef(Structure):
    _fields_ = [("data", c_void_p), ("length", c_size_t)]

    @classmethod
    def of(cls, data: bytes) -> "MlirStringRef":
        # The caller must keep `data` alive for as long as the ref is used.
        return cls(ctypes.cast(c_char_p(data), c_void_p), len(data))

    def text(self) -> str:
        if not self.data or not self.length:
            return ""
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace")


# C callbacks cannot return structs through ctypes: MlirLogicalResult is {int8_t}, which the
# ABI returns exactly like an int8, so the handler is declared with an int8 result.
DiagnosticHandler = ctypes.CFUNCTYPE(c_int8, MlirDiagnostic, c_void_p)
StringCallback = ctypes.CFUNCTYPE(None, MlirStringRef, c_void_p)
DeleteUserData = ctypes.CFUNCTYPE(None, c_void_p)
WalkCallback = ctypes.CFUNCTYPE(c_int, MlirOperation, c_void_p)  # -> MlirWalkResult (0: advance)


class MlirNamedAttribute(Structure):
    _fields_ = [("name", MlirIdentifier), ("attribute", MlirAttribute)]

SEVERITY = {0: "error", 1: "warning", 2: "note", 3: "remark"}

_SIGNATURES = {
    "mlirDialectRegistryCreate": ([], MlirDialectRegistry),
    "mlirDialectRegistryDestroy": ([MlirDialectRegistry], None),
    "mlirRegisterAllDialects": ([MlirDialectRegistry], None),
    "ttmlirMinimalRegisterAllDialects": ([MlirDialectRegistry], None),
    "ttmlirMinimalRegisterPasses": ([], None),
    "mlirRegisterAllPasses": ([], None),
    "mlirContextCreateWithRegistry": ([MlirDialectRegistry, c_bool], MlirContext),
    "mlirContextDestroy": ([MlirContext], None),
    "mlirContextAttachDiagnosticHandler": ([MlirContext, DiagnosticHandler, c_void_p, DeleteUserData], c_uint64),
    "mlirModuleCreateParse": ([MlirContext, MlirStringRef], MlirModule),
    "mlirModuleDestroy": ([MlirModule], None),
    "mlirModuleGetOperation": ([MlirModule], MlirOperation),
    "mlirModuleGetBody": ([MlirModule], MlirBlock),
    "mlirOperationVerify": ([MlirOperation], c_bool),
    "mlirOperationPrint": ([MlirOperation, StringCallback, c_void_p], None),
    "mlirOperationGetName": ([MlirOperation], MlirIdentifier),
    "mlirOperationGetNextInBlock": ([MlirOperation], MlirOperation),
    "mlirOperationGetAttributeByName": ([MlirOperation, MlirStringRef], MlirAttribute),
    "mlirBlockGetFirstOperation": ([MlirBlock], MlirOperation),
    "mlirOperationGetRegion": ([MlirOperation, c_intptr_t], MlirRegion),
    "mlirRegionGetFirstBlock": ([MlirRegion], MlirBlock),
    "mlirIdentifierStr": ([MlirIdentifier], MlirStringRef),
    "mlirStringAttrGetValue": ([MlirAttribute], MlirStringRef),
    "mlirAttributeIsAString": ([MlirAttribute], c_bool),
    "mlirDiagnosticGetSeverity": ([MlirDiagnostic], c_int),
    "mlirDiagnosticGetLocation": ([MlirDiagnostic], MlirLocation),
    "mlirDiagnosticPrint": ([MlirDiagnostic, StringCallback, c_void_p], None),
    "mlirDiagnosticGetNumNotes": ([MlirDiagnostic], c_intptr_t),
    "mlirDiagnosticGetNote": ([MlirDiagnostic, c_intptr_t], MlirDiagnostic),
    "mlirLocationIsAFileLineColRange": ([MlirLocation], c_bool),
    "mlirLocationFileLineColRangeGetFilename": ([MlirLocation], MlirIdentifier),
    "mlirLocationFileLineColRangeGetStartLine": ([MlirLocation], c_int),
    "mlirLocationFileLineColRangeGetStartColumn": ([MlirLocation], c_int),
    "mlirLocationIsAName": ([MlirLocation], c_bool),
    "mlirLocationNameGetChildLoc": ([MlirLocation], MlirLocation),
    "mlirLocationIsACallSite": ([MlirLocation], c_bool),
    "mlirLocationCallSiteGetCaller": ([MlirLocation], MlirLocation),
    "mlirLocationIsAFused": ([MlirLocation], c_bool),
    "mlirLocationFusedGetNumLocations": ([MlirLocation], c_intptr_t),
    "mlirLocationFusedGetLocations": ([MlirLocation, POINTER(MlirLocation)], None),
    "mlirLocationPrint": ([MlirLocation, StringCallback, c_void_p], None),
    "mlirModuleFromOperation": ([MlirOperation], MlirModule),
    "mlirOperationPrintWithFlags": ([MlirOperation, MlirOpPrintingFlags, StringCallback, c_void_p], None),
    "mlirOpPrintingFlagsCreate": ([], MlirOpPrintingFlags),
    "mlirOpPrintingFlagsDestroy": ([MlirOpPrintingFlags], None),
    "mlirOpPrintingFlagsEnableDebugInfo": ([MlirOpPrintingFlags, c_bool, c_bool], None),
    "mlirOpPrintingFlagsPrintGenericOpForm": ([MlirOpPrintingFlags], None),
    "mlirOpPrintingFlagsUseLocalScope": ([MlirOpPrintingFlags], None),
    "mlirOpPrintingFlagsElideLargeElementsAttrs": ([MlirOpPrintingFlags, c_intptr_t], None),
    "mlirOpPrintingFlagsAssumeVerified": ([MlirOpPrintingFlags], None),
    "mlirOperationWriteBytecode": ([MlirOperation, StringCallback, c_void_p], None),
    "mlirOperationWalk": ([MlirOperation, WalkCallback, c_void_p, c_int], None),
    "mlirOperationSetLocation": ([MlirOperation, MlirLocation], None),
    "mlirOperationGetLocation": ([MlirOperation], MlirLocation),
    "mlirOperationGetNumRegions": ([MlirOperation], c_intptr_t),
    "mlirOperationGetNumOperands": ([MlirOperation], c_intptr_t),
    "mlirOperationGetOperand": ([MlirOperation, c_intptr_t], MlirValue),
    "mlirOperationGetNumResults": ([MlirOperation], c_intptr_t),
    "mlirOperationGetResult": ([MlirOperation, c_intptr_t], MlirValue),
    "mlirOperationGetNumAttributes": ([MlirOperation], c_intptr_t),
    "mlirOperationGetAttribute": ([MlirOperation, c_intptr_t], MlirNamedAttribute),
    "mlirOperationDestroy": ([MlirOperation], None),
    "mlirOperationRemoveAttributeByName": ([MlirOperation, MlirStringRef], c_bool),
    "mlirOperationMoveBefore": ([MlirOperation, MlirOperation], None),
    "mlirBlockGetNumArguments": ([MlirBlock], c_intptr_t),
    "mlirBlockGetArgument": ([MlirBlock, c_intptr_t], MlirValue),
    "mlirBlockGetNextInRegion": ([MlirBlock], MlirBlock),
    "mlirBlockArgumentSetLocation": ([MlirValue, MlirLocation], None),
    "mlirBlockArgumentGetArgNumber": ([MlirValue], c_intptr_t),
    "mlirValueIsABlockArgument": ([MlirValue], c_bool),
    "mlirValueGetType": ([MlirValue], MlirType),
    "mlirTypePrint": ([MlirType, StringCallback, c_void_p], None),
    "mlirAttributePrint": ([MlirAttribute, StringCallback, c_void_p], None),
    "mlirAttributeIsAInteger": ([MlirAttribute], c_bool),
    "mlirAttributeIsABool": ([MlirAttribute], c_bool),
    "mlirAttributeIsAFloat": ([MlirAttribute], c_bool),
    "mlirAttributeIsAArray": ([MlirAttribute], c_bool),
    "mlirAttributeIsADictionary": ([MlirAttribute], c_bool),
    "mlirAttributeIsASymbolRef": ([MlirAttribute], c_bool),
    "mlirSymbolRefAttrGetRootReference": ([MlirAttribute], MlirStringRef),
    "mlirSymbolRefAttrGetNumNestedReferences": ([MlirAttribute], c_intptr_t),
    "mlirSymbolRefAttrGetNestedReference": ([MlirAttribute, c_intptr_t], MlirAttribute),
    "mlirFlatSymbolRefAttrGetValue": ([MlirAttribute], MlirStringRef),
    "mlirAttributeEqual": ([MlirAttribute, MlirAttribute], c_bool),
    "mlirTypeEqual": ([MlirType, MlirType], c_bool),
    "mlirTypeIsAMemRef": ([MlirType], c_bool),
    "mlirShapedTypeGetRank": ([MlirType], ctypes.c_int64),
    "mlirShapedTypeGetDimSize": ([MlirType, c_intptr_t], ctypes.c_int64),
    "mlirShapedTypeGetElementType": ([MlirType], MlirType),
    "mlirMemRefTypeGetMemorySpace": ([MlirType], MlirAttribute),
    "mlirAttributeIsADenseI64Array": ([MlirAttribute], c_bool),
    "mlirAttributeIsADenseI32Array": ([MlirAttribute], c_bool),
    "mlirIntegerAttrGetValueSInt": ([MlirAttribute], ctypes.c_int64),
    "mlirIntegerAttrGetValueInt": ([MlirAttribute], ctypes.c_int64),
    "mlirIntegerAttrGetValueUInt": ([MlirAttribute], ctypes.c_uint64),
    "mlirAttributeGetType": ([MlirAttribute], MlirType),
    "mlirIntegerTypeIsSigned": ([MlirType], c_bool),
    "mlirIntegerTypeIsUnsigned": ([MlirType], c_bool),
    "mlirTypeIsAInteger": ([MlirType], c_bool),
    "mlirBoolAttrGetValue": ([MlirAttribute], c_bool),
    "mlirFloatAttrGetValueDouble": ([MlirAttribute], ctypes.c_double),
    "mlirArrayAttrGetNumElements": ([MlirAttribute], c_intptr_t),
    "mlirArrayAttrGetElement": ([MlirAttribute, c_intptr_t], MlirAttribute),
    "mlirDictionaryAttrGetNumElements": ([MlirAttribute], c_intptr_t),
    "mlirDictionaryAttrGetElement": ([MlirAttribute, c_intptr_t], MlirNamedAttribute),
    "mlirDenseArrayGetNumElements": ([MlirAttribute], c_intptr_t),
    "mlirDenseI64ArrayGetElement": ([MlirAttribute, c_intptr_t], ctypes.c_int64),
    "mlirDenseI32ArrayGetElement": ([MlirAttribute, c_intptr_t], ctypes.c_int32),
    "mlirLocationFileLineColGet": ([MlirContext, MlirStringRef, ctypes.c_uint, ctypes.c_uint], MlirLocation),
    "mlirLocationUnknownGet": ([MlirContext], MlirLocation),
    "mlirPassManagerCreateOnOperation": ([MlirContext, MlirStringRef], MlirPassManager),
    "mlirPassManagerDestroy": ([MlirPassManager], None),
    "mlirPassManagerGetAsOpPassManager": ([MlirPassManager], MlirOpPassManager),
    "mlirPassManagerEnableVerifier": ([MlirPassManager, c_bool], None),
    "mlirPassManagerRunOnOp": ([MlirPassManager, MlirOperation], c_int8),
    "mlirParsePassPipeline": ([MlirOpPassManager, MlirStringRef, StringCallback, c_void_p], c_int8),
    "mlirContextEnableMultithreading": ([MlirContext, c_bool], None),
    "ttmlirMinimalRunTTKernelToEmitC": ([MlirModule], c_bool),
    "ttmlirMinimalTranslateKernelToCpp": ([MlirModule, c_char_p], c_void_p),
}

_lock = threading.Lock()
_lib: ctypes.CDLL | None = None
_libc = ctypes.CDLL(None)
_libc.free.argtypes = [c_void_p]
_libc.free.restype = None


def declare(signatures: dict) -> None:
    """Adds C functions (name -> (argument types, result type)) to the declared ones: a module
    using more of the C API declares it next to its use."""
    with _lock:
        _SIGNATURES.update(signatures)
        if _lib is not None:
            _apply(_lib, signatures)


def _apply(lib, signatures: dict) -> None:
    for name, (args, res) in signatures.items():
        fn = getattr(lib, name)
        fn.argtypes = args
        fn.restype = res


def library() -> ctypes.CDLL:
    """Load (once) and declare the tt-mlir C library (installed by the set-up; InstallError if not)."""
    global _lib
    with _lock:
        if _lib is None:
            from .install import installed_library  # here: the installer's imports only when loading

            lib = ctypes.CDLL(str(installed_library()), mode=ctypes.RTLD_LOCAL)
            _apply(lib, _SIGNATURES)
            lib.ttmlirMinimalRegisterPasses()
            lib.mlirRegisterAllPasses()  # upstream passes (cse, canonicalize, ...) after the lowering
            _lib = lib
        return _lib


class _StringSink(Structure):
    _fields_ = [("data", c_void_p), ("length", c_size_t), ("capacity", c_size_t), ("failed", c_int)]


_sink: tuple | None = None


def _string_sink() -> tuple:
    """(the C append callback, the release function) of the string sink helper (built once)."""
    global _sink
    with _lock:
        if _sink is None:
            from ttbw.support.native_build import helper_library

            helper = ctypes.CDLL(str(helper_library(Path(__file__).with_name("string_sink.cpp"))))
            helper.ttbw_string_sink_release.argtypes = [POINTER(_StringSink)]
            helper.ttbw_string_sink_release.restype = None
            append = ctypes.cast(helper.ttbw_string_sink_append, c_void_p).value
            _sink = (StringCallback(append), helper.ttbw_string_sink_release)
        return _sink


def print_to_string(printer, handle) -> str:
    """What an MLIR C API printer (mlirOperationPrint, mlirDiagnosticPrint, ...) prints for
    `handle`, accumulated on the C side: no call into Python per printed fragment."""
    return print_to_bytes(printer, handle).decode("utf-8", "replace")


def print_to_bytes(printer, handle) -> bytes:
    """print_to_string's bytes, as printed (e.g. MLIR bytecode)."""
    append, release = _string_sink()
    sink = _StringSink()
    try:
        printer(handle, append, ctypes.addressof(sink))
        if sink.failed:
            raise MemoryError("out of memory while printing MLIR text")
        return ctypes.string_at(sink.data, sink.length) if sink.length else b""
    finally:
        release(ctypes.byref(sink))


def take_c_string(ptr: int | None) -> str | None:
    """Copy and free a malloc'd C string returned by the library."""
    if not ptr:
        return None
    try:
        return ctypes.string_at(ptr).decode("utf-8", "replace")
    finally:
        _libc.free(ptr)
