"""One function of linalg on tensors (`--convert-ttir-to-linalg="target=device"`) -> the
compile-time `Kernels` and runtime `Schedule` of its Tensix program.

The function returns one value computed by one `linalg.generic`, optionally followed by an
elementwise generic over a reduction's f32 result, its *epilogue*: the rounding of the final
pack (its `truncf`), or any expression of the finished partial sum (`Accumulator`), of inputs with
the result's dims (read once per output tile) and of the scalar, computed in DST once more
before the one rounding into the result. Everything comes from the IR: the operands' device
data types and layouts from their `#ttir.layout<...>` encodings, broadcasts and reductions
from the indexing maps and iterator types (`schedule.py`), the compute from the region
(`select.py`). A rank-0 input made by `tensor.from_elements` of a function argument is a
runtime scalar, one made by a constant a constant scalar (both reach the compute kernel as
runtime args).
"""
from __future__ import annotations

import itertools
from dataclasses import replace

from ttbw.target.formats import DataFormat

from ..errors import UnsupportedError
from .linalg_reading import map_results, op_name
from . import schedule as sched
from . import window as win
from . import select
from .expr import Accumulator, Input, Literal, Reduced, Rounded, Scalar, children, reads_inputs
from .program import PARTIAL_BY_LOOPS, Kernels, Operand, Output, Partial, ProgramSpec, ReadBack, \
    ScalarArgument, ScalarConstant

MAX_OUTPUTS = 4  # a complex pair of gradients: four results
L1_HELD = 1200 * 1024  # bytes per core the cross walk may hold in L1 (held inner tiles, FIFO partials)
MAX_ORDERS = 24  # inner loop orders tried per middle loop (permutations of its classes)
_TILE_BYTES = {"bf16": 2048, "f32": 4096, "bfp8_b": 1088}
_VIEWS = ("tensor.collapse_shape", "tensor.expand_shape", "tensor.cast")  # same tiles, another type


def _device(t) -> tuple[str, str]:
    from ttbw.dialect.tensor_types import TypeRuleError, describe

    try:
        d = describe(t)
    except TypeRuleError as rule:  # an integer or tile element: no device tensor (found by test/fuzz)
        raise UnsupportedError(f"codegen: a tensor of type {t}: {rule}") from None
    if d.is_complex:
        raise UnsupportedError("codegen: complex tensors must be expanded (ttir-expand-complex)")
    return DataFormat.parse(d.data_type).short_name, d.layout


def _is_reduction(generic) -> bool:
    return any("reduction" in str(t) for t in generic.attributes["iterator_types"])


def _scalar_of(value):
    """The ScalarArgument / ScalarConstant of a rank-0 scalar input; None for a tensor buffer."""
    from mlir import ir

    owner = value.owner
    if isinstance(value, ir.BlockArgument) or owner is None:
        return None
    name = op_name(owner)
    if name == "tensor.from_elements" and isinstance(owner.operands[0], ir.BlockArgument):
        return ScalarArgument(ir.BlockArgument(owner.operands[0]).arg_number)
    if name == "arith.constant" and ir.RankedTensorType(value.type).rank == 0:
        attr = ir.DenseElementsAttr(owner.attributes["value"])
        if attr.is_splat:
            return ScalarConstant(ir.FloatAttr(attr.get_splat_value()).value)
    raise UnsupportedError(f"codegen: a generic's input made by '{name}' is neither a function argument "
                           "nor a scalar")


def _slice_of(value, where: str):
    """The `tensor.extract_slice` of a function argument `value` is, or None; UnsupportedError
    for a slice of a value the program computes (the slice reads it from DRAM: another program)."""
    from mlir import ir

    if isinstance(value, ir.BlockArgument) or op_name(value.owner) != "tensor.extract_slice":
        return None
    sliced = value.owner.operation
    source = sliced.operands[0]
    if not isinstance(source, ir.BlockArgument) or len(sliced.operands) != 1 \
            or ir.RankedTensorType(source.type).rank != ir.RankedTensorType(value.type).rank:
        raise UnsupportedError(f"codegen: {where} is a slice of a value the program computes, or a dynamic or "
                               "rank-reducing slice")
    return sliced


