"""Composite (fuse=false) mode: one program per TTIR op of a function, intermediates in DRAM.

    plan = plan_composite_function(func_op, out_memory)  # the programs, in launch order, and their buffers

This is how ttnn's composite path runs a backward op: after its decomposition (multiply / sum
keep_dim / reshape / typecast / full / add / subtract / neg, complex tensors expanded to
(real, imag) pairs) every TTIR op becomes its own program launch, every intermediate living in
DRAM. It is the baseline the fused program is measured against (same results, more DRAM
traffic and launches), and the lowering of a function that is not one fused program.

The plan walks the function's IR (types read with `tensor_types.describe`):
- every computing TTIR op (`multiply` / `add` / `subtract` / `neg` / `typecast` / `sum`, the
  elementwise math ops `div` / `maximum` / `minimum` / `pow` / comparisons / `where` / `exp` /
  `log` / ... of `passes/linalg_elementwise.py`, with implicit broadcast, rank-0 scalar operands): its own function of device linalg
  (`--convert-ttir-to-linalg="target=device"`: one `linalg.generic`, layouts kept, f32
  accumulators) lowered by the generic codegen (`codegen`) into one program. A scalar
  operand is a rank-0 `ttir.full` (a constant) or `tensor.from_elements` of an f32 argument (a
  runtime scalar): the compute kernel's runtime args (`scalar_args` encoding); it gets no
  program of its own.
- `ttir.reshape` that keeps the TILE pages (adds / drops leading 1s): free, an alias.
- `bufferization.materialize_in_destination` (a preallocated result): the program computing
  the value writes straight into the preallocated buffer; a copy program writes an argument,
  or a value already written into another preallocated buffer, into it.
Returned buffers live in `out_memory` (L1 or DRAM), as do preallocated ones; function arguments
and intermediates in DRAM. A rank-0 ROW_MAJOR tensor is one row of one element on the device
(`device_buffers.buffer_shape`). A tensor with no elements has no buffer and no program (its
value is `(None, shape)`), and a sum over an empty dim writes zeros (`empty.py`). Anything else
raises `UnsupportedError` (a ValueError) naming what.

`plan_composite_function` makes the plan without a device; `step_program` builds a step's
Program over symbolic buffers; the compiler pass (`--convert-ttir-to-ttkernel="fuse=false"`, via
`describe.describe_composite`) emits it and `ttbw.execution.executor` runs what it emitted.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from . import codegen
from .codegen.schedule import same_pages
from .device_buffers import DEVICE_FORMAT, BufferInfo, buffer_shape
from .empty import is_empty
from .errors import UnsupportedError


# --------------------------------------------------------------------------- plan

@dataclass(frozen=True)
class Step:
    """One TTIR op of the decomposition: a program launch, or a free reshape (an alias).

    `inputs`: (buffer, shape this op sees it with) per tensor operand, in operand order (buffer
    None: a tensor with no elements, which the program does not read);
    `output`: the buffer it writes (for an alias: the buffer it views); `linalg`: the op as a
    function of device linalg (its tensor operands, then a runtime scalar, as arguments), what
    the codegen lowers; `scalar`: ("const", value) or ("arg", function argument index) of a
    scalar operand."""
    op: str            # the TTIR op's name without "ttir.": multiply, exp, where, sum, reshape, ...
    kind: str          # generic | alias
    inputs: tuple
    output: str
    out_shape: tuple
    linalg: str = ""
    scalar: tuple = ()


@dataclass(frozen=True)
class CompositePlan:
    """The composite execution of one decomposed function: `steps` in execution order;
    `args`: the buffer read from each function argument (None: unused, a scalar or a
    preallocated result); `results`: (buffer, shape) per returned value (None: no elements); `buffers`: every
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


