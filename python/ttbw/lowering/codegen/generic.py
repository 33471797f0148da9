"""One function of linalg on tensors (`--convert-ttir-to-linalg="target=device"`) -> the
compile-time `Kernels` and runtime `Schedule` of its Tensix program.

The function returns one value computed by one `linalg.generic`, optionally followed by an
elementwise generic over a reduction's f32 result (its `truncf` is the rounding of the final
pack). Everything comes from the IR: the operands' device data types and layouts from their
`#ttir.layout<...>` encodings, broadcasts and reductions from the indexing maps and iterator
types (`schedule.py`), the compute from the region (`select.py`). A rank-0 input made by
`tensor.from_elements` of a function argument is a runtime scalar, one made by a constant a
constant scalar (both reach the compute kernel as runtime args).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..mul_bw_program import _DEVICE_FORMAT, UnsupportedError
from . import schedule as sched
from . import select


@dataclass(frozen=True)
class Operand:
    fmt: str             # device format: bf16 | bfp8_b | f32
    layout: str          # tile | row_major
    access: sched.Access


@dataclass(frozen=True)
class Kernels:
    """Everything compile-time: one set of kernels per Kernels."""
    inputs: tuple        # (Operand, ...) the buffers read, in function argument order
    output: Operand      # output.access.bcast: the in-tile dims a reduction sums
    reduce: bool
    expr: tuple          # the term (reduction) or the value (elementwise), select's tree
    term_fmt: str        # reduction: format the terms are rounded to before the sum
    fpu: tuple | None    # (full input, other input): an exact FPU multiply
    scalar: bool         # the expression reads the scalar

    @property
    def fp32_dest(self) -> bool:
        return self.fpu is None or self.reduce

    @property
    def hop(self) -> bool:
        """bfloat8_b elements are bf16 values: a result in the fp32 DST is rounded to bf16 (a
        bf16 CB) before its block quantization, as the region truncates to bf16 first."""
        return self.fp32_dest and self.output.fmt == "bfp8_b"

    @property
    def direct(self) -> bool:
        """The reduction sums an input's tiles as they are (no term to compute first)."""
        return self.reduce and self.expr[0] == "in" and not self.inputs[self.expr[1]].access.held

    def reader_bcast(self, i: int) -> bool:
        """f32 input broadcast inside the tile: by the reader, in L1 (the FPU reads TF32)."""
        return self.inputs[i].fmt == "f32" and self.inputs[i].access.bcast != "none"

    @property
    def split_terms(self) -> bool:
        """f32 terms reduced inside the tile (FPU reduce_tile): their TF32-exact parts."""
        return self.reduce and self.output.access.bcast != "none" and (
            self.inputs[self.expr[1]].fmt == "f32" if self.direct else self.term_fmt == "f32")

    @property
    def needs_scaler(self) -> bool:
        return self.reduce and self.output.access.bcast != "none"

    @property
    def rm_inputs(self) -> bool:
        return any(o.layout == "row_major" for o in self.inputs)


@dataclass(frozen=True)
class ProgramSpec:
    kernels: Kernels
    schedule: sched.Schedule
    args: tuple          # function argument index of each input buffer
    scalar: tuple = ()   # ("const", value) | ("arg", function argument index)
    out_shape: tuple = ()


def _name(op):
    return getattr(op, "name", None) or op.operation.name


def _device(t) -> tuple[str, str]:
    from ttbw.dialect.tensor_types import describe

    d = describe(t)
    if d.is_complex:
        raise UnsupportedError("codegen: complex tensors must be expanded (ttir-expand-complex)")
    return _DEVICE_FORMAT[d.data_type], d.layout


def _exprs(map_attr):
    from mlir import ir

    out = []
    for e in ir.AffineMapAttr(map_attr).value.results:
        if isinstance(e, ir.AffineDimExpr):
            out.append(("dim", e.position))
        elif isinstance(e, ir.AffineConstantExpr) and e.value == 0:
            out.append(("const", 0))
        else:
            raise UnsupportedError(f"codegen: indexing map result {e} is neither a dim nor 0")
    return out


def _is_reduction(generic) -> bool:
    return any("reduction" in str(t) for t in generic.attributes["iterator_types"])


def _scalar_of(value, args):
    """("arg", i) / ("const", v) for a rank-0 scalar input; None for a tensor buffer."""
    from mlir import ir

    owner = value.owner
    if isinstance(value, ir.BlockArgument) or owner is None:
        return None
    name = _name(owner)
    if name == "tensor.from_elements" and isinstance(owner.operands[0], ir.BlockArgument):
        return ("arg", ir.BlockArgument(owner.operands[0]).arg_number)
    if name == "arith.constant" and ir.RankedTensorType(value.type).rank == 0:
        attr = ir.DenseElementsAttr(owner.attributes["value"])
        if attr.is_splat:
            return ("const", ir.FloatAttr(attr.get_splat_value()).value)
    raise UnsupportedError(f"codegen: a generic's input made by '{name}' is neither a function argument "
                           "nor a scalar")


