"""The allocation step of convert-linalg-to-ttkernel: every device buffer and circular buffer
of a host function gets its address, written into its `ttmetal.create_buffer`.

The layout is the emulated device's allocator's on a device holding nothing else: DRAM buffers
bottom-up from DRAM_BASE, L1 buffers top-down from the top of L1, each at one offset in every
DRAM bank / every core's L1, its pages per bank rounded up to the memory's alignment; a
program's CBs at the bottom of each core's L1, in launch order. The buffers of one function
never share an address, although intermediates' lifetimes are disjoint: a cached call keeps
every buffer of its function on the device, so the layout is what one call holds. When other
buffers are resident, the executor moves a function's DRAM buffers by one offset and its L1
buffers by another (`frame`), so the addresses kernels see keep the layout's spacing.
"""
from __future__ import annotations

import dataclasses

from ttbw.target.device_model import DRAM_ALIGN, DRAM_BANK_BYTES, DRAM_BANKS, DRAM_BASE, L1_ALIGN, L1_BYTES
from ttbw.target.host_program import BufferSpec, CircularBufferSpec, HostFunction


def _align(value: int, alignment: int) -> int:
    return -(-value // alignment) * alignment


def bytes_per_bank(b: BufferSpec, cores: int) -> int:
    """What buffer `b` takes of each DRAM bank (DRAM) or of each of `cores` cores' L1 (L1)."""
    banks, alignment = (DRAM_BANKS, DRAM_ALIGN) if b.memory == "dram" else (cores, L1_ALIGN)
    return -(-b.num_pages // banks) * _align(b.page_size, alignment)


def assign_addresses(host: HostFunction) -> HostFunction:
    """`host` with the address of each buffer and CB set (see the module doc)."""
    cores = host.grid[0] * host.grid[1]
    dram_next, l1_top = DRAM_BASE, L1_BYTES
    buffers = []
    for b in host.buffers:
        size = bytes_per_bank(b, cores)
        if b.memory == "dram":
            address, dram_next = dram_next, dram_next + _align(size, DRAM_ALIGN)
        else:
            l1_top -= _align(size, L1_ALIGN)
            address = l1_top
        buffers.append(dataclasses.replace(b, address=address))
    launches = tuple(dataclasses.replace(p, circular_buffers=cb_addresses(p.circular_buffers))
                     for p in host.launches)
    return dataclasses.replace(host, buffers=tuple(buffers), launches=launches)


def cb_addresses(cbs) -> tuple[CircularBufferSpec, ...]:
    """A program's CBs packed from L1 address 0 in their order, each aligned."""
    out, address = [], 0
    for cb in cbs:
        out.append(dataclasses.replace(cb, address=address))
        address = _align(address + cb.pages * cb.page_size, L1_ALIGN)
    return tuple(out)


@dataclasses.dataclass(frozen=True)
class Frame:
    """The range [lo, hi) of one memory a function's buffers take (per bank / core)."""
    memory: str
    lo: int
    hi: int


def frames(host: HostFunction) -> list[Frame]:
    """Per memory holding some of `host`'s buffers, the range they take."""
    cores = host.grid[0] * host.grid[1]
    out = []
    for memory in ("dram", "l1"):
        placed = [(b.address, b.address + bytes_per_bank(b, cores)) for b in host.buffers if b.memory == memory]
        if placed:
            out.append(Frame(memory, min(lo for lo, _ in placed), max(hi for _, hi in placed)))
    return out


def address_problem(host: HostFunction) -> str | None:
    """Why the addresses of a host function (read from a module) cannot be used, or None: each
    aligned and inside its memory, no two buffers of a memory overlapping, each program's CBs in
    order below its L1 buffers."""
    cores = host.grid[0] * host.grid[1]
    for memory, alignment, lo, hi in (("dram", DRAM_ALIGN, DRAM_BASE, DRAM_BANK_BYTES), ("l1", L1_ALIGN, 0, L1_BYTES)):
        ranges = []
        for b in host.buffers:
            if b.memory != memory:
                continue
            if not isinstance(b.address, int) or b.address % alignment:
                return f"buffer '{b.name}' has address {b.address}, not a multiple of {alignment} ({memory})"
            end = b.address + bytes_per_bank(b, cores)
            if b.address < lo or end > hi:
                return (f"buffer '{b.name}' at [{b.address}, {end}) per bank is outside {memory.upper()}'s "
                        f"[{lo}, {hi})")
            ranges.append((b.address, end, b.name))
        ranges.sort()
        for (_, end, name), (start, _, other) in zip(ranges, ranges[1:]):
            if start < end:
                return f"buffers '{name}' and '{other}' overlap in {memory.upper()} (at {start})"
    l1_low = min([b.address for b in host.buffers if b.memory == "l1"], default=L1_BYTES)
    for p in host.launches:
        end = 0
        for cb in p.circular_buffers:
            if not isinstance(cb.address, int) or cb.address % L1_ALIGN or cb.address < end:
                return (f"program @{p.name}: circular buffer {cb.index} at L1 address {cb.address} is not "
                        f"{L1_ALIGN}-byte aligned after the one before it (which ends at {end})")
            end = cb.address + cb.pages * cb.page_size
        if end > l1_low:
            return (f"program @{p.name}: its circular buffers end at L1 address {end}, above the function's "
                    f"lowest L1 buffer ({l1_low})")
    return None
