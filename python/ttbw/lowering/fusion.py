"""The rewrites around upstream's producer -> consumer fusion of device linalg, each on one
function (`ttbw-prepare-fusion` runs the first four before `linalg-fuse-elementwise-ops`,
`ttbw-outline-programs` the last two after it):

- `elementwise_unit_sums`: a sum over dims of size 1 only (keep_dim) is elementwise: 0 + term,
  as the region adds it to its zero accumulator (torch's sum of one -0.0 is +0.0), so its
  consumers fuse with it;
- `fold_unit_reshapes`: a generic's input seen through reshapes that only add or drop unit dims
  (a sum's keep_dim result reshaped to rank 0, then cast) reads the reshape's source, the
  reshape folded into its indexing map (upstream does not fuse across such reshapes);
- `one_producer_per_use`: an elementwise generic read by several generics, or by a generic and
  the return, is duplicated, one copy per generic reader, readers before their producers
  (upstream fuses a producer with one use only): no DRAM traffic, and the codegen computes what
  its results share once where that pays (codegen/sections.py); a DAG whose trees would be more
  than MAX_COPIES copies is copied once per result instead (`one_dag_per_result`), what two
  results share going to each, so each result's DAG fuses into one generic;
- `layout_copies_read_through`: a generic reading a copy that only changes the layout of its
  input (a typecast of a ROW_MAJOR f32 tensor to TILE f32), or the `tensor.cast` upstream's
  canonicalize makes of one (g * 1 folded), reads the input itself: the codegen reads each
  operand in its own layout (also run by `ttbw-outline-programs`, after canonicalize);
- `one_reduction_per_reader`: a reduction several results read gets a clone per extra reader,
  after fusion (whose cse would merge the clones);
- `one_generic_per_result`: each returned value gets a generic of its own (the codegen writes
  one result per generic): an argument returned as it is an identity generic (a copy), a value
  returned at several positions a clone per extra position.
"""
from __future__ import annotations

MAX_COPIES = 4096  # copies for a complex div_bw's four gradients: ~1300
# The largest expression tree (in generics) a result's DAG is fused into: the codegen plans a fused
# body as a tree, in about 70 us a node (tan_bw's 81,100: 5.7 s; a tree of 10^6 would take a minute)
MAX_TREE = 2 ** 17


def _generics(func_op):
    from ttbw.dialect.ops import walk_ops

    return walk_ops(func_op, "linalg.generic")


def elementwise_unit_sums(func_op) -> None:
    from mlir import ir

    for op in _generics(func_op):
        iterators = ["reduction" in str(t) for t in op.attributes["iterator_types"]]
        maps = [ir.AffineMapAttr(m).value for m in op.attributes["indexing_maps"]]
        out = maps[-1]
        if not any(iterators) or len(out.results) != out.n_dims:
            continue
        sizes = [1] * out.n_dims
        for value, m in zip(op.operands, maps):
            for size, e in zip(ir.RankedTensorType(value.type).shape, m.results):
                if isinstance(e, ir.AffineDimExpr):
                    sizes[e.position] = max(sizes[e.position], size)
        keeps = all(isinstance(e, ir.AffineDimExpr) and e.position == d if not red else
                    isinstance(e, ir.AffineConstantExpr) and e.value == 0 and sizes[d] == 1
                    for d, (e, red) in enumerate(zip(out.results, iterators)))
        init = op.operands[len(op.operands) - 1]
        block = op.regions[0].blocks[0]
        acc = block.arguments[len(block.arguments) - 1]
        zero = _zero_fill(init)
        if not keeps or zero is None:
            continue
        for use in list(acc.uses):  # the accumulator is the fill's zero
            use.owner.operands[use.operand_number] = zero
        with ir.InsertionPoint(op), op.location:  # not read any more (upstream's would drop the encoding)
            op.operands[len(op.operands) - 1] = ir.Operation.create("tensor.empty", results=[init.type]).result
        parallel = ir.Attribute.parse("#linalg.iterator_type<parallel>")
        op.attributes["iterator_types"] = ir.ArrayAttr.get([parallel] * out.n_dims)
        op.attributes["indexing_maps"] = ir.ArrayAttr.get(
            [*list(op.attributes["indexing_maps"])[:-1], ir.AffineMapAttr.get(ir.AffineMap.get_identity(out.n_dims))])


