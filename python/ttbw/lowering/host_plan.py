"""A host function of calls to program functions (after ttbw-outline-programs) -> its
`HostFunction` (ttbw.target.host_program): device buffers, uploads, launches, result reads.

Buffers: each function argument a program reads is `arg<i>` (DRAM); a program's value the
function returns is `result<k>` (k: its first return position), in the memory its
`ttir.memory_config` result attribute names (DRAM by default), or, when it is materialized into
argument j (`bufferization.materialize_in_destination`: a preallocated result), argument j's
buffer `arg<j>` (not uploaded); any other program value is an intermediate `<op><launch>` in
DRAM. A reshape in the function is a view of its source's buffer (same TILE pages or rows,
else refused). A returned `tensor.empty` with no elements has no buffer: the host allocates it.
An f32 argument a program reads through `tensor.from_elements` is its runtime scalar.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ttbw.dialect.ops import MEMORY_CONFIG, OpRuleError, parse_memory_config
from ttbw.target.formats import DataFormat
from ttbw.target.scalar_encoding import ScalarEncodingError
from ttbw.target.host_program import BufferSpec, HostFunction, HostValue, ResultRead, Upload, buffer_shape

from . import codegen
from .addresses import assign_addresses
from .codegen.schedule import same_pages
from .empty import is_empty
from .errors import UnsupportedError
from .limits import buffers_problem



class HostPlanError(UnsupportedError):
    """A host function the lowering cannot make a host program of; `op`: where; `unsupported`:
    valid IR the lowering does not handle (else the IR is malformed)."""

    def __init__(self, op, message: str, unsupported: bool = True):
        super().__init__(message)
        self.op, self.unsupported = op, unsupported


@dataclass(frozen=True)
class Program:
    """A program function read by the codegen: its spec and its function's name."""
    name: str
    spec: object        # codegen.ProgramSpec


def device_spec(value_type, name: str, memory: str) -> BufferSpec:
    """The device buffer of a tensor of type `value_type` (its `#ttir.layout` encoding)."""
    from ttbw.dialect.tensor_types import describe

    d = describe(value_type)
    if d.is_complex:
        raise UnsupportedError("complex values must be expanded (ttir-expand-complex)")
    return BufferSpec(name, buffer_shape(d.shape, d.layout), DataFormat.parse(d.data_type).short_name, d.layout, memory)


def result_memories(func) -> list[str]:
    """Where each of `func`'s results lives, dram | l1, from its `ttir.memory_config` result
    attribute (the decomposition sets the op's memory_config on each result it returns)."""
    from mlir import ir

    count = len(ir.FunctionType(func.attributes["function_type"].value).results)
    memories = []
    for i in range(count):
        entry = ir.DictAttr(func.attributes["res_attrs"][i]) if "res_attrs" in func.attributes else None
        try:
            memories.append(parse_memory_config(str(entry[MEMORY_CONFIG]))[0]
                            if entry is not None and MEMORY_CONFIG in entry else "dram")
        except OpRuleError as error:
            raise HostPlanError(func, f"result {i}: {MEMORY_CONFIG}: {error}", unsupported=False) from None
    return memories


def host_function(func, programs: dict, grid) -> HostFunction:
    """The host program of `func`; `programs`: callee name -> Program."""
    from mlir import ir

    entry = func.regions[0].blocks[0]
    ops = [o.operation for o in entry.operations]
    ret = ops[-1]
    memories = result_memories(func)
    plan = _Plan(memories, grid)
    for k, value in enumerate(ret.operands):
        owner = value.owner
        if hasattr(owner, "operation") and owner.operation.name == "bufferization.materialize_in_destination":
            source, dest = owner.operation.operands
            if isinstance(dest, ir.BlockArgument):
                plan.into[source] = dest
                plan.dest_memory[dest] = memories[k]
            value = source
        plan.returned.setdefault(value, k)
    for i, arg in enumerate(entry.arguments):
        if not isinstance(arg.type, ir.RankedTensorType):
            plan.scalars[arg] = i
        elif not is_empty(arg.type):
            from ttbw.dialect.tensor_types import TypeRuleError

            try:
                spec = device_spec(arg.type, f"arg{i}", plan.dest_memory.get(arg, "dram"))
            except TypeRuleError as error:  # an element type no device buffer holds (complex<i32>)
                raise HostPlanError(func, f"argument {i}: {error}", unsupported=False) from None
            plan.views[arg] = plan.args[f"arg{i}"] = spec
    for op in ops:
        if op.name == "func.call":
            plan.launch(op, programs[op.attributes["callee"].value])
        elif op.name in ("tensor.collapse_shape", "tensor.expand_shape", "tensor.cast"):
            plan.view(op)
        elif op.name == "bufferization.materialize_in_destination":
            if op.operands[1] in plan.views:
                plan.views[op.results[0]] = plan.views[op.operands[1]]
            elif not is_empty(op.results[0].type):
                raise HostPlanError(op, "a preallocated result must be a function argument")
        elif op.name == "arith.constant":
            raise HostPlanError(op, "a constant tensor no program computes (a rank-0 ttir.full is a scalar "
                                    "operand of the programs reading it)")
        elif op.name not in ("func.return", "tensor.empty"):
            raise HostPlanError(op, f"'{op.name}' has no device lowering in a host function (only calls of "
                                    "programs, reshapes, preallocated results and empty tensors)")
    results = []
    for k, value in enumerate(ret.operands):
        if is_empty(value.type):
            results.append(ResultRead(None, host_value(value.type)))
            continue
        view = plan.seen(value)
        if view is None or view.name not in plan.written:
            raise HostPlanError(ret, f"result {k} is not computed by a program")
        results.append(ResultRead(view.name, host_value(value.type)))
    preallocated = {f"arg{d.arg_number}" for d in plan.dest_memory}
    uploads = tuple(Upload(name, int(name[3:])) for name in plan.args if name in plan.read and name not in preallocated)
    # the arguments' buffers in argument order, then the others as the launches first touch them
    buffers = [plan.buffers[name] for name in plan.args if name in plan.buffers]
    buffers += [b for name, b in plan.buffers.items() if name not in plan.args]
    problem = buffers_problem(buffers, grid[0] * grid[1])
    if problem is not None:
        raise HostPlanError(next(op for op in ops if op.name == "func.call"), problem)
    return assign_addresses(HostFunction(
        func.attributes["sym_name"].value, tuple(host_value(a.type) for a in entry.arguments),
        tuple(int(g) for g in grid), tuple(buffers), uploads, tuple(plan.launches), tuple(results)))


