"""One call of a backward op (ttbw.mul_bw, ttbw.add_bw, ...): its checked arguments, the
`ttir` function describing it, running it and ttnn's return list.

Each call describes its tensors in a function holding one backward op (text cached per
signature: a repeated call only reads its tensors' types), checked by the dialect verifier
(a broken rule raises ValueError with the verifier's message, in the caller's argument
names), compiled through the decomposition pipeline (cached, so a repeated call compiles
nothing) and run: backend="device" by `ttbw.execution.executor` on the emulated device (one fused
Tensix program), backend="cpu" by the JIT of the decomposed TTIR (the reference path).
"""
from __future__ import annotations

import re
from functools import lru_cache
from numbers import Real

import numpy as np

from ttbw.dialect.ops import BINARY_BACKWARD, BackwardSignature

from .types import MemoryConfig, bfloat8_b
from .device import check_queue_id
from .tensor import ComplexTensor, Tensor

BACKENDS = ("cpu", "device")
TENSOR_TYPES = (Tensor, ComplexTensor)


def is_number(value) -> bool:
    return isinstance(value, Real) and not isinstance(value, (bool, np.bool_))


def describe_kind(value) -> str:
    """What a wrong argument is, with the fix for a torch tensor."""
    if type(value).__module__.startswith("torch"):
        return f"{type(value).__name__} from torch (convert it with ttnn.from_torch)"
    return type(value).__name__


