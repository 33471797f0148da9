"""The generic codegen: one function of device linalg (one `linalg.generic`, see
`generic.read_function`) -> one Tensix program (reader / compute / writer TTKernel kernels
and its host Program). Nothing here knows which TTIR op the generic came from.

    spec = read_function(func_op)                 # generic.py (schedule.py, select.py)
    text = kernels_text(spec.kernels)             # kernels.py (sections.py, dst_plan.py)
    program = build_program(spec, ins, out, grid) # host.py
"""
from .generic import Kernels, ProgramSpec, read_function
from .host import arg_names, build_program, kernel_sources
from .kernels import kernels_text

__all__ = ["Kernels", "ProgramSpec", "arg_names", "build_program", "kernel_sources", "kernels_text",
           "read_function"]
