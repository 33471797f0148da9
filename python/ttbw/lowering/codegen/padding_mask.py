"""The padding mask of a masked in-tile sum (codegen/kernels.py's reader makes one per edge tile
of the iteration space): a bf16 tile of 1.0 over the valid rows and columns, 0 in the padding."""
from __future__ import annotations

from ..kernel_ir import KernelFn


def mask_tile(f: KernelFn, wp: str, valid_rows: str, valid_cols: str, zptr: str, local) -> None:
    """The bf16 mask tile at L1 address wp: 1.0 on the valid_rows x valid_cols corner, 0
    elsewhere; `zptr`: L1 address of the zero tile, the 1.0 tile right after it. Per face
    (16 x 16 elements, 32 bytes a row, contiguous): its valid rows in one copy when all 16
    columns are valid, else row by row."""
    f.op("noc_async_read", [local(zptr), wp, f.c(2048)], ["!ttkernel.noc_addr", "i32", "i32"])
    f.op("noc_async_read_barrier")
    one, sixteen = f.c(1), f.c(16)
    upper_rows = f.arith("minui", valid_rows, sixteen)
    upper_cols = f.arith("minui", valid_cols, sixteen)
    face_rows = (upper_rows, f.arith("subi", valid_rows, upper_rows))
    face_cols = (upper_cols, f.arith("subi", valid_cols, upper_cols))
    for face in range(4):
        vr, vc = face_rows[face // 2], face_cols[face % 2]
        full = f.arith("divui", vc, sixteen)  # 1: all 16 columns valid
        part = f.arith("subi", one, full)
        count = f.arith("addi", full, f.arith("muli", part, vr))
        size = f.arith("addi", f.arith("muli", full, f.arith("muli", vr, f.c(32))),
                       f.arith("muli", part, f.arith("muli", vc, f.c(2))))
        r = f.for_(None, count)
        off = f.arith("addi", f.c(512 * face), f.arith("muli", r, f.c(32)))
        src = f.arith("addi", f.arith("addi", zptr, f.c(2048)), off)
        f.op("noc_async_read", [local(src), f.arith("addi", wp, off), size], ["!ttkernel.noc_addr", "i32", "i32"])
        f.end()
    f.op("noc_async_read_barrier")
