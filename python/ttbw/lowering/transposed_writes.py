"""An elementwise generic that writes its result transposed, split in two (`ttbw-outline-programs`'
fallback for a generic the codegen refuses alone).

Upstream fusion folds a transpose's producer into it: the fused generic reads every input of the
producer through the transpose. The codegen reads a whole TILE operand through a transpose (its
tiles transposed in-tile) but not a broadcast one (a row sum read back as a column: log-softmax's
backward transposed for a weight gradient). Split, the computation iterates in its inputs' order
(each read as the producer read it) and writes a tensor a plain transposing copy then reads: two
generics where the fused one could not be made, each a program the codegen takes.
"""
from __future__ import annotations


def _dims(affine_map):
    """A map's results as dims (None for a constant), or None when one is neither."""
    from mlir import ir

    out = []
    for e in affine_map.results:
        if isinstance(e, ir.AffineDimExpr):
            out.append(e.position)
        elif isinstance(e, ir.AffineConstantExpr) and e.value == 0:
            out.append(None)
        else:
            return None
    return out


def _order(op):
    """The permutation `order` (result i of the split's copy reads dim order[i]) every input
    read through a whole permutation of the iteration dims is read in; None when the generic is
    no elementwise computation written transposed (or is a bare copy, which the codegen takes)."""
    from mlir import ir

    if op.name != "linalg.generic" or len(op.results) != 1 \
            or any("reduction" in str(t) for t in op.attributes["iterator_types"]):
        return None
    maps = [ir.AffineMapAttr(m).value for m in op.attributes["indexing_maps"]]
    rank = maps[-1].n_dims
    if maps[-1] != ir.AffineMap.get_identity(rank):
        return None
    body = [o.operation for o in op.regions[0].blocks[0].operations]
    if len(body) == 1:  # a yield: a copy
        return None
    whole = {tuple(dims) for dims in map(_dims, maps[:-1])
             if dims is not None and None not in dims and sorted(dims) == list(range(rank))}
    if len(whole) != 1 or whole == {tuple(range(rank))}:
        return None  # inputs in several orders: the split would be written transposed again
    return list(whole.pop())


def split_transposed_write(op) -> bool:
    """Rewrites `op` (a linalg.generic) as its computation in the dim order `_order` finds and a
    transposing copy of it; False (nothing changed) when it is not of that form."""
    from mlir import ir
    from mlir.dialects import tensor

    from ttbw.mlir_dialects import linalg

    order = _order(op)
    if order is None:
        return False
    rank = len(order)
    position = {d: i for i, d in enumerate(order)}  # dim d of op's space is dim position[d] of the split's
    maps = [ir.AffineMapAttr(m).value for m in op.attributes["indexing_maps"]]
    inputs = [_dims(m) for m in maps[:-1]]
    if any(dims is None for dims in inputs):
        return False

    def renamed(dims):
        return ir.AffineMapAttr.get(ir.AffineMap.get(rank, 0, [
            ir.AffineConstantExpr.get(0) if d is None else ir.AffineDimExpr.get(position[d]) for d in dims]))

    result_type = ir.RankedTensorType(op.results[0].type)
    shape = list(result_type.shape)
    with ir.InsertionPoint(op), op.location:
        empty = tensor.EmptyOp([shape[d] for d in order], result_type.element_type,
                               encoding=result_type.encoding).result
        computed = op.clone()
        computed.operands[len(computed.operands) - 1] = empty
        computed.attributes["indexing_maps"] = ir.ArrayAttr.get(
            [renamed(dims) for dims in inputs] + [ir.AffineMapAttr.get(ir.AffineMap.get_identity(rank))])
        computed.results[0].set_type(empty.type)
        same = next((g for g in _generics_before(op) if g != computed.operation and _same_computation(g, computed)),
                    None)
        if same is not None:  # the function writes it in that order already (a result of its own)
            computed.erase()
            empty.owner.erase()
            computed = same
        copy = _transposing_copy(computed.results[0], order, op.operands[len(op.operands) - 1], linalg)
    op.results[0].replace_all_uses_with(copy.results[0])
    op.erase()
    return True


def _generics_before(op) -> list:
    out = []
    for other in op.operation.block.operations:
        other = other.operation
        if other == op.operation:
            break
        if other.name == "linalg.generic":
            out.append(other)
    return out


def _same_computation(a, b) -> bool:
    """The same inputs, maps and body, the same result type (the init tensors may differ)."""
    inputs = len(a.operands) - 1
    return len(a.operands) == len(b.operands) and len(a.results) == len(b.results) == 1 \
        and all(x == y for x, y in zip(list(a.operands)[:inputs], list(b.operands)[:inputs])) \
        and a.results[0].type == b.results[0].type and _attributes(a) == _attributes(b) \
        and _same_block(a.regions[0].blocks[0], b.regions[0].blocks[0])


def _attributes(op) -> dict:
    return {name: str(op.attributes[name]) for name in op.attributes}


def _same_block(a, b) -> bool:
    """Equal op by op, each operand the same block argument or earlier result of its op."""
    if len(a.arguments) != len(b.arguments) or [x.type for x in a.arguments] != [y.type for y in b.arguments]:
        return False
    ops_a, ops_b = [o.operation for o in a.operations], [o.operation for o in b.operations]
    if len(ops_a) != len(ops_b):
        return False
    pairs = list(zip(a.arguments, b.arguments))
    for x, y in zip(ops_a, ops_b):
        if x.name != y.name or _attributes(x) != _attributes(y) or len(x.operands) != len(y.operands) \
                or [r.type for r in x.results] != [r.type for r in y.results]:
            return False
        for u, v in zip(x.operands, y.operands):
            if not any(u == p and v == q for p, q in pairs):
                return False
        pairs.extend(zip(x.results, y.results))
    return True


def _transposing_copy(value, order, init, linalg):
    """`linalg.generic` writing `init`'s shape, element (d...) read at value[d[order[0]], ...]."""
    from mlir import ir

    element = ir.RankedTensorType(value.type).element_type
    rank = len(order)
    read = ir.AffineMapAttr.get(ir.AffineMap.get(rank, 0, [ir.AffineDimExpr.get(d) for d in order]))
    identity = ir.AffineMapAttr.get(ir.AffineMap.get_identity(rank))
    parallel = ir.Attribute.parse("#linalg.iterator_type<parallel>")
    op = linalg.GenericOp([init.type], [value], [init], ir.ArrayAttr.get([read, identity]),
                          ir.ArrayAttr.get([parallel] * rank))
    block = op.regions[0].blocks.append(element, element)
    with ir.InsertionPoint(block):
        linalg.YieldOp([block.arguments[0]])
    return op.operation
