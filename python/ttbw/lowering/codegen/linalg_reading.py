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


def defining(value, name: str):
    """The op named `name` defining `value`, or None (a block argument, another op)."""
    from mlir import ir

    if isinstance(value, ir.BlockArgument) or op_name(value.owner) != name:
        return None
    return value.owner


def source_index(value, args):
    """The index in `args` of the block argument `value` is, seen through an `extf`; None otherwise."""
    extf = defining(value, "arith.extf")
    if extf is not None:
        value = extf.operands[0]
    return next((i for i, a in enumerate(args) if value == a), None)


def body_ops(generic) -> list:
    return [o.operation for o in generic.regions[0].blocks[0].operations]


def accumulated_term(generic):
    """The term a reduction generic's body adds to its accumulator (the last block argument) by
    its final `arith.addf`, or None when the body does not end so."""
    acc = list(generic.regions[0].blocks[0].arguments)[-1]
    add = defining(body_ops(generic)[-1].operands[0], "arith.addf")
    if add is None or acc not in list(add.operands):
        return None
    first, second = add.operands
    return second if first == acc else first


def same(x, y) -> bool:
    """x and y are the same operation (either may be an op view); never for None."""
    return x is not None and y is not None and getattr(x, "operation", x) == getattr(y, "operation", y)


def through_views(value):
    """`value` seen through reshapes (the result's pages stay those of the generic's output)."""
    from mlir import ir

    while not isinstance(value, ir.BlockArgument) and op_name(value.owner) in (
            "tensor.collapse_shape", "tensor.expand_shape"):
        value = value.owner.operands[0]
    return value


def zero_filled(init) -> bool:
    """`init` is a `linalg.fill` of the constant 0.0."""
    from mlir import ir

    fill = defining(init, "linalg.fill")
    const = None if fill is None else defining(fill.operands[0], "arith.constant")
    return const is not None and ir.FloatAttr(const.attributes["value"]).value == 0.0
