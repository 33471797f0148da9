"""convert-linalg-to-ttkernel: program functions of device linalg -> Tensix programs; the
functions calling them -> TTMetal host functions. The only stage that moves the module into
tt-mlir's own MLIR context (TTKernel / TTMetal registered there):

    func.func @f(...) { %r = call @f_program(...) ; return %r }       func.func @f(%arg0: memref<..>, ..) {
    func.func private @f_program(...) {ttbw.program} {        ->        "ttmetal.create_buffer" ... "ttmetal.enqueue_program" ...
      linalg.generic ... }                                            }
                                                                      module @f_program { func.func @reader() ... @compute ... @writer }

Each program function is read by the generic codegen (`ttbw.lowering.codegen`: its kernels and
its launch) and becomes `module @<program>` of three TTKernel functions; each host function's
calls, reshapes and preallocated results become its buffers and launches
(`ttbw.lowering.host_plan`), written as TTMetal ops (`ttbw.lowering.ttmetal_builder`). All of it
is created through tt-mlir's C API, located at the function it replaces; the module's other
top-level ops move to tt-mlir's context as they are (generic form, locations kept: IR crosses
between the two MLIR libraries only as text). The pass returns the new module (a context
switch: no PassManager of the upstream bindings can host it; ttbw-opt and ttbw.compile hand it
to the next stage). What it cannot lower is refused at the op.
"""
from __future__ import annotations

from ttbw.lowering import codegen
from ttbw.lowering.errors import UnsupportedError
from ttbw.lowering.host_plan import HostPlanError, Program, host_function
from ttbw.lowering.programs import described
from ttbw.support.diagnostics import Diagnostic, DiagnosticError, source_loc
from ttbw.support.statistics import count
from ttbw.target.device_model import parse_grid

from .program_functions import functions, host_functions, is_program


def run(module, options):
    grid = parse_grid(options.get("grid", "8x8"))  # checked when the pipeline was parsed
    errors = []
    programs, kernels = {}, {}
    program_funcs = {f.attributes["sym_name"].value: f for f in functions(module) if is_program(f)}
    for name, func in program_funcs.items():
        try:
            spec = codegen.read_function(func)
            kernels[name] = codegen.kernel_functions(spec.kernels)
            programs[name] = Program(name, spec)
        except UnsupportedError as error:
            errors.append(Diagnostic("error", source_loc(_first_op(func).location), f"{described(_first_op(func))} op: "
                                     f"unsupported: {error}"))
    hosts = {}
    if not errors:
        for func in host_functions(module):
            if not any(op.operation.name == "func.call" for op in func.regions[0].blocks[0].operations) \
                    and not _returns_tensors(func):
                continue
            try:
                hosts[func] = host_function(func, programs, grid)
            except HostPlanError as error:
                kind = "unsupported: " if error.unsupported else ""
                where = error.op
                if where.name == "func.call":  # named as the program's first generic (its TTIR op)
                    where = _first_op(program_funcs[where.attributes["callee"].value])
                errors.append(Diagnostic("error", source_loc(where.location), f"{described(where)} op: {kind}{error}"))
            except UnsupportedError as error:  # a type the device has no buffer for (a complex tensor)
                errors.append(Diagnostic("error", source_loc(func.location), f"'func.func' op: unsupported: {error}"))
    if errors:
        raise DiagnosticError(errors)
    count("num-programs", len(programs))
    count("num-host-functions", len(hosts))
    if not hosts:
        return None
    from ttbw.lowering.module_builder import lowered_module

    return lowered_module(module, hosts, kernels)


def _first_op(func):
    ops = [o.operation for o in func.regions[0].blocks[0].operations]
    return next((o for o in ops if o.name == "linalg.generic"), func)


def _returns_tensors(func) -> bool:
    from mlir import ir

    return any(isinstance(t, ir.RankedTensorType) for t in ir.FunctionType(func.attributes["function_type"].value).results)
