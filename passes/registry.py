"""Registry of ttbw's passes and named pipelines.

Only names, summaries and options live here, so `ttbw-opt --help` and the
pipeline parser need no MLIR import; a pass's module is imported when it runs.
A pass module exposes `run(module, options)`, which changes the module in place (returns None)
or returns the module that replaces it (a context switch: `ttmlir_output`), and raises
`ttbw.support.diagnostics.DiagnosticError` to refuse its input.

The records are NamedTuples, not dataclasses: importing `dataclasses` and building a dataclass
costs a few milliseconds each, paid by every ttbw-opt start-up.
"""
from __future__ import annotations

from importlib import import_module
from typing import Callable, NamedTuple


class Option(NamedTuple):
    name: str
    kind: type  # bool, int or str
    default: object
    help: str
    check: Callable[[str], object] | None = None  # a str option's own rule: raises ValueError

    def parse(self, text: str):
        if self.kind is bool:
            if text in ("true", "1", ""):
                return True
            if text in ("false", "0"):
                return False
            raise ValueError(f"option '{self.name}' expects true or false, got '{text}'")
        if self.kind is int:
            try:
                return int(text, 0)
            except ValueError:
                raise ValueError(f"option '{self.name}' expects an integer, got '{text}'") from None
        if self.check is not None:
            self.check(text)
        return text


def parse_options(argument: str, options: tuple[Option, ...], given: dict[str, str]) -> dict:
    """Option values of pass or pipeline `argument`: defaults, overridden by `given` texts."""
    known = {o.name: o for o in options}
    values = {o.name: o.default for o in options}
    for name, text in given.items():
        if name not in known:
            names = ", ".join(known) or "none"
            raise ValueError(f"'{argument}' has no option '{name}' (its options: {names})")
        values[name] = known[name].parse(text)
    return values


class Statistic(NamedTuple):
    """A counter a pass keeps (`ttbw.support.statistics.count`), shown by --mlir-pass-statistics."""
    name: str  # e.g. num-decomposed
    description: str


class PassInfo(NamedTuple):
    argument: str
    summary: str
    module: str  # imported lazily; must define run(module, options)
    options: tuple[Option, ...] = ()
    # The pass hands on a module in tt-mlir's own context (TTKernel / TTMetal registered there):
    # its `run` returns that module instead of changing its input in place. A PassManager of
    # the upstream bindings cannot host it (its IR cannot leave the bindings' context).
    ttmlir_output: bool = False
    # The pass reads a module in tt-mlir's context too (IR naming TTKernel / TTMetal / TTCore);
    # the others leave one unchanged: it holds no ttir op.
    ttmlir_input: bool = False
    statistics: tuple[Statistic, ...] = ()

    def parse_options(self, given: dict[str, str]) -> dict:
        return parse_options(self.argument, self.options, given)

    @property
    def name(self) -> str:
        """The pass's name in IR dumps and reports, as MLIR names passes by class:
        convert-linalg-to-ttkernel -> ConvertLinalgToTTKernel."""
        return "".join(_ACRONYMS.get(word, word.capitalize()) for word in self.argument.split("-"))

    def run(self, module, options: dict):
        """The module after the pass: `module` changed in place, or the new module it returns."""
        if not self.ttmlir_input:
            from ttbw.ttmlir.dialects import is_ttmlir_module

            if is_ttmlir_module(module):
                return module
        result = import_module(self.module).run(module, options)
        return module if result is None else result


class PipelineInfo(NamedTuple):
    argument: str
    summary: str
    # textual elements, e.g. "ttir-decompose-backward,canonicalize"; with options, a function
    # of their values returning the elements
    pipeline: str | Callable[[dict], str]
    options: tuple[Option, ...] = ()

    def elements(self, given: dict[str, str]) -> str:
        values = parse_options(self.argument, self.options, given)
        return self.pipeline(values) if callable(self.pipeline) else self.pipeline


_ACRONYMS = {"ttir": "TTIR", "ttkernel": "TTKernel", "emitc": "EmitC", "ttbw": "TTBW"}

PASSES: dict[str, PassInfo] = {}
PIPELINES: dict[str, PipelineInfo] = {}


def register_pass(info: PassInfo) -> None:
    PASSES[info.argument] = info


def register_pipeline(info: PipelineInfo) -> None:
    PIPELINES[info.argument] = info
