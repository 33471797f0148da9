"""`ttbw.mul_bw`: ttnn's mul_bw, compiled by ttbw.

Each call describes its tensors in a `ttir.mul_bw` function, checks it with the dialect
verifier (a broken rule raises ValueError with the verifier's message, in the caller's
argument names), compiles it through the decomposition pipeline (cached by signature, so a
repeated call compiles nothing) and runs it.
"""
from __future__ import annotations

import re
from functools import lru_cache
from numbers import Real

import numpy as np

from .core_types import MemoryConfig, bfloat8_b
from .device import check_queue_id
from .tensor import ComplexTensor, Tensor

BACKENDS = ("cpu", "device")
_MISSING = object()


def mul_bw(grad_tensor, input_tensor_a=_MISSING, input_tensor_b=_MISSING, *, input_tensor=_MISSING,
           other_tensor=_MISSING, scalar=_MISSING, are_required_outputs=(True, True),
           memory_config: MemoryConfig | None = None, input_grad=None, other_grad=None, queue_id=0,
           backend: str = "device"):
    """Gradients of `a * b` (ttnn.mul_bw): [grad_a, grad_b] (None where not requested);
    [grad_a] for a scalar b; ComplexTensors for complex inputs.

    The operands go by ttnn's documented names (grad_tensor, input_tensor_a, input_tensor_b)
    or its bindings' (input_tensor, other_tensor; scalar= for a number b).

    backend="device" (default): compiled by `ttbw.compile` into one fused Tensix program, run
    by `ttbw.executor` on the emulated device; inputs it does not handle raise ValueError
    naming what is unsupported.
    backend="cpu": the decomposed TTIR, JIT-compiled on the host (the reference path)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; available: {', '.join(BACKENDS)}")
    check_queue_id(queue_id, "queue_id")
    a_name, a = _one_of("input_tensor_a", {"input_tensor_a": input_tensor_a, "input_tensor": input_tensor})
    b_name, b = _one_of("input_tensor_b", {"input_tensor_b": input_tensor_b, "other_tensor": other_tensor,
                                           "scalar": scalar})
    if b_name == "scalar" and not _is_number(b):
        raise TypeError(f"scalar must be a number, got {type(b).__name__}")
    if b_name == "other_tensor" and _is_number(b):
        raise TypeError("other_tensor must be a ttnn.Tensor or ComplexTensor; pass a number as scalar=")
    call = _Call(grad_tensor, a, b, are_required_outputs, memory_config, input_grad, other_grad,
                 names={"grad": "grad_tensor", "input": a_name, "other": b_name})
    try:
        outputs = _run_device(call) if backend == "device" else _run_cpu(call)
    except ValueError as error:
        raise _renamed(error, call.in_argument_names(str(error))) from None
    return call.wrap(outputs)


def _renamed(error: ValueError, message: str) -> ValueError:
    """`error` with `message`, of its own class where that class takes a message."""
    try:
        return type(error)(message)
    except Exception:
        return ValueError(message)


def _one_of(name: str, given: dict):
    """(argument name, value) of the one alias the caller used; TypeError as Python says it."""
    used = {alias: value for alias, value in given.items() if value is not _MISSING}
    if not used:
        raise TypeError(f"mul_bw() missing required argument: '{name}'")
    if len(used) > 1:
        raise TypeError(f"mul_bw() got {' and '.join(repr(a) for a in used)} for one operand; pass one of them")
    return next(iter(used.items()))


def _is_number(value) -> bool:
    return isinstance(value, Real) and not isinstance(value, (bool, np.bool_))


# ------------------------------------------------------------------ internals

_TENSOR_TYPES = (Tensor, ComplexTensor)


class _Call:
    """One mul_bw call: checked arguments, its IR signature, result wrapping."""

    def __init__(self, grad, a, b, mask, memory_config, input_grad, other_grad, names: dict | None = None):
        self.names = {"grad": "grad_tensor", "input": "input_tensor_a", "other": "input_tensor_b",
                      "input_grad": "input_grad", "other_grad": "other_grad", **(names or {})}
        for role, value in (("grad", grad), ("input", a)):
            if not isinstance(value, _TENSOR_TYPES):
                raise TypeError(f"{self.names[role]} must be a ttnn.Tensor or ComplexTensor, got {_kind(value)}")
        self.scalar = _is_number(b)
        if self.scalar:
            try:
                b = float(b)
            except OverflowError:
                raise ValueError(f"{self.names['other']}={b} is out of range of a float") from None
        elif not isinstance(b, _TENSOR_TYPES):
            raise TypeError(f"{self.names['other']} must be a ttnn.Tensor, ComplexTensor or a number, got {_kind(b)}")
        for name, value in (("input_grad", input_grad), ("other_grad", other_grad)):
            if value is not None and not isinstance(value, _TENSOR_TYPES):
                raise TypeError(f"{name} must be a ttnn.Tensor or None, got {_kind(value)}")
        if memory_config is not None and not isinstance(memory_config, MemoryConfig):
            raise TypeError(f"memory_config must be a ttnn.MemoryConfig (ttnn.DRAM_MEMORY_CONFIG, "
                            f"ttnn.L1_MEMORY_CONFIG) or None, got {type(memory_config).__name__}")
        self.mask, self.mask_given = _required_outputs(mask)
        self.grad, self.a, self.b = grad, a, b
        self.memory_config = memory_config
        self.prealloc = {"input_grad": input_grad, "other_grad": other_grad}
        self.device = self._common_device()

    def _common_device(self):
        """The device every tensor is on (None: all on the host); ValueError naming the argument
        that is deallocated, on a closed device, or on another device than the others."""
        placed = {}
        for role, value in self.arguments():
            for part in (value if isinstance(value, ComplexTensor) else (value,)):
                if isinstance(part, Tensor):
                    part.check_on_open_device(self.names[role])
                    if part.device() is not None:
                        placed.setdefault(self.names[role], part.device())
        devices = {id(d): d for d in placed.values()}
        if len(devices) > 1:
            where = ", ".join(f"{name} on device {d.id()}" for name, d in placed.items())
            raise ValueError(f"mul_bw: tensors on different devices ({where}); place them on one device")
        return next(iter(devices.values()), None)

    def in_argument_names(self, message: str) -> str:
        """A verifier message with its IR operand names replaced by the caller's argument names."""
        if self.names["other"] == "scalar":
            message = message.replace("a scalar 'other'", "a scalar")
        message = re.sub(r"\boperand '(grad|input|other)'", lambda m: self.names[m.group(1)], message)
        message = re.sub(r"\((grad|input|other)\)", lambda m: f"({self.names[m.group(1)]})", message)
        return re.sub(r"'(grad|input|other|input_grad|other_grad)'", lambda m: self.names[m.group(1)], message)

    # The function's arguments: every tensor (complex ones as one complex arg).
    def arguments(self) -> list[tuple[str, object]]:
        args = [("grad", self.grad), ("input", self.a), ("other", self.b)]
        args += [(n, t) for n, t in self.prealloc.items() if t is not None]
        return args

    def results(self) -> list[tuple[str, object]]:
        out = []
        if self.mask[0]:
            out.append(("input_grad", self.a))
        if self.mask[1] and not self.scalar:
            out.append(("other_grad", self.b))
        return out

    def ir(self) -> str:
        """The call's `ttir.mul_bw` function (text cached per signature: a repeated call only
        reads its tensors' types)."""
        names = {"input": "a", "other": "b"}
        arguments = tuple((names.get(n, n), "f32" if t is self.b and self.scalar else t.ir_type())
                          for n, t in self.arguments())
        results = tuple(t.ir_type() for _, t in self.results())
        memory_config = None if self.memory_config is None else self.memory_config.ir()
        return _function_text(arguments, results, self.mask, self.mask_given, self.scalar, memory_config)

    def inputs(self) -> list:
        """Numpy inputs in the order of the decomposed function's arguments, of their IR element
        types: each tensor's own host data where it is of that type (bf16, f32: not copied)."""
        out = []
        for _, value in self.arguments():
            if isinstance(value, ComplexTensor):
                out += [_ir_array(value.real), _ir_array(value.imag)]
            elif isinstance(value, Tensor):
                out.append(_ir_array(value))
            else:
                out.append(float(value))
        return out

    def wrap(self, outputs: list[np.ndarray]):
        """Turns flat outputs into ttnn's return list (writing into preallocated results)."""
        outputs = list(outputs)
        wrapped = {}
        for name, operand in self.results():
            target = self.prealloc[name]
            if isinstance(operand, ComplexTensor):
                parts = []
                for index, part in enumerate((operand.real, operand.imag)):
                    parts.append(self._store(outputs.pop(0), part, target[index] if target else None))
                wrapped[name] = target if target is not None else ComplexTensor(tuple(parts))
            else:
                wrapped[name] = self._store(outputs.pop(0), operand, target)
        if self.scalar:
            return [wrapped["input_grad"]]
        return [wrapped.get("input_grad"), wrapped.get("other_grad")]

    def _store(self, values: np.ndarray, like: Tensor, target: Tensor | None) -> Tensor:
        """A result like its operand, on the call's device, in memory_config (default: the
        operand's); a preallocated target is written in place and keeps its memory config."""
        if target is not None:
            target.write(values)
            return target
        return Tensor.from_values(values, like.dtype, like.layout, self.memory_config or like.memory_config(),
                                  self.device)


