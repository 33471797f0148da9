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
    """What `compile` produced: every stage's IR, the kernels' C++ and the host programs.

    stages: [(stage name, IR text)]: "input", each pass of ttir-to-tensix-pipeline (the
      decomposition's, "convert-ttir-to-ttkernel", "convert-ttkernel-to-emitc").
    kernels_cpp: kernel name -> C++ (names "reader" / "compute" / "writer"; prefixed
      "<program>." when there are several programs).
    programs: program module name -> host program description (python/ttbw/lowering/
      README.md); program: the only (first) one. composite (fuse=False): function name ->
      its composite manifest (launch order, DRAM intermediates).
    """

    def __init__(self, stages, kernels_cpp, programs, composite):
        self.stages, self.kernels_cpp = stages, kernels_cpp
        self.programs, self.composite = programs, composite

    @property
    def program(self) -> dict | None:
        return next(iter(self.programs.values()), None)

    def stage(self, name: str) -> str:
        return next(text for stage, text in self.stages if stage == name)

    @property
    def ttkernel(self) -> str:
        return self.stage("convert-ttir-to-ttkernel")

    @property
    def emitc(self) -> str:
        return self.stage("convert-ttkernel-to-emitc")

    def __repr__(self) -> str:
        return (f"Compiled(stages={[s for s, _ in self.stages]}, kernels={sorted(self.kernels_cpp)}, "
                f"programs={sorted(self.programs)})")


def compile(ir_text: str, *, grid=(8, 8), fuse: bool = True) -> Compiled:  # noqa: A001 (ttbw.compile)
    """Compiles ttir IR (one `ttir.mul_bw` per function) to Tensix programs through
    ttir-to-tensix-pipeline: fused (one program per mul_bw) or, with fuse=False, ttnn's
    composite path (one program per TTIR op).

    Raises ValueError with the verifier's / a pass's message (e.g. what the device lowering
    does not support)."""
    from ttbw.ttmlir import TTMLIRError, translate_kernels

    if not isinstance(fuse, bool):
        raise TypeError(f"compile: fuse must be True or False, got {fuse!r}")
    if (not isinstance(grid, (tuple, list)) or len(grid) != 2
            or not all(isinstance(g, int) and not isinstance(g, bool) and g >= 1 for g in grid)):
        raise ValueError(f"compile: grid must be (cols, rows), two positive ints, got {grid!r}")
    cols, rows = grid
    options = f"grid={cols}x{rows} fuse={'true' if fuse else 'false'} emitc=true"
    stages = run_pipeline(ir_text, f"builtin.module(ttir-to-tensix-pipeline{{{options}}})")
    text = stages[-1][1]
    programs, composite = _descriptions(text)
    try:
        kernels = translate_kernels(text, "<ttbw.compile>")
    except TTMLIRError as error:
        raise ValueError(str(error)) from None
    single = len(programs) == 1
    kernels_cpp = {(k.name.split(".", 1)[1] if single and "." in k.name else k.name): k.cpp for k in kernels}
    return Compiled(stages, kernels_cpp, programs, composite)


def _descriptions(text: str) -> tuple[dict, dict]:
    """(program module name -> ttbw.program, function name -> ttbw.composite), read back from
    the printed IR."""
    import json

    from mlir import ir

    from ttbw.dialect import make_context

    context = make_context()
    context.allow_unregistered_dialects = True
    module = ir.Module.parse(text, context)
    found: tuple[dict, dict] = ({}, {})
    for op in module.body.operations:
        op = op.operation
        for kind, key in enumerate(("ttbw.program", "ttbw.composite")):
            if op.name == "builtin.module" and key in op.attributes:
                found[kind][op.attributes["sym_name"].value] = json.loads(op.attributes[key].value)
    return found
