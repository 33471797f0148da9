"""An elementwise prologue fused into a contraction split off again (`ttbw-split-contraction-prologues`).

Upstream fusion puts an elementwise producer of a matrix product's operand (attention's
`q . k^T / sqrt(d)` has its scale, a gradient its `g * gelu'(h)`) into the contraction's body.
The contraction codegen streams its operands' tiles from DRAM straight into `matmul_tiles`, so
such a generic is no program at all. Here the operand's value is computed again by an
elementwise generic of its own over the operand's dims (the body ops it needs, the inputs they
read with their maps over those dims), and the contraction reads its result: two programs, the
operand through DRAM once. Only where the result is a plain contraction (`is_contraction`).
"""
from __future__ import annotations

from .codegen.contraction import is_contraction, matrix_dims
from .codegen.linalg_reading import defining, map_results, op_name
from .errors import UnsupportedError


def _factors(generic):
    """The two values the body multiplies into the accumulator (`out + x * y`), or None."""
    block = generic.regions[0].blocks[0]
    acc = block.arguments[len(block.arguments) - 1]
    ops = list(block.operations)
    add = defining(ops[-1].operands[0], "arith.addf")
    if add is None or acc not in list(add.operands):
        return None
    other = add.operands[1] if add.operands[0] == acc else add.operands[0]
    mul = defining(other, "arith.mulf")
    return None if mul is None else list(mul.operands)


def _stored(value):
    """The value an operand holds: seen through the contraction's own `extf`."""
    extf = defining(value, "arith.extf")
    return extf.operands[0] if extf is not None else value


def _slice(value, generic) -> list:
    """The body ops `value` is computed by, in block order (values from outside the body, such
    as constants, are read as they are)."""
    from mlir import ir

    needed, stack = set(), [value]
    while stack:
        v = stack.pop()
        if isinstance(v, ir.BlockArgument):
            continue
        op = v.owner.operation
        if op in needed or op.parent != generic.operation:
            continue
        needed.add(op)
        stack.extend(op.operands)
    return [o.operation for o in generic.regions[0].blocks[0].operations if o.operation in needed]


def _args_read(ops, block) -> list:
    """The block arguments `ops` read, in argument order."""
    read = {v for op in ops for v in op.operands}
    return [a for a in block.arguments if a in read]


def split_prologues(func_op) -> int:
    """Splits every contraction's prologue (see the module doc); returns how many operands."""
    from ttbw.dialect.ops import walk_ops

    split = 0
    for generic in list(walk_ops(func_op, "linalg.generic")):
        if is_contraction(generic) or not any("reduction" in str(t) for t in generic.attributes["iterator_types"]):
            continue
        plan = _plan(generic)
        if plan is not None:
            split += _rewrite(generic, plan)
    return split


def _plan(generic):
    """Per operand of the product to be (a, then b): the block argument of an input read as
    stored, else (its stored value, the body ops computing it, the inputs they read, the dims
    they span in the order of an input spanning them all); None when the split would not leave
    a matrix product."""
    from mlir import ir

    factors = _factors(generic)
    if factors is None:
        return None
    block = generic.regions[0].blocks[0]
    inputs = list(block.arguments)[:-1]
    try:
        maps = [map_results(m) for m in generic.attributes["indexing_maps"]]
    except UnsupportedError:
        return None
    plan, new_maps = [], []
    for x in factors:
        stored = _stored(x)
        if isinstance(stored, ir.BlockArgument) and stored in inputs:
            plan.append(stored)
            new_maps.append(maps[inputs.index(stored)])
            continue
        ops = _slice(stored, generic)
        if any(len(op.regions) or op_name(op).startswith("linalg.") for op in ops):
            return None
        read = _args_read(ops, block)
        if block.arguments[len(block.arguments) - 1] in read:
            return None  # reads the accumulator: not a prologue
        dims = sorted({d for a in read for d in maps[a.arg_number] if d is not None})
        widest = next((maps[a.arg_number] for a in read if sorted(d for d in maps[a.arg_number] if d is not None)
                       == dims), None)
        if widest is not None:  # stored as that input is (no transpose where there was none)
            dims = [d for d in widest if d is not None]
        plan.append((stored, ops, read, dims))
        new_maps.append(dims)
    if all(isinstance(p, ir.BlockArgument) for p in plan):
        return None
    if not _only_reads_operands(generic, plan):
        return None
    iterators = [str(t) for t in generic.attributes["iterator_types"]]
    for order in ((0, 1), (1, 0)):  # the operand with the output's row dim first
        if matrix_dims(new_maps[order[0]], new_maps[order[1]], maps[-1], iterators):
            return [plan[k] for k in order]
    return None


