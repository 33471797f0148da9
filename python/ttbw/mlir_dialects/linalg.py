"""Upstream's linalg ops as ttbw builds them: `GenericOp`, `YieldOp`, `fill` and `copy`.

`mlir.dialects.linalg` also defines every named op of its Python eDSL (opdsl, with yaml) at
import, 100-300 ms of a first call's imports; ttbw builds none of them, so it takes the
generated op classes alone."""
from mlir._mlir_libs._mlirDialectsLinalg import fill_builtin_region
from mlir.dialects._linalg_ops_gen import CopyOp, FillOp, GenericOp, YieldOp

__all__ = ["GenericOp", "YieldOp", "copy", "fill"]


def fill(value, *, outs):
    """`linalg.fill ins(value) outs(outs[0])`, as the eDSL's `linalg.fill` builds it (the op's
    builtin region: yield the value cast to the output's element type)."""
    (out,) = outs
    op = FillOp([out.type], [value], [out])
    fill_builtin_region(op.operation)
    return op.result


def copy(source, *, outs) -> None:
    """`linalg.copy ins(source) outs(outs[0])` on memrefs (no result)."""
    (out,) = outs
    op = CopyOp([], [source], [out])
    fill_builtin_region(op.operation)