def fold_unit_reshapes(func_op) -> int:
    """A generic's input seen through reshapes that only add or drop unit dims (a sum's
    keep_dim result reshaped to rank 0, ...) reads the reshape's source instead, the reshape
    folded into its indexing map (0 at the source's unit dims), so upstream fuses the generic
    with the source's producer (it does not fuse across such reshapes, e.g. to rank 0);
    returns how many inputs were folded."""
    from mlir import ir

    folded = 0
    for op in _generics(func_op):
        maps = [ir.AffineMapAttr(m).value for m in op.attributes["indexing_maps"]]
        for k in range(len(op.operands) - len(op.results)):
            value, m = op.operands[k], maps[k]
            while not isinstance(value, ir.BlockArgument) and value.owner.name in _UNIT_VIEWS:
                source = value.owner.operands[0]
                exprs = _unit_reshaped(list(m.results), ir.RankedTensorType(value.type).shape,
                                       ir.RankedTensorType(source.type).shape)
                if exprs is None:
                    break
                value, m = source, ir.AffineMap.get(m.n_dims, m.n_symbols, exprs)
            if value == op.operands[k] or not _every_dim_indexed([*maps[:k], m, *maps[k + 1:]]):
                continue
            op.operands[k], maps[k] = value, m
            op.attributes["indexing_maps"] = ir.ArrayAttr.get([ir.AffineMapAttr.get(x) for x in maps])
            folded += 1
    return folded


_UNIT_VIEWS = ("tensor.collapse_shape", "tensor.expand_shape")


def _unit_reshaped(exprs, shape, source_shape):
    """The indexing of `source_shape` equal to `exprs` indexing its reshape to `shape`, or
    None when the reshape moves more than unit dims: the dims of size > 1 keep their order."""
    from mlir import ir

    kept = [e for e, size in zip(exprs, shape) if size != 1]
    if [s for s in shape if s != 1] != [s for s in source_shape if s != 1]:
        return None
    it = iter(kept)
    return [next(it) if size != 1 else ir.AffineConstantExpr.get(0) for size in source_shape]


def _every_dim_indexed(maps) -> bool:
    """Every loop dim still appears in some map (its range comes from an operand)."""
    from mlir import ir

    used = {e.position for m in maps for e in m.results if isinstance(e, ir.AffineDimExpr)}
    return used >= set(range(maps[0].n_dims))


def _zero_fill(init):
    """The constant 0.0 a `linalg.fill` of `init` fills with, or None."""
    from mlir import ir

    owner = init.owner
    if isinstance(init, ir.BlockArgument) or getattr(owner, "name", owner.operation.name) != "linalg.fill":
        return None
    value = owner.operands[0]
    if isinstance(value, ir.BlockArgument) or value.owner.name != "arith.constant" \
            or ir.FloatAttr(value.owner.attributes["value"]).value != 0.0:
        return None
    return value


def layout_copies_read_through(func_op) -> None:
    """Each generic input that is a layout-only copy (identity maps, the body yielding its input,
    the same data type: ROW_MAJOR -> TILE), or the `tensor.cast` canonicalize makes of one, reads
    the copy's input instead (see the module doc)."""
    from mlir import ir

    from ttbw.dialect.tensor_types import describe

    for op in _generics(func_op):
        for k, value in enumerate(list(op.operands)[:-1]):
            copy = None if isinstance(value, ir.BlockArgument) else value.owner.operation
            if copy is None or not (copy.name == "linalg.generic" and _is_copy(copy) or copy.name == "tensor.cast"):
                continue
            source = copy.operands[0]
            if describe(source.type).data_type == describe(value.type).data_type:
                op.operands[k] = source


def _is_copy(op) -> bool:
    """A generic copying its one input as it is (identity maps, the body yielding the input)."""
    from mlir import ir

    maps = [ir.AffineMapAttr(m).value for m in op.attributes["indexing_maps"]]
    if len(op.operands) != 2 or any(m != ir.AffineMap.get_identity(m.n_dims) for m in maps):
        return False
    block = op.regions[0].blocks[0]
    ops = list(block.operations)
    return len(ops) == 1 and ops[0].operation.operands[0] == block.arguments[0]


def _is_elementwise(op) -> bool:
    return not any("reduction" in str(t) for t in op.attributes["iterator_types"])


def _uses(op) -> list:
    return [(getattr(u.owner, "operation", u.owner), u.operand_number) for u in op.results[0].uses]


