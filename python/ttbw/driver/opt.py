"""The work behind ttbw-opt: split, parse, verify, run the pipeline, print.

Every failure becomes a Diagnostic; nothing here raises to the CLI except a
bug, which is reported as an internal error naming the pass that hit it.
"""
from __future__ import annotations

import sys
import time
import traceback

from ttbw.support.diagnostics import Diagnostic, DiagnosticError, SourceLoc, from_mlir, source_loc, take_reported
from ttbw.support.statistics import take_counts
from ttbw.driver import action_log
from ttbw.driver.instrumentation import Instrumentation
from ttbw.driver.ir_text import asm
from ttbw.passes.pipeline import (PipelineError, parse_pipeline, pipeline_line, pipeline_text as pipeline_text_of,
                                  resolve, run_step)
from ttbw.driver.source import read_module, split_source, verify_module
from ttbw.ttmlir import is_install_error
from ttbw.ttmlir.dialects import is_ttmlir_module


class UnknownOption(PipelineError):
    """A flag that is neither an option nor a pass, reported in mlir-opt's words."""

    def __str__(self) -> str:
        return f"ttbw-opt: Unknown command line argument '{self.args[0]}'.  Try: 'ttbw-opt --help'"


class Driver:
    """`instrumentation`: IR dumps, timing, statistics and the printing flags
    (`ttbw.driver.instrumentation`); `split_marker`: split the input at this marker (None: don't);
    `verify_each`: verify after every pass (else once, after the last one, unless the IR is to be
    dumped after a failing pass: that needs the pass); `dump_pipeline`: print the resolved
    pipeline; `bytecode`: outputs are MLIR bytecode; `reproducer`: where a failing pipeline
    writes its crash reproducer (`ttbw.driver.reproducer`; `local_reproducer`: of the failing
    pass alone); `verify_roundtrip`: each parsed module must print and read back the same
    (`ttbw.driver.roundtrip`); `implicit_module` false: the source's single top-level op is the
    top (mlir-opt's --no-implicit-module; the passes run on a module); `action_fd`: an open
    file descriptor every action is logged to (--log-actions-to; `ttbw.driver.action_log`)."""

    def __init__(self, name: str, instrumentation: Instrumentation | None = None, allow_unregistered=False,
                 threading=True, verify_each=False, split_marker: str | bool | None = None, dump_pipeline=False,
                 bytecode=False, reproducer: str | None = None, local_reproducer=False, verify_roundtrip=False,
                 implicit_module=True, action_fd: int | None = None):
        self.name = name
        self.instrumentation = instrumentation or Instrumentation()
        self.allow_unregistered, self.threading = allow_unregistered, threading
        self.verify_each = verify_each or self.instrumentation.after_failure
        self.split_marker, self.dump_pipeline = split_marker, dump_pipeline
        self.bytecode = bytecode
        self.reproducer, self.local_reproducer = reproducer, local_reproducer
        self.verify_roundtrip, self.implicit_module = verify_roundtrip, implicit_module
        self.action_fd = action_fd
        self.context = self._new_context()
        self.diagnostics: list[Diagnostic] = []
        self.parse_seconds = 0.0
        self.sources: dict = {}
        self._text = None

    def _new_context(self):
        """Each input chunk gets its own context (ttbw's; a lowered chunk is read in, or moves
        to, a tt-mlir context of its own), so nothing of one chunk leaks into the next."""
        from ttbw.dialect import make_context

        context = make_context()
        context.allow_unregistered_dialects = self.allow_unregistered
        if self.action_fd is not None:
            from ttbw.dialect import log_actions

            log_actions(context, self.action_fd)
        if not self.threading:
            context.enable_multithreading(False)
        return context

    def run(self, text: str, pipeline_text: str | None, pass_flags: list[str],
            verify_diagnostics: bool) -> tuple[bool, list]:
        """Returns (success, each chunk's output text or None where the chunk failed). Passes
        come from `pipeline_text` (`builtin.module(...)`) or from `pass_flags` (`--name[=options]`)."""
        try:
            steps = self._steps(pipeline_text, pass_flags)
        except PipelineError as error:
            print(str(error), file=sys.stderr)
            return False, []
        if self.dump_pipeline:
            print(f"Pass Manager with {len(steps)} passes:\n{pipeline_text_of(steps)}\n", file=sys.stderr)
        self._text, self.sources = text, {}  # diagnostics quote the line they point at (`_report`)
        outputs = []
        for index, (first_line, chunk) in enumerate(split_source(text, self.split_marker)):
            if index:
                self.context = self._new_context()
            outputs.append(self._process(chunk, first_line, steps))
            self.instrumentation.end_pipeline()
        ok = all(output is not None for output in outputs)
        if verify_diagnostics:  # as mlir-opt: no op printed on diagnostics under --verify-diagnostics
            from ttbw.driver import verify_diagnostics as expected_diagnostics

            self.diagnostics = [_without_op_notes(d) for d in self.diagnostics]
            problems = expected_diagnostics.check(
                self.diagnostics, expected_diagnostics.expectations(text, self.name), self.name)
            self._report(problems)
            ok = not problems
        else:
            self._report(self.diagnostics)
        return ok, outputs

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
                if "does not refer to a registered pass" in error.args[0]:  # not a pass: an unknown option
                    raise UnknownOption(flag) from None
                raise PipelineError(error.args[0], source=f"ttbw-opt: {flag}") from None
        return steps

    def _report(self, diagnostics: list[Diagnostic]) -> None:
        if diagnostics and not self.sources and isinstance(self._text, str):  # split only when quoted
            self.sources = {self.name: self._text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                            .split("\n")}
        for diag in diagnostics:
            print(diag.format(self.sources), file=sys.stderr)

    def _process(self, chunk: str, first_line: int, steps) -> str | None:
        started = time.perf_counter()
        try:
            module = read_module(chunk, self.name, self.context, first_line, self.threading)
        except DiagnosticError as error:
            self.diagnostics += error.diagnostics
            return None
        self.parse_seconds += time.perf_counter() - started
        if self.verify_roundtrip:
            from ttbw.driver import roundtrip

            problems = roundtrip.problems(module, self.name, self.allow_unregistered)
            if problems:
                self.diagnostics += problems
                return None
        top = None if self.implicit_module else self._top_level(module, first_line)
        if top is False:
            return None
        if top is not None:  # one op that is no module: nothing to run passes on
            if steps:
                self.diagnostics.append(Diagnostic("error", source_loc(top.location),
                                                   f"can't run 'builtin.module' pass manager on '{top.name}' op"))
                return None
            if self.bytecode:
                from ttbw.driver.ir_text import bytecode

                return bytecode(top)
            return self.instrumentation.flags.op_asm(top) + "\n"
        self.instrumentation.begin_pipeline()
        # Parsing verifies (the dialect's C++ verifiers included). With verify_each, MLIR's pass
        # manager verifies after an upstream step in ttbw's context and the driver after ttbw's
        # passes and after every step in tt-mlir's context; the driver dumps the IR around them.
        trace = self.instrumentation
        reproduce = self.reproducer is not None and bool(steps)
        initial = asm(module.operation, assume_verified=True) if reproduce and not self.local_reproducer else None
        for step in steps:
            argument, name = _names(step)
            if reproduce and self.local_reproducer:
                initial = asm(module.operation, assume_verified=True)
            ours = step.ttbw_pass is not None or is_ttmlir_module(module)
            if ours and trace.dumps_before(argument):
                trace.dump(module, "Before", name, argument)
            before = trace.flags.asm(module) if ours and trace.after_change else None
            started = time.perf_counter()
            take_counts()
            upstream_statistics = [] if trace.statistics and not ours else None
            logged = self.action_fd is not None and (step.ttbw_pass is not None or is_ttmlir_module(module))
            if logged:  # MLIR logs the actions of an upstream step in ttbw's context itself
                action_log.begin(self.action_fd, name, module)
            after = self._run(step, module, None if ours else trace.upstream_printing(argument),
                              upstream_statistics)
            if logged:
                action_log.complete(self.action_fd)
            self.diagnostics += take_reported()  # a pass's warnings / remarks
            if not ours:
                trace.upstream_done()
            trace.record(name, time.perf_counter() - started)
            if trace.statistics:
                trace.record_statistics(step, take_counts(), upstream_statistics)
            ok = after is not None
            if ok and self.verify_each and ours:
                ok = self._verified(after)
            if ours and not ok and trace.after_failure:
                trace.dump(after or module, "After", f"{name} Failed", argument)
            if not ok:
                if reproduce:
                    self._write_reproducer(initial, [step] if self.local_reproducer else steps, name)
                return None
            module = after
            if ours and trace.dumps_after(argument) and (before is None or before != trace.flags.asm(module)):
                trace.dump(module, "After", name, argument)
        if not self.verify_each and not self._verified(module):
            if reproduce:
                self._write_reproducer(initial, steps[-1:] if self.local_reproducer else steps, _names(steps[-1])[1])
            return None
        if self.bytecode:
            from ttbw.driver.ir_text import bytecode

            return bytecode(module.operation)
        if trace.flags.value_users and is_ttmlir_module(module):
            self.diagnostics.append(Diagnostic("warning", SourceLoc(self.name, 0, 0), (
                "--mlir-print-value-users: a module of TTKernel / TTMetal ops (tt-mlir's context) prints "
                "without the users' comments")))
        return trace.flags.asm(module)

    def _top_level(self, module, first_line: int):
        """--no-implicit-module: None if the source wrote the module (or it was read in tt-mlir's
        context), else the source's one top-level op (the module holding it is the implicit one);
        False (diagnosed at the second op, or at the chunk's first line when there is none) if
        there are more or none."""
        if is_ttmlir_module(module) or source_loc(module.operation.location).line != 0:
            return None
        ops = list(module.body.operations)
        if len(ops) != 1:
            where = source_loc(ops[1].operation.location) if ops else SourceLoc(self.name, first_line, 1)
            self.diagnostics.append(Diagnostic("error", where,
                                               f"source must contain a single top-level operation, found: {len(ops)}"))
            return False
        return ops[0].operation

    def _write_reproducer(self, ir_text: str, steps, failed_pass: str) -> None:
        from ttbw.driver import reproducer

        settings = reproducer.Settings(pipeline_line(steps), not self.threading, self.verify_each)
        self.diagnostics.append(reproducer.write(self.reproducer, ir_text, settings, self.name, failed_pass,
                                                 self.local_reproducer))

    def _run(self, step, module, printing, statistics):
        """The module after `step`, None if it failed (its diagnostics recorded)."""
        from mlir import ir

        try:
            return run_step(step, module, self.verify_each, printing, statistics)
        except DiagnosticError as error:
            self.diagnostics += error.diagnostics
        except ir.MLIRError as error:
            self.diagnostics += [from_mlir(d) for d in error.error_diagnostics] or [
                Diagnostic("error", SourceLoc(self.name, 0, 0), f"pass '{step.name}' failed")]
        except Exception as error:  # a bug in a pass: report, never crash
            if is_install_error(error):  # the set-up was not run: the tool says so, not as a bug
                raise
            detail = "".join(traceback.format_exception_only(type(error), error)).strip()
            self.diagnostics.append(Diagnostic(
                "error", SourceLoc(self.name, 0, 0),
                f"internal error in pass '{step.name}': {detail} (this is a ttbw bug; "
                "set TTBW_DEBUG=1 for a traceback)"))
            if _debug():
                traceback.print_exc()
        return None

    def _verified(self, module) -> bool:
        problems = verify_module(module)
        self.diagnostics += problems
        return not problems


def _without_op_notes(diagnostic: Diagnostic) -> Diagnostic:
    notes = [_without_op_notes(n) for n in diagnostic.notes if not n.message.startswith("see current operation:")]
    return Diagnostic(diagnostic.severity, diagnostic.loc, diagnostic.message, notes)


def _names(step) -> tuple[str, str]:
    """(pass argument, name in dumps and reports) of a step."""
    if step.ttbw_pass is not None:
        return step.ttbw_pass.argument, step.ttbw_pass.name
    return step.name, step.name


def _debug() -> bool:
    import os

    return os.environ.get("TTBW_DEBUG") == "1"
