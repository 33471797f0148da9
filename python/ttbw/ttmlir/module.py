"""A module living in tt-mlir's own MLIR context (the C library's), for the stages after the
lowering: TTKernel / TTMetal / EmitC ops are registered there, so they parse, verify and print
in tt-mlir's own syntax with no unregistered-dialect switch.

`Module` mirrors what ttbw's drivers use of an upstream `mlir.ir.Module` (`operation.get_asm`,
`operation.verify` as `verify()`, `write_bytecode`), runs pass pipelines in its context, and
exposes a read-only walk (`Op`) for the executor. Objects never cross to the upstream bindings:
IR moves between the two as text. Diagnostics are ttbw's `Diagnostic` records, with MLIR's
notes (e.g. "see current operation") kept.
"""
from __future__ import annotations

import threading

from ttbw.support.diagnostics import Diagnostic, DiagnosticError, SourceLoc
from ttbw.support.parser_guard import refuse_parser_crashes

from . import capi
from .capi import MlirStringRef

_PARSE_BUFFER = ""  # the buffer name mlirModuleCreateParse gives its source
_KERNEL_FUNCTIONS = ("func.func", "emitc.func")


class Module:
    """One tt-mlir context holding one module. `filename` names the source in diagnostics."""

    def __init__(self, filename: str = "<ttmlir>", threading_enabled: bool = True):
        self.lib = capi.library()
        self.filename = filename
        self.diagnostics: list[Diagnostic] = []
        self._lock = threading.Lock()
        registry = self.lib.mlirDialectRegistryCreate()
        self.lib.mlirRegisterAllDialects(registry)
        self.lib.ttmlirMinimalRegisterAllDialects(registry)
        self.ctx = self.lib.mlirContextCreateWithRegistry(registry, False)
        self.lib.mlirDialectRegistryDestroy(registry)
        if not threading_enabled:
            self.lib.mlirContextEnableMultithreading(self.ctx, False)
        self._handler = capi.DiagnosticHandler(self._on_diagnostic)  # alive as long as the context
        self._noop_delete = capi.DeleteUserData(lambda _ud: None)
        self.lib.mlirContextAttachDiagnosticHandler(self.ctx, self._handler, None, self._noop_delete)
        self.handle = None

    # ------------------------------------------------------------------ lifetime

    @classmethod
    def parse(cls, text, filename: str = "<ttmlir>", first_line: int = 1, threading_enabled: bool = True):
        """Parses (and verifies) `text` (str, or bytes: text or MLIR bytecode) starting at line
        `first_line` of `filename`. Raises DiagnosticError."""
        if isinstance(text, bytes):
            data = text
        else:  # text read byte for byte (surrogateescape): refused first where the parser would crash
            padded = "\n" * (first_line - 1) + text
            refuse_parser_crashes(padded, filename)
            data = padded.encode("utf-8", "surrogateescape")
        module = cls(filename, threading_enabled)
        module.diagnostics.clear()
        handle = module.lib.mlirModuleCreateParse(module.ctx, MlirStringRef.of(data))
        if not handle.ptr:
            errors = module._errors() or [Diagnostic("error", SourceLoc(filename, first_line, 1),
                                                     "failed to parse the input (the parser gave no diagnostic)")]
            module.close()
            raise DiagnosticError(errors)
        module.handle = handle
        return module

    @classmethod
    def create(cls, filename: str = "<ttmlir>", threading_enabled: bool = True):
        """An empty module (to build into: `ttbw.ttmlir.builder`)."""
        from . import builder  # noqa: F401  (declares the C functions used here)

        module = cls(filename, threading_enabled)
        module.handle = module.lib.mlirModuleCreateEmpty(module.lib.mlirLocationUnknownGet(module.ctx))
        return module

    def close(self) -> None:
        if self.handle is not None and self.handle.ptr:
            self.lib.mlirModuleDestroy(self.handle)
        self.handle = None
        if self.ctx is not None:
            self.lib.mlirContextDestroy(self.ctx)
            self.ctx = None

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 -- interpreter shutdown
            pass

    # ------------------------------------------------------------------ the ir.Module surface

    @property
    def operation(self) -> "Module":
        return self  # drivers print / verify `module.operation`

    @property
    def context(self) -> "Module":
        return self

    @property
    def _op(self):
        return self.lib.mlirModuleGetOperation(self.handle)

    def get_asm(self, enable_debug_info=False, print_generic_op_form=False, use_local_scope=False,
                large_elements_limit=None, assume_verified=False, **_ignored) -> str:
        lib = self.lib
        flags = lib.mlirOpPrintingFlagsCreate()
        try:
            if enable_debug_info:
                lib.mlirOpPrintingFlagsEnableDebugInfo(flags, True, False)
            if print_generic_op_form:
                lib.mlirOpPrintingFlagsPrintGenericOpForm(flags)
            if use_local_scope:
                lib.mlirOpPrintingFlagsUseLocalScope(flags)
            if large_elements_limit is not None:
                lib.mlirOpPrintingFlagsElideLargeElementsAttrs(flags, int(large_elements_limit))
            if assume_verified:
                lib.mlirOpPrintingFlagsAssumeVerified(flags)
            text = capi.print_to_string(lambda op, cb, ud: lib.mlirOperationPrintWithFlags(op, flags, cb, ud),
                                        self._op)
        finally:
            lib.mlirOpPrintingFlagsDestroy(flags)
        return text if text.endswith("\n") else text + "\n"

    def __str__(self) -> str:
        return self.get_asm()

    def write_bytecode(self, stream) -> None:
        stream.write(capi.print_to_bytes(self.lib.mlirOperationWriteBytecode, self._op))

    def verify(self) -> list[Diagnostic]:
        """MLIR's verifier (tt-mlir's op verifiers): the diagnostics, [] when valid."""
        with self._lock:
            self.diagnostics.clear()
            if self.lib.mlirOperationVerify(self._op):
                return []
            return self._errors() or [Diagnostic("error", SourceLoc(self.filename, 0, 0), "verification failed")]

    def run_pipeline(self, pipeline: str, verify: bool = True) -> None:
        """Runs a textual pipeline (`builtin.module(...)`) with tt-mlir's PassManager (upstream
        and tt-mlir passes). Raises DiagnosticError."""
        lib = self.lib
        with self._lock:
            self.diagnostics.clear()
            pm = lib.mlirPassManagerCreateOnOperation(self.ctx, MlirStringRef.of(b"builtin.module"))
            try:
                lib.mlirPassManagerEnableVerifier(pm, bool(verify))
                errors: list[str] = []
                sink = capi.StringCallback(lambda ref, _ud: errors.append(ref.text()))
                data = pipeline.encode()
                if not lib.mlirParsePassPipeline(lib.mlirPassManagerGetAsOpPassManager(pm), MlirStringRef.of(data),
                                                 sink, None):
                    raise DiagnosticError([Diagnostic("error", SourceLoc(self.filename, 0, 0),
                                                      f"invalid pass pipeline for tt-mlir: {''.join(errors).strip()}")])
                if not lib.mlirPassManagerRunOnOp(pm, self._op):
                    raise DiagnosticError(self._errors() or [
                        Diagnostic("error", SourceLoc(self.filename, 0, 0), f"pipeline '{pipeline}' failed")])
            finally:
                lib.mlirPassManagerDestroy(pm)

    def to_emitc(self, nested=None) -> None:
        """tt-mlir's convert-ttkernel-to-emitc on the whole module (or on `nested`, a module op
        inside it: an `Op`). Raises DiagnosticError."""
        handle = self.handle if nested is None else self.lib.mlirModuleFromOperation(nested.handle)
        with self._lock:
            self.diagnostics.clear()
            if not self.lib.ttmlirMinimalRunTTKernelToEmitC(handle):
                raise DiagnosticError(self._errors() or [
                    Diagnostic("error", SourceLoc(self.filename, 0, 0), "convert-ttkernel-to-emitc failed")])

    # ------------------------------------------------------------------ building

    def append(self, op) -> None:
        """Appends a created (unowned) operation to the module's body."""
        self.lib.mlirBlockAppendOwnedOperation(self.lib.mlirModuleGetBody(self.handle), op)

    def set_attribute(self, name: str, attr) -> None:
        data = name.encode()
        self.lib.mlirOperationSetAttributeByName(self._op, MlirStringRef.of(data), attr)

    # ------------------------------------------------------------------ reading

    def body(self) -> list["Op"]:
        """The module's top-level operations."""
        return Op(self, self._op).ops()

    def relocate(self, symbols, filename: str, line: int, col: int) -> None:
        """Gives every op (and block argument) under the top-level ops named `symbols` the
        location file:line:col (IR generated from text points at its source)."""
        lib = self.lib
        name = filename.encode()
        loc = lib.mlirLocationFileLineColGet(self.ctx, MlirStringRef.of(name), line, col)

        def visit(op, _ud):
            lib.mlirOperationSetLocation(op, loc)
            for r in range(lib.mlirOperationGetNumRegions(op)):
                block = lib.mlirRegionGetFirstBlock(lib.mlirOperationGetRegion(op, r))
                while block.ptr:
                    for a in range(lib.mlirBlockGetNumArguments(block)):
                        lib.mlirBlockArgumentSetLocation(lib.mlirBlockGetArgument(block, a), loc)
                    block = lib.mlirBlockGetNextInRegion(block)
            return 0

        callback = capi.WalkCallback(visit)
        for op in self.body():
            if op.attributes.get("sym_name") in symbols:
                lib.mlirOperationWalk(op.handle, callback, None, 1)

    # ------------------------------------------------------------------ kernels

    def kernel_names(self) -> list[str]:
        """Symbol names of the top-level kernel functions (a func with `ttkernel.thread`)."""
        return kernel_names(self.body())

    def program_modules(self) -> list["Op"]:
        """The top-level `module`s holding kernel functions: one per program, as
        --convert-linalg-to-ttkernel emits them."""
        return [op for op in self.body() if op.name == "builtin.module" and kernel_names(op.ops())]

    def kernel_to_cpp(self, name: str, nested=None) -> str:
        """tt-mlir's C++ translation of the top-level kernel `name` (of `nested`, a module op
        inside this one, when given; its EmitC form: run `to_emitc` first). Raises
        DiagnosticError."""
        handle = self.handle if nested is None else self.lib.mlirModuleFromOperation(nested.handle)
        with self._lock:
            self.diagnostics.clear()
            text = capi.take_c_string(self.lib.ttmlirMinimalTranslateKernelToCpp(handle, name.encode()))
            if text is None:
                raise DiagnosticError(self._errors() or [Diagnostic(
                    "error", SourceLoc(self.filename, 0, 0), f"failed to translate kernel '{name}' to C++")])
            return text

    # ------------------------------------------------------------------ diagnostics

    def _on_diagnostic(self, diag, _user_data) -> int:
        try:
            self.diagnostics.append(self._convert(diag))
        except Exception as exc:  # noqa: BLE001 -- never unwind through C++
            self.diagnostics.append(Diagnostic("error", SourceLoc(self.filename, 0, 0), f"(diagnostic lost: {exc})"))
        return 1  # handled

    def _convert(self, diag) -> Diagnostic:
        lib = self.lib
        severity = capi.SEVERITY.get(lib.mlirDiagnosticGetSeverity(diag), "error")
        message = capi.print_to_string(lib.mlirDiagnosticPrint, diag)
        where = _file_location(lib, lib.mlirDiagnosticGetLocation(diag))
        notes = [self._convert(lib.mlirDiagnosticGetNote(diag, i)) for i in range(lib.mlirDiagnosticGetNumNotes(diag))]
        if where is None:
            return Diagnostic(severity, SourceLoc(self.filename, 0, 0), message, notes)
        name, line, col = where
        return Diagnostic(severity, SourceLoc(self.filename if name in (_PARSE_BUFFER, "-") else name, line, col),
                          message, notes)

    def _errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]


