"""The executor of compiled modules: load what `ttbw-opt` emitted, run it on the emulated device.

    executable = load(module_text)                 # as --ttir-to-tensix-pipeline printed it
    outputs, stats = executable.run("f", inputs)   # one list entry per function argument

A compiled module holds, per lowered function `@f`, a host function `func.func @f` of
tt-mlir's TTMetal ops (buffers created, arguments written, programs enqueued in launch order,
results read back: one program fused, several with fuse=false) and one module per program
holding its reader / compute / writer kernels (TTKernel or EmitC: tt-mlir translates them to
C++). tt-mlir parses and verifies it; `ttbw.execution.ttmetal_reader` reads the host functions. Nothing
here knows which op a program came from: buffers, circular buffers, kernels and their per-core
runtime args are all read from the module.

Inputs follow the function's arguments (numpy arrays, torch tensors or, for an f32 scalar
argument, a number); the argument of a preallocated result is an output buffer and its value
is not uploaded. Outputs are float32 numpy arrays in `return` order (with host_formats=True:
bfloat16 arrays for bf16 results, exact and without a conversion); a result with no elements
has no device buffer (an empty array of its shape).

A repeated call of a function reuses its device buffers and loaded programs (kept for the
last RESIDENT_FUNCTIONS functions whose buffers are all in DRAM): it uploads, launches and
downloads only. With `frozen_inputs` (the caller never changes an input array in place, as a
ttnn.Tensor's values are never changed), an argument whose buffer still holds that very array
from the last call is not uploaded again, like a ttnn tensor that is already on the device.
`release()` frees that state.

With `on_device=True` a call leaves its results in the device's DRAM as `DeviceResult`s (the
buffers of a function whose device state is kept), and a later call of another function takes
one as an input: the argument's buffer is bound to the result's buffer (its address in the
runtime args), nothing uploaded, as a runtime passes a device tensor. A result still pending
when its function runs again or its state is freed is first copied to the host (`spilled`),
so it stays readable; a result whose buffer does not match the argument's (shape, format,
layout) goes through the host.
"""
from __future__ import annotations

import math
import time
import weakref
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from ttbw.lowering.limits import buffers_problem
from ttbw.support.host_memory import host_problem
from ttbw.target.scalar_encoding import scalar_args

DEFAULT_GRID = (8, 8)
_DEVICES: dict = {}


class ExecutionError(ValueError):
    """A module that cannot be executed, or inputs that do not fit its function."""


def device(grid=DEFAULT_GRID):
    """The emulated device of a grid (opened once per process, shared by every executable)."""
    from ttbw.execution.emulator import EmulatedDevice

    dev = _DEVICES.get(grid) if isinstance(grid, tuple) else None  # a repeated call: the tuple it was opened with
    if dev is None:
        grid = tuple(int(g) for g in grid)
        dev = _DEVICES.get(grid)
        if dev is None:
            dev = _DEVICES[grid] = EmulatedDevice(grid=grid)
    return dev


@dataclass
class ProgramModule:
    """One program: its launch (ttbw.target.host_program) and its kernels' C++ (kernel name -> source)."""
    launch: object           # ProgramLaunch
    kernels: dict

    @property
    def name(self) -> str:
        return self.launch.name


@dataclass
class Function:
    """A lowered function: its host program and the programs it launches, in order."""
    host: object             # HostFunction
    programs: list           # [ProgramModule], launch order

    @property
    def name(self) -> str:
        return self.host.name

    @cached_property
    def arguments(self) -> list[str]:
        """Argument types, as printed."""
        return [a.type for a in self.host.arguments]

    @cached_property
    def argument_shapes(self) -> list[tuple]:
        """Each argument's shape (() for a scalar)."""
        return [a.shape if a.is_tensor else () for a in self.host.arguments]

    @cached_property
    def result_types(self) -> list[str]:
        return [r.value.type for r in self.host.results]

    @cached_property
    def uploads(self) -> list[tuple[str, int]]:
        """(buffer name, argument index) of each buffer a call writes from an argument."""
        return [(u.buffer, u.arg) for u in self.host.uploads]

    @cached_property
    def expected_shapes(self) -> dict:
        """Argument index -> (the shape a tensor argument must have, its element count)."""
        expected = {i: a.shape for i, a in enumerate(self.host.arguments) if a.is_tensor}
        expected.update({u.arg: self.host.buffer(u.buffer).shape for u in self.host.uploads})
        return {index: (shape, math.prod(shape)) for index, shape in expected.items()}

    @property
    def grid(self) -> tuple[int, int]:
        return tuple(self.host.grid)

    def check_fits(self, grid=None, inputs_bytes: int = 0) -> None:
        """ExecutionError unless the function's buffers fit the device (its DRAM; L1 on `grid`,
        default the function's) and its results, with `inputs_bytes` of inputs still to be
        made, fit the host's free memory: checked before anything is allocated."""
        cols, rows = grid or self.grid
        problem = buffers_problem(self.host.buffers, cols * rows)
        if problem is not None:
            raise ExecutionError(f"@{self.name} on a {cols}x{rows} grid: {problem}")
        results = sum(4 * math.prod(r.value.shape) for r in self.host.results if r.value.is_tensor)
        problem = host_problem(results + inputs_bytes, "its inputs and results" if inputs_bytes else "its results")
        if problem is not None:
            raise ExecutionError(f"@{self.name}: {problem}")


