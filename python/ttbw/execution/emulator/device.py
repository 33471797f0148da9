"""The emulated device: a grid of Tensix cores with L1, DRAM banks, buffers and program launch."""

from __future__ import annotations

import ctypes
import json
import math
import os
import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

import ml_dtypes
import numpy as np

from ttbw.target import formats as fmt
from . import native
from .kernel_cache import compile_kernel
from ttbw.support.native_build import parallel_map
from .errors import EmulatorError, ProgramError, classify
from ttbw.target.formats import DataFormat
from .program import CoreCoord, Processor, Program, cores_of
from ttbw.target.device_model import DRAM_ALIGN, DRAM_BANKS, L1_ALIGN, L1_BYTES, MAX_GRID



def _host_array(data) -> np.ndarray:
    """numpy arrays or torch tensors -> a C-contiguous numpy float32 array, or bfloat16 when the
    data already is bf16 (a view where possible: the upload reads the user's memory directly)."""
    if type(data) is np.ndarray and data.flags.c_contiguous and data.dtype in _HOST_DTYPES:
        return data  # the common case, checked first: a call's uploads cost no conversion
    if type(data).__module__.startswith("torch"):
        t = data.detach().cpu()
        if str(t.dtype) == "torch.bfloat16":
            return t.contiguous().view(_torch_int16()).numpy().view(ml_dtypes.bfloat16)
        return np.asarray(t.float().numpy(), order="C")
    x = np.asarray(data)  # (np.ascontiguousarray would turn a 0-d array into a 1-d one)
    return np.asarray(x if x.dtype == ml_dtypes.bfloat16 else x.astype(np.float32, copy=False), order="C")


ANY_ADDRESS = 0xFFFFFFFF  # a CB placed after the core's previous one (emu.h's kAnyAddress)
_HOST_DTYPES = (np.dtype(np.float32), np.dtype(ml_dtypes.bfloat16))


def _torch_int16():
    import torch  # only reached with a torch tensor in hand

    return torch.int16


_HOST_FORMATS = {None: DataFormat.FLOAT32, np.float32: DataFormat.FLOAT32, ml_dtypes.bfloat16: DataFormat.BFLOAT16}
_HOST_FORMATS.update({np.dtype(k): v for k, v in _HOST_FORMATS.items() if k is not None})


def _host_format(dtype) -> DataFormat:
    """The host element format of a read: float32 (default) or bfloat16."""
    try:
        found = _HOST_FORMATS.get(dtype)
        if found is None:
            found = _HOST_FORMATS.get(np.dtype(dtype))
    except TypeError:  # not a dtype at all
        found = None
    if found is None:
        raise EmulatorError(f"read: dtype must be float32 or bfloat16, got {dtype!r}")
    return found


@dataclass
class Buffer:
    """An interleaved DRAM or L1 buffer holding one tensor.

    TILE layout: pages are 32x32 tiles (padded), ordered row-major over (batch..., Ht, Wt).
    ROW_MAJOR layout: one page per row of the last dimension.
    """

    device: "EmulatedDevice"
    id: int
    name: str
    address: int
    shape: tuple[int, ...]
    data_format: DataFormat
    layout: str  # "tile" | "row_major"
    memory: str  # "dram" | "l1"
    page_size: int
    num_pages: int
    live: bool = True
    allocation: int = 0  # serial number of the allocation: ids are reused, this is not

    @cached_property
    def host_dims(self) -> tuple[int, int, int]:
        """(batch, rows, cols) of the logical shape, as the native transfer takes it."""
        shape = (1,) * max(0, 2 - len(self.shape)) + self.shape
        return math.prod(shape[:-2]), shape[-2], shape[-1]

    @cached_property
    def transfer_args(self) -> tuple:
        """What the native transfer takes about the buffer: (id, tile layout, format) and host_dims."""
        return (self.id, int(self.layout == "tile"), int(self.data_format)), self.host_dims

    @cached_property
    def host_dtype(self):
        """The dtype a read gives exactly, without a conversion: bfloat16 for a bf16 buffer, else float32."""
        return ml_dtypes.bfloat16 if self.data_format == DataFormat.BFLOAT16 else np.float32

    @property
    def is_dram(self) -> bool:
        return self.memory == "dram"

    @property
    def accessor_config(self) -> int:
        """The TensorAccessorArgs compile-time word of this buffer (interleaved; bit 1 = DRAM)."""
        return 2 if self.is_dram else 0

    @property
    def padded_shape(self) -> tuple[int, ...]:
        return fmt.padded_shape(self.shape) if self.layout == "tile" else self.shape

    @property
    def tiles(self) -> tuple[int, int, int]:
        """(batch, Ht, Wt) of a TILE buffer."""
        ps = self.padded_shape
        return int(np.prod(ps[:-2], dtype=np.int64)), ps[-2] // fmt.TILE, ps[-1] // fmt.TILE

    def write(self, data) -> None:
        self.device.write(self, data)

    def read(self, dtype=None) -> np.ndarray:
        return self.device.read(self, dtype)


