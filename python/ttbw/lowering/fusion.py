"""Fusion of a function of TTIR ops into one program, through device linalg.

    plan = plan_fused_function(func_op, out_memory)   # FusedPlan: the program and its buffers

The function is converted to device linalg (`--convert-ttir-to-linalg="target=device"`:
layouts kept as encodings, numerics explicit in the regions), then fused producer -> consumer
by upstream `linalg-fuse-elementwise-ops` (MLIR's own pass, through the bindings' pass
manager) with `canonicalize` and `cse`: an elementwise generic feeding another generic (a
multiply feeding a sum, a typecast feeding a multiply) becomes part of its consumer's region,
its rounding an explicit `truncf` there (the codegen's rounding hop). Sibling / multi-output:
the generics left compute the function's results over one iteration space; the codegen lowers
them as one program with one output per result, every input read once
(`codegen.read_function`). So a backward op's gradients, e.g. sum_to(grad * b) and
grad * bcast(a), are one program that reads grad once. A reshape of unit dims between two
generics (a keep_dim sum reshaped to rank 0, then cast) is folded into its reader's indexing
map, and a reduction several results read is cloned per reader (each result's chain has its
own). UnsupportedError when the function is not one program.

Buffers: each argument the program reads is `arg<i>` (DRAM); each returned value `result<k>`
in `out_memory`, or, when it is materialized into argument j
(`bufferization.materialize_in_destination`, a preallocated result), that argument's buffer.
A result with no elements has neither a buffer nor an output, and a sum over an empty dim is
its zero (`empty.py`): a function whose results are all empty has no program (`spec` None).
"""
from __future__ import annotations

from dataclasses import dataclass

from .device_buffers import DEVICE_FORMAT, BufferInfo, buffer_shape
from .errors import UnsupportedError

PRODUCER_CONSUMER = "builtin.module(func.func(linalg-fuse-elementwise-ops),canonicalize,cse)"
MAX_COPIES = 4096  # copies for a complex div_bw's four gradients: ~1300


@dataclass(frozen=True)
class FusedPlan:
    """One program (`spec`, the codegen's) computing every result of a function that has
    elements: `inputs` in the spec's input order, `outputs` in return order (empty results
    left out; `empty`: their return positions). No program (`spec` None) when every result
    is empty."""
    spec: object       # codegen.ProgramSpec | None
    inputs: tuple      # (BufferInfo, ...)
    outputs: tuple
    empty: tuple = ()  # return positions of the results with no elements


def fuse(module) -> None:
    """Producer -> consumer fusion of the module's generics, in place. A sum over dims of size
    1 only (keep_dim) is elementwise first: 0 + term, as the region adds it to its zero
    accumulator (torch's sum of one -0.0 is +0.0). An elementwise generic read by several
    generics, or by a generic and the return, is then duplicated, one copy per generic
    reader, readers before their producers (upstream fuses a producer with one use only): no
    DRAM traffic, and the codegen computes what its results share once where that pays
    (sections.py)."""
    from mlir import passmanager

    with module.context:
        _elementwise_unit_sums(module)
        _one_producer_per_use(module)
        passmanager.PassManager.parse(PRODUCER_CONSUMER).run(module.operation)
        if _fold_unit_reshapes(module):  # views upstream left between generics: fuse across them
            _one_producer_per_use(module)
            passmanager.PassManager.parse(PRODUCER_CONSUMER).run(module.operation)


def _elementwise_unit_sums(module) -> None:
    from mlir import ir

    from ttbw.dialect.ops import walk_ops

    for op in walk_ops(module.operation):
        if op.name != "linalg.generic":
            continue
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


