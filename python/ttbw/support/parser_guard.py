"""Source text as the tools read it, and inputs that crash MLIR's parser, refused with a
located diagnostic before it sees them (ttbw's context and tt-mlir's: every text parse).

A source is read byte for byte, as mlir-opt reads it (`read_source`, `decode`): bytes that are
not UTF-8 become surrogates (surrogateescape), travel through comments unchanged and are
refused anywhere else.

The MLIR 22 Python bindings are built with assertions, and a few malformed inputs abort the
process instead of giving a parse error (found by test/fuzz):

- `array<index: ...>`: DenseArrayAttr accepts `index` as an integer type, then asks for its
  bit width (Types.cpp: "only integers and floats have a bitwidth").
- `array<f16: ...>` (any element type but i1, i8, i16, i32, i64, f32, f64): MLIR parses it, but
  the bindings have no class for it, and reading the attribute raises TypeError or aborts
  (`terminate called after throwing nanobind::python_error`).
- a byte that is not UTF-8 outside a comment (text is read byte for byte, see ttbw-opt): in an
  identifier or a string (an op name is one) MLIR may quote it in a diagnostic, which the
  bindings cannot turn into a str (RuntimeError "str_from_cstr_and_size(): conversion error").
  In comments such bytes are fine.

- a reassociation index of `collapse_shape` / `expand_shape` (tensor, memref) that is negative or
  beyond int32 (9223372036854775807 overflows the verifier's `index + 1`): the op's verifier
  builds an affine map of a negative dim count (AffineMap::get asserts).
- brackets nested deeper than MAX_NESTING (`module {` 6,000 times deep, as upstream mlir-opt):
  the recursive-descent parser overflows the stack (SIGSEGV).

Comments and string literals are skipped, so only what MLIR would parse is looked at.
"""
from __future__ import annotations

import re
import sys

from ttbw.support.diagnostics import Diagnostic, DiagnosticError, SourceLoc

_MASKED = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"|//[^\n]*')  # a string literal (unrolled: faster), a comment
_UNDECODABLE = re.compile("[\udc80-\udcff]")  # bytes read with surrogateescape
# `array` not preceded by a word character or '.'; the lookbehind follows the literal so that
# the regex engine can search for the literal (a leading lookbehind is tried at every offset).
_ARRAY = r"array(?<![\w.]array)\s*<\s*"
_CRASHES = [(re.compile(_ARRAY + r"(index)\b"),
             "expected integer or float type, got: 'index' (dense arrays have no index elements)")]
_DENSE_ARRAY = re.compile(_ARRAY + r"((?:[su]?i\d+|bf16|tf32|f\d+\w*))\b")
_BOUND_ELEMENTS = {"i1", "i8", "i16", "i32", "i64", "f32", "f64"}  # the bindings' Dense*ArrayAttr
# an op whose reassociation follows it ([^\[:]: its operands, or `"(%0) <{reassociation = ` generic)
_REASSOCIATION = re.compile(r"(?:collapse|expand)_shape\b[^\[:]*?(\[\s*\[)")
_INDEX = re.compile(r"-?\d+")
MAX_REASSOCIATION_INDEX = 2 ** 31 - 1
MAX_NESTING = 1000  # the parser's stack holds 3,000 nested regions, not 6,000 (8 MiB main-thread stack)
_BRACKETS = re.compile(r"[{}()\[\]]")


def decode(raw: bytes) -> str:
    """Source bytes as text, byte for byte (bytes that are not UTF-8 as surrogates)."""
    return raw.decode("utf-8", "surrogateescape")


def read_source(path: str) -> str:
    """The text of file `path` ('-': stdin), read by `decode`. Raises OSError."""
    if path == "-":
        return decode(sys.stdin.buffer.read())
    with open(path, "rb") as fh:
        return decode(fh.read())


def refuse_parser_crashes(text: str, name: str) -> None:
    """Raises a DiagnosticError located in `name` for each construct that would abort the parser."""
    masked = _MASKED.sub(lambda m: " " * len(m.group(0)), text)
    errors = []
    for pattern, message in _CRASHES:
        for match in pattern.finditer(masked):
            errors.append(Diagnostic("error", _loc(masked, match.start(1), name), message))
    for match in _DENSE_ARRAY.finditer(masked):
        if match.group(1) not in _BOUND_ELEMENTS:
            errors.append(Diagnostic("error", _loc(masked, match.start(1), name), (
                f"dense arrays of {match.group(1)} are not supported (ttbw's MLIR bindings read "
                "i1, i8, i16, i32, i64, f32 and f64 elements)")))
    for match in _REASSOCIATION.finditer(masked):
        end = masked.find("]]", match.start(1))
        for index in _INDEX.finditer(masked, match.start(1), len(masked) if end < 0 else end):
            if not 0 <= int(index.group(0)) <= MAX_REASSOCIATION_INDEX:
                errors.append(Diagnostic("error", _loc(masked, index.start(), name), (
                    f"reassociation index {index.group(0)} out of range (a dim of the expanded shape: "
                    f"0 .. {MAX_REASSOCIATION_INDEX})")))
                break
    too_deep = _too_deep(masked)
    if too_deep is not None:
        errors.append(Diagnostic("error", _loc(masked, too_deep, name),
                                 f"brackets nested more than {MAX_NESTING} deep (the parser's limit)"))
    # Undecodable bytes were read as surrogates, which ASCII text cannot hold.
    uncommented = "" if text.isascii() else _MASKED.sub(
        lambda m: m.group(0) if m.group(0)[0] == '"' else " " * len(m.group(0)), text)
    for match in _UNDECODABLE.finditer(uncommented):
        errors.append(Diagnostic("error", _loc(masked, match.start(), name),
                                 f"byte 0x{ord(match.group(0)) - 0xDC00:02X} is not UTF-8 (only comments may "
                                 "hold such bytes)"))
        break  # one is enough: the rest of the line would not parse either
    if errors:
        raise DiagnosticError(errors)


def _too_deep(masked: str) -> int | None:
    """The offset of the first bracket nested deeper than MAX_NESTING, if any."""
    if masked.count("{") + masked.count("(") + masked.count("[") <= MAX_NESTING:
        return None  # cannot nest that deep: no scan
    depth = 0
    for match in _BRACKETS.finditer(masked):
        if match.group(0) in "{([":
            depth += 1
            if depth > MAX_NESTING:
                return match.start()
        else:
            depth = max(depth - 1, 0)
    return None


def _loc(text: str, offset: int, name: str) -> SourceLoc:
    line = text.count("\n", 0, offset) + 1
    return SourceLoc(name, line, offset - (text.rfind("\n", 0, offset) + 1) + 1)
