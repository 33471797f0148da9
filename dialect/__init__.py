"""The `ttir` dialect: IRDL definition, tensor-type helpers and the Python verifier."""
from __future__ import annotations

from pathlib import Path

IRDL_FILE = Path(__file__).with_name("ttir.irdl.mlir")


def load_ttir(context) -> None:
    """Registers the IRDL-defined `ttir` dialect in `context` (once per context)."""
    from mlir import ir
    from mlir.dialects import irdl

    if getattr(context, "_ttbw_ttir_loaded", False):
        return
    with context, ir.Location.unknown(context):
        definition = ir.Module.parse(IRDL_FILE.read_text(), context)
        irdl.load_dialects(definition)
    # Keep the definition alive as long as the context: the dialect refers to it.
    context._ttbw_ttir_definition = definition
    context._ttbw_ttir_loaded = True


def make_context():
    """A new MLIR context with the upstream dialects and `ttir` loaded."""
    from mlir import ir
    from mlir._mlir_libs import _mlir

    _mlir.globals.append_dialect_search_prefix("ttbw.mlir_dialects")
    context = ir.Context()
    context.allow_unregistered_dialects = False
    load_ttir(context)
    return context