def _through_views(value):
    from mlir import ir

    while not isinstance(value, ir.BlockArgument) and op_name(value.owner) in _VIEWS:
        value = value.owner.operands[0]
    return value


def _reduction_of(value):
    """The reduction generic computing `value` (through reshapes), or None."""
    from mlir import ir

    value = _through_views(value)
    if not isinstance(value, ir.BlockArgument) and op_name(value.owner) == "linalg.generic" \
            and _is_reduction(value.owner):
        return value.owner
    return None


def _chain(result, read_back=()):
    """(main generic, epilogue generic or None) computing a returned value: a generic, or an
    elementwise generic reading one reduction's f32 result (its epilogue), seen through
    reshapes (the result's tiles are checked against the generic's output map by the caller);
    an elementwise generic reading only sums of `read_back` is its own main."""
    from mlir import ir

    result = _through_views(result)
    if isinstance(result, ir.BlockArgument) or op_name(result.owner) != "linalg.generic":
        raise UnsupportedError("codegen: every result must be computed by a linalg.generic")
    main = result.owner
    if _is_reduction(main):
        return main, None
    sources = _sources(main)
    if sources and all(r in read_back for r in sources):
        return main, None
    if len(sources) > 1:
        raise UnsupportedError("codegen: an elementwise generic combining several reductions")
    return (sources[0], main) if sources else (main, None)


def _sources(generic) -> list:
    """The reductions an elementwise generic reads (through reshapes), distinct, in operand order."""
    out = []
    for r in (_reduction_of(v) for v in list(generic.operands)[:-1]):
        if r is not None and r not in out:
            out.append(r)
    return out


def _read_backs(results) -> list:
    """The reductions the results' elementwise generics read broadcast over more elements than
    they have (each element needs the finished sum: the read-back walk), distinct, in order."""
    from mlir import ir

    out = []
    for value in results:
        value = _through_views(value)
        if isinstance(value, ir.BlockArgument) or op_name(value.owner) != "linalg.generic":
            continue
        sources = _sources(value.owner)
        if _is_reduction(value.owner):
            if sources:
                raise UnsupportedError("codegen: a sum's term reads another reduction's result (each term needs the "
                                       "finished sum: a sum in a second pass)")
            continue
        if any(_elements(value.owner.results[0]) > _elements(r.results[0]) for r in sources):
            out += [r for r in sources if r not in out]
    if any(_sources(r) for r in out):
        raise UnsupportedError("codegen: a read-back sum's term reads another reduction (a sum of a read-back "
                               "sum: a third pass over the data)")
    return out


def _elements(value) -> int:
    from math import prod

    from mlir import ir

    return prod(ir.RankedTensorType(value.type).shape)