def _only_reads_operands(generic, plan) -> bool:
    """The body left after the split (the product and the sum) reads the product's operands and
    the accumulator only."""
    from mlir import ir

    block = generic.regions[0].blocks[0]
    sliced = {op for part in plan if not isinstance(part, ir.BlockArgument) for op in part[1]}
    allowed = {part if isinstance(part, ir.BlockArgument) else part[0] for part in plan}
    allowed.add(block.arguments[len(block.arguments) - 1])
    for o in block.operations:
        if o.operation in sliced:
            continue
        for v in o.operands:
            computed = isinstance(v, ir.BlockArgument) or v.owner.operation in sliced
            if computed and v not in allowed:
                return False
    return True


def _space(generic) -> list[int]:
    from mlir import ir

    sizes = {}
    for value, m in zip(generic.operands, generic.attributes["indexing_maps"]):
        for size, d in zip(ir.RankedTensorType(value.type).shape, map_results(m)):
            if d is not None:
                sizes[d] = size
    return [sizes[d] for d in range(len(generic.attributes["iterator_types"]))]


def _rewrite(generic, plan) -> int:
    """The prologue generics, then the contraction reading their results (built anew: its
    inputs change)."""
    from mlir import ir
    from mlir.dialects import tensor

    from ttbw.mlir_dialects import linalg

    block = generic.regions[0].blocks[0]
    n_in = len(block.arguments) - 1
    maps = [ir.AffineMapAttr(m).value for m in generic.attributes["indexing_maps"]]
    space = _space(generic)
    parallel = ir.Attribute.parse("#linalg.iterator_type<parallel>")
    inputs, new_maps, mapping_in = [], [], []  # per operand of the product: value, map, what the body reads
    with ir.InsertionPoint(generic), generic.location:
        for part in plan:
            if isinstance(part, ir.BlockArgument):
                inputs.append(generic.operands[part.arg_number])
                new_maps.append(maps[part.arg_number])
                mapping_in.append(part)
                continue
            stored, ops, read, dims = part
            position = {d: i for i, d in enumerate(dims)}
            sub_maps = []
            for a in read:
                m = maps[a.arg_number]
                sub_maps.append(ir.AffineMap.get(len(dims), 0, [
                    ir.AffineDimExpr.get(position[ir.AffineDimExpr(e).position]) if isinstance(e, ir.AffineDimExpr)
                    else e for e in m.results]))
            out_type = ir.RankedTensorType.get([space[d] for d in dims], stored.type)
            empty = tensor.EmptyOp([space[d] for d in dims], stored.type).result
            identity = ir.AffineMap.get_identity(len(dims))
            pro = linalg.GenericOp([out_type], [generic.operands[a.arg_number] for a in read], [empty],
                                   ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in (*sub_maps, identity)]),
                                   ir.ArrayAttr.get([parallel] * len(dims)))
            if "ttbw.op" in generic.attributes:
                pro.attributes["ttbw.op"] = generic.attributes["ttbw.op"]
            body = pro.regions[0].blocks.append(*[a.type for a in read], stored.type)
            with ir.InsertionPoint(body):
                mapping = dict(zip(read, body.arguments))
                _clone_into(ops, mapping)
                linalg.YieldOp([mapping[stored]])
            inputs.append(pro.result)
            new_maps.append(ir.AffineMap.get(len(space), 0, [ir.AffineDimExpr.get(d) for d in dims]))
            mapping_in.append(stored)
        sliced = {op for part in plan if not isinstance(part, ir.BlockArgument) for op in part[1]}
        rest = [o.operation for o in block.operations if o.operation not in sliced]
        all_maps = new_maps + [maps[-1]]
        init = generic.operands[n_in]
        fresh = linalg.GenericOp([init.type], inputs, [init], ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in all_maps]),
                                 generic.attributes["iterator_types"])
        for name in ("ttbw.op",):
            if name in generic.attributes:
                fresh.attributes[name] = generic.attributes[name]
        new_block = fresh.regions[0].blocks.append(*[ir.RankedTensorType(v.type).element_type for v in (*inputs, init)])
        with ir.InsertionPoint(new_block):
            mapping = dict(zip(mapping_in, new_block.arguments))
            mapping[block.arguments[n_in]] = new_block.arguments[len(inputs)]
            _clone_into(rest[:-1], mapping)
            linalg.YieldOp([mapping[rest[-1].operands[0]]])
    generic.results[0].replace_all_uses_with(fresh.result)
    generic.erase()
    return sum(not isinstance(part, ir.BlockArgument) for part in plan)


def _clone_into(ops, mapping: dict) -> None:
    """Clones `ops` at the current insertion point, their operands through `mapping` (updated)."""
    for op in ops:
        clone = op.clone()
        for i, v in enumerate(clone.operands):
            if v in mapping:
                clone.operands[i] = mapping[v]
        for old, new in zip(op.results, clone.results):
            mapping[old] = new
