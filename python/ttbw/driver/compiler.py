"""Compiling ttir IR from Python: verify, then run a pipeline on one module (parsed once; it moves
to tt-mlir's context at convert-linalg-to-ttkernel), each stage's IR kept (`ttbw.compile` keeps a
copy of each of ttbw's stages and prints it when asked: printing a big function at every stage
costs more than the stages)."""
from __future__ import annotations

from functools import cached_property, lru_cache

from ttbw.support.diagnostics import DiagnosticError, take_reported
from ttbw.target.device_model import MAX_GRID

DECOMPOSITION = "builtin.module(ttir-backward-decomposition-pipeline)"


def run_pipeline(ir_text: str, pipeline: str = DECOMPOSITION, name: str = "<ttbw>") -> list[tuple[str, str]]:
    """Returns [(stage, IR text)], the input first. Raises ValueError carrying the
    verifier's (or a pass's) message when the IR breaks a rule."""
    stages, module = _run(ir_text, pipeline, name, str)
    _close(module)
    return stages


def _snapshot(module):
    """What `Compiled.stages` prints later: a copy of a module of ttbw's context, the text of one
    in tt-mlir's (closed with the compile)."""
    from ttbw.ttmlir.dialects import is_ttmlir_module

    return str(module) if is_ttmlir_module(module) else module.operation.clone()


def _run(ir_text: str, pipeline: str, name: str, keep=str):
    """([(stage, keep(module))], the module after the last stage)."""
    from ttbw.dialect import make_context
    from ttbw.driver.source import read_module, verify_module
    from ttbw.passes.pipeline import parse_pipeline, resolve, run_step

    context = make_context()
    module = None
    try:
        module = read_module(ir_text, name, context)
        _check(verify_module(module))
        stages = [("input", keep(module))]
        for step in resolve(parse_pipeline(pipeline), context):  # the lowering hands on a module in tt-mlir's context
            module = run_step(step, module)
            _warn(take_reported())
            _check(verify_module(module))
            stages.append((step.name, keep(module)))
    except DiagnosticError as error:
        take_reported()
        _close(module)
        raise ValueError("; ".join(d.message for d in error.diagnostics)) from None
    return stages, module


def _close(module) -> None:
    if module is not None and hasattr(module, "close"):  # a module in tt-mlir's context
        module.close()


def _warn(diagnostics) -> None:
    """A pass's warnings as Python warnings (e.g. a function lowered op by op, not fused),
    attributed to the first caller outside ttbw (the user's `ttbw.div_bw(...)` line). Like
    the ValueError of an error, the text is the diagnostic's message: its location is one in
    IR the API generated, which the user never sees."""
    import sys
    import warnings

    frame, level = sys._getframe(1), 2
    while frame is not None and frame.f_globals.get("__name__", "").split(".")[0] == "ttbw":
        frame, level = frame.f_back, level + 1
    for d in diagnostics:
        warnings.warn(d.message, UserWarning, stacklevel=level)


def _source_text(source) -> str:
    if isinstance(source, str):
        return source
    from mlir import ir

    if isinstance(source, ir.Module):  # its locations kept, so diagnostics point at its source
        return source.operation.get_asm(enable_debug_info=True)
    raise TypeError(f"compile: expected IR text or an mlir.ir.Module, got {type(source).__name__}")


def decompose(ir_text: str) -> str:
    return run_pipeline(ir_text)[-1][1]


def _check(diagnostics) -> None:
    if diagnostics:
        raise DiagnosticError(diagnostics)


