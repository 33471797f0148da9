"""Verify and translate TTKernel IR with the real tt-mlir: convert-ttkernel-to-emitc and the
kernel -> C++ translation, over a `module.Module` (tt-mlir's own context).

Each call parses into a fresh context, so diagnostics never leak between calls (creating one
costs well under a millisecond next to parsing). What tt-mlir rejects is raised as
TTMLIRError, a DiagnosticError carrying every diagnostic with its `file:line:col` location.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

from ttbw.support.diagnostics import Diagnostic, DiagnosticError, SourceLoc

from .module import Module


class TTMLIRError(DiagnosticError):
    """tt-mlir rejected the input; `diagnostics` holds what it reported, with locations."""

    def format(self) -> str:
        return "\n".join(d.format() for d in self.diagnostics)


@dataclass(frozen=True)
class KernelSource:
    name: str  # symbol name of the kernel function in the module
    cpp: str  # the C++ translation unit (defines `void kernel_main()`)


@contextmanager
def _reported():
    """A tt-mlir failure (a DiagnosticError) as the TTMLIRError the bridge's callers catch."""
    try:
        yield
    except TTMLIRError:
        raise
    except DiagnosticError as error:
        raise TTMLIRError(error.diagnostics) from None


def _parsed(text: str, filename: str) -> Module:
    """`text` parsed by tt-mlir (which verifies it after parsing)."""
    with _reported():
        return Module.parse(text, filename)


def verify(text: str, filename: str = "<string>") -> str:
    """Parse and verify TTKernel IR with the real dialects; returns the module as printed by tt-mlir."""
    module = _parsed(text, filename)
    try:
        return module.get_asm()
    finally:
        module.close()


def to_emitc(text: str, filename: str = "<string>") -> str:
    """Run convert-ttkernel-to-emitc; returns the converted module text."""
    module = _parsed(text, filename)
    try:
        with _reported():
            module.to_emitc()
        return module.get_asm()
    finally:
        module.close()


def translate_kernels(text: str, filename: str = "<string>") -> list[KernelSource]:
    """Translate every kernel function (a func with `ttkernel.thread`) of a module to C++; in a
    module of programs (one nested module each, as --convert-linalg-to-ttkernel emits), each
    program is translated on its own and its kernels are named "<module>.<kernel>"."""
    module = _parsed(text, filename)
    try:
        return translate_module(module, filename)
    finally:
        module.close()


def translate_module(module: Module, filename: str = "<string>") -> list[KernelSource]:
    """translate_kernels on a module already parsed: its kernels (top-level ones, or each program
    module's) converted to EmitC in place and translated, no text parsed again."""
    from .module import kernel_names

    names = module.kernel_names()
    with _reported():
        if names:
            module.to_emitc()
            return [KernelSource(n, module.kernel_to_cpp(n)) for n in names]
        programs = module.program_modules()
        if not programs:
            raise TTMLIRError([Diagnostic(
                "error", SourceLoc(filename, 1, 1), "module contains no function with a 'ttkernel.thread' attribute "
                "at its top level or in a nested module")])
        sources = []
        for i, program in enumerate(programs):
            name = program.attribute("sym_name") or f"module{i}"
            module.to_emitc(program)
            sources += [KernelSource(f"{name}.{k}", module.kernel_to_cpp(k, program)) for k in kernel_names(program.ops())]
        return sources


def kernel_cpp(text: str, filename: str = "<string>") -> dict[str, str]:
    """Kernel name -> C++ of every kernel of a module (parsed and verified once, by
    translate_kernels)."""
    return {k.name: k.cpp for k in translate_kernels(text, filename)}


def translate_file(path: str) -> list[KernelSource]:
    """translate_kernels on a file (read byte for byte, as the tools read it); locations name
    the file as given."""
    from ttbw.support.parser_guard import read_source

    try:
        text = read_source(path)
    except OSError as exc:
        raise TTMLIRError([Diagnostic("error", SourceLoc(path, None, None),
                                      f"cannot read input: {exc.strerror or exc}")]) from exc
    return translate_kernels(text, path)
