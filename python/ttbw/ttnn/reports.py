"""ttnn's memory reports (`ttnn._ttnn.reports`): the live buffers of the emulated device, read
from its allocator. ttnn lists L1 buffers only: the DRAM is too large to list page by page and
its buffers outlive ops by design (ttbw's executor keeps a cached function's DRAM buffers, and
allocates its L1 buffers per call), so an op that leaks no L1 leaves these lists unchanged.

ttnn devices 0 and 1 run on one emulated chip; its buffers are reported once, under the first
of the devices asked about."""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from .device import Device, check_device, open_devices
from .types import BufferType


class BufferInfo(NamedTuple):
    device_id: int
    address: int
    max_size_per_bank: int
    buffer_type: BufferType


class BufferPageInfo(NamedTuple):
    device_id: int
    address: int
    core_y: int
    core_x: int
    bank_id: int
    page_index: int
    page_address: int
    page_size: int
    buffer_type: BufferType


def get_buffers(devices=None) -> list[BufferInfo]:
    """Every live L1 buffer of `devices` (a device, a list of them, or None: the open ones), with
    the bytes of its pages in its fullest bank."""
    out = []
    for device_id, emulated in _emulated(devices, "get_buffers"):
        pages = emulated.pages("l1")
        per_bank = Counter((p.buffer.address, p.bank_id) for p in pages)
        page_size = {p.buffer.address: p.buffer.page_size for p in pages}
        for address in sorted(page_size):
            most = max(n for (a, _), n in per_bank.items() if a == address)
            out.append(BufferInfo(device_id, address, most * page_size[address], BufferType.L1))
    return out


def get_buffer_pages(devices=None) -> list[BufferPageInfo]:
    """Every page of every live L1 buffer of `devices` (a device, a list of them, or None: the
    open ones): its core, bank and address there."""
    return [BufferPageInfo(device_id, p.buffer.address, p.core[1], p.core[0], p.bank_id, p.page_index, p.address,
                           p.buffer.page_size, BufferType.L1)
            for device_id, emulated in _emulated(devices, "get_buffer_pages")
            for p in emulated.pages("l1")]


def _emulated(devices, op: str) -> list:
    """(device id, emulated device) per distinct emulated device of the devices asked about."""
    from ttbw.execution.executor import device as emulated_device

    if devices is None:
        devices = open_devices()
    elif isinstance(devices, Device):
        devices = [devices]
    elif not isinstance(devices, (list, tuple)):
        raise TypeError(f"{op}: devices must be a device from ttnn.open_device() or a list of them, got "
                        f"{type(devices).__name__} {devices!r}")
    seen, out = set(), []
    for i, d in enumerate(devices):
        check_device(d, f"devices[{i}]" if len(devices) > 1 else "devices")
        emulated = emulated_device(d.grid)
        if id(emulated) not in seen:
            seen.add(id(emulated))
            out.append((d.id(), emulated))
    return out
