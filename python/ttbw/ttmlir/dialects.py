"""Which IR text belongs in tt-mlir's own context (`ttbw.ttmlir.module`), and whether a module
object lives there, both answered without importing `ttbw.ttmlir.module` (its ctypes
declarations of tt-mlir's C API cost every ttbw-opt start-up, and most runs never need them)."""
from __future__ import annotations

import re
import sys

# The dialects only tt-mlir's context has: IR naming them (a lowered module) is read there. tt-mlir's
# ttcore and ttnn, which TTIR written by tt-mlir carries, are read in ttbw's context too, as text
# (dialect/ForeignDialects.td).
TTMLIR_DIALECTS = ("ttkernel", "ttmetal")
FOREIGN_DIALECTS = ("ttcore", "ttnn")


def is_ttmlir_module(module) -> bool:
    """Whether `module` is a `ttbw.ttmlir.module.Module` (none exists before that is imported)."""
    loaded = sys.modules.get("ttbw.ttmlir.module")
    return loaded is not None and isinstance(module, loaded.Module)


def holds_ttmlir_dialects(text) -> bool:
    """Whether IR text names an op, type or attribute of a dialect only tt-mlir registers
    (such IR is read in tt-mlir's context)."""
    if isinstance(text, bytes):
        if text.startswith(b"ML\xefR"):  # bytecode: its dialect section names the dialects
            return any(name.encode() + b"\x00" in text for name in TTMLIR_DIALECTS)
        text = text.decode("utf-8", "replace")
    # A reference in a line's code is one in the line: only lines holding one in full are read
    # char by char, and a text naming none of the dialects is not split at all (the common case).
    if not any(f"{name}." in text for name in TTMLIR_DIALECTS):
        return False
    reference = re.compile(_DIALECT_REF)  # compiled here, once (re's cache): rarely needed
    return any(reference.search(_code(line)) for line in text.split("\n") if reference.search(line))


_DIALECT_REF = r"(?<![\w.])[\"!#]?(?:" + "|".join(TTMLIR_DIALECTS) + r")\.[A-Za-z_]"


def _code(line: str) -> str:
    """`line` without its `//` comment (outside string literals)."""
    quoted, i = False, 0
    while i < len(line):
        ch = line[i]
        if ch == "\\" and quoted:
            i += 2
            continue
        if ch == '"':
            quoted = not quoted
        elif not quoted and line.startswith("//", i):
            return line[:i]
        i += 1
    return line

