"""Outlining a function's generics into programs: each group of generics becomes a
`func.func private @<name> attributes {ttbw.program}` the function calls (`ttbw-outline-programs`).

    @f(%g, %a, %b) {                         @f(%g, %a, %b) {
      %0 = linalg.generic ...                  %r:2 = call @f_program(%g, %a, %b)
      %1 = linalg.generic ...         ->       return %r#0, %r#1
      return %0, %1                          }
    }                                        func.func private @f_program(...) {ttbw.program} {
                                               %0 = linalg.generic ... ; return %0, %1 }

A program holds its generics, the reshapes of their results it returns, and copies of the
constants, empty tensors, fills, scalar tensors (`tensor.from_elements` of an f32 argument) and
slices (`tensor.extract_slice`) they read; its arguments are the values it reads from outside
(the function's arguments in their order, then other programs' results), its results the values
read outside it. What stays
in the function: the calls (launch order), reshapes of arguments and of other programs' results
(free views), `bufferization.materialize_in_destination` (a result written into a preallocated
argument), empty tensors returned as they are, the return.

Grouping (ttbw-outline-programs): every generic of the function in one program when the codegen
takes it, else the fewer programs of: groups of results (`result_closures`: each result's
generics, groups merged while the codegen takes them) and `chain_groups`: a program per chain (a
reduction and the one elementwise generic reading it, its epilogue; without fusion, ttnn's
composite path, a TTIR op's generics: a sum and its rounding), else per generic.
"""
from __future__ import annotations

from .errors import UnsupportedError

PROGRAM = "ttbw.program"
TTIR_OP = "ttbw.op"  # the TTIR op an op came from (convert-ttir-to-linalg{target=device} sets it)
_CLONED = ("arith.constant", "tensor.empty", "linalg.fill", "tensor.from_elements")
_VIEWS = ("tensor.collapse_shape", "tensor.expand_shape", "tensor.cast")
_SLICE = "tensor.extract_slice"  # a window each reader reads of the sliced buffer (codegen/window.py)


def _producer(value):
    """The op defining `value`, or None for a block argument."""
    from mlir import ir

    return None if isinstance(value, ir.BlockArgument) else value.owner.operation


def is_reduction(op) -> bool:
    return any("reduction" in str(t) for t in op.attributes["iterator_types"])


def live_generics(func_op) -> list:
    """The function's generics its results depend on, in block order."""
    entry = func_op.regions[0].blocks[0]
    ops = [o.operation for o in entry.operations]
    live, stack = set(), [ops[-1]]
    while stack:
        op = stack.pop()
        for value in op.operands:
            producer = _producer(value)
            if producer is not None and producer not in live:
                live.add(producer)
                stack.append(producer)
    return [o for o in ops if o.name == "linalg.generic" and o in live]


def chains(generics: list, same_op_only: bool = False) -> list:
    """Groups of a generic and its epilogue, other generics alone, in block order. An epilogue:
    the only generic reading a reduction, an elementwise one; with `same_op_only`, the only one
    reading a generic, reading nothing else and from the same TTIR op (`ttbw.op`: a bf16 sum's
    rounding)."""
    taken, groups = set(), []
    for op in generics:
        if op in taken:
            continue
        group = [op]
        epilogue = _epilogue(op, generics, same_op_only)
        if epilogue is not None and epilogue not in taken:  # an epilogue of two reductions goes with the first
            group.append(epilogue)
            taken.add(epilogue)
        groups.append(group)
    return groups


def _epilogue(op, generics: list, same_op_only: bool):
    users = [getattr(u.owner, "operation", u.owner) for u in op.results[0].uses]
    if len(users) != 1 or users[0] not in generics or is_reduction(users[0]):
        return None
    epilogue = users[0]
    if not same_op_only:
        return epilogue if is_reduction(op) else None
    inputs = [v for v in list(epilogue.operands)[:-1] if _producer(v) is not None]
    if any(_producer(v) != op for v in inputs) or op_name(op) is None or op_name(epilogue) != op_name(op):
        return None
    return epilogue


