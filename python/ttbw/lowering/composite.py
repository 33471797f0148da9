"""Composite (fuse=false) mode: one program per TTIR op of the decomposed `ttir.mul_bw`.

    plan = plan_composite(op_ir_text)   # the programs, in launch order, and their buffers

This is how ttnn's composite path runs mul_bw: the op is decomposed (`ttbw.compilation.
run_pipeline`: multiply / sum keep_dim / reshape / typecast / full / add / subtract / neg,
complex tensors expanded to (real, imag) pairs) and every TTIR op becomes its own program
launch, every intermediate living in DRAM. It is the baseline the fused program is measured
against: same results, more DRAM traffic and launches.

The plan walks the decomposed function's IR (types read with `tensor_types.describe`):
- `ttir.multiply` / `add` / `subtract` / `neg` / `typecast` over operands of the result's
  shape: an `eltwise` program (`eltwise.py`: fp32 DST, any bf16 / bfloat8_b / f32 mix,
  TILE or ROW_MAJOR operands and result: a typecast also changes layout).
- `ttir.multiply` with one operand broadcast: `bcast_mul`, the fused generator's one-result
  plan (`mul_bw_program`, "grad_Y = grad * bcast(X)" only) over the op's real types.
- `ttir.multiply` by a rank-0 `ttir.full` (a constant scalar) or `tensor.from_elements` of an
  f32 argument (a runtime scalar): `scalar_mul`, the fused generator's scalar plan, the scalar a
  runtime arg (`scalar_args` encoding); `full` / `from_elements` get no program.
- `ttir.sum` (keep_dim): `sum_to` (`sum_to.py`, bf16 / bfloat8_b / f32 in and out).
- `ttir.reshape` that keeps the TILE pages (adds / drops leading 1s): free, an alias.
- `bufferization.materialize_in_destination` (a preallocated result): the program computing
  the value writes straight into the preallocated buffer.
Returned buffers live in the op's `memory_config` memory (L1 or DRAM), as do preallocated
ones; function arguments and intermediates in DRAM. A rank-0 ROW_MAJOR tensor is one row of
one element on the device (`op_analysis.buffer_shape`), as in the fused path. Anything else raises `UnsupportedError`
(a ValueError) naming what.

`plan_composite` / `plan_composite_function` make the plan without a device; `step_program`
builds a step's Program over symbolic buffers; the compiler pass
(`--convert-ttir-to-ttkernel="fuse=false"`, via `describe.describe_composite`) emits it and
`ttbw.executor` runs what it emitted.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from .mul_bw_program import _DEVICE_FORMAT, OPERAND_BUFFER, UnsupportedError
from .op_analysis import buffer_shape

_ELTWISE = ("multiply", "add", "subtract", "neg", "typecast")


# --------------------------------------------------------------------------- plan

@dataclass(frozen=True)
class BufferInfo:
    """One device buffer of the plan. `dtype`: device format (bf16 | bfp8_b | f32)."""
    name: str
    shape: tuple
    dtype: str
    layout: str        # tile | row_major
    memory: str        # dram | l1
    origin: tuple = ()  # (("arg", i) | ("preallocated_arg", i) | ("result", k) | ("intermediate", True), ...)


@dataclass(frozen=True)
class Step:
    """One TTIR op of the decomposition: a program launch, or a free reshape (an alias).

    `inputs`: (buffer, shape this op sees it with) per operand, in the program's buffer
    order; `output`: the buffer it writes (for an alias: the buffer it views); `helper`: the
    types the kernel choice depends on (bcast_mul: (full, other, result) type texts;
    scalar_mul: (operand, result) type texts; sum_to: (input shape, kept-dims shape));
    `scalar`: scalar_mul's ("const", value) or ("arg", function argument index)."""
    op: str            # multiply | add | subtract | neg | typecast | sum | reshape
    kind: str          # eltwise | bcast_mul | scalar_mul | sum_to | alias
    inputs: tuple
    output: str
    out_shape: tuple
    helper: tuple = ()
    scalar: tuple = ()


