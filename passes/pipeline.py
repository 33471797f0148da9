"""Textual pass pipelines mixing ttbw's Python passes with upstream MLIR passes.

MLIR's own parser cannot name Python passes, so ttbw owns the grammar:

    builtin.module(ttir-decompose-backward{opt=value}, func.func(canonicalize), cse)

Elements naming a ttbw pass or pipeline run in Python; every other element is
handed to MLIR's PassManager (which validates it up front), so all upstream
passes and their options work unchanged.
"""
from __future__ import annotations

from typing import NamedTuple  # records here are not dataclasses: cheaper for ttbw-opt's start-up

import ttbw.passes.all  # noqa: F401  (registers every pass before names are resolved)
from ttbw.passes.registry import PASSES, PIPELINES

PIPELINE_SOURCE = "<pass-pipeline>"


class PipelineError(ValueError):
    """A malformed pipeline; `column` is 1-based within the pipeline text."""

    def __init__(self, message: str, column: int = 1, source: str = PIPELINE_SOURCE):
        self.column, self.source = column, source
        super().__init__(message)

    def __str__(self) -> str:
        where = self.source if self.source.startswith("ttbw-opt") else f"{self.source}:1:{self.column}"
        return f"{where}: error: {self.args[0]}"


class Element:
    """One parsed pipeline element: a pass or pipeline name, its options, nested elements."""

    def __init__(self, name: str, column: int):
        self.name, self.column = name, column
        self.options: dict[str, str] = {}
        self.options_text = ""
        self.children: list[Element] | None = None

    def text(self) -> str:
        out = self.name + (f"{{{self.options_text}}}" if self.options_text else "")
        if self.children is not None:
            out += "(" + ",".join(c.text() for c in self.children) + ")"
        return out


class Step(NamedTuple):
    """One runnable pipeline step: a ttbw pass or an upstream pipeline fragment."""
    name: str  # pass argument (or upstream fragment text)
    ttbw_pass: object | None  # PassInfo
    options: dict | None = None
    upstream_text: str | None = None  # "builtin.module(<fragment>)"


# ------------------------------------------------------------------ parsing

class _Parser:
    def __init__(self, text: str, source: str):
        self.text, self.pos, self.source = text, 0, source

    def error(self, message: str, pos: int | None = None):
        return PipelineError(message, (self.pos if pos is None else pos) + 1, self.source)

    def skip_space(self):
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def elements(self) -> list[Element]:
        out = [self.element()]
        while self.peek() == ",":
            self.pos += 1
            out.append(self.element())
        return out

    def element(self) -> Element:
        self.skip_space()
        start = self.pos
        while self.pos < len(self.text) and (self.text[self.pos].isalnum() or self.text[self.pos] in "_.-"):
            self.pos += 1
        if self.pos == start:
            found = self.text[self.pos] if self.pos < len(self.text) else "end of pipeline"
            raise self.error(f"expected a pass or pipeline name, found '{found}'")
        element = Element(self.text[start:self.pos], start + 1)
        if self.peek() == "{":
            element.options_text, element.options = self.options()
        if self.peek() == "(":
            self.pos += 1
            element.children = [] if self.peek() == ")" else self.elements()
            if self.peek() != ")":
                raise self.error("expected ')' to close the nested pipeline")
            self.pos += 1
        return element

    def options(self) -> tuple[str, dict[str, str]]:
        open_pos = self.pos
        depth, self.pos = 0, self.pos
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            depth += ch == "{"
            depth -= ch == "}"
            self.pos += 1
            if depth == 0:
                break
        else:
            raise self.error("unterminated '{' in pass options", open_pos)
        body = self.text[open_pos + 1:self.pos - 1]
        return body.strip(), parse_options(body, lambda m, p=open_pos: self.error(m, p))


def parse_options(body: str, error=lambda m: PipelineError(m)) -> dict[str, str]:
    """Splits `a=1 b="x y" c={1,2}` into a dict (values unquoted)."""
    options, i = {}, 0
    while True:
        while i < len(body) and body[i].isspace():
            i += 1
        if i >= len(body):
            return options
        start = i
        while i < len(body) and not body[i].isspace() and body[i] != "=":
            i += 1
        key, value = body[start:i], ""
        if i < len(body) and body[i] == "=":
            i += 1
            start = i
            depth, quote = 0, None
            while i < len(body):
                ch = body[i]
                if quote:
                    quote = None if ch == quote else quote
                elif ch in "\"'":
                    quote = ch
                elif ch == "{":
                    depth += 1
                elif ch == "}":
                    depth -= 1
                elif ch.isspace() and depth == 0:
                    break
                i += 1
            value = body[start:i]
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
                value = value[1:-1]
        if not key:
            raise error(f"malformed pass options '{body.strip()}'")
        options[key] = value


def parse_pipeline(text: str, source: str = PIPELINE_SOURCE) -> list[Element]:
    """Parses `builtin.module(...)`; returns the elements inside the anchor."""
    parser = _Parser(text, source)
    if not text.strip():
        raise parser.error("empty pass pipeline")
    elements = parser.elements()
    if parser.peek():
        raise parser.error(f"unexpected '{parser.peek()}' after the pipeline")
    if len(elements) != 1 or elements[0].name != "builtin.module" or elements[0].children is None:
        raise PipelineError(
            "the pipeline must be anchored on the module: 'builtin.module(...)'",
            elements[0].column, source)
    return elements[0].children


# --------------------------------------------------------------- resolution

