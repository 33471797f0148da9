"""What ttbw-opt reports around the passes it runs, as mlir-opt does: IR dumps before / after
passes (`--mlir-print-ir-*`), the execution time report (`--mlir-timing`), the pass statistics
report (`--mlir-pass-statistics`), and the printing flags every printed IR uses.

ttbw's Python passes are dumped here in MLIR's format; an upstream pass is run by MLIR's own
PassManager, so its dumps come from MLIR itself (`upstream_printing`), with its own names.
"""
from __future__ import annotations

import re
import sys
import time

RULE = "===" + "-" * 73 + "==="


class PrintFlags:
    """How IR is printed (output and dumps): --mlir-print-debuginfo, --mlir-print-op-generic,
    --mlir-print-local-scope, --mlir-elide-elementsattrs-if-larger, --mlir-print-value-users
    (not for a module in tt-mlir's context, whose printer lacks it). (The classes here are not
    dataclasses: importing `dataclasses` and building them would cost every ttbw-opt start-up.)"""

    def __init__(self, debuginfo: bool = False, generic: bool = False, local_scope: bool = False,
                 elide_limit: int | None = None, value_users: bool = False):
        self.debuginfo, self.generic, self.local_scope, self.elide_limit = debuginfo, generic, local_scope, elide_limit
        self.value_users = value_users

    def asm(self, module) -> str:
        return self.op_asm(module.operation)

    def op_asm(self, operation) -> str:
        from ttbw.driver.ir_text import asm

        return asm(operation, enable_debug_info=self.debuginfo, print_generic_op_form=self.generic,
                   use_local_scope=self.local_scope, large_elements_limit=self.elide_limit,
                   assume_verified=True, print_value_users=self.value_users)

class Instrumentation:
    """`before` / `after`: pass arguments to dump the IR before / after, or ALL."""

    ALL = "all"

    def __init__(self, flags: PrintFlags | None = None, before: frozenset | str = frozenset(),
                 after: frozenset | str = frozenset(), after_change: bool = False, after_failure: bool = False,
                 module_scope: bool = False, timing: bool = False, statistics: bool = False,
                 tree_dir: str | None = None):
        self.flags = PrintFlags() if flags is None else flags
        self.tree = None  # dumps into files, not stderr
        if tree_dir is not None:
            from ttbw.driver.ir_tree import TreeDumps

            self.tree = TreeDumps(tree_dir)
        self.before, self.after = before, after
        self.after_change, self.after_failure, self.module_scope = after_change, after_failure, module_scope
        self.timing, self.statistics = timing, statistics
        self.times: list = []  # (name, seconds) in run order
        self.statistics_lines: list[str] | None = None  # this pipeline run's report; None: not running
        self.started = time.perf_counter()

    def dumps_before(self, argument: str) -> bool:
        return self.before == self.ALL or bool(_passes_named(argument) & self.before)

    def dumps_after(self, argument: str) -> bool:
        return self.after == self.ALL or bool(_passes_named(argument) & self.after)

    def upstream_printing(self, argument: str) -> dict | None:
        """enable_ir_printing() arguments for an upstream step, or None."""
        before, after = self.dumps_before(argument), self.dumps_after(argument) or self.after_failure
        if not (before or after):
            return None
        return {"print_before_all": before, "print_after_all": self.dumps_after(argument),
                "print_after_change": self.after_change, "print_after_failure": self.after_failure,
                "print_module_scope": self.module_scope,
                "large_elements_limit": self.flags.elide_limit, "enable_debug_info": self.flags.debuginfo,
                "print_generic_op_form": self.flags.generic,
                "tree_printing_dir_path": None if self.tree is None else self.tree.scratch()}

    def upstream_done(self) -> None:
        """After an upstream step: its tree of dumps (if any) joins the others."""
        if self.tree is not None:
            self.tree.merge()

    def dump(self, module, when: str, name: str, argument: str) -> None:
        header = f"// -----// IR Dump {when} {name} ({argument}) //----- //"
        if self.tree is not None:
            self.tree.write(module, header, self.flags.asm(module), argument)
            return
        print(header, file=sys.stderr)
        print(self.flags.asm(module), file=sys.stderr)
        print(file=sys.stderr)

    def record(self, name: str, seconds: float) -> None:
        self.times.append((name, seconds))

    def begin_pipeline(self) -> None:
        """The passes start on one input (a chunk of a split file)."""
        self.statistics_lines = []
        if self.tree is not None:
            self.tree.reset()

    def record_statistics(self, step, counts: dict[str, int], upstream: list[str] | None) -> None:
        """A step's statistics: a ttbw pass's declared ones with their `counts`; an upstream
        step's, the lines of MLIR's own report (`upstream`); else its name alone."""
        from ttbw.support.statistics import format_entry

        if step.ttbw_pass is not None:
            declared = [(s.name, counts.get(s.name, 0), s.description) for s in step.ttbw_pass.statistics]
            self.statistics_lines += format_entry(step.ttbw_pass.name, declared)
        elif upstream:
            self.statistics_lines += upstream
        else:
            self.statistics_lines.append(step.name)

    def end_pipeline(self) -> None:
        """As MLIR's pass manager at the end of a run: the statistics report of its passes
        (stderr), once per input that was parsed."""
        if self.statistics and self.statistics_lines is not None:
            print(f"{RULE}\n{_centered('... Pass statistics report ...')}\n{RULE}", file=sys.stderr)
            for line in self.statistics_lines:
                print(line, file=sys.stderr)
            print(file=sys.stderr)
        self.statistics_lines = None

    def report(self, parse_seconds: float, output_seconds: float) -> None:
        """The timing report, at the end of the run (stderr)."""
        if self.timing:
            total = time.perf_counter() - self.started
            rows = [("Parser", parse_seconds), *self.times, ("Output", output_seconds)]
            rest = max(total - sum(s for _, s in rows), 0.0)
            print(f"{RULE}\n{_centered('... Execution time report ...')}\n{RULE}", file=sys.stderr)
            print(f"  Total Execution Time: {total:.4f} seconds\n\n  ----Wall Time----  ----Name----",
                  file=sys.stderr)
            for name, seconds in [*rows, ("Rest", rest), ("Total", total)]:
                share = 100.0 * seconds / total if total else 0.0
                print(f"{seconds:10.4f} ({share:5.1f}%)  {name}", file=sys.stderr)
            print(file=sys.stderr)


def _passes_named(element: str) -> set:
    """The pass arguments an element names ('func.func(canonicalize)' -> {'canonicalize'})."""
    return set(re.findall(r"([A-Za-z][\w.-]*)(?![\w.-]*\()", re.sub(r"\{[^}]*\}", "", element)))


def _centered(title: str) -> str:
    return " " * ((80 - len(title)) // 2) + title  # as MLIR centres its report titles
