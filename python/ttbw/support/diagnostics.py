"""Diagnostics in MLIR's shape, whoever produced them.

MLIR's own diagnostics (parser, the dialect's verifiers, upstream passes) and the ones of
ttbw's Python passes end up as `Diagnostic` records, so the tools print and
`--verify-diagnostics` match them the same way.
"""
from __future__ import annotations

from typing import NamedTuple

SEVERITIES = ("error", "warning", "note", "remark")


class SourceLoc(NamedTuple):  # records here are not dataclasses: cheaper for ttbw-opt's start-up
    file: str
    line: int | None  # None: the file as a whole (e.g. it cannot be read)
    col: int | None

    def __str__(self) -> str:
        if self.line is None:
            return self.file
        return f"{self.file}:{self.line}:{self.col}" if self.line else f"{self.file}:0"


UNKNOWN_LOC = SourceLoc("<unknown>", 0, 0)


class Diagnostic:
    def __init__(self, severity: str, loc: SourceLoc, message: str, notes: list[Diagnostic] | None = None):
        self.severity, self.loc, self.message = severity, loc, message
        self.notes: list[Diagnostic] = [] if notes is None else notes

    def __eq__(self, other) -> bool:
        if not isinstance(other, Diagnostic):
            return NotImplemented
        return (self.severity, self.loc, self.message, self.notes) == \
            (other.severity, other.loc, other.message, other.notes)

    __hash__ = None  # mutable (notes)

    def __repr__(self) -> str:
        return (f"Diagnostic(severity={self.severity!r}, loc={self.loc!r}, message={self.message!r}, "
                f"notes={self.notes!r})")

    def format(self, sources: dict[str, list[str]] | None = None) -> str:
        """`file:line:col: severity: message`, then its notes; with `sources` (file name ->
        its lines), each followed by the source line and a caret, as MLIR prints them."""
        lines = [f"{self.loc}: {self.severity}: {self.message}"]
        text = (sources or {}).get(self.loc.file)
        if text is not None and self.loc.line and 0 < self.loc.line <= len(text):
            lines += [text[self.loc.line - 1], " " * max(self.loc.col - 1, 0) + "^"]
        lines += [note.format(sources) for note in self.notes]
        return "\n".join(lines)


_REPORTED: list[Diagnostic] = []


def report(diagnostic: Diagnostic) -> None:
    """A pass's non-fatal diagnostic (warning, remark): the tool running the pass prints it
    with its own (`take_reported`), as MLIR's diagnostic handler does; the pass goes on."""
    _REPORTED.append(diagnostic)


def reported_count() -> int:
    """A mark for `take_reported`: how many diagnostics are queued now."""
    return len(_REPORTED)


def take_reported(since: int = 0) -> list[Diagnostic]:
    """The diagnostics `report`ed after mark `since` (all queued ones by default), in order,
    taken off the queue: a pipeline run inside a pass takes its own, not the pass's."""
    taken = _REPORTED[since:]
    del _REPORTED[since:]
    return taken


class DiagnosticError(Exception):
    """Raised with the diagnostics that made an operation fail."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(d.format() for d in diagnostics))


def source_loc(location, rename: dict[str, str] | None = None) -> SourceLoc:
    """The file:line:col an MLIR Location points at (first file location found)."""
    loc = _find_file_loc(location)
    if loc is None:
        return UNKNOWN_LOC
    name = loc.filename
    if rename:
        name = rename.get(name, name)
    return SourceLoc(name, loc.start_line, loc.start_col)


def _find_file_loc(loc):
    if loc.is_a_file():
        return loc
    if loc.is_a_name():
        return _find_file_loc(loc.child_loc)
    if loc.is_a_callsite():
        return _find_file_loc(loc.callee)
    if loc.is_a_fused():
        for sub in loc.locations:
            found = _find_file_loc(sub)
            if found is not None:
                return found
    return None


def from_mlir(diag, rename: dict[str, str] | None = None) -> Diagnostic:
    """Converts an MLIR Diagnostic/DiagnosticInfo into a Diagnostic."""
    severity = str(diag.severity).rsplit(".", 1)[-1].lower()
    return Diagnostic(
        severity=severity if severity in SEVERITIES else "error",
        loc=source_loc(diag.location, rename),
        message=str(diag.message),
        # MLIR's verifier appends the op's text as a note; like mlir-opt under
        # --verify-diagnostics, we leave it out (the location already says where).
        notes=[from_mlir(n, rename) for n in diag.notes
               if not str(n.message).startswith("see current operation:")],
    )
