"""What a fuzz case may not do. A failure is a class (kind + normalized message), counted.

Tools: no signal, no hang, no Python traceback, no "internal error", exit 0 or 1 only, and
every error located in the input (`FILE:LINE:COL: error:` with LINE >= 1 and FILE the input).
"""
from __future__ import annotations

import re

# Input that cannot be read (not UTF-8) has no line to point at: the tools name the input.
READ_ERRORS = re.compile(r"^(ttbw-opt: could not open input file |.+: error: cannot read input: )")
CARET = re.compile(r"^\s*\^$")
LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): error: ")


def normalize(message: str) -> str:
    """Groups like failures: numbers, quoted names, SSA values and types collapse."""
    text = re.sub(r"'[^']*'", "'…'", message)
    text = re.sub(r'"[^"]*"', '"…"', text)
    text = re.sub(r"%[\w#]+", "%…", text)
    text = re.sub(r"tensor<[^>]*>+", "tensor<…>", text)
    text = re.sub(r"\d+", "N", text)
    return text[:160]


def tool_failure(outcome, input_name: str, own_errors: str | None = None) -> tuple[str, str] | None:
    """(kind, detail) of what is wrong with one tool run, or None. `own_errors`: the prefix of
    errors about the run rather than a place in the input (ttbw-run's `ttbw-run: error: `:
    arguments, inputs, the device), which need no location."""
    if outcome.status is None:
        return "timeout", f"no answer in {outcome.seconds:.0f} s"
    if outcome.status < 0:
        return "signal", f"killed by signal {-outcome.status}"
    err = outcome.stderr
    if "Traceback (most recent call last)" in err:
        last = [line for line in err.strip().splitlines() if line and not line.startswith(" ")][-1:]
        return "traceback", normalize(last[0] if last else "")
    if "internal error" in err:
        line = next(line for line in err.splitlines() if "internal error" in line)
        return "internal error", normalize(line)
    if outcome.status not in (0, 1):
        return "exit code", f"exit code {outcome.status}"
    lines = err.splitlines()
    quoted = {k for j, line in enumerate(lines) if CARET.match(line) for k in (j - 1, j)}
    for index, line in enumerate(lines):
        if index in quoted or "error:" not in line or READ_ERRORS.match(line) or \
                (own_errors and line.startswith(own_errors)):
            continue  # the source line a diagnostic quotes (and its caret) is the user's text
        match = LOCATED.match(line)
        if match is None:
            return "unlocated error", normalize(line)
        if int(match["line"]) < 1:
            return "error at line 0", normalize(line[match.end():])
        if match["file"] != input_name:
            return "error located elsewhere", normalize(f"{match['file']}: {line[match.end():]}")
    if outcome.status == 1 and not err.strip():
        return "silent failure", "exit 1 without an error message"
    return None
