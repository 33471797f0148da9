"""How much host memory a process may still take, to refuse arrays that cannot fit before
allocating them (a failed allocation of gigabytes first swaps for a long time, or the kernel's
OOM killer ends the process with no message)."""
from __future__ import annotations

import os


def available_bytes() -> int | None:
    """The smaller of the kernel's MemAvailable and what this process's cgroup may still take;
    None when neither is known."""
    found = []
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    found.append(int(line.split()[1]) * 1024)
                    break
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open("/sys/fs/cgroup/memory.max", encoding="ascii") as fh:
            limit = fh.read().strip()
        if limit.isdigit():
            with open("/sys/fs/cgroup/memory.current", encoding="ascii") as fh:
                found.append(max(0, int(limit) - int(fh.read().strip())))
    except (OSError, ValueError):
        pass
    if not found:
        try:
            found.append(os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
        except (OSError, ValueError):
            return None
    return min(found)


def host_problem(need: int, what: str) -> str | None:
    """Why `need` bytes of `what` cannot be allocated on the host now (None when they can)."""
    available = available_bytes()
    if available is not None and need > available:
        return (f"{what} need {need} bytes ({human_bytes(need)}) of host memory, more than the "
                f"{available} bytes ({human_bytes(available)}) available")
    return None


def human_bytes(size: int) -> str:
    """`size` bytes for people: 1.5 GiB, 12.0 KiB, 100 bytes."""
    for unit, scale in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} bytes"