def resolve(elements: list[Element], context, source: str = PIPELINE_SOURCE,
            _depth: int = 0) -> list[Step]:
    """Turns parsed elements into runnable steps, checking names and options."""
    steps: list[Step] = []
    for element in elements:
        if element.name in PASSES:
            info = PASSES[element.name]
            if element.children is not None:
                raise PipelineError(f"'{element.name}' is a pass, not an op anchor",
                                    element.column, source)
            try:
                options = info.parse_options(element.options)
            except ValueError as error:
                raise PipelineError(str(error), element.column, source) from None
            steps.append(Step(element.name, info, options))
        elif element.name in PIPELINES:
            if _depth > 8:
                raise PipelineError(f"pipeline '{element.name}' expands into itself",
                                    element.column, source)
            info = PIPELINES[element.name]
            try:
                elements = info.elements(element.options)
            except ValueError as error:
                raise PipelineError(str(error), element.column, source) from None
            inner = parse_pipeline(f"builtin.module({elements})", f"<{element.name}>")
            steps += resolve(inner, context, f"<{element.name}>", _depth + 1)
        else:
            steps.append(_upstream_step(element, context, source))
    return steps


def _upstream_step(element: Element, context, source: str) -> Step:
    from mlir.passmanager import PassManager

    for child in _walk(element.children or []):
        if child.name in PASSES or child.name in PIPELINES:
            raise PipelineError(
                f"'{child.name}' is a ttbw pass on the whole module; name it at the top level of "
                "builtin.module(...), not inside an op anchor", child.column, source)
    text = f"builtin.module({element.text()})"
    try:
        PassManager.parse(text, context)
    except Exception as error:  # MLIR reports unknown passes/options as ValueError
        detail = str(error).strip().splitlines()
        reason = _upstream_reason(detail, element.name)
        raise PipelineError(reason, element.column, source) from None
    return Step(element.text(), None, upstream_text=text)


def _upstream_reason(lines: list[str], name: str) -> str:
    first = next((line for line in lines if line.strip()), "")
    if "error:" in first:
        return first.split("error:", 1)[1].strip()
    if first.startswith("<") and ">: " in first:  # <Pass-Options-Parser>: no such option x
        return f"'{name}': {first.split('>: ', 1)[1].strip()}"
    return f"'{name}' is not a valid pass pipeline element: {first.strip()}"


def _walk(elements):
    for element in elements:
        yield element
        yield from _walk(element.children or [])


# ------------------------------------------------------------------ running

def run_step(step: Step, module, verify: bool = True, printing: dict | None = None,
             statistics: list | None = None):
    """Runs one step; returns the module after it (a new one where a pass moves the IR to
    tt-mlir's context). ttbw passes raise DiagnosticError, upstream ones MLIRError (in
    tt-mlir's context: DiagnosticError). For an upstream step, `verify` runs MLIR's verifier
    after it and `printing` (enable_ir_printing arguments) has MLIR dump the IR around it (in
    ttbw's context; in tt-mlir's the driver dumps); given a list, `statistics` gets the lines
    of MLIR's own statistics report for the step's passes (in ttbw's context)."""
    if step.ttbw_pass is not None:
        return step.ttbw_pass.run(module, step.options)
    import sys

    from ttbw.ttmlir.dialects import is_ttmlir_module

    if is_ttmlir_module(module):  # tt-mlir's PassManager, in its context
        module.run_pipeline(step.upstream_text, verify)
        return module
    from mlir.passmanager import PassManager

    manager = PassManager.parse(step.upstream_text, module.context)
    manager.enable_verifier(verify)
    if printing:
        sys.stderr.flush()  # MLIR writes its dumps to the same stream, unbuffered
        manager.enable_ir_printing(**printing)
    if statistics is None:
        manager.run(module.operation)
    else:
        manager.enable_statistics()
        statistics += _statistics_lines(lambda: manager.run(module.operation))
    return module


_REPORT_RULE = "===" + "-" * 73 + "==="


def _statistics_lines(run) -> list[str]:
    """Runs `run` (a PassManager run with statistics on) and returns the body of the
    statistics report MLIR writes to stderr at its end; the rest of what it writes there (IR
    dumps) goes on to stderr."""
    import os
    import sys
    import tempfile

    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as captured:
        os.dup2(captured.fileno(), 2)
        try:
            run()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            captured.seek(0)
            text = captured.read().decode("utf-8", "replace")
            lines = text.split("\n")
            start = lines.index(_REPORT_RULE) if _REPORT_RULE in lines else len(lines)
            end = lines.index("", start + 3) if "" in lines[start + 3:] else len(lines)
            rest = "\n".join(lines[:start] + lines[end + 1:])
            if rest:
                sys.stderr.write(rest)
                sys.stderr.flush()
    return lines[start + 3:end]


def pipeline_text(steps: list[Step]) -> str:
    """The resolved pipeline as --dump-pass-pipeline prints it (options with their values)."""
    return "builtin.module(\n" + ",\n".join(f"  {_step_text(step)}" for step in steps) + "\n)"


def pipeline_line(steps: list[Step]) -> str:
    """The resolved pipeline on one line, as MLIR writes it in a crash reproducer; it parses
    back into the same steps."""
    return "builtin.module(" + ", ".join(_step_text(step) for step in steps) + ")"


def _step_text(step: Step) -> str:
    if step.ttbw_pass is None:
        return step.name
    options = " ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                       for k, v in sorted((step.options or {}).items()))
    return step.name + (f"{{{options}}}" if options else "")