def copies_needed(func_op) -> int:
    """How many copies `one_producer_per_use` makes: each elementwise generic ends up once per
    generic reader it is read by, counting the readers' own copies (readers first)."""
    count: dict = {}  # generic -> how many of it there will be
    copies = 0
    for op in reversed(_generics(func_op)):
        uses = _uses(op)
        readers = [count.get(user, 1) for user, _ in uses if user.name == "linalg.generic"]
        if not _is_elementwise(op) or not readers or sum(readers) + len(uses) - len(readers) < 2:
            continue
        total = sum(readers) + (len(readers) != len(uses))  # the original stays with the other users
        count[op] = total
        copies += total - 1
    return copies


def one_producer_per_use(func_op) -> None:
    """Copies of elementwise generics, one per generic reader: the function's expression trees.
    A DAG whose tree is exponential in its depth (more than MAX_COPIES copies) is copied once per
    result instead (one_dag_per_result)."""
    from mlir import ir

    if copies_needed(func_op) > MAX_COPIES:
        one_dag_per_result(func_op)
        return
    for op in reversed(_generics(func_op)):  # readers first: a copy of a reader reads its producers again
        if not _is_elementwise(op):
            continue
        uses = _uses(op)
        readers = [(user, index) for user, index in uses if user.name == "linalg.generic"]
        if len(uses) < 2 or not readers:
            continue
        # the original stays with the first reader, or with the other users (e.g. the return of
        # a gradient another gradient reads)
        for user, index in readers[1:] if len(readers) == len(uses) else readers:
            copy = op.clone(ir.InsertionPoint(op))
            user.operands[index] = copy.results[0]


def one_dag_per_result(func_op) -> None:
    """Each generic (or unit-dim reshape between generics) that several results' expressions read
    copied once per further result: every result's expression becomes a DAG of its own, which
    upstream fuses into one generic (a producer's uses inside one DAG meet in the fused region:
    its operands deduplicated, it has one use left) and its reductions' epilogues, where generics
    shared between two results would each stay a program. At most one copy per op and further
    result; nothing is copied where a result's tree exceeds MAX_TREE ops. The DAGs are read
    before anything changes (an op's hash changes with its operands)."""
    from mlir import ir

    from ttbw.dialect.ops import walk_ops

    ops = [op for op in walk_ops(func_op) if op.name == "linalg.generic" or op.name in _UNIT_VIEWS]
    number = {op: i for i, op in enumerate(ops)}
    inputs = []  # per op: (operand index, result number, producer) of its producers among `ops`
    for op in ops:
        read = list(op.operands)[:len(op.operands) - len(op.results)] if op.name == "linalg.generic" \
            else list(op.operands)[:1]
        inputs.append([(k, operand.result_number, number[producer]) for k, operand in enumerate(read)
                       if not isinstance(operand, ir.BlockArgument)
                       and (producer := operand.owner.operation) in number])
    tree = []  # per op: its expression tree's size in ops (producers come first)
    for edges in inputs:
        tree.append(1 + sum(tree[j] for _, _, j in edges))
    slices = []  # per result: (its use, the result number, its ops, the result's first)
    for user, index in result_uses(func_op):
        value = user.operands[index]
        if isinstance(value, ir.BlockArgument) or value.owner.operation not in number:
            continue
        order, seen, stack = [], set(), [number[value.owner.operation]]
        while stack:
            i = stack.pop()
            if i not in seen:
                seen.add(i)
                order.append(i)
                stack += [j for _, _, j in inputs[i]]
        slices.append((user, index, value.result_number, order))
    if any(tree[order[0]] > MAX_TREE for *_, order in slices):
        return
    owned: set = set()  # ops an earlier result's DAG holds as they are
    for user, index, result_number, order in slices:
        mine = {i: ops[i].clone(ir.InsertionPoint(ops[i])) if i in owned else ops[i] for i in order}
        for i in order:
            for k, produced, j in inputs[i]:
                if j in owned:
                    mine[i].operands[k] = mine[j].results[produced]
        user.operands[index] = mine[order[0]].results[result_number]
        owned.update(order)


def one_reduction_per_reader(func_op) -> None:
    """A reduction read by several generics (its epilogues: a sum returned both as it is and
    cast), or by a generic and the return, gets a clone per extra generic reader, after fusion
    (whose cse would merge the clones): each result's chain has a reduction of its own, the
    siblings reading the same inputs (once)."""
    from mlir import ir

    for op in _generics(func_op):
        if not any("reduction" in str(t) for t in op.attributes["iterator_types"]):
            continue
        uses = [(getattr(u.owner, "operation", u.owner), u.operand_number) for u in op.results[0].uses]
        readers = [(user, index) for user, index in uses if user.name == "linalg.generic"]
        for user, index in readers[1:] if len(readers) == len(uses) else readers:
            user.operands[index] = op.clone(ir.InsertionPoint(op)).results[0]