@lru_cache(maxsize=1024)
def _function_text(arguments: tuple, result_types: tuple, mask: tuple, mask_given: bool, scalar: bool,
                   memory_config: str | None) -> str:
    """`func.func @mul_bw` around one `ttir.mul_bw` of these (name, type) arguments."""
    present = {name for name, _ in arguments}
    params = ", ".join(f"%{n}: {t}" for n, t in arguments)
    operand_types = ", ".join(t for _, t in arguments)
    operands = ", ".join(f"%{n}" for n, _ in arguments)
    attributes = [
        f"operandSegmentSizes = array<i32: 1, 1, 1, {int('input_grad' in present)}, "
        f"{int('other_grad' in present)}>",
        f"resultSegmentSizes = array<i32: {int(mask[0])}, {int(mask[1] and not scalar)}>"]
    if mask_given or not scalar and mask != (True, True):
        attributes.append(f"are_required_outputs = array<i1: {str(mask[0]).lower()}, {str(mask[1]).lower()}>")
    if memory_config is not None:
        attributes.append(f"memory_config = {memory_config}")
    count = len(result_types)
    lhs = "" if not count else ("%r = " if count == 1 else f"%r:{count} = ")
    values = ["%r"] if count == 1 else [f"%r#{i}" for i in range(count)]
    return (
        f"func.func @mul_bw({params}) -> ({', '.join(result_types)}) {{\n"
        f"  {lhs}\"ttir.mul_bw\"({operands}) {{{', '.join(attributes)}}} : "
        f"({operand_types}) -> ({', '.join(result_types)})\n"
        f"  return{' ' + ', '.join(values) + ' : ' + ', '.join(result_types) if count else ''}\n}}\n")