class RunStats:
    """Counters of one program launch (decoded on first access: launches stay cheap).

    ops: tile operations by kind; dram/l1_buffer_bytes_read/written: bytes per buffer name;
    cb_high_water: pages, per core and CB index; l1_bytes_used: CBs + L1 buffers per core;
    programs_launched: by the device so far; seconds: the launch; compile_seconds: g++ (cached).
    """

    def __init__(self, counters: "_Counters", seconds: float, compile_seconds: float = 0.0):
        self._counters = counters
        self.seconds = seconds
        self.compile_seconds = compile_seconds

    @cached_property
    def _data(self) -> dict:
        return json.loads(self._counters.json())

    @cached_property
    def ops(self) -> dict[str, int]:
        return dict(self._data["ops"])

    def _buffers(self, dram: bool, key: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for b in self._data["buffers"]:
            if b["dram"] == dram and b[key]:
                out[b["name"]] = out.get(b["name"], 0) + b[key]
        return out

    @property
    def dram_bytes_read(self) -> dict[str, int]:
        return self._buffers(True, "read")

    @property
    def dram_bytes_written(self) -> dict[str, int]:
        return self._buffers(True, "write")

    @property
    def l1_buffer_bytes_read(self) -> dict[str, int]:
        return self._buffers(False, "read")

    @property
    def l1_buffer_bytes_written(self) -> dict[str, int]:
        return self._buffers(False, "write")

    @cached_property
    def cb_high_water(self) -> dict[CoreCoord, dict[int, int]]:
        return {(k["x"], k["y"]): {int(cb): v for cb, v in k["cb_high_water"].items()} for k in self._data["cores"]}

    @cached_property
    def l1_bytes_used(self) -> dict[CoreCoord, int]:
        return {(k["x"], k["y"]): k["l1_bytes"] for k in self._data["cores"]}

    @property
    def programs_launched(self) -> int:
        return int(self._data["programs_launched"])

    @property
    def total_dram_read(self) -> int:
        return sum(self.dram_bytes_read.values())

    @property
    def total_dram_written(self) -> int:
        return sum(self.dram_bytes_written.values())

    def cb_high_water_max(self) -> dict[int, int]:
        """Per CB index, the highest high-water mark over all cores."""
        out: dict[int, int] = {}
        for per_cb in self.cb_high_water.values():
            for cb, pages in per_cb.items():
                out[cb] = max(out.get(cb, 0), pages)
        return out

    def __repr__(self) -> str:
        busy = {k: v for k, v in self.ops.items() if v}
        return f"RunStats(seconds={self.seconds:.6f}, ops={busy}, dram_read={self.total_dram_read})"


class _Counters:
    """A launch's counters, held by the emulator until read: a launch builds no JSON."""

    def __init__(self, lib, handle):
        self._lib, self._h = lib, handle

    def json(self) -> str:
        return self._lib.ttbw_counters_json(self._h).decode()

    def __del__(self):
        if self._h:
            self._lib.ttbw_counters_free(self._h)
            self._h = None


class PreparedProgram:
    """A program loaded on a device (see EmulatedDevice.prepare)."""

    def __init__(self, device: "EmulatedDevice", handle):
        self._device, self._h = device, handle

    def run(self, workers: int | None = None) -> RunStats:
        dev = self._device
        if not self._h:
            raise EmulatorError("prepared program is closed")
        lib = dev._lib
        dev._handle()
        t0 = time.perf_counter()
        rc = lib.ttbw_prog_run(self._h, workers or dev.workers)
        seconds = time.perf_counter() - t0
        if rc != 0:
            raise classify(lib.ttbw_prog_error(self._h).decode())
        return RunStats(_Counters(lib, lib.ttbw_prog_take_counters(self._h)), seconds)

    def close(self) -> None:
        if self._h:
            self._device._lib.ttbw_prog_free(self._h)
            self._h = None

    def __enter__(self) -> "PreparedProgram":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass


class PagePlacement(NamedTuple):
    """One page of a live buffer: its bank, the core of an L1 bank, and its address there."""
    buffer: Buffer
    page_index: int
    bank_id: int
    core: CoreCoord | None
    address: int


@dataclass
class _Compiled:
    paths: dict[int, str] = field(default_factory=dict)  # kernel position -> .so path


class EmulatedDevice:
    """An emulated Wormhole-like device with a grid of up to 8x8 Tensix cores."""

    def __init__(self, grid: tuple[int, int] = (8, 8), dram_banks: int = DRAM_BANKS,
                 l1_bytes: int = L1_BYTES, workers: int | None = None):
        gx, gy = grid
        if not (1 <= gx <= MAX_GRID and 1 <= gy <= MAX_GRID):
            raise EmulatorError(f"grid {grid} outside 1x1..{MAX_GRID}x{MAX_GRID}")
        self.grid, self.dram_banks = (gx, gy), dram_banks
        self.workers = workers or min(os.cpu_count() or 1, 8)
        self._lib = native.lib()
        self._h = self._lib.ttbw_dev_open(gx, gy, dram_banks, l1_bytes)
        if not self._h:
            raise EmulatorError("cannot open emulated device (bad configuration or out of memory)")
        self._buffers: dict[int, Buffer] = {}  # live buffers by id
        self._allocations = 0

    # -- lifetime ---------------------------------------------------------------------------
    def close(self) -> None:
        if self._h:
            self._lib.ttbw_dev_close(self._h)
            self._h = None
            for b in self._buffers.values():
                b.live = False
            self._buffers.clear()

    def __enter__(self) -> "EmulatedDevice":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def _handle(self):
        if not self._h:
            raise EmulatorError("device is closed")
        return self._h

    def _error(self) -> str:
        return self._lib.ttbw_dev_error(self._h).decode()

    @property
    def programs_launched(self) -> int:
        return int(self._lib.ttbw_dev_programs_launched(self._handle()))

    # -- buffers ----------------------------------------------------------------------------
    def allocate(self, shape, dtype="bf16", layout: str = "tile", memory: str = "dram",
                 name: str | None = None, address: int | None = None) -> Buffer:
        """Allocate an interleaved buffer for a tensor of `shape` (padded to tiles in TILE layout),
        at `address` (the same offset in every bank; EmulatorError when that range is not free)
        or where the allocator finds room."""
        shape = tuple(int(s) for s in shape)
        if any(s <= 0 for s in shape):
            raise EmulatorError(f"shape {shape} must have positive dimensions")
        data_format = DataFormat.parse(dtype)
        if layout not in ("tile", "row_major"):
            raise EmulatorError(f"layout must be 'tile' or 'row_major', got {layout!r}")
        if memory not in ("dram", "l1"):
            raise EmulatorError(f"memory must be 'dram' or 'l1', got {memory!r}")
        if layout == "tile":
            b, ht, wt = (int(np.prod(fmt.padded_shape(shape)[:-2], dtype=np.int64)),
                         fmt.padded_shape(shape)[-2] // 32, fmt.padded_shape(shape)[-1] // 32)
            page_size, num_pages = data_format.tile_bytes, b * ht * wt
        else:
            if data_format == DataFormat.BFLOAT8_B:
                raise EmulatorError("bfloat8_b exists only in TILE layout")
            page_size = shape[-1] * data_format.element_bytes
            num_pages = int(np.prod(shape[:-1], dtype=np.int64)) if len(shape) > 1 else 1
        self._allocations += 1
        name = name or f"buffer{self._allocations - 1}"
        bid = ctypes.c_uint32()
        at = -1 if address is None else int(address)
        addr = self._lib.ttbw_buf_alloc_at(self._handle(), int(memory == "dram"), page_size, num_pages, at,
                                           name.encode(), ctypes.byref(bid))
        if addr < 0:
            raise classify(self._error())
        buf = Buffer(self, bid.value, name, int(addr), shape, data_format, layout, memory, page_size, num_pages,
                     allocation=self._allocations)
        self._buffers[buf.id] = buf
        return buf

    def find_free(self, memory: str, bytes_per_bank: int) -> int | None:
        """Where `allocate` would now put a buffer taking `bytes_per_bank` of every DRAM bank
        (`memory` "dram") or of every core's L1 ("l1"); None when nothing that large is free."""
        addr = self._lib.ttbw_dev_find_free(self._handle(), int(memory == "dram"), int(bytes_per_bank))
        return None if addr < 0 else int(addr)

    def free(self, buf: Buffer) -> None:
        """Free a buffer; its memory is reused by later allocations (the Buffer is dead).
        Freeing a dead buffer again is a no-op."""
        if buf.device is not self:
            raise EmulatorError(f"buffer '{buf.name}' belongs to another device")
        if buf.live and self._owns(buf):
            if self._lib.ttbw_buf_free(self._handle(), buf.id) != 0:
                raise EmulatorError(self._error())
            del self._buffers[buf.id]
        buf.live = False

    def _owns(self, buf: Buffer) -> bool:
        """`buf` (or a view of it with another shape) is a live allocation of this device."""
        live = self._buffers.get(buf.id)
        return buf.device is self and live is not None and live.allocation == buf.allocation

    def pages(self, memory: str = "l1") -> list["PagePlacement"]:
        """Where every page of every live buffer of "dram" or "l1" sits, as the allocator placed
        it: interleaved page i in bank i % banks (L1: one bank per core, row by row over the
        grid), at the buffer's address plus (i // banks) aligned pages."""
        if memory not in ("dram", "l1"):
            raise EmulatorError(f"memory must be 'dram' or 'l1', got {memory!r}")
        dram = memory == "dram"
        banks = self.dram_banks if dram else self.grid[0] * self.grid[1]
        align = DRAM_ALIGN if dram else L1_ALIGN
        placed = []
        for buf in sorted(self._buffers.values(), key=lambda b: b.address):
            if buf.memory != memory:
                continue
            stride = -(-buf.page_size // align) * align
            for page in range(buf.num_pages):
                bank = page % banks
                core = None if dram else (bank % self.grid[0], bank // self.grid[0])
                placed.append(PagePlacement(buf, page, bank, core, buf.address + page // banks * stride))
        return placed

    def memory_used(self, memory: str = "dram") -> tuple[int, int]:
        """(bytes per bank held by live buffers, number of live buffers) of "dram" or "l1"."""
        if memory not in ("dram", "l1"):
            raise EmulatorError(f"memory must be 'dram' or 'l1', got {memory!r}")
        live = ctypes.c_uint32()
        used = self._lib.ttbw_dev_memory_used(self._handle(), int(memory == "dram"), ctypes.byref(live))
        return int(used), live.value

    def write(self, buf: Buffer, data) -> None:
        """Upload a host tensor of the buffer's logical shape: converted to the buffer's format
        and layout in one pass from the host array to the banks (no staging copy)."""
        x = _host_array(data)
        if tuple(x.shape) != buf.shape:
            raise EmulatorError(f"buffer '{buf.name}' has shape {buf.shape}, got data of shape {tuple(x.shape)}")
        host = DataFormat.BFLOAT16 if x.dtype == ml_dtypes.bfloat16 else DataFormat.FLOAT32
        self._transfer(buf, x, host, write=True)

    def read(self, buf: Buffer, dtype=None) -> np.ndarray:
        """Download a buffer as an array of its logical shape, float32 (default) or bfloat16,
        in one pass from the banks."""
        host = _host_format(dtype)
        out = np.empty(buf.shape, dtype=np.float32 if host == DataFormat.FLOAT32 else ml_dtypes.bfloat16)
        self._transfer(buf, out, host, write=False)
        return out

    def _transfer(self, buf: Buffer, x: np.ndarray, host: DataFormat, write: bool) -> None:
        if not (buf.live and self._owns(buf)):
            raise EmulatorError(f"buffer '{buf.name}' is not allocated on this device")
        (bid, tile, fmt), (batch, rows, cols) = buf.transfer_args
        rc = self._lib.ttbw_buf_transfer(self._handle(), bid, write, tile, fmt, host.value, x.ctypes.data,
                                         batch, rows, cols, self.workers)
        if rc != 0:
            raise EmulatorError(self._error())

    # -- programs ---------------------------------------------------------------------------
    def compile(self, program: Program) -> _Compiled:
        """Compile every kernel of a program (cached; a hit compiles nothing)."""
        program.validate()
        for cb in program.circular_buffers:
            for core in cores_of(cb.cores):
                self._check_core(*core, f"CB {cb.index}")
        for k in program.kernels:
            for core in cores_of(k.cores):
                self._check_core(*core, f"kernel '{k.name}'")
        units = [(k.source, tuple(int(v) for v in k.compile_args),
                  tuple(sorted((str(a), str(b)) for a, b in dict(k.defines).items())), k.name)
                 for k in program.kernels]
        distinct = list(dict.fromkeys(units))  # a kernel used twice is built once
        built = dict(zip(distinct, parallel_map(lambda unit: compile_kernel(*unit), distinct)))  # g++ side by side
        out = _Compiled()
        for i, unit in enumerate(units):
            out.paths[i] = str(built[unit])
        return out

    def run(self, program: Program, workers: int | None = None) -> RunStats:
        """Compile (cached) and run a program to completion; returns its counters.

        Raises KernelError / DeadlockError / L1OverflowError naming the core, kernel and CB."""
        t0 = time.perf_counter()
        compiled = self.compile(program)
        t1 = time.perf_counter()
        stats = self.launch(program, compiled, workers)
        stats.compile_seconds = t1 - t0
        return stats

    def launch(self, program: Program, compiled: _Compiled, workers: int | None = None) -> RunStats:
        """Run an already compiled program (see `compile`)."""
        with self.prepare(program, compiled) as prepared:
            return prepared.run(workers)

    def prepare(self, program: Program, compiled: _Compiled) -> "PreparedProgram":
        """Load a compiled program onto the device, ready to run any number of times (like a
        program cache hit: no per-launch set-up cost). Close it (or use `with`) when done."""
        lib, h = self._lib, self._handle()
        p = lib.ttbw_prog_new(h)
        try:
            for cb in program.circular_buffers:
                for (x, y) in cores_of(cb.cores):
                    address = ANY_ADDRESS if cb.address is None else cb.address
                    if lib.ttbw_prog_add_cb(p, x, y, cb.index, int(cb.format), cb.page_bytes, cb.num_pages,
                                            address) != 0:
                        raise ProgramError(lib.ttbw_prog_error(p).decode())
            for i, k in enumerate(program.kernels):
                proc = Processor(k.processor)
                try:
                    common = native.u32_array(k.common_runtime_args)
                except (TypeError, ValueError) as exc:
                    raise ProgramError(f"kernel '{k.name}': bad common runtime args: {exc}") from None
                path, name = compiled.paths[i].encode(), k.name.encode()
                for core in cores_of(k.cores):
                    try:
                        args = k.args_for(core)
                        rt = native.u32_array(args)
                    except (TypeError, ValueError) as exc:
                        raise ProgramError(f"kernel '{k.name}' on core {core}: bad runtime args: {exc}") from None
                    rc = lib.ttbw_prog_add_kernel(p, core[0], core[1], proc.index, path, name, rt, len(args), common,
                                                  len(k.common_runtime_args), int(k.fp32_dest_acc_en))
                    if rc != 0:
                        raise ProgramError(lib.ttbw_prog_error(p).decode())
        except BaseException:
            lib.ttbw_prog_free(p)
            raise
        return PreparedProgram(self, p)

    def _check_core(self, x: int, y: int, what: str) -> None:
        if not (0 <= x < self.grid[0] and 0 <= y < self.grid[1]):
            raise ProgramError(f"{what}: core ({x},{y}) is outside the {self.grid[0]}x{self.grid[1]} grid")
