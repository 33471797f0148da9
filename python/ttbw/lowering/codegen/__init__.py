"""The generic codegen: one function of device linalg (its generics over one iteration space,
see `generic.read_function`) -> one Tensix program (reader / compute / writer kernels, recorded
as `kernel_ir.KernelFn`s, and its launch). Nothing here knows which TTIR op the generics came from.

    spec = read_function(func_op)                       # generic.py -> program.py (schedule.py, select.py)
    check_program(spec)                                 # UnsupportedError: not one program
    reader, compute, writer = kernel_functions(spec.kernels)   # kernels.py (sections.py, dst_plan.py)
    launch = program_launch(spec, name, ins, outs, grid)       # launch.py
"""
from .generic import read_function
from .program import Kernels, ProgramSpec, ScalarArgument, ScalarConstant
from .kernels import kernel_functions
from .launch import arg_names, check_program, program_launch

__all__ = ["Kernels", "ProgramSpec", "ScalarArgument", "ScalarConstant", "arg_names", "check_program",
           "kernel_functions", "program_launch", "read_function"]