def _desc(value):
    from ttbw.dialect.tensor_types import describe

    d = describe(value.type)
    if d.is_complex:
        raise UnsupportedError("composite mode: complex values must be expanded (ttir-expand-complex)")
    return d


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
    # is written straight into that argument's buffer; an argument, or a value already written
    # into another buffer, is copied there by a copy program (`copies`: op index -> argument)
    into: dict = {}
    copies: dict = {}
    for index, op in enumerate(ops):
        if op.name == "bufferization.materialize_in_destination":
            src, dest = op.operands
            while getattr(src.owner, "name", None) == "ttir.reshape":
                src = src.owner.operands[0]
            if not isinstance(dest, ir.BlockArgument):
                raise UnsupportedError("composite mode: a preallocated result must be a function argument")
            if isinstance(src, ir.BlockArgument) or src in into:
                copies[index] = dest.arg_number
            else:
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
        if is_empty(arg.type):
            value_buf[arg] = (None, tuple(d.shape))
            continue
        is_out = i in into.values() or i in copies.values()
        memory = out_memory if is_out else "dram"
        infos[names[i]] = dict(shape=buffer_shape(d.shape, d.layout), dtype=DEVICE_FORMAT[d.data_type], layout=d.layout,
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
                raise UnsupportedError("composite mode: ttir.full is supported only as a rank-0 scalar operand")
            scalars[op.result] = ("const", ir.FloatAttr(op.attributes["fill_value"]).value)
            continue
        if name == "bufferization.materialize_in_destination":
            if is_empty(op.result.type):
                value_buf[op.result] = (None, tuple(_desc(op.result).shape))
                continue
            if op.operands[0] not in value_buf:
                raise UnsupportedError("composite mode: a preallocated result must be computed by a program")
            shape = tuple(_desc(op.result).shape)
            if index in copies:
                source = value_buf[op.operands[0]]
                buffer = names[copies[index]]
                steps.append(Step("copy", "generic", (source,), buffer, shape, _copy_function(op.result.type)))
                read.add(source[0])
                value_buf[op.result] = (buffer, shape)
                continue
            value_buf[op.result] = (value_buf[op.operands[0]][0], shape)
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
        if is_empty(op.result.type):  # nothing to compute
            value_buf[op.result] = (None, out_shape)
            continue
        if opname == "reshape":
            if not same_pages(inputs[0][1], out_shape):
                raise UnsupportedError(f"composite mode: reshape {inputs[0][1]} -> {out_shape} moves data")
            value_buf[op.result] = (inputs[0][0], out_shape)
            steps.append(Step(opname, "alias", inputs, inputs[0][0], out_shape))
            continue
        if op.result in into:
            buffer = names[into[op.result]]
            have = infos[buffer]
            if (have["dtype"], have["layout"]) != (DEVICE_FORMAT[out_d.data_type], out_d.layout) \
                    or not same_pages(have["shape"], out_shape):
                raise UnsupportedError(f"composite mode: preallocated {buffer} does not match {name}'s result")
        else:
            buffer = f"{opname}{index}"
            infos[buffer] = dict(shape=buffer_shape(out_shape, out_d.layout), dtype=DEVICE_FORMAT[out_d.data_type],
                                 layout=out_d.layout,
                                 memory="dram", origin=(("intermediate", True),))
        step = _step(op, opname, inputs, tensor_operands, scalars, buffer, out_shape)
        steps.append(step)
        read.update(b for b, _ in step.inputs if b is not None)
        value_buf[op.result] = (buffer, out_shape)
    if results is None:
        raise UnsupportedError("composite mode: the function has no return")
    result_list = []
    for k, v in enumerate(results):
        if v not in value_buf:
            raise UnsupportedError("composite mode: every returned value must be computed by a program")
        buf, shape = value_buf[v]
        if buf is None:  # no elements: no buffer
            result_list.append((None, shape))
            continue
        info = infos[buf]
        if any(o[0] == "arg" for o in info["origin"]):
            # an argument returned as it is (or through a free reshape): a copy program gives the
            # result its own buffer, as a computed one has
            d = _desc(v)
            copy = f"copy{len(steps)}"
            infos[copy] = dict(shape=buffer_shape(shape, d.layout), dtype=DEVICE_FORMAT[d.data_type],
                               layout=d.layout, memory="dram", origin=())
            steps.append(Step("copy", "generic", ((buf, shape),), copy, shape, _copy_function(v.type)))
            read.add(buf)
            buf, info = copy, infos[copy]
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
    scalar = list(dict.fromkeys(scalars[v] for v in op.operands if v in scalars))  # one scalar, used twice: one
    if len(scalar) > 1:
        raise UnsupportedError(f"composite mode: ttir.{opname} with more than one scalar operand")
    text = _linalg_function(op, tensor_operands, scalars)
    return Step(opname, "generic", inputs, buffer, out_shape, text, scalar[0] if scalar else ())


def _linalg_function(op, tensor_operands, scalars) -> str:
    """The op alone in a function (its tensor operands, then a runtime scalar, as arguments;
    a constant scalar's ttir.full inside), converted to device linalg."""
    from mlir import ir
    from mlir.dialects import func

    from ttbw.support.diagnostics import DiagnosticError
    from ttbw.passes import convert_ttir_to_linalg

    from .empty import zero_empty_reductions

    runtime = [v for v in op.operands if v in scalars and scalars[v][0] == "arg"]
    with op.context, ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            arg_types = [v.type for v in tensor_operands] + [ir.F32Type.get()] * len(runtime)
            fn = func.FuncOp("step", ir.FunctionType.get(arg_types, [op.result.type]))
            block = fn.add_entry_block()
            with ir.InsertionPoint(block):
                values = dict(zip(tensor_operands, block.arguments))
                for v in op.operands:
                    if v in scalars:  # its producer (ttir.full / tensor.from_elements) comes along
                        producer = v.owner.clone()
                        if scalars[v][0] == "arg":
                            producer.operands[0] = block.arguments[len(tensor_operands)]
                        values[v] = producer.results[0]
                new = op.clone()
                for i, v in enumerate(op.operands):
                    new.operands[i] = values[v]
                func.ReturnOp([new.results[0]])
        try:
            convert_ttir_to_linalg.run(module, {"target": "device"})
        except DiagnosticError as e:
            # the op's own location is the caller's: the messages alone
            raise UnsupportedError("composite mode: " + "; ".join(d.message for d in e.diagnostics)) from None
        if zero_empty_reductions(module):  # a sum over an empty dim: its rounding reads the zero
            from .fusion import fuse

            fuse(module)
        return str(module)


def _copy_function(tensor_type) -> str:
    """Device linalg copying one tensor: an identity generic (a TTIR op folding to its
    operand, e.g. neg(neg(x)), leaves nothing to convert)."""
    from mlir import ir

    rank = ir.RankedTensorType(tensor_type).rank
    dims = ", ".join(f"d{i}" for i in range(rank))
    element = ir.RankedTensorType(tensor_type).element_type
    iterators = ", ".join(['"parallel"'] * rank)
    return (f"#map = affine_map<({dims}) -> ({dims})>\n"
            f"func.func @step(%arg0: {tensor_type}) -> {tensor_type} {{\n"
            f"  %0 = tensor.empty() : {tensor_type}\n"
            f"  %1 = linalg.generic {{indexing_maps = [#map, #map], iterator_types = [{iterators}]}}"
            f" ins(%arg0 : {tensor_type}) outs(%0 : {tensor_type}) {{\n"
            f"  ^bb0(%in: {element}, %out: {element}):\n    linalg.yield %in : {element}\n  }} -> {tensor_type}\n"
            f"  return %1 : {tensor_type}\n}}\n")


@lru_cache(maxsize=512)
def _spec(linalg: str):
    """The codegen's program of a step's linalg function."""
    from ttbw.dialect import make_context
    from ttbw.dialect.ops import walk_ops
    from ttbw.driver.source import parse_module

    with make_context() as context:
        module = parse_module(linalg, "<composite step>", context)
        funcs = [op for op in walk_ops(module.operation) if op.name == "func.func"]
        return codegen.read_function(funcs[0])


# --------------------------------------------------------------------------- programs

def view(buffer, shape):
    """`buffer` seen with `shape` (a free reshape: same TILE pages / rows)."""
    shape = buffer_shape(shape, buffer.layout)
    return buffer if tuple(buffer.shape) == shape else dataclasses.replace(buffer, shape=shape)


def step_program(step: Step, buffers: dict, grid, scalar: float | None = None):
    """The Program of one (non-alias) step over `buffers` (name -> Buffer or SymbolicBuffer);
    `scalar`: a runtime scalar's value."""
    spec = _spec(step.linalg)
    ins = [view(buffers[name], shape) if name is not None else None for name, shape in step.inputs]
    return codegen.build_program(spec, [ins[a] for a in spec.args], [view(buffers[step.output], step.out_shape)],
                                 grid, scalar)


def step_kernels_text(step: Step, plan: CompositePlan) -> str:
    """The TTKernel module text (reader, compute, writer) of a step's program."""
    return codegen.kernels_text(_spec(step.linalg).kernels)


def step_arg_names(step: Step) -> dict:
    """Name of each runtime arg slot, per kernel."""
    return codegen.arg_names(_spec(step.linalg).kernels)