@dataclass(frozen=True)
class CompositePlan:
    """The composite execution of one decomposed function: `steps` in execution order;
    `args`: the buffer read from each function argument (None: unused, a scalar or a
    preallocated result); `results`: (buffer, shape) per returned value; `buffers`: every
    buffer (arguments, then in the order the steps write them)."""
    args: tuple
    steps: tuple
    results: tuple
    buffers: tuple     # (BufferInfo, ...)

    @property
    def programs(self) -> list:
        return [s for s in self.steps if s.kind != "alias"]

    @property
    def intermediates(self) -> list:
        returned = {b for b, _ in self.results}
        return [s.output for s in self.programs if s.output not in returned]

    def buffer(self, name: str) -> BufferInfo:
        return next(b for b in self.buffers if b.name == name)


def _aligned(shape, rank):
    return (1,) * (rank - len(shape)) + tuple(shape)


def _tile_equivalent(s1, s2) -> bool:
    """Same TILE pages (and ROW_MAJOR rows): the last two dims equal (rank >= 2 view) and the
    same batch dims but for 1s."""
    r = max(2, len(s1), len(s2))
    a, b = _aligned(s1, r), _aligned(s2, r)
    return a[-2:] == b[-2:] and [d for d in a[:-2] if d != 1] == [d for d in b[:-2] if d != 1]


def _desc(value):
    from ttbw.dialect.tensor_types import describe

    d = describe(value.type)
    if d.is_complex:
        raise UnsupportedError("composite mode: complex values must be expanded (ttir-expand-complex)")
    return d


def _sum_dims(op, rank: int) -> tuple[list[int], bool]:
    from mlir import ir

    attrs = op.attributes
    dims = [ir.IntegerAttr(d).value % rank for d in attrs["dim_arg"]] if "dim_arg" in attrs else list(range(rank))
    return sorted(dims), str(attrs["keep_dim"]) == "true"