def read_function(func_op) -> ProgramSpec:
    """The program of a `func.func` of device linalg (see the module doc): each returned value
    one output; sibling generics over one iteration space share the tile walk and the inputs
    (read once each)."""
    from mlir import ir

    func_op = getattr(func_op, "operation", func_op)
    entry = func_op.regions[0].blocks[0]
    ops = [o.operation for o in entry.operations]
    results = list(ops[-1].operands)
    if not results:
        raise UnsupportedError("codegen: a program computes at least one result")
    read_back = _read_backs(results)
    chains = [_chain(r, read_back) for r in results]
    generics = [o for o in ops if o.name == "linalg.generic"]
    if len(generics) != len(read_back) + sum(2 if e else 1 for _, e in chains) \
            or len({m for m, _ in chains}) != len(chains) or any(m in read_back for m, _ in chains):
        raise UnsupportedError(f"codegen: one generic per result (found {len(generics)} generics for "
                               f"{len(results)} results; fuse them first)")
    if len(results) > MAX_OUTPUTS:
        raise UnsupportedError(f"codegen: at most {MAX_OUTPUTS} results per program")

    # siblings of different ranks share a space that differs only by leading 1s (a rank-0
    # gradient next to a 1x1x1 one); each generic's dims are aligned to its trailing dims
    spaces = [_space(main) for main, _ in chains] + [_space(r) for r in read_back]
    rank = max(len(s) for s in spaces)
    space = [1] * (rank - len(spaces[0])) + spaces[0]
    for s in spaces[1:]:
        if [1] * (rank - len(s)) + s != space:
            raise UnsupportedError(f"codegen: sibling generics over different iteration spaces {spaces[0]} / {s}")

    def lead_of(m):
        return len(space) - ir.AffineMapAttr(m).value.n_dims

    def aligned(m):
        lead = lead_of(m)
        return [None if d is None else d + lead for d in map_results(m)]

    inputs, args, scalar = [], [], None
    index_of: dict = {}  # (function argument number, its dims, in-tile broadcast, window) -> input index

    def use_scalar(s):
        nonlocal scalar
        if scalar is not None and scalar != s:
            raise UnsupportedError("codegen: at most one scalar per program")
        scalar = s
        return Scalar()

    def constant(value):
        # A constant in the region (one the fusion folded in, or the op's own): the program's
        # scalar when that is free (a runtime arg: one kernel for every value), else a literal.
        if scalar is None or scalar == ScalarConstant(value):
            return use_scalar(ScalarConstant(value))
        return Literal(value)

    def leaf(value, map_attr, where, epilogue=None):
        """The leaf of a generic's input; `epilogue`: (its dims in the space, its in-tile
        broadcast over the result's tile) for an epilogue's input."""
        sliced = _slice_of(value, where)
        if sliced is not None:
            value = sliced.operands[0]
        s = _scalar_of(value)
        if s is not None:
            return use_scalar(s)
        shape = list(ir.RankedTensorType(value.type).shape)
        fmt, layout = _device(value.type)
        window = None
        if epilogue is not None:
            if sliced is not None:
                raise UnsupportedError(f"codegen: {where} of an epilogue is read through a slice")
            dims, bcast = epilogue
        elif sliced is None:
            dims = sched.operand_dims(aligned(map_attr), shape, space, where, permuted=True)
        else:  # its window of the sliced buffer
            indices = win.sliced_indices(aligned(map_attr), *(list(ir.DenseI64ArrayAttr(sliced.attributes[a]))
                                                              for a in ("static_offsets", "static_strides")))
            dims, window = win.window_of(indices, shape, space, fmt, layout, where)
        if epilogue is None:
            bcast = sched.in_tile_kind(dims, space)
        permuted = list(dims) != sorted(dims)  # its sizes are the space's (operand_dims), in its order
        if window is None and not permuted \
                and not sched.same_pages(shape, [space[d] if d in dims else 1 for d in range(len(space))]):
            raise UnsupportedError(f"codegen: {where}'s tiles are not those of its indexing map")
        operand = Operand(fmt, layout, sched.Access(dims, bcast, window=window))
        if permuted and operand.layout != "tile":
            raise UnsupportedError(f"codegen: {where} is read through a transpose: it must be TILE")
        # one input per way of reading an argument (a gradient's two slices are two inputs of one buffer)
        key = (ir.BlockArgument(value).arg_number, _sized(dims, space), bcast, window)
        if key not in index_of:
            index_of[key] = len(inputs)
            inputs.append(operand)
            args.append(key[0])
        return Input(index_of[key])

    sums = [_read_back_term(r, aligned, space, leaf, constant) for r in read_back]  # (term, fmt, out dims)

    def reduced(value, map_attr, where):
        """The `Reduced` leaf of a read-back sum's result an output reads, else None."""
        source = _reduction_of(value)
        if source is None or source not in read_back:
            return None
        k = read_back.index(source)
        dims = sched.operand_dims(aligned(map_attr), list(ir.RankedTensorType(value.type).shape), space, where)
        if _sized(dims, space) != _sized(sums[k][2], space):
            raise UnsupportedError(f"codegen: {where} reads a sum with another indexing map than its result's")
        return Reduced(k)

    outs = []  # each result's Output, its walk (partial, FPU multiply, FIFO pages) chosen below
    for r, (main, epilogue) in zip(results, chains):
        ins = list(main.operands)[:-1]
        maps = list(main.attributes["indexing_maps"])
        block = main.regions[0].blocks[0]
        leaves = {block.arguments[k]: reduced(v, maps[k], f"input {k}") or leaf(v, maps[k], f"input {k}")
                  for k, v in enumerate(ins)}
        reduce = _is_reduction(main)
        out_fmt, out_layout = _device(r.type)
        shape = list(ir.RankedTensorType(main.results[0].type).shape)
        out_dims = sched.operand_dims(aligned(maps[-1]), shape, space, "the output")
        if not sched.same_pages(list(ir.RankedTensorType(r.type).shape),
                                [space[d] if d in out_dims else 1 for d in range(len(space))]):
            raise UnsupportedError("codegen: the result's tiles are not those of its indexing map")
        iterators = ["reduction" in str(t) for t in main.attributes["iterator_types"]]
        lead = lead_of(maps[-1])
        if [lead + d for d, red in enumerate(iterators) if not red] != [d for d in out_dims if d >= lead]:
            raise UnsupportedError("codegen: the output must index exactly the parallel dims")
        yielded = block.operations[len(block.operations) - 1].operands[0]
        if reduce:
            init = main.operands[len(main.operands) - 1]
            if isinstance(init, ir.BlockArgument) or op_name(init.owner) != "linalg.fill" \
                    or _scalar_fill(init.owner) != 0.0:
                raise UnsupportedError("codegen: a reduction must start from a zero-filled accumulator")
            term, term_fmt = select.reduction_term(yielded, block.arguments[len(ins)])
            if term_fmt == "bf16":
                term, _ = select.split_root(term)
            expr = select.expression(term, leaves, constant)
            tail = None if epilogue is None else _epilogue(epilogue, main, aligned(maps[-1]), space, out_dims,
                                                           leaf, constant)
            rounded = tail == Rounded(Accumulator())  # a sum rounded to bf16 before its f32 result
            if tail in (Accumulator(), Rounded(Accumulator())):  # only the rounding: the partial moved into the result
                tail = None
        else:
            term_fmt, rounded, tail = "", False, None
            expr = select.expression(select.split_root(yielded)[0], leaves, constant)
        access = sched.Access(out_dims, sched.in_tile_kind(out_dims, space))
        outs.append(Output(Operand(out_fmt, out_layout, access), reduce, expr, term_fmt, None, rounded, epilogue=tail))

    if read_back:
        return _read_back_program(inputs, outs, sums, space, args, scalar, results)
    accesses = [i.access for i in inputs]
    out_accesses = [o.operand.access for o in outs]
    reducing = [k for k, o in enumerate(outs) if o.reduce]
    groups = []  # the distinct dims the reductions keep, in result order
    for k in reducing:
        if out_accesses[k].dims not in groups:
            groups.append(out_accesses[k].dims)
    if reducing and any(space[d] > 1 and d not in a.dims for k, a in enumerate(out_accesses) if k not in reducing
                        for d in range(len(space))):
        raise UnsupportedError("codegen: an elementwise sibling of a reduction must cover the iteration space")
    partials, cross = {}, len(groups) > 1
    tails = any(o.epilogue is not None and reads_inputs(o.epilogue) for o in outs)
    if cross and tails:
        raise UnsupportedError("codegen: an epilogue reading inputs after cross reductions")
    if cross:
        accesses, schedule, partials = _cross(accesses, out_accesses, space, groups)
        schedule = replace(schedule, pages=tuple(partials[a.dims][1] or 0 if o.reduce else 0
                                                 for o, a in zip(outs, out_accesses)))
    else:
        operands = accesses + out_accesses
        pattern = len(accesses) + reducing[0] if reducing else sched.pattern_index(accesses + out_accesses[:1],
                                                                                    space, False)
        p_dims = set(operands[pattern].dims)
        plain = [replace(a, held=set(a.dims) <= p_dims) for a in accesses]
        accesses, schedule = plain, sched.schedule(plain + out_accesses, space, pattern)
        reread = _reread(plain, p_dims, space) if reducing and not tails else None
        if reread is not None:  # held over the unit instead, the dims it lacks a middle loop
            try:
                held, walk, _ = _cross(plain, out_accesses, space, [tuple(sorted(p_dims)), reread.dims], ordered=True)
            except UnsupportedError:  # it lacks a summed axis too: the plain walk
                held = None
            if held is not None and walk.inner * sum(_TILE_BYTES[i.fmt] for i, a in zip(inputs, held) if a.indexed) \
                    <= L1_HELD:
                accesses, schedule, cross = held, walk, True
    in_ops = tuple(replace(i, access=a) for i, a in zip(inputs, accesses))
    outputs = []
    for o in outs:
        dims = o.operand.access.dims
        if not o.reduce:
            fpu = None if o.fmt == "f32" else \
                select.fpu_multiply(o.expr, [i.fmt for i in in_ops], [i.access.bcast for i in in_ops])
            if fpu is not None and any(in_ops[i].access.transposed for i in fpu):  # the FPU reads CB tiles as they are
                fpu = None
            outputs.append(replace(o, fpu=fpu))
        elif cross and partials:
            outputs.append(replace(o, partial=partials[dims][0], paged=partials[dims][1] is not None))
        else:
            outputs.append(o)
    kernels = Kernels(in_ops, tuple(outputs), scalar is not None, cross)
    return ProgramSpec(kernels, schedule, tuple(args), scalar,
                       tuple(tuple(ir.RankedTensorType(r.type).shape) for r in results))