def op_name(op) -> str | None:
    """The TTIR op an op came from (its `ttbw.op`, which upstream fusion drops from what it
    fuses), without the dialect prefix; None when it has none."""
    return op.attributes[TTIR_OP].value if TTIR_OP in op.attributes else None


def described(op) -> str:
    """How a diagnostic names `op`: the TTIR op it came from, else the op itself."""
    name = op_name(op)
    return f"'ttir.{name}'" if name is not None else f"'{op.name}'"


def chain_groups(generics: list, same_op_only: bool, accepts) -> list:
    """`chains` of `generics`, each chain `accepts(chain)` refuses (UnsupportedError) split into
    its generics."""
    groups = []
    for chain in chains(generics, same_op_only):
        try:
            if len(chain) > 1:
                accepts(chain)
            groups.append(tuple(chain))
        except UnsupportedError:
            groups.extend((g,) for g in chain)
    return groups


def result_closures(func_op) -> list:
    """Per value the function returns (in return order), the live generics it depends on that no
    earlier result's closure took, in block order (a returned argument's: none)."""
    from .fusion import result_uses

    entry = func_op.regions[0].blocks[0]
    order = {o.operation: i for i, o in enumerate(entry.operations)}
    taken, out = set(), []
    for user, index in result_uses(func_op):
        mine, stack = set(), [user.operands[index]]
        while stack:
            producer = _producer(stack.pop())
            if producer is None or producer not in order or producer in taken or producer in mine:
                continue
            if producer.name == "linalg.generic":
                mine.add(producer)
            stack.extend(_operands_deep(producer))
        taken |= mine
        out.append(sorted(mine, key=order.get))
    return out


# ------------------------------------------------------------------ outlining

def _inside(generics: list, order: dict) -> tuple[set, set]:
    """(ops moved into the program: the generics and the reshapes of their results; ops cloned
    into it: the constants, empty tensors, fills and scalar tensors they read, `_cloneable`).
    `order`: the function's top-level ops (a region's own ops stay where they are)."""
    moved, cloned = set(generics), set()
    stack = list(generics)
    while stack:  # producers a generic reads that come along
        op = stack.pop()
        for value in _operands_deep(op):
            producer = _producer(value)
            if producer in order and producer not in moved and producer not in cloned and _cloneable(producer):
                cloned.add(producer)
                stack.append(producer)
    grew = True
    while grew:  # reshapes of the program's values (results seen through them) that are their only
        grew = False  # reader: a value read directly too is returned once, the host reshapes it
        for op in list(moved):
            for result in op.results:
                if len(list(result.uses)) != 1:
                    continue
                for use in result.uses:
                    user = getattr(use.owner, "operation", use.owner)
                    if user.name in _VIEWS and user in order and user not in moved and _keeps_pages(user):
                        moved.add(user)
                        grew = True
    return moved, cloned


def _cloneable(op) -> bool:
    """An op the programs reading it clone: a constant, empty tensor, fill or scalar tensor, or a
    reshape of one (upstream fusion reshapes an accumulator's empty init with its generic), or a
    slice (each reader reads its window of the sliced buffer)."""
    if op is not None and op.name == _SLICE:
        return True
    while op is not None and op.name in _VIEWS:
        op = _producer(op.operands[0])
    return op is not None and op.name in _CLONED


def _keeps_pages(view) -> bool:
    """A reshape the codegen sees a result through: one keeping its TILE pages / rows (a reshape
    moving data stays outside, where the host lowering refuses it at the op)."""
    from mlir import ir

    from .codegen.schedule import same_pages

    return same_pages(ir.RankedTensorType(view.operands[0].type).shape, ir.RankedTensorType(view.results[0].type).shape)


def _operands_deep(op):
    """The operands of `op` and of the ops nested in its regions (values a region captures)."""
    yield from op.operands
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                yield from _operands_deep(inner.operation)