def plan_composite_function(func_op, out_memory: str = "dram", arg_buffers=None) -> CompositePlan:
    """Plans an already decomposed `func.func` (one program per TTIR op). `arg_buffers`: the
    buffer name of each function argument (default arg0, arg1, ...); `out_memory`: where the
    returned and preallocated buffers live (dram | l1)."""
    from mlir import ir

    if out_memory not in ("dram", "l1"):
        raise ValueError(f"composite mode: out_memory must be dram or l1, got {out_memory!r}")
    func_op = getattr(func_op, "operation", func_op)
    entry = func_op.regions[0].blocks[0]
    ops = [getattr(o, "operation", o) for o in entry.operations]
    names = list(arg_buffers or ())
    names += [f"arg{i}" for i in range(len(names), len(entry.arguments))]

    # preallocated results: the value materialized into an argument (through free reshapes)
    # is written straight into that argument's buffer
    into: dict = {}
    for op in ops:
        if op.name == "bufferization.materialize_in_destination":
            src, dest = op.operands
            while getattr(src.owner, "name", None) == "ttir.reshape":
                src = src.owner.operands[0]
            if not isinstance(dest, ir.BlockArgument):
                raise UnsupportedError("composite mode: a preallocated result must be a function argument")
            if isinstance(src, ir.BlockArgument) or src in into:
                raise UnsupportedError("composite mode: a preallocated result must be a value a program "
                                       "computes, materialized into one buffer")
            into[src] = dest.arg_number

    value_buf: dict = {}     # tensor value -> (buffer, shape)
    scalars: dict = {}       # rank-0 value -> ("const", v) | ("arg", i)
    infos: dict = {}         # buffer -> BufferInfo fields
    read: set = set()
    prealloc: set = set()  # buffers of preallocated results
    for i, arg in enumerate(entry.arguments):
        if not isinstance(arg.type, ir.RankedTensorType):
            scalars[arg] = ("arg", i)
            continue
        d = _desc(arg)
        is_out = i in into.values()
        memory = out_memory if is_out else "dram"
        infos[names[i]] = dict(shape=buffer_shape(d.shape, d.layout), dtype=_DEVICE_FORMAT[d.data_type], layout=d.layout,
                               memory=memory, origin=(("preallocated_arg", i),) if is_out else (("arg", i),))
        if is_out:
            prealloc.add(names[i])
        value_buf[arg] = (names[i], tuple(d.shape))

    steps, results = [], None
    for index, op in enumerate(ops):
        name = op.name
        if name == "func.return":
            results = list(op.operands)
            continue
        if name == "tensor.from_elements":
            if op.operands[0] not in scalars:
                raise UnsupportedError("composite mode: tensor.from_elements of a non-argument value")
            scalars[op.result] = scalars[op.operands[0]]
            continue
        if name == "ttir.full":
            if _desc(op.result).shape != ():
                raise UnsupportedError("composite mode: ttir.full is supported only as a multiply's rank-0 scalar")
            scalars[op.result] = ("const", ir.FloatAttr(op.attributes["fill_value"]).value)
            continue
        if name == "bufferization.materialize_in_destination":
            if op.operands[0] not in value_buf:
                raise UnsupportedError("composite mode: a preallocated result must be computed by a program")
            value_buf[op.result] = (value_buf[op.operands[0]][0], tuple(_desc(op.result).shape))
            continue
        if not name.startswith("ttir."):
            raise UnsupportedError(f"composite mode: unsupported operation {name} in the decomposition")
        opname = name[len("ttir."):]
        out_d = _desc(op.result)
        out_shape = tuple(out_d.shape)
        tensor_operands = [v for v in op.operands if v not in scalars]
        for v in tensor_operands:
            if v not in value_buf:
                raise UnsupportedError(f"composite mode: operand of {name} is not a planned tensor")
        inputs = tuple(value_buf[v] for v in tensor_operands)
        if opname == "reshape":
            if not _tile_equivalent(inputs[0][1], out_shape):
                raise UnsupportedError(f"composite mode: reshape {inputs[0][1]} -> {out_shape} moves data")
            value_buf[op.result] = (inputs[0][0], out_shape)
            steps.append(Step(opname, "alias", inputs, inputs[0][0], out_shape))
            continue
        if op.result in into:
            buffer = names[into[op.result]]
            have = infos[buffer]
            if (have["dtype"], have["layout"]) != (_DEVICE_FORMAT[out_d.data_type], out_d.layout) \
                    or not _tile_equivalent(have["shape"], out_shape):
                raise UnsupportedError(f"composite mode: preallocated {buffer} does not match {name}'s result")
        else:
            buffer = f"{opname}{index}"
            infos[buffer] = dict(shape=buffer_shape(out_shape, out_d.layout), dtype=_DEVICE_FORMAT[out_d.data_type],
                                 layout=out_d.layout,
                                 memory="dram", origin=(("intermediate", True),))
        step = _step(op, opname, inputs, tensor_operands, scalars, buffer, out_shape)
        steps.append(step)
        read.update(b for b, _ in step.inputs)
        value_buf[op.result] = (buffer, out_shape)
    if results is None:
        raise UnsupportedError("composite mode: the function has no return")
    result_list = []
    for k, v in enumerate(results):
        if v not in value_buf or isinstance(v, ir.BlockArgument):
            raise UnsupportedError("composite mode: every returned value must be computed by a program")
        buf, shape = value_buf[v]
        info = infos[buf]
        if any(o[0] == "arg" for o in info["origin"]):  # an input, seen through a free reshape
            raise UnsupportedError("composite mode: every returned value must be computed by a program")
        info["origin"] = tuple(o for o in info["origin"] if o[0] != "intermediate") + (("result", k),)
        if buf not in prealloc:
            info["memory"] = out_memory
        result_list.append((buf, shape))
    arg_list = tuple(names[i] if names[i] in read else None for i in range(len(entry.arguments)))
    unused = {names[i] for i, arg in enumerate(entry.arguments)
              if arg not in scalars and names[i] not in read and names[i] not in prealloc}
    buffers = tuple(BufferInfo(b, **fields) for b, fields in infos.items() if b not in unused)
    return CompositePlan(arg_list, tuple(steps), tuple(result_list), buffers)