class Op:
    """A read-only view of one operation of a `Module` (valid while the module lives)."""

    def __init__(self, module: Module, handle):
        self.module, self.handle = module, handle
        lib = module.lib
        self.name = lib.mlirIdentifierStr(lib.mlirOperationGetName(handle)).text()

    def ops(self, region: int = 0) -> list["Op"]:
        """The operations of the first block of region `region`."""
        lib = self.module.lib
        if lib.mlirOperationGetNumRegions(self.handle) <= region:
            return []
        block = lib.mlirRegionGetFirstBlock(lib.mlirOperationGetRegion(self.handle, region))
        out = []
        op = lib.mlirBlockGetFirstOperation(block) if block.ptr else capi.MlirOperation()
        while op.ptr:
            out.append(Op(self.module, op))
            op = lib.mlirOperationGetNextInBlock(op)
        return out

    def asm(self) -> str:
        """The operation as tt-mlir prints it."""
        return capi.print_to_string(self.module.lib.mlirOperationPrint, self.handle)

    def arguments(self, region: int = 0) -> list["Value"]:
        lib = self.module.lib
        block = lib.mlirRegionGetFirstBlock(lib.mlirOperationGetRegion(self.handle, region))
        return [Value(self.module, lib.mlirBlockGetArgument(block, i)) for i in range(lib.mlirBlockGetNumArguments(block))]

    @property
    def operands(self) -> list["Value"]:
        lib = self.module.lib
        return [Value(self.module, lib.mlirOperationGetOperand(self.handle, i))
                for i in range(lib.mlirOperationGetNumOperands(self.handle))]

    @property
    def results(self) -> list["Value"]:
        lib = self.module.lib
        return [Value(self.module, lib.mlirOperationGetResult(self.handle, i))
                for i in range(lib.mlirOperationGetNumResults(self.handle))]

    def has_attribute(self, name: str) -> bool:
        return bool(self.module.lib.mlirOperationGetAttributeByName(self.handle, MlirStringRef.of(name.encode())).ptr)

    def raw_attribute(self, name: str):
        """The attribute handle `name`, None when absent (valid while the module lives)."""
        attr = self.module.lib.mlirOperationGetAttributeByName(self.handle, MlirStringRef.of(name.encode()))
        return attr if attr.ptr else None

    def attribute(self, name: str):
        """One attribute's value (as `attributes` gives it), None when absent; converts only it."""
        attr = self.module.lib.mlirOperationGetAttributeByName(self.handle, MlirStringRef.of(name.encode()))
        return _value(self.module.lib, attr) if attr.ptr else None

    @property
    def attributes(self) -> dict:
        """Name -> value of every attribute (properties included): builtin strings, numbers,
        bools, arrays, dense arrays and dictionaries as Python values; others as printed."""
        lib = self.module.lib
        out = {}
        for i in range(lib.mlirOperationGetNumAttributes(self.handle)):
            named = lib.mlirOperationGetAttribute(self.handle, i)
            out[lib.mlirIdentifierStr(named.name).text()] = _value(lib, named.attribute)
        return out