class BackwardCall:
    """One call of backward op `op` (its `signature`): `values` by operand role (grad and the
    forward operands; a number for a scalar operand), `preallocated` by gradient name,
    `attributes` the op's own (name -> IR attribute text), `names` the caller's argument name
    per role."""

    def __init__(self, op: str, signature: BackwardSignature, values: dict, *, mask=None,
                 memory_config: MemoryConfig | None = None, preallocated: dict | None = None,
                 attributes: dict | None = None, names: dict | None = None):
        self.op, self.signature = op, signature
        self.names = {role: role for role in signature.operands} | {"grad": "grad_tensor"} | (names or {})
        self.values = dict(values)
        self.scalars = set()
        for role in ("grad", *signature.forward):
            value = self.values[role]
            if role in signature.scalar_allowed and is_number(value):
                try:
                    self.values[role] = float(value)
                except OverflowError:
                    raise ValueError(f"{self.names[role]}={value} is out of range of a float") from None
                self.scalars.add(role)
            elif not isinstance(value, TENSOR_TYPES):
                kinds = "a ttnn.Tensor, ComplexTensor or a number" if role in signature.scalar_allowed \
                    else "a ttnn.Tensor or ComplexTensor"
                raise TypeError(f"{self.names[role]} must be {kinds}, got {describe_kind(value)}")
        self.prealloc = {name: None for name in signature.results} | (preallocated or {})
        for name, value in self.prealloc.items():
            if value is not None and not isinstance(value, TENSOR_TYPES):
                raise TypeError(f"{self.names.get(name, name)} must be a ttnn.Tensor or None, got {describe_kind(value)}")
        if memory_config is not None and not isinstance(memory_config, MemoryConfig):
            raise TypeError(f"memory_config must be a ttnn.MemoryConfig (ttnn.DRAM_MEMORY_CONFIG, "
                            f"ttnn.L1_MEMORY_CONFIG) or None, got {type(memory_config).__name__}")
        count = len(signature.gradients)
        if signature.takes_mask:
            self.mask, self.mask_given = required_outputs(mask, count)
        else:
            self.mask, self.mask_given = (True,) * count, False
        self.memory_config = memory_config
        self.attributes = dict(attributes or {})
        # fixed once checked: each is read several times per call
        self._arguments = [(role, self.values[role]) for role in ("grad", *signature.forward)] + \
            [(n, t) for n, t in self.prealloc.items() if t is not None]
        self._results = [(name, self.values[of]) for (name, of), wanted in zip(signature.gradients, self.mask)
                         if wanted and of not in self.scalars]
        self._ir: str | None = None
        self.device = self._common_device()

    def _common_device(self):
        """The device every tensor is on (None: all on the host); ValueError naming the argument
        that is deallocated, on a closed device, or on another device than the others."""
        placed = {}
        for role, value in self._arguments:
            for part in ((value.real, value.imag) if isinstance(value, ComplexTensor) else (value,)):
                if isinstance(part, Tensor):
                    part.check_on_open_device(self.names.get(role, role))
                    if part.device() is not None:
                        placed.setdefault(self.names.get(role, role), part.device())
        devices = {id(d): d for d in placed.values()}
        if len(devices) > 1:
            where = ", ".join(f"{name} on device {d.id()}" for name, d in placed.items())
            raise ValueError(f"{self.op}: tensors on different devices ({where}); place them on one device")
        return next(iter(devices.values()), None)

    def in_argument_names(self, message: str) -> str:
        """A verifier message with its IR operand names replaced by the caller's argument names."""
        for role in self.scalars:
            if self.names[role] == "scalar":
                message = message.replace(f"a scalar '{role}'", "a scalar")
        roles = "|".join(sorted(self.names, key=len, reverse=True))
        name = lambda m: self.names[m.group(1)]  # noqa: E731
        message = re.sub(rf"\boperand '({roles})'", name, message)
        message = re.sub(rf"\(({roles})\)", lambda m: f"({self.names[m.group(1)]})", message)
        return re.sub(rf"'({roles})'", name, message)

    def arguments(self) -> list[tuple[str, object]]:
        """The function's arguments by role: every tensor (complex ones as one complex arg)."""
        return self._arguments

    def results(self) -> list[tuple[str, object]]:
        """(gradient name, its operand) of each gradient the call computes."""
        return self._results

    def ir(self) -> str:
        """The call's function around one backward op."""
        if self._ir is None:
            self._ir = self._ir_text()
        return self._ir

    def _ir_text(self) -> str:
        arguments = tuple((role, "f32" if role in self.scalars else value.ir_type())
                          for role, value in self.arguments())
        results = tuple(name for name, _ in self.results())
        result_types = tuple(value.ir_type() for _, value in self.results())
        attributes = dict(self.attributes)
        if self.mask_given or (not self.scalars and self.mask != (True,) * len(self.mask)):
            attributes["are_required_outputs"] = f"array<i1: {', '.join(str(m).lower() for m in self.mask)}>"
        if self.memory_config is not None:
            attributes["memory_config"] = self.memory_config.ir()
        return _function_text(self.op, self.signature, arguments, results, result_types,
                              tuple(sorted(attributes.items())))

    def inputs(self) -> list:
        """Numpy inputs in the order of the decomposed function's arguments, of their IR element
        types: each tensor's own host data where it is of that type (bf16, f32: not copied)."""
        out = []
        for _, value in self.arguments():
            if isinstance(value, ComplexTensor):
                out += [ir_array(value.real), ir_array(value.imag)]
            elif isinstance(value, Tensor):
                out.append(ir_array(value))
            else:
                out.append(float(value))
        return out

    def run(self, backend: str) -> list:
        """ttnn's return list: a gradient per result (None where not requested); one element
        when an operand is a scalar."""
        if backend not in BACKENDS:
            raise ValueError(f"unknown backend {backend!r}; available: {', '.join(BACKENDS)}")
        try:
            outputs = _run_device(self) if backend == "device" else _run_cpu(self)
        except ValueError as error:
            raise _renamed(error, self.in_argument_names(str(error))) from None
        return self.wrap(outputs)

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
        names = [name for name, of in self.signature.gradients if of not in self.scalars]
        return [wrapped.get(name) for name in names]

    def _store(self, values: np.ndarray, like: Tensor, target: Tensor | None) -> Tensor:
        """A result like its operand, on the call's device, in memory_config (default: the
        operand's); a preallocated target is written in place and keeps its memory config."""
        if target is not None:
            target.write(values)
            return target
        return Tensor.from_values(values, like.dtype, like.layout, self.memory_config or like.memory_config(),
                                  self.device)


def binary_call(op: str, grad, a, b, mask=(True, True), memory_config=None, input_grad=None,
                other_grad=None, attributes: dict | None = None, names: dict | None = None) -> BackwardCall:
    """A call of binary backward op `op` (mul_bw, add_bw, ...); `names`: the caller's argument
    names by role (default ttnn's documented ones)."""
    return BackwardCall(op, BINARY_BACKWARD, {"grad": grad, "input": a, "other": b}, mask=mask,
                        memory_config=memory_config,
                        preallocated={"input_grad": input_grad, "other_grad": other_grad},
                        attributes=attributes,
                        names={"input": "input_tensor_a", "other": "input_tensor_b", **(names or {})})


