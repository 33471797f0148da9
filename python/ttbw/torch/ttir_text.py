"""TTIR functions written as text, op by op: the types, the values and the op forms the torch
importer emits (tt-mlir's generic form with properties for TTIR ops, ttbw's custom form for the
backward ops). Text, not an `ir.Module`: `ttbw.compile` reads text, caches compiled functions by
it, and the demo writes it to files."""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass, field

import torch

from ttbw.dialect.ops import optional_results_form
from ttbw.support import ir_literals

ELEMENTS = {torch.bfloat16: "bf16", torch.float32: "f32"}
DTYPES = {element: dtype for dtype, element in ELEMENTS.items()}


class Unsupported(Exception):
    """An op or value the importer cannot hand to ttbw; the message says why (the report shows it)."""


@dataclass(frozen=True)
class TensorType:
    shape: tuple[int, ...]
    element: str                     # "bf16" | "f32"

    def __str__(self) -> str:
        return f"tensor<{''.join(f'{d}x' for d in self.shape)}{self.element}>"

    def with_element(self, element: str) -> "TensorType":
        return TensorType(self.shape, element)

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def volume(self) -> int:
        return math.prod(self.shape)


def tensor_type(meta) -> TensorType:
    """The TensorType of an FX value's metadata (a FakeTensor, a tensor or a TensorMetadata)."""
    dtype, shape = getattr(meta, "dtype", None), getattr(meta, "shape", None)
    if dtype is None or shape is None:
        raise Unsupported(f"not a tensor ({type(meta).__name__})")
    if dtype not in ELEMENTS:
        raise Unsupported(f"dtype {str(dtype).removeprefix('torch.')} (ttbw computes bf16 and f32)")
    if not all(isinstance(d, int) for d in shape):
        raise Unsupported(f"symbolic shape {list(shape)}")
    return TensorType(tuple(int(d) for d in shape), ELEMENTS[dtype])


@dataclass(frozen=True)
class Value:
    name: str
    type: TensorType
    base: "Value | None" = None  # a host view (FunctionBuilder.returned_view): base, reshaped by the host


def f32_literal(number: float) -> str:
    """An f32 attribute value MLIR reads back exactly (hex for inf / NaN)."""
    return f"{ir_literals.f32_literal(struct.unpack('<f', struct.pack('<f', float(number)))[0])} : f32"


def i32_list(values) -> str:
    return "[" + ", ".join(f"{int(v)} : i32" for v in values) + "]"


@dataclass(frozen=True)
class OpRecord:
    """An op a builder wrote: its name and types (what the partitioner checks against the device)."""
    name: str
    operands: tuple
    result: TensorType


@dataclass
class FunctionBuilder:
    """One TTIR function under construction: arguments, ops in order, the ops written."""
    arguments: list = field(default_factory=list)
    lines: list = field(default_factory=list)
    ops: list = field(default_factory=list)         # OpRecord per op, in order
    _written: dict = field(default_factory=dict)     # op text -> its value: an op written twice is one op
    host_views: dict = field(default_factory=dict)   # argument index -> (index of the argument it reshapes, shape)

    def argument(self, type_: TensorType) -> Value:
        value = Value(f"%arg{len(self.arguments)}", type_)
        self.arguments.append(value)
        return value

    def argument_view(self, value: Value, shape: tuple) -> Value:
        """`value` reshaped to `shape`: of an argument, another argument the host passes as the same
        tensor reshaped (torch's view is free, where a device reshape may have to move data between
        TILE pages: (C,) -> (1, C, 1, 1)); of any other value, a ttir.reshape."""
        shape = tuple(shape)
        if value not in self.arguments:
            return self.op("reshape", [value], TensorType(shape, value.type.element), f"shape = {i32_list(shape)}")
        view = (self.arguments.index(value), shape)
        for index, known in self.host_views.items():
            if known == view:
                return self.arguments[index]
        self.host_views[len(self.arguments)] = view
        return self.argument(TensorType(shape, value.type.element))

    def returned_view(self, value: Value, shape: tuple) -> Value:
        """`value` as `shape` (the same elements): returned, the function returns value and the host
        reshapes it (free); read by an op of the function, a ttir.reshape first."""
        return Value(value.name, TensorType(tuple(shape), value.type.element), value)

    def _on_device(self, operands: list) -> list:
        return [v if v.base is None else self.op("reshape", [v.base], v.type, f"shape = {i32_list(v.type.shape)}")
                for v in operands]

    def _write(self, name: str, operands: list, result: TensorType, text: str) -> Value:
        """The value of op `text` (`%k = ` prepended), written once: the same op again (a clone's
        product equal to another product) is the same value, so a function never returns one
        value under two names (the codegen wants one generic per result)."""
        value = self._written.get(text)
        if value is None:
            self.ops.append(OpRecord(name, tuple(v.type for v in operands), result))
            value = self._written[text] = Value(f"%{len(self.lines)}", result)
            self.lines.append(f"{value.name} = {text}")
        return value

    def op(self, name: str, operands: list, result: TensorType, properties: str = "") -> Value:
        """`%k = "ttir.<name>"(operands) <{properties}> : (types) -> result`."""
        operands = self._on_device(operands)
        props = f" <{{{properties}}}>" if properties else ""
        return self._write(f"ttir.{name}", operands, result,
                           f'"ttir.{name}"({", ".join(v.name for v in operands)}){props} : '
                           f'({", ".join(str(v.type) for v in operands)}) -> {result}')

    def backward_results(self, name: str, operands: list, gamma: Value | None, attrs: str,
                         results: dict) -> dict:
        """ttbw's backward ops of optional results, in their custom form: `%k:n = ttir.<name>
        operands gamma(%w : W) {attrs} : types -> <result name> <type> ...`; the Value of each
        requested result (name -> TensorType) by name."""
        operands = self._on_device(operands)
        gamma = self._on_device([gamma])[0] if gamma is not None else None
        text = optional_results_form(name, [(v.name, str(v.type)) for v in operands],
                                     (gamma.name, str(gamma.type)) if gamma is not None else None, attrs,
                                     [(key, str(type_)) for key, type_ in results.items()])
        group = self._written.get(text)
        if group is None:
            all_operands = operands + ([gamma] if gamma is not None else [])
            self.ops.append(OpRecord(f"ttir.{name}", tuple(v.type for v in all_operands), next(iter(results.values()))))
            group = self._written[text] = f"%{len(self.lines)}"
            self.lines.append(f"{group}:{len(results)} = {text}")
        return {key: Value(f"{group}#{i}", type_) for i, (key, type_) in enumerate(results.items())}

    def unary_backward(self, name: str, grad: Value, x: Value, result: TensorType, attrs: str = "") -> Value:
        """`%k = ttir.<name>_bw %grad, %x {attrs} : G, X -> R` (ttbw's backward ops)."""
        grad, x = self._on_device([grad, x])
        attr_dict = f" {{{attrs}}}" if attrs else ""
        return self._write(f"ttir.{name}", [grad, x], result,
                           f"ttir.{name} {grad.name}, {x.name}{attr_dict} : {grad.type}, {x.type} -> {result}")

    def text(self, name: str, results: list) -> str:
        """The function returning `results` (a host view: its base)."""
        results = [r.base or r for r in results]
        args = ", ".join(f"{a.name}: {a.type}" for a in self.arguments)
        types = ", ".join(str(r.type) for r in results)
        body = "".join(f"    {line}\n" for line in self.lines)
        return (f"func.func @{name}({args}) -> ({types}) {{\n{body}"
                f"    return {', '.join(r.name for r in results)} : {types}\n}}\n")