class Value:
    """An SSA value: `key` identifies it within its module; `type` as printed."""

    def __init__(self, module: Module, handle):
        self.module, self.handle = module, handle
        self.key = handle.ptr

    @property
    def type(self) -> str:
        lib = self.module.lib
        return capi.print_to_string(lib.mlirTypePrint, lib.mlirValueGetType(self.handle))

    @property
    def argument_number(self) -> int | None:
        lib = self.module.lib
        return lib.mlirBlockArgumentGetArgNumber(self.handle) if lib.mlirValueIsABlockArgument(self.handle) else None


def _value(lib, attr):
    if lib.mlirAttributeIsAString(attr):
        return lib.mlirStringAttrGetValue(attr).text()
    if lib.mlirAttributeIsABool(attr):
        return bool(lib.mlirBoolAttrGetValue(attr))
    if lib.mlirAttributeIsAInteger(attr):
        kind = lib.mlirAttributeGetType(attr)
        if lib.mlirTypeIsAInteger(kind) and lib.mlirIntegerTypeIsSigned(kind):
            return int(lib.mlirIntegerAttrGetValueSInt(attr))
        if lib.mlirTypeIsAInteger(kind) and lib.mlirIntegerTypeIsUnsigned(kind):
            return int(lib.mlirIntegerAttrGetValueUInt(attr))
        return int(lib.mlirIntegerAttrGetValueInt(attr))  # signless / index
    if lib.mlirAttributeIsAFloat(attr):
        return float(lib.mlirFloatAttrGetValueDouble(attr))
    if lib.mlirAttributeIsADenseI64Array(attr) or lib.mlirAttributeIsADenseI32Array(attr):
        # One print instead of a C call per element: a program's per-core runtime args are
        # hundreds of arrays (printed `array<i32: 1, 2>`, or `array<i32>` when empty).
        text = capi.print_to_string(lib.mlirAttributePrint, attr)
        _, colon, body = text[:-1].partition(":")
        return [int(v) for v in body.split(",")] if colon else []
    if lib.mlirAttributeIsAArray(attr):
        return [_value(lib, lib.mlirArrayAttrGetElement(attr, i)) for i in range(lib.mlirArrayAttrGetNumElements(attr))]
    if lib.mlirAttributeIsASymbolRef(attr):  # @a::@b -> ("a", "b")
        nested = [lib.mlirSymbolRefAttrGetNestedReference(attr, i)
                  for i in range(lib.mlirSymbolRefAttrGetNumNestedReferences(attr))]
        return (lib.mlirSymbolRefAttrGetRootReference(attr).text(),
                *(lib.mlirFlatSymbolRefAttrGetValue(n).text() for n in nested))
    if lib.mlirAttributeIsADictionary(attr):
        out = {}
        for i in range(lib.mlirDictionaryAttrGetNumElements(attr)):
            named = lib.mlirDictionaryAttrGetElement(attr, i)
            out[lib.mlirIdentifierStr(named.name).text()] = _value(lib, named.attribute)
        return out
    return capi.print_to_string(lib.mlirAttributePrint, attr)