def _fold_unit_reshapes(module) -> int:
    """A generic's input seen through reshapes that only add or drop unit dims (a sum's
    keep_dim result reshaped to rank 0, ...) reads the reshape's source instead, the reshape
    folded into its indexing map (0 at the source's unit dims), so upstream fuses the generic
    with the source's producer (it does not fuse across such reshapes, e.g. to rank 0);
    returns how many inputs were folded."""
    from mlir import ir

    from ttbw.dialect.ops import walk_ops

    folded = 0
    for op in walk_ops(module.operation, "linalg.generic"):
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


def _one_producer_per_use(module) -> None:
    """Copies of elementwise generics, one per generic reader: the function's expression trees
    (a DAG whose tree is exponential in its depth is refused past MAX_COPIES)."""
    from mlir import ir

    from ttbw.dialect.ops import walk_ops

    copies = 0
    for op in reversed(walk_ops(module.operation)):  # readers first: a copy of a reader reads its producers again
        if op.name != "linalg.generic" or any("reduction" in str(t) for t in op.attributes["iterator_types"]):
            continue
        uses = [(getattr(u.owner, "operation", u.owner), u.operand_number) for u in op.results[0].uses]
        readers = [(user, index) for user, index in uses if user.name == "linalg.generic"]
        if len(uses) < 2 or not readers:
            continue
        # the original stays with the first reader, or with the other users (e.g. the return of
        # a gradient another gradient reads)
        for user, index in readers[1:] if len(readers) == len(uses) else readers:
            copies += 1
            if copies > MAX_COPIES:
                raise UnsupportedError(f"fusion: the expression trees of the function's results need more than "
                                       f"{MAX_COPIES} copies of shared elementwise values")
            copy = op.clone(ir.InsertionPoint(op))
            user.operands[index] = copy.results[0]


def fused_spec(ttir_text: str):
    """The codegen's one program (`codegen.ProgramSpec`) of the single function of TTIR in
    `ttir_text`, fused (UnsupportedError when it is not one program), computing its results
    that have elements; None when it has none."""
    from ttbw.support.diagnostics import DiagnosticError
    from ttbw.dialect import make_context
    from ttbw.dialect.ops import walk_ops
    from ttbw.passes import convert_ttir_to_linalg
    from ttbw.driver.source import parse_module

    from . import codegen
    from .empty import drop_empty_results, zero_empty_reductions

    with make_context() as context:
        module = parse_module(ttir_text, "<fuse>", context)
        try:
            convert_ttir_to_linalg.run(module, {"target": "device"})
        except DiagnosticError as error:
            raise UnsupportedError("; ".join(d.message for d in error.diagnostics)) from None
        func = next(op for op in walk_ops(module.operation) if op.name == "func.func")
        with context, func.location:
            drop_empty_results(func)
        if not list(ir_results(func)):
            return None
        zero_empty_reductions(module)
        fuse(module)
        funcs = [op for op in walk_ops(module.operation) if op.name == "func.func"]
        _one_reduction_per_reader(funcs[0])
        _one_generic_per_result(funcs[0])
        return codegen.read_function(funcs[0])


def _one_reduction_per_reader(func_op) -> None:
    """A reduction read by several generics (its epilogues: a sum returned both as it is and
    cast), or by a generic and the return, gets a clone per extra generic reader, after fusion
    (whose cse would merge the clones): each result's chain has a reduction of its own, the
    siblings reading the same inputs (once)."""
    from mlir import ir

    from ttbw.dialect.ops import walk_ops

    for op in walk_ops(func_op, "linalg.generic"):
        if not any("reduction" in str(t) for t in op.attributes["iterator_types"]):
            continue
        uses = [(getattr(u.owner, "operation", u.owner), u.operand_number) for u in op.results[0].uses]
        readers = [(user, index) for user, index in uses if user.name == "linalg.generic"]
        for user, index in readers[1:] if len(readers) == len(uses) else readers:
            user.operands[index] = op.clone(ir.InsertionPoint(op)).results[0]


