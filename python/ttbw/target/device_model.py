"""The emulated Wormhole device as the compiler and the executor both see it: its sizes and how
work is spread over its cores.

One chip of an n300: a grid of up to 8x8 Tensix cores (the emulator's; a Wormhole chip has
8x10 workers), each with 1464 KiB of L1, and 12 DRAM banks of 1 GiB (tt-metal's
wormhole_b0 soc descriptor: worker_l1_size 1499136, dram_bank_size 1073741824). The emulator
reserves 3 GiB of address space per bank (emulator/runtime/emu.h, whose alignments and DRAM base these are); the
compiler and the executor hold programs to the real device's sizes.
"""
from __future__ import annotations

L1_BYTES = 1464 * 1024     # per core
L1_ALIGN = 16              # bytes: L1 buffers and CBs start on this boundary
DRAM_BANKS = 12
DRAM_BANK_BYTES = 1 << 30
DRAM_BASE = 0x10000        # the lowest DRAM address a buffer takes (a zero address is caught)
DRAM_ALIGN = 32
DRAM_BYTES = DRAM_BANKS * DRAM_BANK_BYTES
MAX_GRID = 8               # cores per grid side


def parse_grid(text: str) -> tuple[int, int]:
    """(cols, rows) of a grid written COLSxROWS within the device's MAX_GRID x MAX_GRID cores;
    ValueError naming the option otherwise."""
    cols, x, rows = str(text).strip().partition("x")
    if not (x and cols.strip().isdigit() and rows.strip().isdigit()
            and 1 <= int(cols) <= MAX_GRID and 1 <= int(rows) <= MAX_GRID):
        raise ValueError(f"option 'grid' expects COLSxROWS within 1x1..{MAX_GRID}x{MAX_GRID} (e.g. 8x8), got '{text}'")
    return int(cols), int(rows)


def grid_cores(grid: tuple[int, int]) -> list[tuple[int, int]]:
    """The (x, y) cores of a cols x rows grid from (0, 0), in row-major order (y, then x)."""
    cols, rows = grid
    return [(x, y) for y in range(rows) for x in range(cols)]


def split_work(units: int, grid: tuple[int, int]) -> list[tuple[tuple[int, int], int, int]]:
    """(core, first_unit, num_units) for the cores of `grid` that get work: balanced, the first
    cores taking one more."""
    cores = grid_cores(grid)
    n = min(len(cores), units)
    base, extra = divmod(units, n) if n else (0, 0)
    out, first = [], 0
    for i in range(n):
        count = base + (1 if i < extra else 0)
        out.append((cores[i], first, count))
        first += count
    return out