def _step(op, opname, inputs, tensor_operands, scalars, buffer, out_shape) -> Step:
    if len(tensor_operands) != len(op.operands) and (opname != "multiply" or len(tensor_operands) != 1):
        raise UnsupportedError(f"composite mode: a rank-0 scalar is supported only as a multiply operand "
                               f"(used by ttir.{opname})")
    if opname == "multiply" and len(tensor_operands) == 1:  # by a scalar
        scalar = scalars[next(v for v in op.operands if v in scalars)]
        helper = (str(tensor_operands[0].type), str(op.result.type))
        return Step(opname, "scalar_mul", inputs, buffer, out_shape, helper, scalar)
    if opname in _ELTWISE:
        if all(s == out_shape for _, s in inputs):
            return Step(opname, "eltwise", inputs, buffer, out_shape)
        if opname != "multiply":
            raise UnsupportedError(f"composite mode: ttir.{opname} with broadcast operands is not supported")
        full = [k for k, (_, s) in enumerate(inputs) if s == out_shape]
        if not full:
            raise UnsupportedError("composite mode: multiply with both operands broadcast")
        k = full[0]
        helper = (str(tensor_operands[k].type), str(tensor_operands[1 - k].type), str(op.result.type))
        return Step(opname, "bcast_mul", (inputs[k], inputs[1 - k]), buffer, out_shape, helper)
    if opname == "sum":
        x = inputs[0][1]
        dims, keep = _sum_dims(op, len(x))
        kd = tuple(1 if i in dims else s for i, s in enumerate(x))
        if not keep and not _tile_equivalent(kd, out_shape):
            raise UnsupportedError("composite mode: sum without keep_dim over the last two dims")
        return Step(opname, "sum_to", inputs, buffer, out_shape, (x, kd))
    raise UnsupportedError(f"composite mode: ttir.{opname} is not supported")


def _memory_and_names(mul_bw, func_op):
    """out_memory (the op's memory_config) and the buffer name of each argument of the
    function the decomposition makes (complex arguments become .real / .imag pairs)."""
    from mlir import ir

    from ttbw.dialect.tensor_types import describe
    from ttbw.dialect.verifier import MUL_BW_OPERANDS, memory_config, segments

    mc = memory_config(mul_bw)
    roles = segments(mul_bw, "operandSegmentSizes", MUL_BW_OPERANDS, list(mul_bw.operands))
    role_of = {v: OPERAND_BUFFER[r] for r, v in roles.items() if v is not None}
    names = []
    for i, arg in enumerate(func_op.regions[0].blocks[0].arguments):
        name = role_of.get(arg, f"arg{i}")
        if isinstance(arg.type, ir.RankedTensorType) and describe(arg.type).is_complex:
            names += [f"{name}.real", f"{name}.imag"]
        else:
            names.append(name)
    return (mc[0] if mc is not None else "dram"), tuple(names)


@lru_cache(maxsize=64)
def plan_composite(op_ir_text: str, arg_buffers: tuple | None = None) -> CompositePlan:
    """Decomposes the function holding one `ttir.mul_bw` and plans it (UnsupportedError naming
    what is not supported). `arg_buffers`: the buffer name of each argument of the
    decomposed function (default: named after the op's operands: grad, a, b, input_grad,
    other_grad; complex ones as grad.real, grad.imag, ...)."""
    from ttbw.compilation import run_pipeline
    from ttbw.dialect import make_context
    from ttbw.dialect.verifier import walk_ops
    from ttbw.source import parse_module

    stages = run_pipeline(op_ir_text)  # parses, verifies (ValueError), decomposes
    context = make_context()
    with context:
        original = parse_module(stages[0][1], "<mul_bw>", context)
        mul_bws = [op for op in walk_ops(original.operation) if op.name == "ttir.mul_bw"]
        if len(mul_bws) != 1:
            raise UnsupportedError(f"composite mode: expected one ttir.mul_bw, found {len(mul_bws)}")
        func = mul_bws[0].parent
        while func.name != "func.func":
            func = func.parent
        out_memory, names = _memory_and_names(mul_bws[0], func)
        decomposed = parse_module(stages[-1][1], "<decomposed>", context)
        funcs = [op for op in walk_ops(decomposed.operation) if op.name == "func.func"]
        return plan_composite_function(funcs[0], out_memory, arg_buffers or names)


# --------------------------------------------------------------------------- helper analyses

