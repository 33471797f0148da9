"""ttnn's device lifecycle: open_device / close_device / manage_device.

ttbw emulates an n300 card: two Wormhole devices (ids 0 and 1), each with an 8x8 grid of
Tensix cores and one command queue. Programs run on the emulator (`ttbw.execution.executor`); a
Device is the handle tensors are placed on. It refuses work once closed, and opening an
open device returns the same handle (as ttnn does).
"""
from __future__ import annotations

import contextlib
import enum
from typing import NamedTuple

NUM_DEVICES = 2
GRID = (8, 8)
_OPEN: dict[int, "Device"] = {}


class Arch(enum.Enum):
    """ttnn.device.Arch: a device's architecture (the emulated ones are Wormhole B0)."""
    GRAYSKULL = 0
    WORMHOLE_B0 = 1
    BLACKHOLE = 2


class CoreCoord(NamedTuple):
    x: int
    y: int

    def __repr__(self) -> str:
        return f"(x={self.x},y={self.y})"


class CoreGrid(NamedTuple):
    x: int
    y: int

    @property
    def num_cores(self) -> int:
        return self.x * self.y

    def __repr__(self) -> str:
        return f"ttnn.CoreGrid(x={self.x},y={self.y})"


class Device:
    """An opened (emulated) Wormhole device; made by `open_device`."""

    def __init__(self, device_id: int):
        self._id, self._open = device_id, True

    def id(self) -> int:
        return self._id

    def arch(self) -> Arch:
        return Arch.WORMHOLE_B0

    @property
    def grid(self) -> tuple[int, int]:
        """The core grid programs are compiled for (the executor's `grid`)."""
        return GRID

    def compute_with_storage_grid_size(self) -> CoreCoord:
        return CoreCoord(*GRID)

    @property
    def core_grid(self) -> CoreGrid:
        return CoreGrid(x=GRID[0], y=GRID[1])

    def get_num_devices(self) -> int:
        return 1

    @property
    def is_open(self) -> bool:
        return self._open

    def __enter__(self) -> "Device":
        return self

    def __exit__(self, *exc) -> None:
        if self._open:
            close_device(self)

    def __repr__(self) -> str:
        state = "open" if self._open else "closed"
        return f"Device(id={self._id}, arch=wormhole_b0, grid={GRID[0]}x{GRID[1]}, {state})"


class MeshDevice:
    """ttnn.MeshDevice, a mesh of devices driven as one. ttbw emulates single devices (an n300's
    two, each opened on its own): the type exists for the isinstance checks and annotations of
    code written for ttnn; opening a mesh is refused."""

    def __init__(self, *args, **kwargs):
        raise ValueError("ttnn.MeshDevice: ttbw emulates single devices (open_device(device_id=0) or 1); "
                         "a mesh of devices is not supported")


def GetNumAvailableDevices() -> int:  # noqa: N802 (ttnn's name)
    return NUM_DEVICES


def open_device(device_id: int = 0) -> Device:
    """The device `device_id` (0 or 1), opened; the open handle when it already is."""
    if isinstance(device_id, bool) or not isinstance(device_id, int):
        raise TypeError(f"open_device: device_id must be an int, got {type(device_id).__name__} {device_id!r}")
    if not 0 <= device_id < NUM_DEVICES:
        raise ValueError(f"open_device: device_id={device_id} does not exist; ttbw emulates "
                         f"{NUM_DEVICES} devices (ids 0..{NUM_DEVICES - 1})")
    device = _OPEN.get(device_id)
    if device is None:
        device = _OPEN[device_id] = Device(device_id)
    return device


def open_devices() -> list[Device]:
    """The open devices, by id."""
    return [_OPEN[i] for i in sorted(_OPEN)]


def close_device(device: Device) -> None:
    """Closes `device`: tensors on it and calls with them are refused from then on."""
    check_device(device, "device")
    device._open = False
    del _OPEN[device.id()]


def synchronize_device(device: Device, cq_id=None) -> None:
    """Waits for the device's work: every ttbw call runs to completion before returning."""
    check_device(device, "device")
    check_queue_id(cq_id, "cq_id")


@contextlib.contextmanager
def manage_device(device_id: int = 0):
    """`with ttnn.manage_device(0) as device:` opens the device and closes it on exit."""
    device = open_device(device_id)
    try:
        yield device
    finally:
        if device.is_open:
            close_device(device)


def check_device(device, argument: str) -> Device:
    """`device` if it is an open ttbw device; TypeError / ValueError naming `argument`."""
    if not isinstance(device, Device):
        raise TypeError(f"{argument} must be a device from ttnn.open_device(), got "
                        f"{type(device).__name__} {device!r}")
    if not device.is_open:
        raise ValueError(f"{argument}: device {device.id()} is closed")
    return device


def check_queue_id(queue_id, argument: str) -> None:
    """ttbw devices have one command queue: None or 0."""
    if queue_id is None:
        return
    if isinstance(queue_id, bool) or not isinstance(queue_id, int):
        raise TypeError(f"{argument} must be an int command queue id, got {type(queue_id).__name__} {queue_id!r}")
    if queue_id != 0:
        raise ValueError(f"{argument}={queue_id}: ttbw devices have one command queue (id 0)")
