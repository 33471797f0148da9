"""Crash reproducers, as mlir-opt writes and reads them.

`--mlir-pass-pipeline-crash-reproducer=FILE`: when a pass fails (refuses its input or hits a
bug), FILE gets the IR as it was before the pipeline (with `--mlir-pass-pipeline-local-reproducer`:
before the failing pass) and, in its `mlir_reproducer` external resource, the pipeline that
failed (with local: that pass alone) and the run's threading and verify-each settings.
`--run-reproducer` reads such a file and runs its pipeline with its settings.
"""
from __future__ import annotations

import re

from ttbw.support.diagnostics import Diagnostic, SourceLoc

_RESOURCE = re.compile(r'\{-#.*?\bmlir_reproducer\s*:\s*\{(?P<body>(?:"(?:[^"\\]|\\.)*"|[^{}"])*)\}', re.DOTALL)
_ENTRY = re.compile(r'(\w+)\s*:\s*("(?:[^"\\]|\\.)*"|\w+)')


class Settings:
    """What a reproducer file records besides its IR."""

    def __init__(self, pipeline: str, disable_threading: bool, verify_each: bool):
        self.pipeline, self.disable_threading, self.verify_each = pipeline, disable_threading, verify_each


def resource_text(settings: Settings) -> str:
    pipeline = settings.pipeline.replace("\\", "\\\\").replace('"', '\\"')
    return ("\n{-#\n  external_resources: {\n    mlir_reproducer: {\n"
            f'      pipeline: "{pipeline}",\n'
            f"      disable_threading: {str(settings.disable_threading).lower()},\n"
            f"      verify_each: {str(settings.verify_each).lower()}\n"
            "    }\n  }\n#-}\n")


def read_settings(text: str) -> Settings | None:
    """The settings a reproducer file records, None if it records none (then, as mlir-opt,
    no pass runs). Raises ValueError if its resource is malformed."""
    match = _RESOURCE.search(text)
    if match is None:
        return None
    entries = dict(_ENTRY.findall(match.group("body")))
    pipeline = entries.get("pipeline")
    if pipeline is None or not pipeline.startswith('"'):
        raise ValueError("the mlir_reproducer resource has no pipeline string")

    def flag(name: str) -> bool:
        value = entries.get(name, "false")
        if value not in ("true", "false"):
            raise ValueError(f"the mlir_reproducer resource's '{name}' is '{value}', expected true or false")
        return value == "true"

    unquoted = re.sub(r"\\(.)", r"\1", pipeline[1:-1])
    return Settings(unquoted, flag("disable_threading"), flag("verify_each"))


def write(path: str, ir_text: str, settings: Settings, file: str, failed_pass: str, local: bool) -> Diagnostic:
    """Writes the reproducer; returns mlir-opt's diagnostic saying where (or why not)."""
    from ttbw.driver.output_file import OutputError, write_output

    where = f"`{failed_pass}` on 'builtin.module' operation"
    where = where if local else f"[{where}]"
    try:
        write_output(path, ir_text + resource_text(settings))
        outcome = f"reproducer generated at `{path}`"
    except OutputError as error:
        outcome = f"failed to create output stream: {error}"
    return Diagnostic("error", SourceLoc(file, 0, 0),
                      "Failures have been detected while processing an MLIR pass pipeline",
                      [Diagnostic("note", SourceLoc(file, 0, 0), f"Pipeline failed while executing {where}: {outcome}")])
