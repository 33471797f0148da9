"""ttbw's passes in your own MLIR PassManager, next to upstream passes.

    from mlir import ir
    from mlir.passmanager import PassManager
    from ttbw.dialect import make_context
    from ttbw.passes import add_to_pass_manager

    context = make_context()                    # ttbw's dialect loaded
    module = ir.Module.parse(text, context)
    pm = PassManager("builtin.module", context)
    add_to_pass_manager(pm, "builtin.module(ttir-mul-bw-decomposition-pipeline, cse)", context)
    pm.run(module.operation)                    # ir.MLIRError on failure, with ttbw's diagnostics

The pipeline is written as for `ttbw-opt --pass-pipeline` (ttbw passes and pipelines with
their options, upstream passes and op anchors). Each ttbw pass becomes a Python-defined pass of
the PassManager (named as in IR dumps: TTIRDecomposeMulBw), each upstream element an
ordinary one, so threading, IR printing and timing of the PassManager apply to all of them.
A pipeline that lowers to TTKernel makes `context` accept unregistered dialects here, before
the PassManager runs: no pass changes the context while it runs.
"""
from __future__ import annotations


def add_to_pass_manager(pm, pipeline: str, context) -> None:
    """Appends `pipeline` (`builtin.module(...)`) to `pm`, whose context is `context`.
    Raises ValueError (a PipelineError) for an unknown pass or a bad option."""
    from ttbw.pipeline import parse_pipeline, prepare_context, resolve

    steps = resolve(parse_pipeline(pipeline), context)
    prepare_context(steps, context)
    for step in steps:
        if step.ttbw_pass is None:
            pm.add(step.name)
        else:
            info = step.ttbw_pass
            pm.add(_runner(info, step.options), name=info.name, argument=info.argument,
                   description=info.summary)


class _ModuleView:
    """What a ttbw pass uses of an `ir.Module` (`operation`, `body`, `context`), for the
    module operation a PassManager hands a pass."""

    def __init__(self, operation):
        self.operation, self.context = operation, operation.context
        self.body = operation.regions[0].blocks[0]


def _runner(info, options: dict):
    def run(operation, pass_) -> None:
        from mlir import ir

        from ttbw.diagnostics import DiagnosticError

        try:
            info.run(_ModuleView(operation), options)
        except DiagnosticError as error:  # through MLIR's diagnostics: pm.run raises MLIRError
            for diagnostic in error.diagnostics:
                where = diagnostic.loc
                location = (ir.Location.file(where.file, where.line, where.col, context=operation.context)
                            if where.line else ir.Location.unknown(operation.context))
                location.emit_error(diagnostic.message)
            pass_.signal_pass_failure()

    run.__name__ = info.name
    return run
