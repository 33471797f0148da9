"""convert-ttkernel-to-emitc: each program's TTKernel kernels → EmitC, by the real tt-mlir.

Runs tt-mlir's own `convert-ttkernel-to-emitc` (through `ttbw.ttmlir`) on every nested program
module that `convert-ttir-to-ttkernel` made (a `builtin.module` holding functions with a
`ttkernel.thread` attribute); the host description attributes stay on the module. The result
is the IR that tt-mlir translates to C++ (`ttbw-translate --ttkernel-to-cpp` accepts it too).
EmitC is an upstream dialect; the kernels keep tt-mlir's `#ttkernel.thread` attribute, which
ttbw's context accepts as unregistered (as it does for TTKernel).
"""
from __future__ import annotations

from mlir import ir

from ttbw.diagnostics import Diagnostic, DiagnosticError, source_loc
from ttbw.dialect.verifier import walk_ops

from .ir_build import relocate, require_unregistered_dialects


def run(module, options) -> None:
    from ttbw.ttmlir import TTMLIRError, to_emitc

    programs = [op.operation for op in module.body.operations
                if op.operation.name == "builtin.module" and _has_kernels(op.operation)]
    converted, errors = [], []
    for nested in programs:  # all converted first: nothing changes unless every program converts
        try:
            converted.append(to_emitc(f"module {{\n{nested}\n}}", "<ttkernel>"))
        except TTMLIRError as error:
            reason = "; ".join(d.message for d in error.diagnostics) or error.summary
            errors.append(Diagnostic("error", source_loc(nested.location),
                                     f"convert-ttkernel-to-emitc: tt-mlir refused the kernels: {reason}"))
    if errors:
        raise DiagnosticError(errors)
    if programs:
        require_unregistered_dialects(module, "convert-ttkernel-to-emitc")
    for nested, text in zip(programs, converted):
        parsed = ir.Module.parse(text, module.context)  # keeps `replacement` alive until moved
        replacement = parsed.body.operations[0].operation
        relocate(replacement, nested.location)
        replacement.move_before(nested)
        nested.erase()


def _has_kernels(module_op) -> bool:
    return any("ttkernel.thread" in op.attributes for op in walk_ops(module_op) if op.name == "func.func")
