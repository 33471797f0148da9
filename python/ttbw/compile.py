"""Compiling ttir IR from Python: verify, then run a pipeline; each stage's IR kept."""
from __future__ import annotations

from ttbw.diagnostics import DiagnosticError

DECOMPOSITION = "builtin.module(ttir-mul-bw-decomposition-pipeline)"


def run_pipeline(ir_text: str, pipeline: str = DECOMPOSITION, name: str = "<ttbw>") -> list[tuple[str, str]]:
    """Returns [(stage, IR text)], the input first. Raises ValueError carrying the
    verifier's (or a pass's) message when the IR breaks a rule."""
    from ttbw.dialect import make_context
    from ttbw.pipeline import parse_pipeline, resolve, run_step
    from ttbw.source import parse_module, verify_module

    context = make_context()
    try:
        module = parse_module(ir_text, name, context)
        _check(verify_module(module))
        stages = [("input", str(module))]
        for step in resolve(parse_pipeline(pipeline), context):
            run_step(step, module)
            _check(verify_module(module))
            stages.append((step.name, str(module)))
    except DiagnosticError as error:
        raise ValueError("; ".join(d.message for d in error.diagnostics)) from None
    return stages


def decompose(ir_text: str) -> str:
    return run_pipeline(ir_text)[-1][1]


def _check(diagnostics) -> None:
    if diagnostics:
        raise DiagnosticError(diagnostics)
