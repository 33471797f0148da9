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


class Compiled:
    """What `compile` produced: every stage's IR, the kernels' C++ and the host program.

    stages: [(stage name, IR text)]: "input", each decomposition pass, then
      "convert-ttir-to-ttkernel" (the TTKernel program, from the input: the fused lowering
      works from ttir.mul_bw itself).
    kernels_cpp: kernel name -> C++ (names "reader" / "compute" / "writer"; prefixed
      "<function>." when the module has several functions).
    programs: function name -> host program description (python/ttbw/lowering/README.md);
      program: the only (first) one.
    """

    def __init__(self, stages, kernels_cpp, programs):
        self.stages, self.kernels_cpp, self.programs = stages, kernels_cpp, programs

    @property
    def program(self) -> dict | None:
        return next(iter(self.programs.values()), None)

    @property
    def ttkernel(self) -> str:
        return self.stages[-1][1]

    def __repr__(self) -> str:
        return (f"Compiled(stages={[s for s, _ in self.stages]}, kernels={sorted(self.kernels_cpp)}, "
                f"programs={sorted(self.programs)})")


def compile(ir_text: str, *, grid=(8, 8)) -> Compiled:  # noqa: A001 (ttbw.compile)
    """Compiles ttir IR holding `ttir.mul_bw` ops (one per function) to fused Tensix programs.

    Raises ValueError with the verifier's / a pass's message (e.g. what the device lowering
    does not support)."""
    import json

    from ttbw.ttmlir import TTMLIRError, translate_kernels

    stages = run_pipeline(ir_text)
    cols, rows = (int(g) for g in grid)
    lowered = run_pipeline(ir_text, f"builtin.module(convert-ttir-to-ttkernel{{grid={cols}x{rows}}})")
    stages.append(lowered[-1])
    text = lowered[-1][1]
    programs = _programs(text)
    try:
        kernels = translate_kernels(text, "<ttbw.compile>")
    except TTMLIRError as error:
        raise ValueError(str(error)) from None
    single = len(programs) == 1
    kernels_cpp = {(k.name.split(".", 1)[1] if single and "." in k.name else k.name): k.cpp for k in kernels}
    return Compiled(stages, kernels_cpp, {name: json.loads(d) for name, d in programs.items()})


def _programs(text: str) -> dict[str, str]:
    """Nested module name -> its ttbw.program JSON (read back from the printed IR)."""
    from mlir import ir

    from ttbw.dialect import make_context

    context = make_context()
    context.allow_unregistered_dialects = True
    module = ir.Module.parse(text, context)
    found = {}
    for op in module.body.operations:
        if op.operation.name == "builtin.module" and "ttbw.program" in op.operation.attributes:
            found[op.operation.attributes["sym_name"].value] = op.operation.attributes["ttbw.program"].value
    return found
