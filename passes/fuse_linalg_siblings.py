"""linalg-fuse-siblings: sibling (multi-output) fusion of linalg.generic ops on tensors.

Upstream `linalg-fuse-elementwise-ops` fuses a producer into its consumer; it never merges
two generics that merely read the same tensor. This pass does: two generics of one block
with the same iteration domain (equal static loop ranges) that share an input become one
generic with both sets of outputs, so the program made from it reads the shared input once.
A mul_bw's two gradients, `sum_to(grad * b)` and `sum_to(grad * a)`, become one generic
reading grad once, however each sums.

The merged generic takes the inputs of both (a value read through the same indexing map
once), the outputs of the first then of the second, and both bodies in order. A loop is a
reduction in the merged op if it is one in either: an output indexed by it is still written
at every point, so each output's values and accumulation order are unchanged (bit for bit).
Generics are merged only when the later one does not depend on the earlier one; the merged
op takes the later one's place, and the pure tensor ops between them that use the earlier
one's results are moved after it.
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import linalg

from ttbw.dialect.verifier import walk_ops


def run(module, options) -> None:
    with module.context, ir.Location.unknown():
        for op in list(walk_ops(module.operation)):
            for region in op.regions:
                for block in region.blocks:
                    while _fuse_one(block):
                        pass


def _fuse_one(block) -> bool:
    """Merges the first fusible pair of generics of `block`; False when there is none."""
    generics = [op.operation for op in block.operations if op.operation.name == "linalg.generic"]
    for i, first in enumerate(generics):
        for second in generics[i + 1:]:
            place = _placement(block, first, second)
            if place is not None:
                _merge(first, second, place)
                return True
    return False


def _placement(block, first, second):
    """The op the merged generic goes before, or None when the two cannot be merged. The merged
    op takes the second's place; the ops between them that use the first's results (pure
    tensor ops) are moved after the second first."""
    if not _shares_input(first, second) or _loop_ranges(first) is None \
            or _loop_ranges(first) != _loop_ranges(second):
        return None
    order = {op.operation: k for k, op in enumerate(block.operations)}
    users = _forward_slice(first, second, order)
    if second in users or not all(op.name.split(".")[0] in MOVABLE for op in users):
        return None
    anchor = second
    for op in sorted(users, key=order.get):
        op.move_after(anchor)
        anchor = op
    return second


# Dialects whose ops on tensors have no side effects: safe to move past another op.
MOVABLE = ("linalg", "tensor", "arith", "math", "complex")


def _forward_slice(first, second, order) -> set:
    """The block's ops between `first` and `second` (and `second` itself) that use `first`'s
    results, directly or through each other."""
    found, frontier = set(), [first]
    while frontier:
        op = frontier.pop()
        for result in op.results:
            for use in result.uses:
                user = _top_level(_owner(use), order)
                if user is not None and user not in found and order[user] <= order[second]:
                    found.add(user)
                    frontier.append(user)
    return found


def _owner(use):
    owner = use.owner
    return getattr(owner, "operation", owner)


def _shares_input(first, second) -> bool:
    return bool(set(_inputs(first)) & set(_inputs(second)))


def _inputs(op) -> list:
    return list(op.operands)[:_num_inputs(op)]


def _num_inputs(op) -> int:
    return len(op.operands) - len(op.results)


def _maps(op) -> list:
    return [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]


def _loop_ranges(op):
    """Static loop bounds from the operands' shapes (a map result that is a plain dim binds
    it), or None when some loop is unbound or dynamic."""
    maps = _maps(op)
    bounds: list = [None] * maps[0].n_dims
    for value, amap in zip(op.operands, maps):
        shape = value.type.shape if isinstance(value.type, ir.ShapedType) else []
        for k, expr in enumerate(amap.results):
            if isinstance(expr, ir.AffineDimExpr) and k < len(shape):
                position = expr.position
                if shape[k] < 0 or bounds[position] not in (None, shape[k]):
                    return None
                bounds[position] = shape[k]
    return None if None in bounds else tuple(bounds)


def _top_level(op, order):
    """The op of the block (`order`'s keys) that holds `op`, or None."""
    while op is not None and op not in order:
        parent = op.parent
        op = getattr(parent, "operation", parent) if parent is not None else None
    return op


def _merge(first, second, place) -> None:
    maps1, maps2 = _maps(first), _maps(second)
    n1, n2 = _num_inputs(first), _num_inputs(second)
    inputs, input_maps, arg_of = [], [], {}  # arg_of[(op, k)] = merged block argument index
    for op, maps, n in ((first, maps1, n1), (second, maps2, n2)):
        for k in range(n):
            key = (op.operands[k], str(maps[k]))
            index = next((j for j, (v, m) in enumerate(zip(inputs, input_maps))
                          if (v, str(m)) == key), None)
            if index is None:
                index = len(inputs)
                inputs.append(op.operands[k])
                input_maps.append(maps[k])
            arg_of[(op, k)] = index
    outputs, output_maps = [], []
    for op, maps, n in ((first, maps1, n1), (second, maps2, n2)):
        for k in range(n, len(op.operands)):
            arg_of[(op, k)] = len(inputs) + len(outputs)
            outputs.append(op.operands[k])
            output_maps.append(maps[k])
    iterators = [_iterator(a, b) for a, b in zip(ir.ArrayAttr(first.attributes["iterator_types"]),
                                                 ir.ArrayAttr(second.attributes["iterator_types"]))]
    with ir.InsertionPoint(place), first.location:
        merged = linalg.GenericOp(
            [r.type for r in first.results] + [r.type for r in second.results], inputs, outputs,
            ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in input_maps + output_maps]),
            ir.ArrayAttr.get(iterators))
    types = [v.type.element_type for v in inputs + outputs]
    body = merged.regions[0].blocks.append(*types)
    yielded = []
    for op in (first, second):
        old = op.regions[0].blocks[0]
        for k, arg in enumerate(old.arguments):
            arg.replace_all_uses_with(body.arguments[arg_of[(op, k)]])
        yielded += list(_terminator(old).operands)
    with ir.InsertionPoint(body), first.location:
        terminator = linalg.YieldOp(yielded)
    for op in (first, second):
        old = op.regions[0].blocks[0]
        for inner in list(old.operations)[:-1]:
            inner.operation.move_before(terminator)
    results = list(merged.results)
    for k, result in enumerate(list(first.results) + list(second.results)):
        result.replace_all_uses_with(results[k])
    first.erase()
    second.erase()


def _iterator(a, b) -> ir.Attribute:
    """reduction if either generic reduces the loop."""
    return b if "reduction" in str(b) else a


def _terminator(block):
    return list(block.operations)[-1].operation
