"""--verify-roundtrip, as mlir-opt: the module just parsed is printed (generic text with
locations; then MLIR bytecode), read back in a new context, and printed again in the generic
form with locations: the same text, or an error at the module. A module in tt-mlir's context is
read back in a new one of tt-mlir's."""
from __future__ import annotations

from ttbw.support.diagnostics import Diagnostic, DiagnosticError, SourceLoc, source_loc


def problems(module, name: str, allow_unregistered: bool = False) -> list[Diagnostic]:
    """What the round trips of `module` (read from file `name`, with unregistered dialects if
    `allow_unregistered`) find: none, or one error at the module, in mlir-opt's words."""
    from ttbw.driver.ir_text import asm, bytecode

    def generic(m) -> str:
        return asm(m.operation, print_generic_op_form=True, enable_debug_info=True, assume_verified=True)

    reference = generic(module)
    for kind, data in (("textual", lambda: reference), ("bytecode", lambda: bytecode(module.operation))):
        try:
            again = _read_back(module, data(), name, allow_unregistered)
        except DiagnosticError:
            return [_error(module, name, f"failed to parse {kind} content back, cannot verify round-trip.")]
        roundtripped = generic(again)
        if roundtripped != reference:
            return [_error(module, name, f"{kind} roundTrip testing roundtripped module differs from reference:\n"
                                   f"<<<<<<Reference\n{reference}\n=====\n{roundtripped}\n>>>>>roundtripped")]
    return []


def _read_back(module, data, name: str, allow_unregistered: bool):
    from ttbw.ttmlir.dialects import is_ttmlir_module

    if is_ttmlir_module(module):
        from ttbw.ttmlir.module import Module

        return Module.parse(data, name)
    from mlir import ir

    from ttbw.dialect import make_context
    from ttbw.support.diagnostics import from_mlir

    context = make_context()
    context.allow_unregistered_dialects = allow_unregistered
    try:
        return ir.Module.parse(data, context)
    except ir.MLIRError as error:
        raise DiagnosticError([from_mlir(d) for d in error.error_diagnostics]) from None


def _error(module, name: str, message: str) -> Diagnostic:
    from ttbw.ttmlir.dialects import is_ttmlir_module

    where = SourceLoc(name, 0, 0) if is_ttmlir_module(module) else source_loc(module.operation.location)
    return Diagnostic("error", where, f"'builtin.module' op {message}")
