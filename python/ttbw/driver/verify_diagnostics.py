"""`--verify-diagnostics`: match emitted diagnostics against expected-* comments.

Semantics follow MLIR's SourceMgrDiagnosticVerifierHandler:
`// expected-error @+1 {{substring}}`, `@-N`, `@above`, `@below`, `@unknown`,
`expected-error-re {{literal {{regex}} literal}}`; severities error, warning,
note, remark; every diagnostic must be expected and every expectation met.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ttbw.support.diagnostics import Diagnostic, SourceLoc

_EXPECTED = re.compile(
    r"expected-(error|note|remark|warning)(-re)?\s*"
    r"(?:@([+-]\d+|above|below|unknown))?\s*\{\{(.*)\}\}\s*$")


@dataclass
class Expectation:
    severity: str
    line: int  # 0 for @unknown
    pattern: re.Pattern
    text: str
    where: SourceLoc  # the comment itself
    matched: bool = False


def expectations(text: str, name: str) -> list[Expectation]:
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        match = _EXPECTED.search(line)
        if match is None:
            continue
        severity, is_regex, offset, body = match.groups()
        if offset is None:
            target = number
        elif offset == "unknown":
            target = 0
        elif offset == "above":
            target = number - 1
        elif offset == "below":
            target = number + 1
        else:
            target = number + int(offset)
        found.append(Expectation(severity, target, _pattern(body, bool(is_regex)), body,
                                 SourceLoc(name, number, match.start() + 1)))
    return found


def _pattern(body: str, is_regex: bool) -> re.Pattern:
    if not is_regex:
        return re.compile(re.escape(body))
    parts, pos = [], 0
    for match in re.finditer(r"\{\{(.*?)\}\}", body):
        parts.append(re.escape(body[pos:match.start()]))
        parts.append(f"(?:{match.group(1)})")
        pos = match.end()
    parts.append(re.escape(body[pos:]))
    return re.compile("".join(parts))


def check(emitted: list[Diagnostic], expected: list[Expectation], name: str) -> list[Diagnostic]:
    """Returns the verification errors (empty when everything matched)."""
    problems = []
    for diag in _flatten(emitted):
        # Diagnostics located in another buffer can only be unexpected.
        line = diag.loc.line if diag.loc.file in (name, "<unknown>") else -1
        for exp in expected:
            if (not exp.matched and exp.severity == diag.severity and exp.line == line
                    and exp.pattern.search(diag.message)):
                exp.matched = True
                break
        else:
            problems.append(Diagnostic(
                "error", diag.loc, f"unexpected {diag.severity}: {diag.message}"))
    for exp in expected:
        if not exp.matched:
            problems.append(Diagnostic(
                "error", exp.where, f'expected {exp.severity} "{exp.text}" was not produced'))
    return problems


def _flatten(diagnostics):
    for diag in diagnostics:
        yield diag
        yield from _flatten(diag.notes)