class Stats:
    """Totals over the programs one call launched (RunStats-like); `programs` the per-launch
    (program name, RunStats). Byte counts are summed when asked for: a call decodes no
    counters unless someone reads them. `bound_bytes`: the inputs read from other functions'
    device results in place, not uploaded."""

    def __init__(self):
        self.bound_bytes = 0
        self.seconds = self.compile_seconds = 0.0
        self.programs: list = []

    def add(self, name: str, run) -> None:
        self.seconds += run.seconds
        self.compile_seconds += run.compile_seconds
        self.programs.append((name, run))

    def _summed(self, key: str) -> dict:
        total: dict = {}
        for _, run in self.programs:
            for name, value in getattr(run, key).items():
                total[name] = total.get(name, 0) + value
        return total

    @property
    def dram_bytes_read(self) -> dict:
        return self._summed("dram_bytes_read")

    @property
    def dram_bytes_written(self) -> dict:
        return self._summed("dram_bytes_written")

    @property
    def programs_launched(self) -> int:
        return len(self.programs)

    @property
    def total_dram_read(self) -> int:
        return sum(self.dram_bytes_read.values())

    @property
    def total_dram_written(self) -> int:
        return sum(self.dram_bytes_written.values())

    @property
    def l1_bytes_used(self) -> dict:
        """Per core, the most L1 any of the launches used."""
        peak: dict = {}
        for _, run in self.programs:
            for core, used in run.l1_bytes_used.items():
                peak[core] = max(peak.get(core, 0), used)
        return peak


class Executable:
    """A loaded compiled module: `functions` by name, each runnable with `run`."""

    def __init__(self, functions: dict):
        self.functions = functions

    def run(self, name: str | None, inputs, grid=None, host_formats: bool = False, frozen_inputs: bool = False,
            on_device: bool = False):
        """(outputs, Stats) of one call of function `name` (None: the only one); outputs are
        float32, or with `host_formats` each result in its host format (bf16 results as bf16).
        `frozen_inputs`: the caller never changes an input array in place (see the module doc).
        `on_device`: each result a kept DRAM buffer holds is a DeviceResult (the module doc)."""
        function = self.function(name)
        dev = device(grid or function.grid)
        values = _check_inputs(function, inputs)
        state = _resident(function, dev)
        try:
            state.spill_pending()
            state.bind({buffer_name: values[arg] for buffer_name, arg in function.uploads})
            for buffer_name, arg in function.uploads:
                if buffer_name not in state.bound:
                    state.upload(buffer_name, _host_value(values[arg], host_formats), frozen_inputs)
            stats = Stats()
            stats.bound_bytes = sum(b.page_size * b.num_pages for b in state.bound.values())
            for program in function.programs:
                scalar = values.get(program.launch.scalar_arg)
                stats.add(program.name, state.launch(program, scalar))
            if frozen_inputs and state.written is None:
                state.written = _written(stats)
            outputs = [state.result(r, host_formats, on_device) for r in function.host.results]
        except BaseException:
            _evict(state)
            raise
        if not state.kept:
            state.close()
        return outputs, stats

    def function(self, name: str | None) -> Function:
        if name is None:
            if len(self.functions) != 1:
                raise ExecutionError(f"the module holds {len(self.functions)} functions "
                                     f"({', '.join(sorted(self.functions))}); name one")
            return next(iter(self.functions.values()))
        if name not in self.functions:
            raise ExecutionError(f"no lowered function @{name} in the module (it has: "
                                 f"{', '.join(sorted(self.functions)) or 'none'})")
        return self.functions[name]