@lru_cache(maxsize=256)
def _fused_analysis(grad_t: str, a_t: str, b_t: str, want_y: bool):
    """The fused analysis of mul_bw(grad, a, b) (types as IR text; b "f32": a scalar) with only
    grad_a (want_y) or only grad_b requested."""
    from .op_analysis import analyze_ir

    res = a_t if want_y else b_t
    seg = "1, 0" if want_y else "0, 1"
    mask = "" if b_t == "f32" else f", are_required_outputs = array<i1: {'true, false' if want_y else 'false, true'}>"
    text = (f"func.func @mul_bw(%grad: {grad_t}, %a: {a_t}, %b: {b_t}) -> ({res}) {{\n"
            f"  %r = \"ttir.mul_bw\"(%grad, %a, %b) {{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, "
            f"resultSegmentSizes = array<i32: {seg}>{mask}}} : ({grad_t}, {a_t}, {b_t}) -> ({res})\n"
            f"  return %r : {res}\n}}\n")
    return analyze_ir(text)


def _ty(shape) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + "bf16>"


def _sum_analysis(x, kd):
    """The tile mapping of sum_to(x, kd): the fused analysis of grad_b = sum_to(grad * a, b)."""
    return _fused_analysis(_ty(x), _ty(x), _ty(kd), False)


def _step_analysis(step: Step):
    if step.kind == "bcast_mul":
        full, other, out = step.helper
        return _fused_analysis(full, out, other, True)
    if step.kind == "scalar_mul":
        x, out = step.helper
        return _fused_analysis(x, out, "f32", True)
    return _sum_analysis(*step.helper)


# --------------------------------------------------------------------------- programs

def view(buffer, shape):
    """`buffer` seen with `shape` (a free reshape: same TILE pages / rows)."""
    shape = buffer_shape(shape, buffer.layout)
    return buffer if tuple(buffer.shape) == shape else dataclasses.replace(buffer, shape=shape)


def step_program(step: Step, buffers: dict, grid, scalar: float | None = None):
    """The Program of one (non-alias) step over `buffers` (name -> Buffer or SymbolicBuffer);
    `scalar`: a scalar_mul's value."""
    ins = [view(buffers[name], shape) for name, shape in step.inputs]
    out = view(buffers[step.output], step.out_shape if step.kind != "sum_to" else step.helper[1])
    if step.kind == "eltwise":
        from .eltwise import eltwise_program

        return eltwise_program(step.op, ins, out, grid)
    if step.kind in ("bcast_mul", "scalar_mul"):
        from .mul_bw_program import build_program

        roles = {"grad": ins[0], "input_grad": out}
        if step.kind == "bcast_mul":
            roles["b"] = ins[1]
        return build_program(_step_analysis(step), roles, grid, scalar)
    if step.kind == "sum_to":
        from .sum_to import sum_program

        return sum_program(_step_analysis(step), ins[0], out, grid)
    raise UnsupportedError(f"composite mode: no program for {step.kind}")


def step_kernels_text(step: Step, plan: CompositePlan) -> str:
    """The TTKernel module text (reader, compute, writer) of a step's program."""
    if step.kind == "eltwise":
        from .eltwise import EltwiseSpec, kernel_ir

        spec = EltwiseSpec(step.op, tuple((plan.buffer(b).dtype, plan.buffer(b).layout) for b, _ in step.inputs),
                           (plan.buffer(step.output).dtype, plan.buffer(step.output).layout))
        return kernel_ir(spec)
    if step.kind in ("bcast_mul", "scalar_mul"):
        from .describe import kernels_text

        return kernels_text(_step_analysis(step))
    from .sum_to import kernel_ir

    fin, fout = plan.buffer(step.inputs[0][0]).dtype, plan.buffer(step.output).dtype
    return kernel_ir(_step_analysis(step).plan.bcast, fin, fout)


def step_arg_names(step: Step) -> dict:
    """Name of each runtime arg slot, per kernel."""
    if step.kind == "eltwise":
        from .eltwise import arg_names

        return arg_names()
    if step.kind in ("bcast_mul", "scalar_mul"):
        from .describe import _arg_names

        return _arg_names(_step_analysis(step))
    from .sum_to import ARG_NAMES

    return ARG_NAMES