def _kind(value) -> str:
    """What a wrong argument is, with the fix for a torch tensor."""
    if type(value).__module__.startswith("torch"):
        return f"{type(value).__name__} from torch (convert it with ttnn.from_torch)"
    return type(value).__name__


def _required_outputs(mask) -> tuple[tuple[bool, bool], bool]:
    """(mask, whether it differs from the default) of are_required_outputs."""
    if not isinstance(mask, (list, tuple)):
        raise TypeError(f"are_required_outputs must be a list of two bools, got {type(mask).__name__} {mask!r}")
    if len(mask) != 2 or not all(isinstance(m, (bool, np.bool_)) for m in mask):
        raise ValueError(f"are_required_outputs must be exactly two bools, got {list(mask)}")
    mask = (bool(mask[0]), bool(mask[1]))
    return mask, mask != (True, True)


def _ir_array(tensor: Tensor) -> np.ndarray:
    """The tensor's values as its IR element type holds them (bfloat8_b: bf16, exactly)."""
    data = tensor.host_data()
    if tensor.dtype is bfloat8_b:
        import ml_dtypes

        return data.astype(ml_dtypes.bfloat16)
    return data


_COMPILED: dict[str, str] = {}


def _compile(ir_text: str) -> str:
    """Verifies and decomposes one signature's IR (cached: a repeat compiles nothing)."""
    cached = _COMPILED.get(ir_text)
    if cached is not None:
        return cached
    from ttbw.compilation import decompose

    _COMPILED[ir_text] = decompose(ir_text)
    return _COMPILED[ir_text]


def _run_cpu(call: _Call) -> list[np.ndarray]:
    from ttbw.runtime.cpu import run_cpu

    return run_cpu(_compile(call.ir()), "mul_bw", call.inputs())


def _run_device(call: _Call) -> list[np.ndarray]:
    """The call's signature compiled by `ttbw.compile` (fused: one Tensix program; cached per
    signature) and run by the executor on the emulated device; what the device path does
    not handle raises ValueError naming it, tensors that do not fit in L1 L1OverflowError
    (a ValueError)."""
    from ttbw.executor import run_on_device
    from ttbw.runtime import L1OverflowError

    grid = call.device.grid if call.device is not None else (8, 8)
    try:
        outputs, _stats = run_on_device(call.ir(), call.inputs(), grid=grid, host_formats=True)
    except L1OverflowError as error:
        raise L1OverflowError(f"mul_bw: the call's tensors and circular buffers do not fit in L1 "
                              f"(memory_config={call.memory_config!r}): {error}") from None
    return outputs


def compile_cache_size() -> int:
    return len(_COMPILED)