def kernel_names(ops: list[Op]) -> list[str]:
    """Symbol names of the kernel functions (a func with `ttkernel.thread`) among `ops`."""
    names = []
    for op in ops:
        if op.name in _KERNEL_FUNCTIONS and op.has_attribute("ttkernel.thread"):
            name = op.attribute("sym_name")
            if isinstance(name, str):
                names.append(name)
    return names


def _file_location(lib, loc) -> tuple[str, int, int] | None:
    """Innermost file:line:col of a location (looking through name / callsite / fused ones)."""
    for _ in range(16):
        if lib.mlirLocationIsAFileLineColRange(loc):
            name = lib.mlirIdentifierStr(lib.mlirLocationFileLineColRangeGetFilename(loc)).text()
            return (name, lib.mlirLocationFileLineColRangeGetStartLine(loc),
                    lib.mlirLocationFileLineColRangeGetStartColumn(loc))
        if lib.mlirLocationIsAName(loc):
            loc = lib.mlirLocationNameGetChildLoc(loc)
        elif lib.mlirLocationIsACallSite(loc):
            loc = lib.mlirLocationCallSiteGetCaller(loc)
        elif lib.mlirLocationIsAFused(loc):
            n = lib.mlirLocationFusedGetNumLocations(loc)
            if n <= 0:
                return None
            locations = (capi.MlirLocation * n)()
            lib.mlirLocationFusedGetLocations(loc, locations)
            loc = locations[0]
        else:
            return None
    return None
