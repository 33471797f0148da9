"""convert-ttkernel-to-emitc: each program's TTKernel kernels → EmitC, by the real tt-mlir.

Runs tt-mlir's own `convert-ttkernel-to-emitc` on the module, which lives in tt-mlir's
context after `convert-linalg-to-ttkernel` (or was read there: IR naming TTKernel / TTMetal /
TTCore is): every kernel function (a `ttkernel.thread` function, in the program modules) becomes
EmitC; the host function's TTMetal ops stay as they are. The result is the IR that tt-mlir
translates to C++ (`ttbw-translate --ttkernel-to-cpp` accepts it too). A module in ttbw's context
holds no TTKernel (nothing to convert).
"""
from __future__ import annotations

from ttbw.support.diagnostics import Diagnostic, DiagnosticError, source_loc


def run(module, options) -> None:
    from ttbw.ttmlir.dialects import is_ttmlir_module

    if not is_ttmlir_module(module):  # asked without importing tt-mlir's bridge (start-up)
        from ttbw.dialect.ops import walk_ops

        foreign = next((op for op in walk_ops(module.operation) if op.name.startswith("ttkernel.")), None)
        if foreign is not None:  # read with --allow-unregistered-dialect: not tt-mlir's ops
            raise DiagnosticError([Diagnostic("error", source_loc(foreign.location), (
                "convert-ttkernel-to-emitc: these TTKernel ops are unregistered ops of ttbw's context; "
                "read the file without --allow-unregistered-dialect (IR naming TTKernel is read in "
                "tt-mlir's context)"))])
        return
    try:
        module.to_emitc()
    except DiagnosticError as error:
        raise DiagnosticError([Diagnostic(d.severity, d.loc, f"convert-ttkernel-to-emitc: {d.message}", d.notes)
                               for d in error.diagnostics]) from None
