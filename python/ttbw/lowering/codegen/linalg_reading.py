"""Reading device linalg, shared by the two walks (generic.py's elementwise / reduction walk and
contraction.py's matrix products)."""
from __future__ import annotations

from ..errors import UnsupportedError


def op_name(op) -> str:
    """The name of an operation or of an op view."""
    return getattr(op, "name", None) or op.operation.name


def map_results(map_attr) -> list:
    """An indexing map's results: each the dim it reads, or None for the constant index 0."""
    from mlir import ir

    out = []
    for e in ir.AffineMapAttr(map_attr).value.results:
        if isinstance(e, ir.AffineDimExpr):
            out.append(e.position)
        elif isinstance(e, ir.AffineConstantExpr) and e.value == 0:
            out.append(None)
        else:
            raise UnsupportedError(f"codegen: indexing map result {e} is neither a dim nor 0")
    return out