class DeviceResult:
    """A result left in its function's DRAM buffer (`run(..., on_device=True)`): an input of a
    later call as it is, or `host()` to read it. Valid until its function runs again or its
    device state is freed; then it has been copied to the host first."""

    def __init__(self, buffer, shape: tuple, host_format: bool):
        self.buffer, self.shape, self.host_format = buffer, tuple(shape), host_format
        self.spilled: np.ndarray | None = None

    @property
    def on_device(self) -> bool:
        return self.spilled is None

    def host(self) -> np.ndarray:
        """The values as a host array (a read of the buffer while it is on the device)."""
        if self.spilled is not None:
            return self.spilled
        return _download(self.buffer, self.host_format).reshape(self.shape)

    def spill(self) -> None:
        if self.spilled is None:
            self.spilled = self.host()


def _host_value(value, host_format: bool):
    return value.host() if isinstance(value, DeviceResult) else value


# ------------------------------------------------------------------ device state per function

# A cached call reuses its function's device buffers and loaded programs: it uploads, launches
# and downloads, nothing else. Kept for the most recently run functions whose buffers all live
# in DRAM (L1 is the programs' working memory: L1 results are allocated per call).
RESIDENT_FUNCTIONS = 16   # a training step: every region of its forward and backward graphs
RESIDENT_BYTES = 256 << 20
_RESIDENT: dict = {}  # (id(function), device) -> _DeviceState, least recently used first


class _DeviceState:
    """A function's buffers on one device, its compiled kernels and its loaded programs."""

    def __init__(self, function: Function, dev, kept: bool):
        self.function, self.device, self.kept = function, dev, kept
        self.buffers: dict = {}
        self.compiled: dict = {}   # program name -> compiled kernels
        self.loaded: dict = {}     # (program name, scalar) -> (Program, PreparedProgram)
        self.sources: dict = {}    # buffer name -> weak reference to the frozen input array it holds
        self.written = None        # names of the buffers the launches write (after a first call)
        self.bound: dict = {}      # argument buffer name -> another function's result buffer it reads
        self.pending = weakref.WeakSet()  # DeviceResults of the last call still referenced
        try:
            offsets = _frame_offsets(function.host, dev)
            for b in function.host.buffers:
                offset = offsets.get(b.memory)
                self.buffers[b.name] = dev.allocate(b.shape, b.fmt, layout=b.layout, memory=b.memory, name=b.name,
                                                    address=None if offset is None else b.address + offset)
        except BaseException:
            self.close()
            raise
        self.bytes = sum(b.page_size * b.num_pages for b in self.buffers.values())

    def upload(self, name: str, value, frozen: bool) -> None:
        """Writes argument `value` into buffer `name`, unless the buffer holds it already: the
        same frozen array as last time, in a buffer no launch writes."""
        source = self.sources.get(name)
        if frozen and source is not None and source() is value and self.written is not None \
                and name not in self.written:
            return
        buffer = self.buffers[name]
        self.sources.pop(name, None)
        buffer.write(value.reshape(buffer.shape))
        if frozen and self.kept:
            self.sources[name] = weakref.ref(value)

    def bind(self, arguments: dict) -> None:
        """Binds each argument buffer given a DeviceResult on this device whose buffer has its
        layout (and is no result of this function) to that buffer; the programs loaded over
        other bindings are rebuilt."""
        results = {r.buffer for r in self.function.host.results}
        bound = {}
        for name, value in arguments.items():
            own = self.buffers[name]
            if isinstance(value, DeviceResult) and value.on_device and value.buffer.device is self.device \
                    and name not in results and _same_layout(value.buffer, own):
                bound[name] = value.buffer
        if bound.keys() != self.bound.keys() or any(bound[n] is not self.bound[n] for n in bound):
            for _, prepared in self.loaded.values():
                prepared.close()
            self.loaded.clear()
        self.bound = bound

    def result(self, result, host_format: bool, on_device: bool):
        """A call's result: a DeviceResult (kept DRAM buffer, `on_device`) or a host array."""
        shape = result.value.shape
        if result.buffer is None:
            return _empty(shape, result.value.type, host_format)
        buffer = self.buffers[result.buffer]
        if on_device and self.kept and buffer.is_dram:
            kept = DeviceResult(buffer, shape, host_format)
            self.pending.add(kept)
            return kept
        return _download(buffer, host_format).reshape(shape)

    def spill_pending(self) -> None:
        """Copies the last call's DeviceResults still referenced to the host: their buffers are
        about to be overwritten or freed."""
        for kept in list(self.pending):
            kept.spill()
        self.pending = weakref.WeakSet()

    def launch(self, program: ProgramModule, scalar: float | None):
        key, compile_seconds = (program.name, scalar), 0.0
        loaded = self.loaded.get(key)
        if loaded is None:
            if scalar is not None:  # a new runtime scalar: its encoding is in the compute args
                for old in [k for k in self.loaded if k[0] == program.name]:
                    self.loaded.pop(old)[1].close()
            built = _program(program, {**self.buffers, **self.bound}, scalar)
            compiled = self.compiled.get(program.name)
            if compiled is None:
                t0 = time.perf_counter()
                compiled = self.compiled[program.name] = self.device.compile(built)
                compile_seconds = time.perf_counter() - t0
            loaded = self.loaded[key] = (built, self.device.prepare(built, compiled))
        stats = loaded[1].run()
        stats.compile_seconds = compile_seconds
        return stats

    def close(self) -> None:
        self.spill_pending()
        self.bound = {}
        for _, prepared in self.loaded.values():
            prepared.close()
        self.loaded.clear()
        for buffer in self.buffers.values():
            self.device.free(buffer)
        self.buffers.clear()


