"""Cutting an FX aten graph into regions ttbw lowers and ops torch runs on the CPU.

Each call node is placed once: on ttbw when the importer writes it as TTIR ops the device
pipeline lowers (`lowers_on_device`) on bf16 / f32 tensors, else in torch with the reason. A
region is every ttbw node of one level, where a node's level is the number of torch ops on its
longest input path that ends in a region (so a region never waits on a torch op that waits on
it): region k, then the torch ops that read it, then region k + 1. Each region is one TTIR
function (its inputs the values from outside, its results the values read outside), compiled
by ttbw.compile through the normal pipeline, which fuses it into as few programs as it can.
"""
from __future__ import annotations

import operator
from collections import Counter
from dataclasses import dataclass, field

import torch

from ttbw.lowering.codegen.schedule import same_pages
from ttbw.passes.convert_ttir_to_linalg import lowers_on_device

from .importer import HOST_VIEWS, import_node, op_name
from .ttir_text import FunctionBuilder, Unsupported, tensor_type


@dataclass
class TorchOp:
    """A node run by torch on the CPU; reason None for glue (a tuple entry, a shape number)."""
    node: torch.fx.Node
    reason: str | None

    @property
    def name(self) -> str:
        return op_name(self.node.target)


@dataclass
class Region:
    """ttbw nodes compiled as one TTIR function."""
    index: int
    nodes: list = field(default_factory=list)     # FX nodes, graph order
    inputs: list = field(default_factory=list)    # FX nodes whose values are its arguments
    input_views: dict = field(default_factory=dict)  # argument index -> the shape the host reshapes its input to
    outputs: list = field(default_factory=list)   # FX nodes whose values it returns
    slots: list = field(default_factory=list)     # per output, its result's index (equal values: one result)
    shapes: list = field(default_factory=list)    # per output, its shape (a rank-0 result comes back as [1])
    text: str = ""                                # the TTIR function
    ttir_ops: Counter = field(default_factory=Counter)
    aten_ops: Counter = field(default_factory=Counter)

    @property
    def name(self) -> str:
        return f"region{self.index}"


@dataclass
class Partition:
    steps: list          # Region | TorchOp, in execution order

    @property
    def regions(self) -> list:
        return [s for s in self.steps if isinstance(s, Region)]

    @property
    def fallbacks(self) -> list:
        return [s for s in self.steps if isinstance(s, TorchOp) and s.reason is not None]


def _tensor_inputs(node) -> list:
    found = []
    torch.fx.node.map_arg((node.args, node.kwargs), found.append)
    return list(dict.fromkeys(found))


def placement(node, meta_of) -> str | None:
    """None when ttbw takes the node, else why torch runs it."""
    builder, values = FunctionBuilder(), {}
    for arg in _tensor_inputs(node):
        meta = meta_of(arg)
        if isinstance(meta, torch.Tensor):
            try:
                values[arg] = builder.argument(tensor_type(meta))
            except Unsupported:
                pass
    try:
        import_node(builder, node, values, meta_of)
    except Unsupported as why:
        return str(why)
    missing = sorted({op.name for op in builder.ops if not lowers_on_device(op.name)})
    if missing:
        return f"{', '.join(missing)}: no device lowering in ttbw yet"
    for op in builder.ops:
        if op.name == "ttir.reshape" and not same_pages(op.operands[0].shape, op.result.shape):
            return (f"reshape {list(op.operands[0].shape)} -> {list(op.result.shape)} moves data between "
                    "TILE pages (a device reshape keeps its buffer's pages)")
    return None


def partition(graph: torch.fx.Graph, meta_of, refused: dict | None = None) -> Partition:
    """The regions and torch ops of graph, in an order that runs it. refused: node -> why ttbw
    cannot compile it (learnt by compiling it), placed in torch whatever its TTIR."""
    refused = refused or {}
    level: dict = {}
    on_ttbw: dict = {}
    reasons: dict = {}
    for node in graph.nodes:
        if node.op != "call_function":
            level[node], on_ttbw[node] = 0, False
            continue
        inputs = _tensor_inputs(node)
        if node.target is operator.getitem:
            source = node.args[0]
            on_ttbw[node], level[node] = on_ttbw[source], level[source]
            continue
        meta = meta_of(node)
        if not isinstance(meta, (torch.Tensor, tuple, list)):
            reasons[node] = None                       # a shape number: glue
        else:
            reasons[node] = refused.get(node) or placement(node, meta_of)
        on_ttbw[node] = reasons[node] is None and isinstance(meta, (torch.Tensor, tuple, list))
        if on_ttbw[node]:
            # past the torch ops it reads (each reads a region of its level, or none)
            level[node] = max([level[i] + (i.op == "call_function" and not on_ttbw[i]) for i in inputs] or [0])
        else:
            level[node] = max([level[i] for i in inputs] or [0])
    regions: dict = {}
    torch_ops: dict = {}
    for node in graph.nodes:
        if node.op != "call_function":
            continue
        if on_ttbw[node]:
            regions.setdefault(level[node], Region(0)).nodes.append(node)
        else:
            torch_ops.setdefault(level[node], []).append(TorchOp(node, reasons.get(node)))
    steps = []
    for k in sorted(set(regions) | set(torch_ops)):
        if k in regions:
            region = regions[k]
            region.index = len([s for s in steps if isinstance(s, Region)])
            views = _trailing_views(region)
            region.nodes = [n for n in region.nodes if n not in views]
            finish(region, meta_of)
            if set(region.ttir_ops) <= {"ttir.reshape"}:   # views only (view, clone, detach): torch's are free
                steps.extend(TorchOp(node, None) for node in region.nodes)
            elif region.outputs:
                steps.append(region)
            steps.extend(TorchOp(node, None) for node in views)
        steps.extend(torch_ops.get(k, []))
    return Partition(steps)


def _trailing_views(region: Region) -> list:
    """The region's views whose results only leave it (a bias gradient's sum reshaped, a clone
    returned): torch takes them on the host, free, instead of the device returning a value
    and its reshape (one generic for two results, which the codegen refuses)."""
    members, views = set(region.nodes), []
    for node in reversed(region.nodes):
        if node.target in HOST_VIEWS and all(u not in members or u in views for u in node.users):
            views.append(node)
    return views[::-1]


def finish(region: Region, meta_of) -> None:
    """The region's TTIR function: arguments, the nodes' ops, the values read outside."""
    members = set(region.nodes)
    builder, values = FunctionBuilder(), {}
    for node in region.nodes:
        for arg in _tensor_inputs(node):
            if arg not in members and arg not in values and isinstance(meta_of(arg), torch.Tensor):
                try:
                    values[arg] = builder.argument(tensor_type(meta_of(arg)))
                except Unsupported:
                    continue
                region.inputs.append(arg)
    for node in region.nodes:
        before = len(builder.ops)
        values[node] = import_node(builder, node, values, meta_of)
        region.ttir_ops.update(op.name for op in builder.ops[before:])
        if node.target is not operator.getitem:
            region.aten_ops[op_name(node.target)] += 1
    for index, (source, shape) in sorted(builder.host_views.items()):  # arguments that are inputs reshaped
        region.inputs.append(region.inputs[source])
        region.input_views[index] = shape
    region.outputs = [n for n in region.nodes if isinstance(meta_of(n), torch.Tensor)
                      and any(user not in members for user in n.users)]
    results = list(dict.fromkeys(values[n] for n in region.outputs))
    region.slots = [results.index(values[n]) for n in region.outputs]
    region.shapes = [values[n].type.shape for n in region.outputs]
    region.text = builder.text(region.name, results)
