"""The runtime args the kernels read their tile walk from (launch.py lays them out): each
operand's tile-map triplets, the FIFO page counts of cross reductions, the iteration space's
tiles of masked programs."""
from __future__ import annotations

from ..kernel_ir import MAX_GROUPS, KernelFn, mapping_args
from .program import Kernels


def fifo_page_args(f: KernelFn, k: Kernels, base: int) -> dict:
    """{output: its FIFO's page count (runtime args from base)} of the FIFOs over some inner axes
    only (the inner loop's fastest: its first steps are their positions)."""
    paged = [j for j, o in enumerate(k.outputs) if o.paged]
    return {j: f.arg(base + i) for i, j in enumerate(paged)}


def operand_maps(f: KernelFn, k: Kernels, base: int, count: int) -> list:
    """Per operand (count of them, args from base): (kept, summed, middle or None) triplet args."""
    per = 27 if k.cross else 18
    out = []
    for i in range(count):
        kept, summed = mapping_args(f, base + per * i)
        middle = [tuple(f.arg(base + per * i + 18 + 3 * g + t) for t in range(3)) for g in range(MAX_GROUPS)] \
            if k.cross else None
        out.append((kept, summed, middle))
    return out


class SpaceTiles:
    """Masked programs: the iteration space's tile maps and sizes (runtime args from `base`: the
    space's triplets, then its rows and cols), and per step whether its tile has padding."""

    def __init__(self, f: KernelFn, k: Kernels, base: int):
        self.f = f
        self.maps = operand_maps(f, k, base, 1)[0]
        per = 27 if k.cross else 18
        self.rows, self.cols = f.arg(base + per), f.arg(base + per + 1)
        self.wt = f.arith("divui", f.arith("addi", self.cols, f.c(31)), f.c(32))
        self.ht = f.arith("divui", f.arith("addi", self.rows, f.c(31)), f.c(32))

    def tile(self, t: str) -> tuple[str, str, str]:
        """(valid rows, valid cols, padded: i1) of tile t of the space."""
        f = self.f
        row = f.arith("remui", f.arith("divui", t, self.wt), self.ht)
        col = f.arith("remui", t, self.wt)
        valid_rows = f.arith("minui", f.arith("subi", self.rows, f.arith("muli", row, f.c(32))), f.c(32))
        valid_cols = f.arith("minui", f.arith("subi", self.cols, f.arith("muli", col, f.c(32))), f.c(32))
        padded = f.cmpi("ult", f.arith("muli", valid_rows, valid_cols), f.c(1024))
        return valid_rows, valid_cols, padded