class Compiled:
    """What `compile` produced: every stage's IR; from the last one, the kernels' C++, the
    program launches and the executable.

    stages: [(stage name, IR text)]: "input", each pass of ttir-to-tensix-pipeline (the
      decomposition's, "convert-ttir-to-linalg", the fusion's, "convert-linalg-to-ttkernel",
      "convert-ttkernel-to-emitc").
    text: the last stage, the compiled module (what `ttbw-opt --ttir-to-tensix-pipeline` prints).
    executable: that module read by the executor (`ttbw.execution.executor`): `.run(name, inputs)`.
    kernels_cpp: kernel name -> C++ (names "reader" / "compute" / "writer"; prefixed
      "<program>." when there are several programs).
    programs: program name -> its launch as the executor read it from the TTMetal IR (a
      `ttbw.target.host_program.ProgramLaunch`: buffers, circular buffers, kernels with their
      per-core args), in launch order; program: the only (first) one.
    """

    def __init__(self, snapshots, executable):
        self._snapshots = snapshots
        self.executable = executable

    @cached_property
    def stages(self) -> list[tuple[str, str]]:
        return [(name, text if isinstance(text, str) else str(text)) for name, text in self._snapshots]

    @property
    def text(self) -> str:
        return self.stages[-1][1]

    @property
    def programs(self) -> dict:
        return {p.name: p.launch for f in self.executable.functions.values() for p in f.programs}

    @property
    def kernels_cpp(self) -> dict:
        programs = [p for f in self.executable.functions.values() for p in f.programs]
        single = len(programs) == 1
        return {(kernel if single else f"{p.name}.{kernel}"): cpp for p in programs for kernel, cpp in p.kernels.items()}

    @property
    def program(self):
        return next(iter(self.programs.values()), None)

    def stage(self, name: str) -> str:
        return next(text for stage, text in self.stages if stage == name)

    @property
    def ttkernel(self) -> str:
        return self.stage("convert-linalg-to-ttkernel")

    @property
    def emitc(self) -> str:
        return self.stage("convert-ttkernel-to-emitc")

    def __repr__(self) -> str:
        return (f"Compiled(stages={[s for s, _ in self.stages]}, kernels={sorted(self.kernels_cpp)}, "
                f"programs={sorted(self.programs)})")


def compile(ir_text, *, grid=(8, 8), fuse: bool = True) -> Compiled:  # noqa: A001 (ttbw.compile)
    """Compiles ttir IR (text, or an `mlir.ir.Module` of any context, which is left unchanged)
    to Tensix programs through ttir-to-tensix-pipeline (with EmitC): fused (one program per
    mul_bw) or, with fuse=False, ttnn's composite path (one program per TTIR op). The result's
    `executable` runs it on the emulated device.

    Raises ValueError with the verifier's / a pass's / tt-mlir's message (e.g. what the device
    lowering does not support)."""
    ir_text = _source_text(ir_text)
    if not isinstance(fuse, bool):
        raise TypeError(f"compile: fuse must be True or False, got {fuse!r}")
    if (not isinstance(grid, (tuple, list)) or len(grid) != 2
            or not all(isinstance(g, int) and not isinstance(g, bool) and 1 <= g <= MAX_GRID for g in grid)):
        raise ValueError(f"compile: grid must be (cols, rows), two ints within 1..{MAX_GRID}, got {grid!r}")
    cols, rows = grid
    options = f"grid={cols}x{rows} fuse={'true' if fuse else 'false'} emitc=true"
    stages, module = _run(ir_text, f"builtin.module(ttir-to-tensix-pipeline{{{options}}})", "<ttbw>", _snapshot)
    try:  # tt-mlir translates every kernel now: its errors are compile errors
        from ttbw.execution.executor import ExecutionError, executable

        try:
            loaded = executable(module, "<ttbw.compile>")
        except (ExecutionError, DiagnosticError) as error:
            raise ValueError(str(error)) from None
    finally:
        _close(module)
    return Compiled(stages, loaded)


def run_on_device(ir_text: str, inputs, grid=(8, 8), fuse: bool = True, host_formats: bool = False,
                  frozen_inputs: bool = False):
    """(outputs, Stats) of the only function of ttir IR, compiled by `ttbw.compile` (cached per
    signature: IR text, grid, fuse) and run by the executor (`host_formats`, `frozen_inputs`:
    see Executable.run). ValueError: what the compiler refuses (its diagnostic's message) or
    inputs that do not fit the function."""
    return compiled(ir_text, tuple(int(g) for g in grid), bool(fuse)).run(None, inputs, host_formats=host_formats,
                                                                         frozen_inputs=frozen_inputs)


@lru_cache(maxsize=512)
def compiled(ir_text: str, grid=(8, 8), fuse: bool = True):
    """The executable `ttbw.compile(ir_text, grid=grid, fuse=fuse)` emits, loaded once."""
    return compile(ir_text, grid=grid, fuse=fuse).executable