def _frame_offsets(host, dev) -> dict:
    """Memory -> the offset moving the host program's buffers (their compiled addresses) to a
    free range of the device as one block: 0 on a device holding nothing else. L1 buffers of a
    program compiled for another grid are interleaved over other cores: the allocator places them."""
    from ttbw.lowering.addresses import frames

    out = {}
    for frame in frames(host):
        if frame.memory == "l1" and tuple(dev.grid) != tuple(host.grid):
            continue
        base = dev.find_free(frame.memory, frame.hi - frame.lo)
        if base is not None:  # else the allocation fails with the device's out-of-memory message
            out[frame.memory] = base - frame.lo
    return out


def _resident(function: Function, dev) -> _DeviceState:
    key = (id(function), id(dev))
    state = _RESIDENT.pop(key, None)
    if state is not None and state.function is function:
        _RESIDENT[key] = state  # most recently used last
        return state
    kept = all(b.memory == "dram" for b in function.host.buffers)
    function.check_fits(dev.grid)
    state = _DeviceState(function, dev, kept)
    if kept:
        _RESIDENT[key] = state
        while len(_RESIDENT) > RESIDENT_FUNCTIONS or (
                len(_RESIDENT) > 1 and sum(s.bytes for s in _RESIDENT.values()) > RESIDENT_BYTES):
            _RESIDENT.pop(next(iter(_RESIDENT))).close()
    return state


def _written(stats: Stats) -> set:
    """The names of the buffers a call's launches wrote."""
    names = set()
    for _, run in stats.programs:
        names.update(run.dram_bytes_written, run.l1_buffer_bytes_written)
    return names


def _same_layout(a, b) -> bool:
    return (a.shape, a.data_format, a.layout, a.memory) == (b.shape, b.data_format, b.layout, b.memory)


def _download(buffer, host_format: bool) -> np.ndarray:
    return buffer.read(buffer.host_dtype if host_format else None)


def _empty(shape, type_text: str, host_format: bool) -> np.ndarray:
    """A result with no elements (it has no device buffer), in the dtype a download gives."""
    if host_format and type_text.endswith("xbf16>"):
        import ml_dtypes

        return np.empty(shape, ml_dtypes.bfloat16)
    return np.empty(shape, np.float32)


def _evict(state: _DeviceState) -> None:
    """After a failed call: nothing of it is reused."""
    for key, kept in list(_RESIDENT.items()):
        if kept is state:
            del _RESIDENT[key]
    state.close()


def resident_functions() -> int:
    """How many functions keep device state between calls."""
    return len(_RESIDENT)


def release() -> None:
    """Frees every function's device state (buffers, loaded programs)."""
    while _RESIDENT:
        _RESIDENT.popitem()[1].close()


def load(text: str, filename: str = "<module>") -> Executable:
    """Loads a compiled module (cached by its text: a module loads once per process)."""
    return _load(text, filename)


_NO_HOST = ("{}: no host function (run --ttir-to-tensix-pipeline first: a lowered function is a func.func of "
            "TTMetal ops launching its programs' kernels)")


@lru_cache(maxsize=128)
def _load(text: str, filename: str) -> Executable:
    from ttbw.execution.ttmetal_reader import parse
    from ttbw.ttmlir.dialects import holds_ttmlir_dialects

    if not holds_ttmlir_dialects(text):
        raise ExecutionError(_NO_HOST.format(filename))
    module = parse(text, filename)  # once: the host functions and the kernels are read from one module
    try:
        return executable(module, filename)
    finally:
        module.close()


