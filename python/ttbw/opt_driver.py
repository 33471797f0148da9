"""The work behind ttbw-opt: split, parse, verify, run the pipeline, print.

Every failure becomes a Diagnostic; nothing here raises to the CLI except a
bug, which is reported as an internal error naming the pass that hit it.
"""
from __future__ import annotations

import sys
import traceback

from ttbw.diagnostics import Diagnostic, DiagnosticError, SourceLoc, from_mlir
from ttbw.pipeline import PipelineError, parse_pipeline, resolve, run_step
from ttbw.source import parse_module, split_source, verify_module
from ttbw import verify_diagnostics as expected_diagnostics


class Driver:
    def __init__(self, name: str, print_debuginfo=False, print_after_all=False,
                 print_before_all=False, allow_unregistered=False, threading=True):
        self.name = name
        self.print_debuginfo = print_debuginfo
        self.print_after_all, self.print_before_all = print_after_all, print_before_all
        self.allow_unregistered, self.threading = allow_unregistered, threading
        self.context = self._new_context()
        self.diagnostics: list[Diagnostic] = []

    def _new_context(self):
        """Each input chunk gets its own context, so what one chunk's passes change in it (the
        TTKernel lowering lets it hold unregistered ops) cannot leak into the next chunk."""
        from ttbw.dialect import make_context

        context = make_context()
        context.allow_unregistered_dialects = self.allow_unregistered
        if not self.threading:
            context.enable_multithreading(False)
        return context

    def run(self, text: str, pipeline_text: str | None, pass_flags: list[str], split: bool,
            verify_diagnostics: bool) -> tuple[bool, str]:
        """Returns (success, output text). Passes come from `pipeline_text`
        (`builtin.module(...)`) or from `pass_flags` (`--name[=options]`)."""
        try:
            steps = self._steps(pipeline_text, pass_flags)
        except PipelineError as error:
            print(str(error), file=sys.stderr)
            return False, ""
        outputs, ok = [], True
        for index, (first_line, chunk) in enumerate(split_source(text, split)):
            if index:
                self.context = self._new_context()
            output = self._process(chunk, first_line, steps)
            ok &= output is not None
            if output is not None:
                outputs.append(output)
        if verify_diagnostics:
            problems = expected_diagnostics.check(
                self.diagnostics, expected_diagnostics.expectations(text, self.name), self.name)
            self._report(problems)
            ok = not problems
        else:
            self._report(self.diagnostics)
        return ok, "// -----\n".join(outputs)

    def _steps(self, pipeline_text, pass_flags):
        if pipeline_text is not None:
            return resolve(parse_pipeline(pipeline_text), self.context)
        steps = []
        for flag in pass_flags:
            name, _, options = flag[2:].partition("=")
            element = f"{name}{{{options}}}" if options else name
            try:
                steps += resolve(parse_pipeline(f"builtin.module({element})"), self.context)
            except PipelineError as error:
                raise PipelineError(error.args[0], source=f"ttbw-opt: {flag}") from None
        return steps

    def _report(self, diagnostics: list[Diagnostic]) -> None:
        for diag in diagnostics:
            print(diag.format(), file=sys.stderr)

    def _process(self, chunk: str, first_line: int, steps) -> str | None:
        try:
            module = parse_module(chunk, self.name, self.context, first_line)
        except DiagnosticError as error:
            self.diagnostics += error.diagnostics
            return None
        # Parsing verifies, and MLIR's pass manager verifies after an upstream step; after
        # a ttbw pass the driver does.
        for step in steps:
            if self.print_before_all:
                self._dump(module, "Before", step.name)
            if not self._run(step, module) or (
                    step.ttbw_pass is not None and not self._verified(module)):
                return None
            if self.print_after_all:
                self._dump(module, "After", step.name)
        return self._asm(module)

    def _run(self, step, module) -> bool:
        from mlir import ir

        try:
            run_step(step, module)
            return True
        except DiagnosticError as error:
            self.diagnostics += error.diagnostics
        except ir.MLIRError as error:
            self.diagnostics += [from_mlir(d) for d in error.error_diagnostics] or [
                Diagnostic("error", SourceLoc(self.name, 0, 0), f"pass '{step.name}' failed")]
        except Exception as error:  # a bug in a pass: report, never crash
            detail = "".join(traceback.format_exception_only(type(error), error)).strip()
            self.diagnostics.append(Diagnostic(
                "error", SourceLoc(self.name, 0, 0),
                f"internal error in pass '{step.name}': {detail} (this is a ttbw bug; "
                "set TTBW_DEBUG=1 for a traceback)"))
            if _debug():
                traceback.print_exc()
        return False

    def _verified(self, module) -> bool:
        problems = verify_module(module)
        self.diagnostics += problems
        return not problems

    def _asm(self, module) -> str:
        return module.operation.get_asm(enable_debug_info=self.print_debuginfo,
                                        assume_verified=True)

    def _dump(self, module, when: str, name: str) -> None:
        print(f"// -----// IR Dump {when} {name} ({name}) //----- //", file=sys.stderr)
        print(self._asm(module), file=sys.stderr)


def _debug() -> bool:
    import os

    return os.environ.get("TTBW_DEBUG") == "1"