def _read_back_term(main, aligned, space, leaf, constant):
    """(term, term format, output dims) of a read-back sum: a zero-started reduction over the
    space, its term of the program's inputs."""
    from mlir import ir

    ins = list(main.operands)[:-1]
    maps = list(main.attributes["indexing_maps"])
    block = main.regions[0].blocks[0]
    leaves = {block.arguments[k]: leaf(v, maps[k], f"sum input {k}") for k, v in enumerate(ins)}
    init = main.operands[len(main.operands) - 1]
    if isinstance(init, ir.BlockArgument) or op_name(init.owner) != "linalg.fill" or _scalar_fill(init.owner) != 0.0:
        raise UnsupportedError("codegen: a reduction must start from a zero-filled accumulator")
    yielded = block.operations[len(block.operations) - 1].operands[0]
    term, term_fmt = select.reduction_term(yielded, block.arguments[len(ins)])
    if term_fmt == "bf16":
        term, _ = select.split_root(term)
    shape = list(ir.RankedTensorType(main.results[0].type).shape)
    dims = sched.operand_dims(aligned(maps[-1]), shape, space, "a read-back sum's output")
    return select.expression(term, leaves, constant), term_fmt, dims


def _read_back_program(inputs, outs, sums, space, args, scalar, results) -> ProgramSpec:
    """The read-back walk (program.ReadBack): the units the sums' output tiles, the inner loop
    their summed tiles, walked twice; the inputs both passes read held over the unit when their
    tiles fit `L1_HELD`, else read again by the second pass."""
    from mlir import ir

    dims = sums[0][2]
    if any(_sized(d, space) != _sized(dims, space) for _, _, d in sums):
        raise UnsupportedError("codegen: read-back sums over different dims")
    if any(o.reduce for o in outs):
        raise UnsupportedError("codegen: a reduction returned beside read-back sums")
    if any(space[d] > 1 and d not in o.operand.access.dims for o in outs for d in range(len(space))):
        raise UnsupportedError("codegen: a result reading back a sum must cover the iteration space")
    p_dims = set(dims)
    plain = [replace(i.access, held=set(i.access.dims) <= p_dims) for i in inputs]
    terms = tuple(t for t, _, _ in sums)
    first = [i for i, a in enumerate(plain) if not a.held and any(_reads(t, i) for t in terms)]
    second = [i for i, a in enumerate(plain) if not a.held and any(_reads(o.expr, i) for o in outs)]
    both = [i for i in first if i in second]
    outputs = tuple(replace(o, fpu=None) for o in outs)
    bcast = sched.in_tile_kind(dims, space)
    schedule = sched.schedule_kept(plain + [o.operand.access for o in outputs], space, dims)

    def kernels(held):
        accesses = [replace(a, held=True, indexed=True) if i in held else a for i, a in enumerate(plain)]
        rb = ReadBack(terms, tuple(f for _, f, _ in sums), bcast, tuple(i for i in first if i not in held),
                      tuple(i for i in second if i not in held))
        return Kernels(tuple(replace(i, access=a) for i, a in zip(inputs, accesses)), outputs, scalar is not None,
                       readback=rb)
    held = kernels(both)
    fits = schedule.inner * sum(_TILE_BYTES[inputs[i].fmt] for i in both) + 4096 * held.spill_pages <= L1_HELD
    return ProgramSpec(held if fits else kernels(()), schedule, tuple(args), scalar,
                       tuple(tuple(ir.RankedTensorType(r.type).shape) for r in results))


