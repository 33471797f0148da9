"""The generic codegen: one function of device linalg (its generics over one iteration space,
see `generic.read_function`) -> one Tensix program (reader / compute / writer kernels, recorded
as `kernel_ir.KernelFn`s, and its launch). Nothing here knows which TTIR op the generics came from.

    spec = read_function(func_op)                       # generic.py -> program.py (schedule.py, select.py)
    check_program(spec)                                 # UnsupportedError: not one program
    reader, compute, writer = kernel_functions(spec.kernels)   # kernels.py (sections.py, dst_plan.py)
    launch = program_launch(spec, name, ins, outs, grid)       # launch.py

Two walks: a contraction generic's (`contraction.py`, `contraction_kernels.py`: output tiles
in blocks, the K loop in DST), tried first, and the elementwise / reduction walk of the others.
"""
from . import contraction, contraction_kernels, generic, kernels, launch
from .program import Kernels, ProgramSpec, ScalarArgument, ScalarConstant
from .launch import arg_names

__all__ = ["Kernels", "ProgramSpec", "ScalarArgument", "ScalarConstant", "arg_names", "check_program",
           "kernel_functions", "program_launch", "read_function"]


def read_function(func_op):
    """The program of a program function: a `ContractionProgram` or a `ProgramSpec`."""
    program = contraction.read(func_op)
    return program if program is not None else generic.read_function(func_op)


def check_program(spec) -> None:
    """UnsupportedError when `spec` is not one program a core can run."""
    if isinstance(spec, contraction.ContractionProgram):
        return contraction_kernels.check_program(spec)
    return launch.check_program(spec)


def kernel_functions(k):
    if isinstance(k, contraction.ContractionKernels):
        return contraction_kernels.kernel_functions(k)
    return kernels.kernel_functions(k)


def program_launch(spec, name: str, inputs: list, outs: list, grid):
    if isinstance(spec, contraction.ContractionProgram):
        return contraction_kernels.program_launch(spec, name, inputs, outs, grid)
    return launch.program_launch(spec, name, inputs, outs, grid)