def _one_generic_per_result(func_op) -> None:
    """Gives each returned value a generic of its own (the codegen writes one result per
    generic), after fusion (whose canonicalize would erase an identity generic and cse merge
    clones): an argument returned as it is (a gradient equal to grad) an identity generic, a
    generic's value returned at several positions (equal gradients merged by cse) a clone per
    extra position, reading the same inputs (siblings)."""
    from mlir import ir
    from mlir.dialects import linalg, tensor

    entry = func_op.regions[0].blocks[0]
    ret = list(entry.operations)[-1].operation
    seen = []
    for k, value in enumerate(list(ret.operands)):
        is_argument = isinstance(value.owner, ir.Block)
        owner = None if is_argument else value.owner.operation
        if not is_argument and (owner.name != "linalg.generic" or not any(value == v for v in seen)):
            seen.append(value)
            continue
        with ir.InsertionPoint(ret), ret.location:
            if is_argument:
                copy = _identity_generic(value, linalg, tensor)
            else:
                copy = owner.clone(ir.InsertionPoint(ret))
        ret.operands[k] = copy.results[value.result_number if not is_argument else 0]
        seen.append(ret.operands[k])


def _identity_generic(value, linalg, tensor):
    """`linalg.generic` copying tensor `value` (its type kept)."""
    from mlir import ir

    value_type = ir.RankedTensorType(value.type)
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


def ir_results(func_op) -> list:
    """The values a `func.func` returns."""
    entry = func_op.regions[0].blocks[0]
    return list(list(entry.operations)[-1].operation.operands)


def _describe(value):
    from ttbw.dialect.tensor_types import describe

    d = describe(value.type)
    if d.is_complex:
        raise UnsupportedError("fusion: complex values must be expanded (ttir-expand-complex)")
    return d


def _preallocated(entry, returned) -> dict:
    """Return position -> argument index of each result materialized into an argument."""
    from mlir import ir

    into = {}
    for op in entry.operations:
        op = op.operation
        if op.name != "bufferization.materialize_in_destination":
            continue
        dest = op.operands[1]
        positions = [k for k, v in enumerate(returned) if v == op.results[0]]
        if not isinstance(dest, ir.BlockArgument) or len(positions) != 1:
            raise UnsupportedError("fusion: a preallocated result must be a function argument, returned once")
        into[positions[0]] = dest.arg_number
    return into


def plan_fused_function(func_op, out_memory: str = "dram") -> FusedPlan:
    """The one program of a `func.func` of TTIR ops (UnsupportedError when it is not one)."""
    from .empty import is_empty

    func_op = getattr(func_op, "operation", func_op)
    spec = fused_spec(f"module {{\n{func_op}\n}}")
    entry = func_op.regions[0].blocks[0]
    returned = ir_results(func_op)
    empty = tuple(k for k, v in enumerate(returned) if is_empty(v.type))
    into = _preallocated(entry, returned)
    inputs = []
    for a in (spec.args if spec is not None else ()):
        d = _describe(entry.arguments[a])
        inputs.append(BufferInfo(f"arg{a}", buffer_shape(d.shape, d.layout), DEVICE_FORMAT[d.data_type], d.layout,
                                 "dram", (("arg", a),)))
    outputs = []
    for k, value in enumerate(returned):
        if k in empty:
            continue
        d = _describe(value)
        if k in into:
            a = into[k]
            dest = _describe(entry.arguments[a])
            if (dest.data_type, dest.layout, tuple(dest.shape)) != (d.data_type, d.layout, tuple(d.shape)):
                raise UnsupportedError(f"fusion: preallocated argument {a} does not match result {k}")
            name, origin = f"arg{a}", (("preallocated_arg", a), ("result", k))
        else:
            name, origin = f"result{k}", (("result", k),)
        outputs.append(BufferInfo(name, buffer_shape(d.shape, d.layout), DEVICE_FORMAT[d.data_type], d.layout,
                                  out_memory, origin))
    return FusedPlan(spec, tuple(inputs), tuple(outputs), empty)