def _reads(e, i: int) -> bool:
    """Expression e reads input i."""
    return e == Input(i) or any(_reads(c, i) for c in children(e))


def _reread(accesses, p_dims, space):
    """A streamed input of a reduction that lacks some of the units' tile axes (the plain walk
    would read its tiles once per unit along them), or None."""
    counts = sched.tile_counts(space)
    for a in accesses:
        if not a.held and any(counts[d] > 1 and d not in a.dims for d in p_dims):
            return a
    return None


def _cross(accesses, out_accesses, space, groups, ordered: bool = False):
    """(input accesses, schedule, {dims: (partial kind, FIFO pages or None)}) of sibling
    reductions keeping the dims `groups` (distinct, result order). The units are the tile axes
    every group keeps; the others fall in classes by the groups keeping them: one class is the
    middle loop, the others the inner loop (their axes in the space's order, or class by class
    in some order; the last fastest), so that each group keeps all or none of the middle loop
    and all, none or the fastest axes of the inner loop (a FIFO over those only, zeroed per
    unit, or per middle step if it keeps the middle loop: its page count a runtime arg). Of the
    orders that work, the one whose FIFOs hold the fewest tiles; `ordered`: the first group's own axes the
    middle loop, the second's the inner loop. An input without the middle axes is held per unit
    (indexed by the inner step if it has inner axes), one without the inner axes read per middle
    step, the others streamed."""
    counts = sched.tile_counts(space)
    axes = [d for d, n in enumerate(counts) if n > 1]
    units = [d for d in axes if all(d in g for g in groups)]

    def keeping(d) -> tuple:
        """The groups keeping dim d."""
        return tuple(i for i, g in enumerate(groups) if d in g)

    classes: dict = {}  # the groups keeping an axis -> its axes
    for d in axes:
        if d not in units:
            classes.setdefault(keeping(d), []).append(d)
    if ordered:
        if set(classes) - {(0,), (1,)}:
            raise UnsupportedError("codegen: the held walk needs every tile axis kept by the sum or the input")
        orders = [(classes.get((0,), []), classes.get((1,), []))]
    else:
        loops = [*(classes[key] for key in sorted(classes, key=lambda key: (not key, key))), [], []]
        loops = loops[:max(2, len(classes))]
        orders = []
        for i, m in enumerate(loops):  # the inner loop's axes in the space's order, then by class
            rest = [c for c in loops[:i] + loops[i + 1:] if c]
            orders.append((m, sorted(d for c in rest for d in c)))
            orders += [(m, [d for c in p for d in c]) for p in itertools.permutations(rest)][:MAX_ORDERS]

    def tiles(dims):
        n = 1
        for d in dims:
            n *= counts[d]
        return n

    def kinds(middle, inner):
        """Each group's (partial, FIFO pages): keeps the middle / inner axes (an empty loop: kept
        where the other is not; both empty: the first group's the middle's, as if it kept only
        that); None when a group keeps only some inner axes but the fastest, or keeps both loops
        partly."""
        out = {}
        for i, g in enumerate(groups):
            km, ki = set(middle) <= set(g), set(inner) <= set(g)
            if not middle and not inner:
                km, ki = i == 0, i != 0
            elif not middle:
                km = not ki
            elif not inner:
                ki = not km
            kept = [d for d in inner if d in g]
            if kept and not ki:  # some of the inner axes: a FIFO over them, if they are the fastest
                if kept != inner[len(inner) - len(kept):]:
                    return None
                out[g] = (Partial.MFIFO if km else Partial.FIFO, tiles(kept))
                continue
            out[g] = (PARTIAL_BY_LOOPS[km, ki], None)
        return out

    def fifo_tiles(order):
        partials = kinds(*order)
        return sum(tiles(order[1]) if p is None else p for kind, p in partials.values()
                   if kind in (Partial.FIFO, Partial.MFIFO))
    orders = [o for o in orders if kinds(*o) is not None]
    if not orders:
        raise UnsupportedError(f"codegen: sibling reductions over {len(groups)} sets of dims (tile axes in "
                               f"{len(classes)} classes besides those all keep) that no order of the walk's middle "
                               "and inner loops serves")
    middle, inner = min(orders, key=fifo_tiles)
    partials = kinds(middle, inner)
    # an input's loops: the dims (of any size) the groups keeping each loop, and only they, keep
    middle_keys = {keeping(d) for d in middle} or \
        {tuple(i for i, g in enumerate(groups) if partials[g][0] in (Partial.INNER, Partial.STEP, Partial.MFIFO))}
    inner_keys = {keeping(d) for d in inner} or \
        {tuple(i for i, g in enumerate(groups) if partials[g][0] in (Partial.FIFO, Partial.STEP))}
    middle_dims = {d for d in range(len(space)) if keeping(d) in middle_keys}
    inner_dims = {d for d in range(len(space)) if keeping(d) in inner_keys}
    out = []
    for a in accesses:
        has_middle, has_inner = bool(middle_dims & set(a.dims)), bool(inner_dims & set(a.dims))
        out.append(replace(a, held=not has_middle, indexed=not has_middle and has_inner,
                           middle=has_middle and not has_inner))
    return out, sched.cross_schedule(out + out_accesses, space, units, middle, inner), partials


