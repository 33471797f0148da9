"""The codegen's view of what the pipeline makes of a TTIR function: the program functions
ttbw-fuse-programs outlines, each read by `codegen.read_function` (its ProgramSpec)."""
from __future__ import annotations

FUSION = ("builtin.module(ttir-backward-decomposition-pipeline,convert-ttir-to-linalg{target=device},"
          "ttbw-fuse-programs{fuse=%s})")


def program_specs(text: str, fuse: bool = True) -> dict:
    """Program name -> ProgramSpec of each program the pipeline outlines from `text`."""
    from mlir import ir

    from ttbw.dialect import make_context
    from ttbw.driver.compiler import run_pipeline
    from ttbw.lowering import codegen
    from ttbw.lowering.programs import PROGRAM

    fused = run_pipeline(text, FUSION % ("true" if fuse else "false"))[-1][1]
    with make_context() as context:
        module = ir.Module.parse(fused, context)
        return {op.attributes["sym_name"].value: codegen.read_function(op)
                for op in (o.operation for o in module.body.operations) if PROGRAM in op.attributes}


def one_program(text: str):
    """The ProgramSpec of the one program the pipeline makes of `text` (asserted one)."""
    specs = program_specs(text)
    assert len(specs) == 1, f"{len(specs)} programs: {sorted(specs)}"
    return next(iter(specs.values()))