def read_function(func_op) -> ProgramSpec:
    """The program of a `func.func` of device linalg (see the module doc)."""
    from mlir import ir

    func_op = getattr(func_op, "operation", func_op)
    entry = func_op.regions[0].blocks[0]
    ops = [o.operation for o in entry.operations]
    ret = ops[-1]
    if len(ret.operands) != 1:
        raise UnsupportedError("codegen: one program computes one result")
    result = ret.operands[0]
    if isinstance(result, ir.BlockArgument) or _name(result.owner) != "linalg.generic":
        raise UnsupportedError("codegen: the result must be computed by a linalg.generic")
    main, epilogue = result.owner, None
    ins = list(main.operands)[:-1]
    if not _is_reduction(main) and len(ins) == 1 and not isinstance(ins[0], ir.BlockArgument) \
            and _name(ins[0].owner) == "linalg.generic" and _is_reduction(ins[0].owner):
        epilogue, main = main, ins[0].owner
        ins = list(main.operands)[:-1]
    generics = [o for o in ops if o.name == "linalg.generic"]
    if len(generics) != (2 if epilogue else 1):
        raise UnsupportedError(f"codegen: one program per generic (found {len(generics)} generics)")
    reduce = _is_reduction(main)
    maps = list(main.attributes["indexing_maps"])
    n = ir.AffineMapAttr(maps[0]).value.n_dims
    shapes = [list(ir.RankedTensorType(v.type).shape) for v in main.operands]
    space = [1] * n
    for shape, m in zip(shapes, maps):
        for size, e in zip(shape, _exprs(m)):
            if e[0] == "dim":
                space[e[1]] = max(space[e[1]], size)
    lead = max(2, n) - n
    space = [1] * lead + space

    def aligned(m):
        return [("dim", e[1] + lead) if e[0] == "dim" else e for e in _exprs(m)]

    block = main.regions[0].blocks[0]
    leaves, inputs, args, scalar = {}, [], [], ()
    for k, value in enumerate(ins):
        s = _scalar_of(value, entry.arguments)
        if s is not None:
            if scalar:
                raise UnsupportedError("codegen: at most one scalar per program")
            scalar = s
            leaves[block.arguments[k]] = ("scalar",)
            continue
        dims = sched.operand_dims(aligned(maps[k]), shapes[k], space, f"input {k}")
        fmt, layout = _device(value.type)
        if not sched.same_pages(shapes[k], [space[d] if d in dims else 1 for d in range(len(space))]):
            raise UnsupportedError(f"codegen: input {k}'s tiles are not those of its indexing map")
        leaves[block.arguments[k]] = ("in", len(inputs))
        inputs.append([fmt, layout, dims])
        args.append(ir.BlockArgument(value).arg_number)
    out_value = epilogue.results[0] if epilogue else main.results[0]
    out_fmt, out_layout = _device(out_value.type)
    out_dims = sched.operand_dims(aligned(maps[-1]), shapes[-1], space, "the output")
    if not sched.same_pages(list(ir.RankedTensorType(out_value.type).shape),
                            [space[d] if d in out_dims else 1 for d in range(len(space))]):
        raise UnsupportedError("codegen: the result's tiles are not those of its indexing map")
    iterators = ["reduction" in str(t) for t in main.attributes["iterator_types"]]
    if [lead + d for d, red in enumerate(iterators) if not red] != [d for d in out_dims if d >= lead]:
        raise UnsupportedError("codegen: the output must index exactly the parallel dims")

    yielded = block.operations[len(block.operations) - 1].operands[0]
    if reduce:
        init = main.operands[len(main.operands) - 1]
        if isinstance(init, ir.BlockArgument) or _name(init.owner) != "linalg.fill" \
                or _scalar_fill(init.owner) != 0.0:
            raise UnsupportedError("codegen: a reduction must start from a zero-filled accumulator")
        term, term_fmt = select.reduction_term(yielded, block.arguments[len(ins)])
        if term_fmt == "bf16":
            term, _ = select.split_root(term)
        expr = select.expression(term, leaves)
        if epilogue is not None:
            eb = epilogue.regions[0].blocks[0]
            ey = eb.operations[len(eb.operations) - 1].operands[0]
            inner, _ = select.split_root(ey)
            if inner != eb.arguments[0]:
                raise UnsupportedError("codegen: after a reduction only its rounding is supported")
    else:
        term_fmt = ""
        value, _ = select.split_root(yielded)
        expr = select.expression(value, leaves)
    accesses = [sched.Access(dims, sched.in_tile_kind(dims, space)) for _, _, dims in inputs]
    out_access = sched.Access(out_dims, sched.in_tile_kind(out_dims, space))
    pattern = sched.pattern_index(accesses + [out_access], space, reduce)
    p_dims = set((accesses + [out_access])[pattern].dims)
    accesses = [sched.Access(a.dims, a.bcast, held=set(a.dims) <= p_dims) for a in accesses]
    schedule = sched.schedule(accesses + [out_access], space, pattern)
    operands = tuple(Operand(f, lay, a) for (f, lay, _), a in zip(inputs, accesses))
    fpu = None
    if not reduce and out_fmt != "f32":
        fpu = select.fpu_multiply(expr, [o.fmt for o in operands], [o.access.bcast for o in operands])
    kernels = Kernels(operands, Operand(out_fmt, out_layout, out_access), reduce, expr, term_fmt, fpu,
                      bool(scalar))
    return ProgramSpec(kernels, schedule, tuple(args), scalar,
                       tuple(ir.RankedTensorType(out_value.type).shape))


def _scalar_fill(fill):
    from mlir import ir

    value = fill.operands[0]
    if isinstance(value, ir.BlockArgument) or _name(value.owner) != "arith.constant":
        return None
    return ir.FloatAttr(value.owner.attributes["value"]).value