def _epilogue(epilogue, main, out_exprs, space, out_dims, leaf, constant):
    """The expression of a reduction's epilogue generic (its root `truncf`, the pack's
    rounding, left out): `Accumulator` the reduction's finished f32 partial, its other inputs
    leaves with their dims in the reduction's space and their in-tile broadcast over the
    result's tile (they have only the result's dims: each is read once per output tile)."""
    from mlir import ir

    maps = list(epilogue.attributes["indexing_maps"])
    shape = list(ir.RankedTensorType(epilogue.results[0].type).shape)
    if any(d is None for d in map_results(maps[-1])):
        raise UnsupportedError("codegen: an epilogue must be elementwise over the reduction's result")
    # the result's non-1 dims are the reduction output's, in order (same pages): epilogue dim -> space dim
    main_shape = list(ir.RankedTensorType(main.results[0].type).shape)
    kept = [d for size, d in zip(main_shape, out_exprs) if d is not None and size != 1]
    own = [d for d, size in enumerate(shape) if size != 1]
    if len(kept) != len(own):
        raise UnsupportedError("codegen: an epilogue's space is not the reduction's result")
    to_space = dict(zip(own, kept))
    r = len(space)
    has = {axis: axis in out_dims and space[axis] > 1 for axis in (r - 2, r - 1)}
    block = epilogue.regions[0].blocks[0]
    leaves = {}
    for k, (value, m) in enumerate(zip(list(epilogue.operands)[:-1], maps)):
        where = f"epilogue input {k}"
        source = _reduction_of(value)
        if source is not None and getattr(source, "operation", source) == getattr(main, "operation", main):
            if [d for d in map_results(m) if d is not None] != list(range(len(shape))):
                raise UnsupportedError("codegen: an epilogue must read the reduction's result as it is")
            leaves[block.arguments[k]] = Accumulator()
            continue
        dims = tuple(sorted({to_space[d] for d in map_results(m) if d is not None and d in to_space}))
        lacks = tuple(has[axis] and axis not in dims for axis in (r - 2, r - 1))
        leaves[block.arguments[k]] = leaf(value, m, where, (dims, sched.BCAST_KINDS[lacks]))
    yielded = block.operations[len(block.operations) - 1].operands[0]
    return select.expression(select.split_root(yielded)[0], leaves, constant)


def _sized(dims, space) -> tuple:
    """The dims of size > 1 (size-1 dims of the space are indexed by any map)."""
    return tuple(d for d in dims if space[d] > 1)


def _space(generic) -> list[int]:
    """The generic's iteration space (sizes from its operands), rank-aligned to >= 2."""
    from mlir import ir

    maps = list(generic.attributes["indexing_maps"])
    n = ir.AffineMapAttr(maps[0]).value.n_dims
    space = [1] * n
    for value, m in zip(generic.operands, maps):
        for size, d in zip(ir.RankedTensorType(value.type).shape, map_results(m)):
            if d is not None:
                space[d] = max(space[d], size)
    return [1] * (max(2, n) - n) + space


def _scalar_fill(fill):
    from mlir import ir

    value = fill.operands[0]
    if isinstance(value, ir.BlockArgument) or op_name(value.owner) != "arith.constant":
        return None
    return ir.FloatAttr(value.owner.attributes["value"]).value
