"""A compiled FX graph: its partition per static shape, the regions compiled by ttbw.compile,
run step by step (regions on the emulated device, the rest in torch), with its timings.

Shapes are static: a graph is compiled for the shapes and dtypes of its inputs (the guard is
that signature). A graph dynamo traced with symbolic shapes is specialised per signature at its
first call with it: torch runs it once to learn every node's concrete value, then it is
partitioned and compiled like a static graph.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
import torch

from ttbw.driver.compiler import compile as ttbw_compile
from ttbw.execution.executor import DeviceResult

from .partition import Partition, Region, finish, partition
from .ttir_text import Unsupported

_COMPILED: dict = {}   # TTIR text -> ttbw.compile's result, shared by every graph of the process


def compiled_region(text: str):
    if text not in _COMPILED:
        _COMPILED[text] = ttbw_compile(text)
    return _COMPILED[text]


def signature(args) -> tuple:
    return tuple((tuple(a.shape), a.dtype) if isinstance(a, torch.Tensor) else a for a in args)


def _is_symbolic(graph: torch.fx.Graph) -> bool:
    for node in graph.nodes:
        value = node.meta.get("val")
        if isinstance(value, torch.SymInt) or (isinstance(value, torch.Tensor) and not all(
                isinstance(d, int) for d in value.shape)):
            return True
    return False


class _Recorder(torch.fx.Interpreter):
    """Runs the graph in torch, keeping every node's value (a specialisation's metadata)."""

    def __init__(self, module):
        super().__init__(module)
        self.values: dict = {}

    def run_node(self, node):
        self.values[node] = result = super().run_node(node)
        return result


@dataclass
class Plan:
    """One static signature: the partition, each region's compiled function, its timings."""
    signature: tuple
    partition: Partition
    compiled: dict                  # region name -> ttbw.compile's result
    compile_seconds: float
    first_call_seconds: float = 0.0
    cached_seconds: list = field(default_factory=list)
    handoff_bytes: int = 0          # last call: region inputs read from a region's device result in place
    downloaded_bytes: int = 0       # last call: region results read to the host (by torch, the output)

    def programs(self, region: Region) -> int:
        return len(self.compiled[region.name].executable.functions[region.name].programs)


class CompiledGraph:
    """What the dynamo backend hands aot_autograd for one forward or backward graph."""

    def __init__(self, module: torch.fx.GraphModule, title: str):
        self.module, self.title = module, title
        self.symbolic = _is_symbolic(module.graph)
        self.plans: dict = {}          # signature -> Plan
        self.placeholders = [n for n in module.graph.nodes if n.op == "placeholder"]

    def __call__(self, *args):
        key = signature(args)
        plan = self.plans.get(key)
        if plan is None:
            plan = self.plans[key] = self._specialise(key, args)
            start = time.perf_counter()
            result = self._run(plan, args)
            plan.first_call_seconds = time.perf_counter() - start
            return result
        start = time.perf_counter()
        result = self._run(plan, args)
        plan.cached_seconds.append(time.perf_counter() - start)
        return result

    def _specialise(self, key: tuple, args) -> Plan:
        start = time.perf_counter()
        if self.symbolic:
            recorder = _Recorder(self.module)
            with torch.no_grad():
                recorder.run(*args)
            meta_of = recorder.values.get
        else:
            meta_of = lambda node: node.meta.get("val")  # noqa: E731 (dynamo's FakeTensors)
        refused: dict = {}
        while True:   # a region ttbw.compile refuses: the nodes it refuses alone go to torch, then again
            cut = partition(self.module.graph, meta_of, refused)
            compiled, before = {}, len(refused)
            for region in cut.regions:
                try:
                    compiled[region.name] = compiled_region(region.text)
                except ValueError as error:
                    refused.update(_culprits(region, meta_of, _first_line(error)))
            if len(refused) == before:
                break
        return Plan(key, cut, compiled, time.perf_counter() - start)

    def _run(self, plan: Plan, args):
        values = _Values(dict(zip(self.placeholders, args)))
        handoff = 0
        with torch.no_grad():
            for step in plan.partition.steps:
                if isinstance(step, Region):
                    inputs = [values.region_input(n, step.input_views.get(i)) for i, n in enumerate(step.inputs)]
                    outputs, stats = plan.compiled[step.name].executable.run(step.name, inputs, host_formats=True,
                                                                             on_device=True)
                    handoff += stats.bound_bytes
                    for node, slot, shape in zip(step.outputs, step.slots, step.shapes):
                        values.put_result(node, outputs[slot], shape)
                else:
                    node = step.node
                    args_, kwargs = torch.fx.node.map_arg((node.args, node.kwargs), values.host)
                    values.tensors[node] = node.target(*args_, **kwargs)
            output = next(n for n in self.module.graph.nodes if n.op == "output")
            result = torch.fx.node.map_arg(output.args[0], values.host)
        plan.handoff_bytes, plan.downloaded_bytes = handoff, values.downloaded_bytes
        return result


class _Values:
    """The nodes' values during a call: torch tensors, and region results left on the device,
    read to the host only when a torch op or the graph's output takes them; a later region
    takes them as they are (the executor binds its argument to the result's buffer)."""

    def __init__(self, tensors: dict):
        self.tensors = tensors
        self.on_device: dict = {}      # node -> (DeviceResult, the node's shape)
        self.downloaded_bytes = 0

    def put_result(self, node, output, shape) -> None:
        if isinstance(output, DeviceResult):
            self.on_device[node] = (output, tuple(shape))
        else:
            self.tensors[node] = _from_host(output).reshape(shape)

    def region_input(self, node, view):
        if node in self.on_device:
            return self.on_device[node][0]
        tensor = self.tensors[node].detach()
        return tensor.reshape(view if view is not None else tensor.shape).contiguous()

    def host(self, node) -> torch.Tensor:
        if node not in self.tensors:
            result, shape = self.on_device[node]
            array = result.host()
            self.downloaded_bytes += array.nbytes
            self.tensors[node] = _from_host(array).reshape(shape)
        return self.tensors[node]


def _first_line(error: Exception) -> str:
    return str(error).splitlines()[0]


def _culprits(region: Region, meta_of, reason: str) -> dict:
    """node -> why: the region's nodes ttbw.compile refuses as a function of their own (each
    such node's own message); all of them, with the region's message, when each compiles alone."""
    found = {}
    for node in region.nodes:
        alone = Region(0, nodes=[node])
        try:
            finish(alone, meta_of)
        except Unsupported:  # a getitem of another node's tuple: no function of its own
            continue
        if not alone.outputs or set(alone.ttir_ops) <= {"ttir.reshape"}:
            continue
        try:
            compiled_region(alone.text)
        except ValueError as error:
            found[node] = f"ttbw.compile refuses it: {_first_line(error)}"
    return found or {node: f"{region.name} refused by ttbw.compile: {reason}" for node in region.nodes}


def _from_host(array: np.ndarray) -> torch.Tensor:
    """The executor's result as a torch tensor (a bf16 result arrives as bf16 bits)."""
    if array.dtype.name == "bfloat16":
        return torch.from_numpy(np.ascontiguousarray(array).view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(np.ascontiguousarray(array))