def result_uses(func_op) -> list:
    """(op, operand index) of each value the function gives back: a return operand, or the
    source of a `bufferization.materialize_in_destination` (a preallocated result) it returns."""
    entry = func_op.regions[0].blocks[0]
    ret = list(entry.operations)[-1].operation
    uses = []
    for k, value in enumerate(ret.operands):
        owner = getattr(value.owner, "operation", value.owner)
        if getattr(owner, "name", None) == "bufferization.materialize_in_destination":
            uses.append((owner, 0))
        else:
            uses.append((ret, k))
    return uses


def one_generic_per_result(func_op, share_returned: bool = False) -> None:
    """Gives each value the function gives back a generic of its own (the codegen writes one
    result per generic), after fusion (whose canonicalize would erase an identity generic and
    cse merge clones): an argument given back as it is (a gradient equal to grad) an identity
    generic (into the result's layout where what is given back is a layout cast of it), a slice
    (a view) or a layout cast of one too, a generic's value given back at several places (equal gradients merged by cse) a clone per
    extra place, reading the same inputs (siblings). With `share_returned` (one
    program per generic: the composite path) a value returned at several positions is read
    back once per position instead, and an extra preallocated result is a copy of it."""
    from mlir import ir
    from mlir.dialects import tensor

    from ttbw.mlir_dialects import linalg

    seen = []
    for user, index in result_uses(func_op):
        value = user.operands[index]
        relayout = _layout_cast(value)
        source = value if relayout is None else relayout.operands[0]
        if _is_slice(source) or (relayout is not None and _of_argument(source)):  # no program writes its pages
            with ir.InsertionPoint(user), user.location:
                user.operands[index] = _identity_generic(source, linalg, tensor, value.type).results[0]
            seen.append(user.operands[index])
            continue
        is_argument = _of_argument(value)
        owner = None if is_argument else value.owner.operation
        if not is_argument and (owner.name != "linalg.generic" or not any(value == v for v in seen)):
            seen.append(value)
            continue
        into = user.name == "bufferization.materialize_in_destination"
        if not is_argument and share_returned and not into:
            continue
        with ir.InsertionPoint(user), user.location:
            if is_argument or share_returned:
                copy, number = _identity_generic(value, linalg, tensor), 0
            else:
                copy, number = owner.clone(ir.InsertionPoint(user)), value.result_number
        user.operands[index] = copy.results[number]
        seen.append(user.operands[index])


def _of_argument(value) -> bool:
    """A function argument, or a reshape of one."""
    from mlir import ir

    while not isinstance(value, ir.BlockArgument) and value.owner.operation.name in _UNIT_VIEWS:
        value = value.owner.operation.operands[0]
    return isinstance(value, ir.BlockArgument)


def _is_slice(value) -> bool:
    """A `tensor.extract_slice` (a view its readers read: codegen/window.py)."""
    from mlir import ir

    return not isinstance(value, ir.BlockArgument) and value.owner.operation.name == "tensor.extract_slice"


def _layout_cast(value):
    """The `tensor.cast` defining `value` when it changes the layout encoding (canonicalize's form
    of a layout-only copy, ROW_MAJOR <-> TILE), else None. Of a generic's value the codegen writes
    the cast's layout (the program sees its result through it); of an argument it is a copy."""
    from mlir import ir

    from ttbw.dialect.tensor_types import describe

    if isinstance(value, ir.BlockArgument) or value.owner.operation.name != "tensor.cast":
        return None
    cast = value.owner.operation
    return cast if describe(cast.operands[0].type).layout != describe(value.type).layout else None


def _identity_generic(value, linalg, tensor, result_type=None):
    """`linalg.generic` copying tensor `value` into `result_type` (value's type by default; another
    layout encoding: the copy changes the layout)."""
    from mlir import ir

    value_type = ir.RankedTensorType(result_type or value.type)
    rank, element = value_type.rank, value_type.element_type
    identity = ir.AffineMapAttr.get(ir.AffineMap.get_identity(rank))
    parallel = ir.Attribute.parse("#linalg.iterator_type<parallel>")
    empty = tensor.EmptyOp(list(value_type.shape), element, encoding=value_type.encoding).result
    op = linalg.GenericOp([value_type], [value], [empty], ir.ArrayAttr.get([identity, identity]),
                          ir.ArrayAttr.get([parallel] * rank))
    block = op.regions[0].blocks.append(element, element)
    with ir.InsertionPoint(block):
        linalg.YieldOp([block.arguments[0]])
    return op.operation
