"""A TTIR function written op by op for one API call (ttnn.matmul, ttnn.linear, the moreh
matmul backward ops, ttnn.pow), and running it: backend="device" through `ttbw.compile` + the executor
on the emulated device (cached per signature), "cpu" through the decomposition pipeline and the
CPU reference path. Values are typed records; the function's text is what the compiler reads."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .backward_call import BACKENDS, decomposed, ir_array
from .tensor import Tensor
from .types import DataType, Layout, MemoryConfig


@dataclass(frozen=True)
class Value:
    """An SSA value of the function: its name and tensor type (shape, element, encoding)."""
    name: str
    shape: tuple
    element: str  # bf16 | f32
    data_type: str  # bf16 | f32 | bfp_bf8 (#ttir.layout's)
    layout: str = "tile"

    @property
    def type(self) -> str:
        dims = "".join(f"{d}x" for d in self.shape)
        if self.layout == "tile" and self.data_type == self.element:
            return f"tensor<{dims}{self.element}>"
        return f'tensor<{dims}{self.element}, #ttir.layout<"{self.data_type}", "{self.layout}">>'

    def like(self, name: str, shape=None, element: str | None = None, dtype: DataType | None = None) -> "Value":
        """A TILE value of `shape` (default this one's) and element / data type (default this one's)."""
        if dtype is not None:
            return Value(name, tuple(self.shape if shape is None else shape), dtype.element, dtype.ir_name)
        element = element or self.element
        data_type = self.data_type if element == self.element else element
        return Value(name, tuple(self.shape if shape is None else shape), element, data_type)


class FunctionBuilder:
    """`func.func @<name>` built op by op: arguments from ttnn tensors, then ttir ops."""

    def __init__(self, name: str):
        self.name = name
        self.arguments: list[tuple[Value, Tensor]] = []
        self.lines: list[str] = []

    def argument(self, role: str, tensor: Tensor, shape=None) -> Value:
        """The tensor as an argument; `shape`: another shape of its elements (uploaded so: e.g.
        layer norm's mean of shape [N] as [N, 1], broadcast over the rows it normalized)."""
        shape = tuple(tensor.shape) if shape is None else tuple(shape)
        if math.prod(shape) != math.prod(tuple(tensor.shape)):
            raise ValueError(f"{self.name}: {role} of shape {list(tensor.shape)} viewed as {list(shape)}")
        value = Value(f"%{role}", shape, tensor.dtype.element, tensor.dtype.ir_name, tensor.layout.ir_name)
        self.arguments.append((value, tensor))
        return value

    def op(self, name: str, operands: list[Value], result: Value, properties: str = "") -> Value:
        props = f" <{{{properties}}}>" if properties else ""
        self.lines.append(f"  {result.name} = \"ttir.{name}\"({', '.join(v.name for v in operands)}){props} : "
                          f"({', '.join(v.type for v in operands)}) -> {result.type}")
        return result

    def op_group(self, text: str, results: list[Value]) -> list[Value]:
        """An op of several results (ttbw's backward ops), `text` its custom form from the op name
        on; its results (`%v3#0`, `%v3#1`, ...) of the types of `results`' entries."""
        group = self.fresh()
        self.lines.append(f"  {group}:{len(results)} = {text}")
        return [Value(f"{group}#{i}", r.shape, r.element, r.data_type, r.layout) for i, r in enumerate(results)]

    def fresh(self) -> str:
        return f"%v{len(self.lines)}"

    def matmul(self, a: Value, b: Value, shape, *, transpose_a=False, transpose_b=False, element=None) -> Value:
        flags = f"transpose_a = {str(transpose_a).lower()}, transpose_b = {str(transpose_b).lower()}"
        return self.op("matmul", [a, b], a.like(self.fresh(), shape, element), flags)

    def linear(self, a: Value, b: Value, bias: Value, shape, *, transpose_a=False, transpose_b=False) -> Value:
        flags = f"transpose_a = {str(transpose_a).lower()}, transpose_b = {str(transpose_b).lower()}"
        return self.op("linear", [a, b, bias], a.like(self.fresh(), shape), flags)

    def full(self, number: float) -> Value:
        """A rank-0 f32 `ttir.full` of `number` rounded to f32 (written in hex: exact, inf and NaN too)."""
        with np.errstate(over="ignore"):
            bits = int(np.array(number, np.float32).view(np.uint32))
        return self.op("full", [], Value(self.fresh(), (), "f32", "f32"),
                       f"fill_value = 0x{bits:08X} : f32, shape = array<i32>")

    def reshape(self, x: Value, shape) -> Value:
        if tuple(shape) == x.shape:
            return x
        return self.op("reshape", [x], x.like(self.fresh(), shape), f"shape = [{', '.join(f'{d} : i32' for d in shape)}]")

    def sum(self, x: Value, dims, op: str = "sum") -> Value:
        """x summed (op "mean": averaged) over `dims`, keeping them (size 1)."""
        if not dims:
            return x
        shape = tuple(1 if i in dims else d for i, d in enumerate(x.shape))
        arg = ", ".join(f"{d} : i32" for d in sorted(dims))
        return self.op(op, [x], x.like(self.fresh(), shape), f"dim_arg = [{arg}], keep_dim = true")

    def typecast(self, x: Value, like: Value) -> Value:
        target = Value(self.fresh(), x.shape, like.element, like.data_type, like.layout)
        return x if target.type == x.type else self.op("typecast", [x], target)

    def sum_to(self, x: Value, shape) -> Value:
        """PyTorch's sum_to: x summed over its leading dims and the dims where `shape` has 1."""
        shape = tuple(shape)
        lead = len(x.shape) - len(shape)
        dims = set(range(lead)) | {lead + i for i, d in enumerate(shape) if d == 1 and x.shape[lead + i] != 1}
        return self.reshape(self.sum(x, dims), shape)

    def text(self, results: list[Value]) -> str:
        params = ", ".join(f"{v.name}: {v.type}" for v, _ in self.arguments)
        types = ", ".join(v.type for v in results)
        body = "\n".join(self.lines)
        return (f"func.func @{self.name}({params}) -> ({types}) {{\n{body}\n"
                f"  return {', '.join(v.name for v in results)} : {types}\n}}\n")


@dataclass(frozen=True)
class Output:
    """A result of the call: its value, and the tensor it becomes (a preallocated one, or a new
    one of `dtype` in `memory_config` on the call's device)."""
    value: Value
    dtype: DataType
    memory_config: MemoryConfig
    preallocated: Tensor | None = None


def run(builder: FunctionBuilder, outputs: list[Output], backend: str, device) -> list[Tensor]:
    """The function run on `backend`; its results as ttnn tensors (preallocated ones written)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; available: {', '.join(BACKENDS)}")
    text = builder.text([o.value for o in outputs])
    inputs = [ir_array(tensor).reshape(value.shape) for value, tensor in builder.arguments]
    if backend == "cpu":
        from ttbw.execution.cpu import run_cpu

        values = run_cpu(decomposed(text), builder.name, inputs)
    else:
        from ttbw.driver.compiler import run_on_device

        grid = device.grid if device is not None else (8, 8)
        values, _stats = run_on_device(text, inputs, grid=grid, host_formats=True, frozen_inputs=True)
    tensors = []
    for output, data in zip(outputs, values):
        if output.preallocated is not None:
            output.preallocated.write(data)
            tensors.append(output.preallocated)
        else:
            layout = Layout.TILE if output.value.layout == "tile" else Layout.ROW_MAJOR
            tensors.append(Tensor.from_values(data, output.dtype, layout, output.memory_config, device))
    return tensors
