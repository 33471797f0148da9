"""Parse, verify and translate TTKernel IR with the real tt-mlir (in-process, via ctypes).

Each public call uses a fresh MLIRContext so diagnostics never leak between calls; creating
one costs well under a millisecond next to parsing. Errors are raised as TTMLIRError carrying
every diagnostic with its `file:line:col` location.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import capi
from .capi import MlirStringRef


@dataclass(frozen=True)
class Diagnostic:
    severity: str  # error | warning | note | remark
    message: str
    filename: str | None = None
    line: int | None = None
    column: int | None = None
    notes: tuple["Diagnostic", ...] = ()

    @property
    def location(self) -> str:
        if self.filename is None:
            return "<unknown>"
        if self.line is None:
            return self.filename
        return f"{self.filename}:{self.line}:{self.column}"

    def format(self) -> str:
        lines = [f"{self.location}: {self.severity}: {self.message}"]
        lines += [n.format() for n in self.notes]
        return "\n".join(lines)


class TTMLIRError(Exception):
    """tt-mlir rejected the input; `diagnostics` holds what it reported, with locations."""

    def __init__(self, summary: str, diagnostics: list[Diagnostic] | tuple[Diagnostic, ...] = ()):
        self.summary = summary
        self.diagnostics = tuple(diagnostics)
        super().__init__(self.format())

    def format(self) -> str:
        if self.diagnostics:
            return "\n".join(d.format() for d in self.diagnostics)
        return f"<unknown>: error: {self.summary}"


def file_location(lib, loc) -> tuple[str, int, int] | None:
    """Innermost file:line:col of a location (looking through name/callsite/fused wrappers)."""
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
            arr = (capi.MlirLocation * n)()
            lib.mlirLocationFusedGetLocations(loc, arr)
            loc = arr[0]
        else:
            return None
    return None


class _Session:
    """One MLIRContext with the tt-mlir dialects and a diagnostic collector."""

    def __init__(self, filename: str):
        self.lib = capi.library()
        self.filename = filename
        self.diagnostics: list[Diagnostic] = []
        registry = self.lib.mlirDialectRegistryCreate()
        self.lib.mlirRegisterAllDialects(registry)
        self.lib.ttmlirMinimalRegisterAllDialects(registry)
        self.ctx = self.lib.mlirContextCreateWithRegistry(registry, False)
        self.lib.mlirDialectRegistryDestroy(registry)
        # Keep the callback object alive for the lifetime of the context.
        self._handler = capi.DiagnosticHandler(self._on_diagnostic)
        self._noop_delete = capi.DeleteUserData(lambda _ud: None)
        self.lib.mlirContextAttachDiagnosticHandler(self.ctx, self._handler, None, self._noop_delete)
        self.module = None

    def _convert(self, diag) -> Diagnostic:
        lib = self.lib
        severity = capi.SEVERITY.get(lib.mlirDiagnosticGetSeverity(diag), "error")
        message = capi.print_to_string(lib.mlirDiagnosticPrint, diag)
        where = file_location(lib, lib.mlirDiagnosticGetLocation(diag))
        notes = tuple(self._convert(lib.mlirDiagnosticGetNote(diag, i))
                      for i in range(lib.mlirDiagnosticGetNumNotes(diag)))
        if where is None:
            return Diagnostic(severity, message, notes=notes)
        name, line, col = where
        # Source parsed from a string has an empty buffer name: report the caller's name.
        if name in ("", "-"):
            name = self.filename
        return Diagnostic(severity, message, name, line, col, notes)

    def _on_diagnostic(self, diag, _user_data) -> int:
        try:
            self.diagnostics.append(self._convert(diag))
        except Exception as exc:  # never let a Python error unwind through C++
            self.diagnostics.append(Diagnostic("error", f"(diagnostic lost: {exc})"))
        return 1  # handled: do not print to stderr

    def fail(self, summary: str) -> TTMLIRError:
        errors = [d for d in self.diagnostics if d.severity == "error"] or self.diagnostics
        return TTMLIRError(summary, errors)

    def parse(self, text: str) -> None:
        data = text.encode("utf-8")
        self.module = self.lib.mlirModuleCreateParse(self.ctx, MlirStringRef.of(data))
        if not self.module.ptr:
            raise self.fail("failed to parse TTKernel IR")

    def verify(self) -> None:
        if not self.lib.mlirOperationVerify(self.lib.mlirModuleGetOperation(self.module)):
            raise self.fail("TTKernel IR failed to verify")

    def print(self) -> str:
        return capi.print_to_string(self.lib.mlirOperationPrint, self.lib.mlirModuleGetOperation(self.module))

    def kernel_names(self, block=None) -> list[str]:
        """Symbol names of the top-level functions (of `block`, default the module's body)
        marked with a `ttkernel.thread` attribute."""
        lib = self.lib
        names = []
        if block is None:
            block = lib.mlirModuleGetBody(self.module)
        op = lib.mlirBlockGetFirstOperation(block)
        key_thread, key_name = b"ttkernel.thread", b"sym_name"
        while op.ptr:
            opname = lib.mlirIdentifierStr(lib.mlirOperationGetName(op)).text()
            if opname in ("func.func", "emitc.func"):
                thread = lib.mlirOperationGetAttributeByName(op, MlirStringRef.of(key_thread))
                sym = lib.mlirOperationGetAttributeByName(op, MlirStringRef.of(key_name))
                if thread.ptr and sym.ptr and lib.mlirAttributeIsAString(sym):
                    names.append(lib.mlirStringAttrGetValue(sym).text())
            op = lib.mlirOperationGetNextInBlock(op)
        return names

    def nested_kernel_modules(self) -> list[tuple[str, str]]:
        """(symbol name, printed text) of each top-level `module` holding kernel functions
        (as ttbw-opt --convert-ttir-to-ttkernel emits: one nested module per program)."""
        lib = self.lib
        found = []
        op = lib.mlirBlockGetFirstOperation(lib.mlirModuleGetBody(self.module))
        while op.ptr:
            if lib.mlirIdentifierStr(lib.mlirOperationGetName(op)).text() == "builtin.module":
                body = lib.mlirRegionGetFirstBlock(lib.mlirOperationGetRegion(op, 0))
                if body.ptr and self.kernel_names(body):
                    sym = lib.mlirOperationGetAttributeByName(op, MlirStringRef.of(b"sym_name"))
                    name = lib.mlirStringAttrGetValue(sym).text() if sym.ptr else f"module{len(found)}"
                    found.append((name, capi.print_to_string(lib.mlirOperationPrint, op)))
            op = lib.mlirOperationGetNextInBlock(op)
        return found

    def to_emitc(self) -> None:
        if not self.lib.ttmlirMinimalRunTTKernelToEmitC(self.module):
            raise self.fail("convert-ttkernel-to-emitc failed")

    def kernel_to_cpp(self, name: str) -> str:
        self.diagnostics.clear()
        text = capi.take_c_string(self.lib.ttmlirMinimalTranslateKernelToCpp(self.module, name.encode()))
        if text is None:
            raise self.fail(f"failed to translate kernel '{name}' to C++")
        return text

    def close(self) -> None:
        if self.module is not None and self.module.ptr:
            self.lib.mlirModuleDestroy(self.module)
        self.module = None
        if self.ctx is not None:
            self.lib.mlirContextDestroy(self.ctx)
            self.ctx = None

    def __enter__(self) -> "_Session":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def verify(text: str, filename: str = "<string>") -> str:
    """Parse and verify TTKernel IR with the real dialects; returns the module as printed by tt-mlir."""
    with _Session(filename) as s:
        s.parse(text)
        s.verify()
        return s.print()


def to_emitc(text: str, filename: str = "<string>") -> str:
    """Run convert-ttkernel-to-emitc; returns the converted module text."""
    with _Session(filename) as s:
        s.parse(text)
        s.verify()
        s.to_emitc()
        return s.print()


@dataclass(frozen=True)
class KernelSource:
    name: str  # symbol name of the kernel function in the module
    cpp: str  # the C++ translation unit (defines `void kernel_main()`)


def translate_kernels(text: str, filename: str = "<string>") -> list[KernelSource]:
    """Translate every kernel function (a func with `ttkernel.thread`) of a module to C++."""
    with _Session(filename) as s:
        s.parse(text)
        s.verify()
        names = s.kernel_names()
        nested = [] if names else s.nested_kernel_modules()
        if not names and not nested:
            raise TTMLIRError("no kernel functions", [Diagnostic(
                "error", "module contains no function with a 'ttkernel.thread' attribute at its top "
                "level or in a nested module", filename, 1, 1)])
        if names:
            s.to_emitc()
            return [KernelSource(n, s.kernel_to_cpp(n)) for n in names]
    # Nested modules (one program each): each is translated on its own, its kernels named
    # "<module>.<kernel>".
    kernels = []
    for module_name, module_text in nested:
        kernels += [KernelSource(f"{module_name}.{k.name}", k.cpp)
                    for k in translate_kernels(module_text, filename)]
    return kernels


def kernel_cpp(text: str, filename: str = "<string>") -> dict[str, str]:
    """Kernel name -> C++ of every kernel of a module (parsed and verified once, by
    translate_kernels)."""
    return {k.name: k.cpp for k in translate_kernels(text, filename)}


def translate_file(path: str) -> list[KernelSource]:
    """translate_kernels on a file; locations name the file as given."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise TTMLIRError(str(exc), [Diagnostic("error", f"cannot read input: {reason}", path)]) from exc
    return translate_kernels(text, path)