def outline(func_op, generics: tuple, name: str):
    """Moves `generics` (and what comes along, see `_inside`) into a new program function
    `name` before `func_op`, calls it where its last op was; returns the program function."""
    from mlir import ir
    from mlir.dialects import func

    entry = func_op.regions[0].blocks[0]
    order = {o.operation: i for i, o in enumerate(entry.operations)}
    moved, cloned = _inside(list(generics), order)
    inside = moved | cloned
    inputs: dict = {}  # value -> None, insertion ordered
    for op in sorted(inside, key=order.get):
        for value in _operands_deep(op):
            producer = _producer(value)
            if (value.owner == entry) if producer is None else (producer in order and producer not in inside):
                inputs.setdefault(value, None)
    inputs = sorted(inputs, key=lambda v: (0, v.arg_number) if isinstance(v, ir.BlockArgument)
                    else (1, order[_producer(v)]))
    outputs = sorted((r for op in sorted(moved, key=order.get) for r in op.results
                      if any(getattr(u.owner, "operation", u.owner) not in inside for u in r.uses)),
                     key=lambda r: _first_use(r, inside, order))
    with ir.InsertionPoint(func_op), func_op.location:
        program = func.FuncOp(name, ir.FunctionType.get([v.type for v in inputs], [v.type for v in outputs]),
                              visibility="private")
        program.attributes[PROGRAM] = ir.UnitAttr.get()
        body = program.add_entry_block()
    mapping = dict(zip(inputs, body.arguments))
    last = max(moved, key=order.get)
    with ir.InsertionPoint(last), last.location:
        call = func.CallOp([v.type for v in outputs], ir.FlatSymbolRefAttr.get(name), inputs)
    for k, value in enumerate(outputs):
        for use in list(value.uses):
            user = getattr(use.owner, "operation", use.owner)
            if user not in inside:
                user.operands[use.operand_number] = call.results[k]
    point = ir.InsertionPoint(body)
    for op in sorted(inside, key=order.get):
        if op in cloned:
            target = op.clone(point)
            mapping.update(zip(op.results, target.results))
        else:
            op.detach_from_parent()
            point.insert(op)
            target = op
        _remap(target, mapping)
    with point, last.location:
        func.ReturnOp([mapping.get(v, v) for v in outputs])
    erase_dead(func_op)
    _topological(entry)
    return program.operation


def _first_use(value, inside: set, order: dict) -> tuple:
    """Where the program's result `value` is first read outside it: its return position (through
    a preallocated result), else the position of its first reader in the block."""
    positions = []
    for use in value.uses:
        user = getattr(use.owner, "operation", use.owner)
        if user in inside:
            continue
        if user.name == "bufferization.materialize_in_destination":
            returned = [u for u in user.results[0].uses if getattr(u.owner, "operation", u.owner).name == "func.return"]
            positions += [(0, u.operand_number) for u in returned]
        elif user.name == "func.return":
            positions.append((0, use.operand_number))
        positions.append((1, order.get(user, len(order))))
    return min(positions)


def _topological(block) -> None:
    """Reorders `block`'s ops (the terminator last) so each comes after the ops it reads, keeping
    their order where it may (a call replaces its ops where the last of them was)."""
    ops = [o.operation for o in block.operations]
    terminator, ops = ops[-1], ops[:-1]
    members, placed, order = set(ops), set(), []
    for root in ops:  # depth first, producers before readers (iterative: chains can be long)
        stack = [(root, False)]
        while stack:
            op, ready = stack.pop()
            if ready:
                order.append(op)
                continue
            if op in placed:
                continue
            placed.add(op)
            stack.append((op, True))
            producers = [_producer(v) for v in _operands_deep(op)]
            stack.extend((p, False) for p in reversed(producers) if p in members and p not in placed)
    for op in order:
        op.move_before(terminator)


def _remap(op, mapping: dict) -> None:
    """Operands of `op` (and of the ops nested in it) that `mapping` renames."""
    for i, value in enumerate(op.operands):
        if value in mapping:
            op.operands[i] = mapping[value]
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                _remap(inner.operation, mapping)


def erase_dead(func_op) -> None:
    """Erases the function's ops nothing reads any more (the originals of what was cloned)."""
    entry = func_op.regions[0].blocks[0]
    changed = True
    while changed:
        changed = False
        for op in reversed([o.operation for o in entry.operations]):
            if op.name in (*_CLONED, *_VIEWS, _SLICE, "linalg.generic") and all(not list(r.uses) for r in op.results):
                op.erase()
                changed = True
