"""Inputs that crash MLIR's parser, refused with a located diagnostic before it sees them.

The MLIR 22 Python bindings are built with assertions, and a few malformed inputs abort the
process instead of giving a parse error (found by test/fuzz):

- `array<index: ...>`: DenseArrayAttr accepts `index` as an integer type, then asks for its
  bit width (Types.cpp: "only integers and floats have a bitwidth").

Comments and string literals are skipped, so only what MLIR would parse is looked at.
"""
from __future__ import annotations

import re

from ttbw.diagnostics import Diagnostic, DiagnosticError, SourceLoc

_MASKED = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*')
_CRASHES = [(re.compile(r"\barray\s*<\s*(index)\b"),
             "expected integer or float type, got: 'index' (dense arrays have no index elements)")]


def refuse_parser_crashes(text: str, name: str) -> None:
    """Raises a DiagnosticError located in `name` for each construct that would abort the parser."""
    masked = _MASKED.sub(lambda m: " " * len(m.group(0)), text)
    errors = []
    for pattern, message in _CRASHES:
        for match in pattern.finditer(masked):
            offset = match.start(1)
            line = masked.count("\n", 0, offset) + 1
            column = offset - (masked.rfind("\n", 0, offset) + 1) + 1
            errors.append(Diagnostic("error", SourceLoc(name, line, column), message))
    if errors:
        raise DiagnosticError(errors)