def executable(module, filename: str = "<module>") -> Executable:
    """The Executable of a compiled module in tt-mlir's context (`ttbw.ttmlir.module.Module`).
    ExecutionError, or tt-mlir's TTMLIRError (located) where a kernel does not translate."""
    from ttbw.execution.ttmetal_reader import HostProgramError, read
    from ttbw.ttmlir import translate_module
    from ttbw.ttmlir.dialects import is_ttmlir_module

    if not is_ttmlir_module(module):
        raise ExecutionError(_NO_HOST.format(filename))
    try:
        hosts = read(module, filename)
        if not hosts:
            raise ExecutionError(_NO_HOST.format(filename))
        # a function whose results all have no elements launches no program
        sources = {k.name: k.cpp for k in translate_module(module, filename)} \
            if any(host.launches for host in hosts) else {}
    except HostProgramError as error:
        raise ExecutionError(str(error)) from None
    functions = {}
    for host in hosts:
        _check_uploads(host, filename)
        programs = [ProgramModule(launch, _kernels_of(launch.name, sources)) for launch in host.launches]
        functions[host.name] = Function(host, programs)
    return Executable(functions)


def _check_uploads(host, filename: str) -> None:
    """Each uploaded argument is of its buffer's shape (a module whose types were edited apart
    would have the host make inputs of one size for a buffer of another)."""
    for upload in host.uploads:
        argument, buffer = host.arguments[upload.arg], host.buffer(upload.buffer)
        if argument.shape is None or math.prod(argument.shape) != math.prod(buffer.shape):
            raise ExecutionError(f"{filename}: @{host.name} argument {upload.arg} ({argument.type}) is written into "
                                 f"buffer '{buffer.name}' of shape {list(buffer.shape)}: the module's types disagree")


def _kernels_of(program: str, sources: dict) -> dict:
    prefix = program + "."
    return {name[len(prefix):]: cpp for name, cpp in sources.items() if name.startswith(prefix)}


def _check_inputs(function: Function, inputs: list) -> dict:
    """argument index -> host value: the array or torch tensor as given (the upload converts it
    to the buffer's format in one pass), or a float for a scalar argument."""
    inputs = list(inputs)
    if len(inputs) != len(function.arguments):
        raise ExecutionError(f"@{function.name} takes {len(function.arguments)} arguments "
                             f"({', '.join(function.arguments)}), got {len(inputs)} inputs")
    values = {}
    for index, (value, argument) in enumerate(zip(inputs, function.host.arguments)):
        type_text = argument.type
        if not argument.is_tensor:
            try:
                values[index] = float(value)
            except (TypeError, ValueError):
                raise ExecutionError(f"@{function.name} argument {index} ({type_text}) takes a number, "
                                     f"got {type(value).__name__}") from None
            continue
        keep = hasattr(value, "detach") or isinstance(value, DeviceResult)  # torch, a device result
        values[index] = value if keep else np.asarray(value)
    for index, (want, count) in function.expected_shapes.items():
        shape = tuple(values[index].shape)
        if math.prod(shape) != count:
            raise ExecutionError(f"@{function.name} argument {index} ({function.arguments[index]})"
                                 f": expected shape {list(want)}, got {list(shape)}")
    return values


def _program(program: ProgramModule, buffers: dict, scalar: float | None):
    """The runtime Program of a program module over allocated `buffers` (name -> Buffer)."""
    from ttbw.execution.emulator import CircularBuffer, CoreRange, Kernel, Program
    from ttbw.target.host_program import AddressOf

    launch = program.launch
    cores = [CoreRange.single(x, y) for x, y in launch.cores]
    encoded = dict(zip(("m", "n_up", "n_down"), scalar_args(scalar))) if scalar is not None else None

    def resolve(arg):
        if isinstance(arg, int):
            return arg
        if isinstance(arg, AddressOf):
            return buffers[arg.buffer].address
        if encoded is None:
            raise ExecutionError(f"program @{launch.name} reads a runtime scalar but none is bound")
        return encoded[arg.word]

    kernels = []
    for k in launch.kernels:
        if k.name not in program.kernels:
            raise ExecutionError(f"program @{launch.name}: kernel @{k.name} is not in the module")
        kernels.append(Kernel(
            name=k.name, source=program.kernels[k.name], processor=k.processor.value,
            cores=[CoreRange.single(*c) for c in k.cores] or cores,
            compile_args=list(k.compile_args), fp32_dest_acc_en=k.fp32_dest_acc_en,
            runtime_args={c.core: [resolve(a) for a in c.args] for c in k.runtime_args}))
    cbs = [CircularBuffer(cb.index, cb.fmt, cb.pages, cores, cb.page_size, cb.address)
           for cb in launch.circular_buffers]
    return Program(kernels, cbs, [buffers[name] for name in dict.fromkeys(launch.buffers) if name in buffers])