def required_outputs(mask, count: int) -> tuple[tuple, bool]:
    """(mask, whether it differs from the default) of are_required_outputs."""
    words = {2: "two", 3: "three"}.get(count, str(count))
    if not isinstance(mask, (list, tuple)):
        raise TypeError(f"are_required_outputs must be a list of {words} bools, got {type(mask).__name__} {mask!r}")
    if len(mask) != count or not all(isinstance(m, (bool, np.bool_)) for m in mask):
        raise ValueError(f"are_required_outputs must be exactly {words} bools, got {list(mask)}")
    mask = tuple(bool(m) for m in mask)
    return mask, mask != (True,) * count


def _renamed(error: ValueError, message: str) -> ValueError:
    """`error` with `message`, of its own class where that class takes a message."""
    try:
        return type(error)(message)
    except Exception:
        return ValueError(message)


@lru_cache(maxsize=1024)
def _function_text(op: str, signature: BackwardSignature, arguments: tuple, results: tuple,
                   result_types: tuple, attributes: tuple) -> str:
    """`func.func @<op>` around one `ttir.<op>` of these (role, type) arguments."""
    present = {role for role, _ in arguments}
    params = ", ".join(f"%{role}: {t}" for role, t in arguments)
    operand_types = ", ".join(t for _, t in arguments)
    operands = ", ".join(f"%{role}" for role, _ in arguments)
    entries = []
    if signature.segmented:
        sizes = ", ".join(str(int(role in present)) for role in signature.operands)
        entries.append(f"operandSegmentSizes = array<i32: {sizes}>")
        entries.append(f"resultSegmentSizes = array<i32: {', '.join(str(int(n in results)) for n in signature.results)}>")
    entries += [f"{name} = {value}" for name, value in attributes]
    count = len(result_types)
    lhs = "" if not count else ("%r = " if count == 1 else f"%r:{count} = ")
    values = ["%r"] if count == 1 else [f"%r#{i}" for i in range(count)]
    attr_dict = f" {{{', '.join(entries)}}}" if entries else ""
    return (
        f"func.func @{op}({params}) -> ({', '.join(result_types)}) {{\n"
        f"  {lhs}\"ttir.{op}\"({operands}){attr_dict} : "
        f"({operand_types}) -> ({', '.join(result_types)})\n"
        f"  return{' ' + ', '.join(values) + ' : ' + ', '.join(result_types) if count else ''}\n}}\n")


def ir_array(tensor: Tensor) -> np.ndarray:
    """The tensor's values as its IR element type holds them (bfloat8_b: bf16, exactly)."""
    data = tensor.host_data()
    if tensor.dtype is bfloat8_b:
        import ml_dtypes

        return data.astype(ml_dtypes.bfloat16)
    return data


_COMPILED: dict[str, str] = {}


def decomposed(ir_text: str) -> str:
    """Verifies and decomposes one signature's IR (cached: a repeat compiles nothing)."""
    cached = _COMPILED.get(ir_text)
    if cached is not None:
        return cached
    from ttbw.driver.compiler import decompose

    _COMPILED[ir_text] = decompose(ir_text)
    return _COMPILED[ir_text]


def _run_cpu(call: BackwardCall) -> list[np.ndarray]:
    from ttbw.execution.cpu import run_cpu

    return run_cpu(decomposed(call.ir()), call.op, call.inputs())


_FITTING: set = set()  # (IR text, grid) of the signatures whose tensors fit the device


def _run_device(call: BackwardCall) -> list[np.ndarray]:
    """The call's signature compiled by `ttbw.compile` (fused: one Tensix program; cached per
    signature) and run by the executor on the emulated device; what the device path does
    not handle raises ValueError naming it, tensors that do not fit in L1 L1OverflowError
    (a ValueError)."""
    from ttbw.driver.compiler import run_on_device
    from ttbw.execution.emulator import L1OverflowError

    from .device_fit import check_fits_device

    grid = call.device.grid if call.device is not None else (8, 8)
    ir_text = call.ir()
    if (ir_text, grid) not in _FITTING:  # the IR types say all the check reads: once per signature
        check_fits_device(call, grid)
        _FITTING.add((ir_text, grid))
    try:
        outputs, _stats = run_on_device(ir_text, call.inputs(), grid=grid, host_formats=True,
                                        frozen_inputs=True)  # a Tensor's values never change in place
    except L1OverflowError as error:
        raise L1OverflowError(f"{call.op}: the call's tensors and circular buffers do not fit in L1 "
                              f"(memory_config={call.memory_config!r}): {error}") from None
    return outputs


def compile_cache_size() -> int:
    return len(_COMPILED)


def check_backend_and_queue(backend: str, queue_id) -> None:
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; available: {', '.join(BACKENDS)}")
    check_queue_id(queue_id, "queue_id")
