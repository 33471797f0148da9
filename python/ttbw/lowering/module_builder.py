"""The lowered module, built in tt-mlir's context (`ttbw.ttmlir.module.Module`): per lowered
function its host function (`ttmetal_builder`) then one `module @<program>` per program it
launches, holding the program's reader / compute / writer (`kernel_builder`), every op located
at the function; the input module's other top-level ops and attributes as they are."""
from __future__ import annotations

from ttbw.support.diagnostics import Diagnostic, DiagnosticError, source_loc
from ttbw.ttmlir.builder import Builder
from ttbw.ttmlir.module import Module

from .kernel_builder import build_kernel
from .programs import PROGRAM
from .ttmetal_builder import build_host_function


def lowered_module(module, hosts: dict, kernels: dict) -> Module:
    """`module` (upstream bindings) lowered: `hosts`: host func op -> HostFunction; `kernels`:
    program name -> its (reader, compute, writer) KernelFns."""
    where = source_loc(module.operation.location)
    lowered = Module.create(where.file)
    try:
        builder = Builder(lowered)
        body = lowered.lib.mlirModuleGetBody(lowered.handle)
        for name, attr in ((a.name, a.attr) for a in module.operation.attributes):
            lowered.set_attribute(name, builder.attr(str(attr)))
        for op in module.body.operations:
            op = op.operation
            if op.name == "func.func" and PROGRAM in op.attributes:
                continue  # built with the host function that launches it
            host = hosts.get(op)
            if host is None:
                text = op.get_asm(print_generic_op_form=True, use_local_scope=True, enable_debug_info=True)
                lowered.append(builder.parse_op(text, where.file))
                continue
            at = source_loc(op.location)
            builder.location = builder.loc(at.file, at.line, at.col)
            build_host_function(builder, host, body)
            for launch in host.launches:
                inner = builder.block()
                for kernel in kernels[launch.name]:
                    build_kernel(builder, kernel, inner)
                builder.create("builtin.module", (), (), {"sym_name": f'"{launch.name}"'}, [[inner]], block=body)
    except DiagnosticError as error:
        lowered.close()
        raise _refused(module, error.diagnostics) from None
    problems = lowered.verify()
    if problems:
        lowered.close()
        raise _refused(module, problems)
    return lowered


def _refused(module, diagnostics) -> DiagnosticError:
    return DiagnosticError([Diagnostic("error", source_loc(module.operation.location),
                                       "convert-linalg-to-ttkernel: tt-mlir refused the lowered module: "
                                       + "; ".join(d.message for d in diagnostics))])
