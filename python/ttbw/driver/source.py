"""Reading MLIR source: splitting, parsing with file locations, verifying."""
from __future__ import annotations

import re

from ttbw.support.diagnostics import UNKNOWN_LOC, Diagnostic, DiagnosticError, SourceLoc, from_mlir
from ttbw.support.parser_guard import refuse_parser_crashes

SPLIT_MARKER = re.compile(r"^// -----.*$", re.MULTILINE)
_PARSE_BUFFER = "-"  # the buffer name MLIR's Python parser gives every source


def split_source(text: str, split: bool | str | None) -> list[tuple[int, str]]:
    """Chunks as (first line number, text): one chunk unless `split` (True: at lines
    starting with '// -----', as mlir-opt's --split-input-file; a string: that marker)."""
    if not split:
        return [(1, text)]
    marker = SPLIT_MARKER if split is True else re.compile(f"^{re.escape(split)}.*$", re.MULTILINE)
    chunks, start, line = [], 0, 1
    for match in marker.finditer(text):
        chunks.append((line, text[start:match.start()]))
        line += text.count("\n", start, match.end()) + 1
        start = match.end() + 1
    chunks.append((line, text[start:]))
    return chunks


def parse_module(text: str, name: str, context, first_line: int = 1):
    """Parses `text` (which starts at `first_line` of file `name`).

    Locations point into `name` with the file's own line numbers, so split
    chunks report diagnostics where the user wrote them.
    """
    from mlir import ir

    from ttbw.dialect import rename_location_file, unknown_ttir_ops

    # bytes: MLIR bytecode, or text kept byte for byte (invalid UTF-8 in a comment is fine)
    if isinstance(text, bytes):
        data = text
    else:
        padded = "\n" * (first_line - 1) + text
        refuse_parser_crashes(padded, name)
        data = padded.encode("utf-8", "surrogateescape")
    try:
        module = ir.Module.parse(data, context)
    except ir.MLIRError as error:
        # A parser that fails without a diagnostic still gets one, so that the tools never
        # exit 1 silently and --verify-diagnostics never passes an unparsed file.
        raise DiagnosticError([_with_suggestion(from_mlir(d, {_PARSE_BUFFER: name}), context)
                               for d in error.error_diagnostics] or [
            Diagnostic("error", SourceLoc(name, first_line, 1),
                       "failed to parse the input (the parser gave no diagnostic)")]) from None
    rename_location_file(module.operation, _PARSE_BUFFER, name)
    unknown = unknown_ttir_ops(module.operation)
    if unknown:
        raise DiagnosticError([_unknown_op(op, name) for op in unknown])
    return module


def _unknown_op(op, name: str) -> Diagnostic:
    from ttbw.dialect import ttmlir_ops_commit

    hint = f"; did you mean '{op.suggestion}'?" if op.suggestion else ""
    return Diagnostic("error", SourceLoc(op.file or name, op.line, op.col),
                      f"'{op.name}' is neither a ttbw op nor a TTIR op of tt-mlir "
                      f"(at {ttmlir_ops_commit()[:12]}){hint}")


_UNKNOWN_CUSTOM_OP = re.compile(r"^custom op '(ttir\.[\w.]+)' is unknown")


def _with_suggestion(diagnostic: Diagnostic, context) -> Diagnostic:
    """MLIR's parser on an unknown op in the custom form, plus what ttbw knows of the name: the
    closest op name, or that tt-mlir's op is read in the generic form only."""
    from ttbw.dialect import is_ttmlir_op, suggest_ttir_op

    match = _UNKNOWN_CUSTOM_OP.match(diagnostic.message)
    if match is None:
        return diagnostic
    op = match.group(1)
    if is_ttmlir_op(op):
        hint = f"; tt-mlir's '{op}' is read in the generic form only (\"{op}\"(...) : (...) -> ...)"
    else:
        suggestion = suggest_ttir_op(context, op)
        hint = f"; did you mean '{suggestion}'?" if suggestion else ""
    return Diagnostic(diagnostic.severity, diagnostic.loc, diagnostic.message + hint, diagnostic.notes)


def read_module(text, name: str, context, first_line: int = 1, threading: bool = True):
    """Parses `text` in the context it belongs to: IR naming a dialect only tt-mlir registers
    (TTKernel, TTMetal, TTCore: a lowered module) in tt-mlir's own context (a
    `ttbw.ttmlir.module.Module`), everything else in ttbw's `context` (`parse_module`)."""
    from ttbw.ttmlir.dialects import holds_ttmlir_dialects

    if holds_ttmlir_dialects(text):
        from ttbw.ttmlir.module import Module

        try:
            return Module.parse(text, name, first_line, threading)
        except DiagnosticError as error:
            raise DiagnosticError([_blame_mixing(d, text, first_line) for d in error.diagnostics]) from None
    return parse_module(text, name, context, first_line)


_TTIR_OP = re.compile(r'"?(ttir\.\w+)')


def _blame_mixing(diagnostic: Diagnostic, text, first_line: int) -> Diagnostic:
    """tt-mlir's context has no ttir: its parser says a ttir op's dialect is unregistered
    (and suggests a flag that cannot help). Says instead what is wrong: TTKernel / TTMetal
    and ttir ops in one module."""
    if "unregistered dialect" not in diagnostic.message or not isinstance(text, str):
        return diagnostic
    lines = text.split("\n")
    index = diagnostic.loc.line - first_line
    match = _TTIR_OP.search(lines[index]) if 0 <= index < len(lines) else None
    if match is None:
        return diagnostic
    return Diagnostic("error", diagnostic.loc, (
        f"'{match.group(1)}' in a module of TTKernel / TTMetal ops: such a module is read in tt-mlir's "
        "context, which has no ttir ops (lower them first, e.g. --ttir-to-tensix-pipeline, or keep them in "
        "another module)"))


def verify_module(module) -> list[Diagnostic]:
    """MLIR's verifier (the ttir rules are the dialect's C++ op verifiers; in tt-mlir's
    context, tt-mlir's)."""
    from mlir import ir

    from ttbw.ttmlir.dialects import is_ttmlir_module

    if is_ttmlir_module(module):
        return module.verify()
    try:
        module.operation.verify()
    except ir.MLIRError as error:
        return [from_mlir(d) for d in error.error_diagnostics] or [
            Diagnostic("error", UNKNOWN_LOC, f"verification failed: {error}")]
    return []
