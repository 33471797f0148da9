"""One verified `ttir.mul_bw` op analysed for the fused generators (cached by IR text)."""
from __future__ import annotations

from functools import lru_cache

from .mul_bw_program import Analysis, UnsupportedError, analyze


@lru_cache(maxsize=256)
def analyze_ir(op_ir_text: str) -> Analysis:
    """Parse + verify (ttbw's dialect rules) + analyse; ValueError on a broken rule,
    UnsupportedError (a ValueError) on what the device path does not do."""
    from ttbw.diagnostics import DiagnosticError
    from ttbw.dialect import make_context
    from ttbw.dialect.verifier import walk_ops
    from ttbw.source import parse_module, verify_module

    context = make_context()
    with context:
        try:
            module = parse_module(op_ir_text, "<mul_bw>", context)
        except DiagnosticError as error:
            raise ValueError("; ".join(d.message for d in error.diagnostics)) from None
        diagnostics = verify_module(module)
        if diagnostics:
            raise ValueError("; ".join(d.message for d in diagnostics))
        ops = [op for op in walk_ops(module.operation) if op.name == "ttir.mul_bw"]
        others = [op.name for op in walk_ops(module.operation)
                  if op.name.startswith("ttir.") and op.name != "ttir.mul_bw"]
        if len(ops) != 1 or others:
            raise UnsupportedError("device backend: expected exactly one ttir.mul_bw op "
                                   f"(found {len(ops)} mul_bw, other ttir ops: {others})")
        return analyze(ops[0])


def buffer_shape(shape, layout: str) -> tuple:
    """The device buffer's shape: a rank-0 ROW_MAJOR tensor is one row of one element."""
    return (1, 1) if layout == "row_major" and len(shape) == 0 else tuple(shape)
