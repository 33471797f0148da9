"""ttbw's passes in your own MLIR PassManager, next to upstream passes.

    from mlir import ir
    from mlir.passmanager import PassManager
    from ttbw.dialect import make_context
    from ttbw.passes import add_to_pass_manager

    context = make_context()                    # ttbw's dialect loaded
    module = ir.Module.parse(text, context)
    pm = PassManager("builtin.module", context)
    add_to_pass_manager(pm, "builtin.module(ttir-backward-decomposition-pipeline, cse)", context)
    pm.run(module.operation)                    # ir.MLIRError on failure, with ttbw's diagnostics

The pipeline is written as for `ttbw-opt --pass-pipeline` (ttbw passes and pipelines with
their options, upstream passes and op anchors). Each ttbw pass becomes a Python-defined pass of
the PassManager (named as in IR dumps: TTIRDecomposeBackward), each upstream element an
ordinary one, so threading, IR printing and timing of the PassManager apply to all of them.
No pass changes the context.

The lowering to Tensix programs (`convert-linalg-to-ttkernel`, `convert-ttkernel-to-emitc`, and
the pipelines holding them) cannot be added: its output lives in tt-mlir's own MLIR context
(where TTKernel / TTMetal are registered), which a PassManager of the upstream bindings cannot
hand on. Run the stages before it in your PassManager, then lower its output with
`ttbw.passes.convert_linalg_to_ttkernel.run(module, options)` (it returns the new module) or
`ttbw-opt`; `ttbw.compile(module)` compiles TTIR all the way.
"""
from __future__ import annotations


def add_to_pass_manager(pm, pipeline: str, context) -> None:
    """Appends `pipeline` (`builtin.module(...)`) to `pm`, whose context is `context`.
    Raises ValueError (a PipelineError) for an unknown pass, a bad option or a pass whose
    output lives in tt-mlir's context (the lowering)."""
    from ttbw.passes.pipeline import PipelineError, parse_pipeline, resolve

    steps = resolve(parse_pipeline(pipeline), context)
    for step in steps:
        if step.ttbw_pass is not None and step.ttbw_pass.ttmlir_output:
            raise PipelineError(f"'{step.name}' cannot run in a PassManager of the MLIR Python bindings: its "
                                "output lives in tt-mlir's own context (TTKernel / TTMetal); lower with "
                                "ttbw.compile(module) or ttbw-opt instead")
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

        from ttbw.support.diagnostics import DiagnosticError

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