def host_value(value_type) -> HostValue:
    """The host form of a function argument / result type: `tensor<2x32xbf16, #enc>` ->
    `memref<2x32xbf16>` of shape (2, 32) (rank 0: `memref<1xbf16>` of shape ()); a scalar type
    stays as it is."""
    from mlir import ir

    if not isinstance(value_type, ir.RankedTensorType):
        return HostValue(str(value_type), None)
    shape = tuple(value_type.shape)
    dims = "x".join(str(d) for d in (shape or (1,)))
    return HostValue(f"memref<{dims}x{value_type.element_type}>", shape)


class _Plan:
    """The buffers of one host function, as its ops are walked in order."""

    def __init__(self, memories: list, grid):
        self.memories, self.grid = memories, grid
        self.views: dict = {}        # value -> BufferSpec as a program sees it (a reshape: its shape)
        self.args: dict = {}         # "arg<i>" -> the argument's BufferSpec
        self.buffers: dict = {}      # name -> BufferSpec: what the host function creates, first use first
        self.read: set = set()       # argument buffers a program reads
        self.written: set = set()    # buffers a program writes
        self.scalars: dict = {}      # f32 argument -> its index
        self.into: dict = {}         # value -> the argument it is materialized into
        self.dest_memory: dict = {}  # preallocated argument -> the memory of its result
        self.returned: dict = {}     # value -> its first return position
        self.reshapes: dict = {}     # value -> the reshape giving it
        self.launches: list = []

    def view(self, op) -> None:
        from mlir import ir

        source = self.views.get(op.operands[0])
        if source is None:
            raise HostPlanError(op, "a reshape of a value no program computes")
        shape = buffer_shape(ir.RankedTensorType(op.results[0].type).shape, source.layout)
        self.views[op.results[0]] = dataclasses.replace(source, shape=shape)
        self.reshapes[op.results[0]] = op

    def seen(self, value) -> BufferSpec | None:
        """The buffer spec `value` is read through (None: not on the device); a reshape (a chain
        of them: collapse, then expand) must keep its buffer's TILE pages / rows."""
        view = self.views.get(value)
        base = self.args.get(view.name) or self.buffers.get(view.name) if view is not None else None
        if base is not None and value in self.reshapes and not same_pages(base.shape, view.shape):
            raise HostPlanError(self.reshapes[value], f"reshape {list(base.shape)} -> {list(view.shape)} moves data")
        return view

    def launch(self, call, program: Program) -> None:
        spec, k = program.spec, len(self.launches)
        operands = list(call.operands)
        inputs = []
        for a in spec.args:
            view = self.seen(operands[a])
            if view is None:
                raise HostPlanError(call, f"operand {a} of @{program.name} is not on the device")
            if view.name in self.args:
                self.read.add(view.name)
                self.buffers.setdefault(view.name, self.args[view.name])
            inputs.append(view)
        outputs = []
        suffix = program.name.rsplit("_", 1)[-1]
        for j, result in enumerate(call.results):
            if result in self.into:
                out = self.views[self.into[result]]
                have = device_spec(result.type, out.name, out.memory)
                if (have.fmt, have.layout) != (out.fmt, out.layout) or not same_pages(out.shape, have.shape):
                    raise HostPlanError(call, f"preallocated {out.name} does not match result {j} of @{program.name}")
            elif result in self.returned:
                position = self.returned[result]
                out = device_spec(result.type, f"result{position}", self.memories[position])
            else:
                out = device_spec(result.type, f"{suffix}{k}" if len(call.results) == 1 else f"{suffix}{k}_{j}",
                                  "dram")
            self.buffers.setdefault(out.name, self.args.get(out.name, out))
            self.written.add(out.name)
            self.views[result] = out
            outputs.append(out)
        try:
            launch = codegen.program_launch(spec, program.name, inputs, outputs, self.grid)
        except (UnsupportedError, ScalarEncodingError) as error:
            raise HostPlanError(call, str(error)) from None
        if isinstance(spec.scalar, codegen.ScalarArgument):
            value = operands[spec.scalar.index]
            if value not in self.scalars:
                raise HostPlanError(call, f"the runtime scalar of @{program.name} is not an f32 argument")
            launch = dataclasses.replace(launch, scalar_arg=self.scalars[value])
        self.launches.append(launch)
