"""An f32 tile broadcast inside the tile by the reader, in L1: data movement is exact for
every f32 value (infinities, NaN, subnormals), where the FPU's `unary_bcast` reads TF32."""
from __future__ import annotations

from ..kernel_ir import KernelFn


def broadcast_in_l1(f: KernelFn, wp: str, kind: str, local) -> None:
    """Broadcasts the f32 tile at L1 address wp in place (kind: row = its row 0 over all rows,
    col = its column 0 over all columns, scalar = element (0, 0)); `local(addr)`: the NOC
    address of this core's L1 addr. Face layout: element (r, c) at
    ((r/16*2 + c/16)*256 + (r%16)*16 + c%16) * 4 bytes; every step doubles what is copied."""
    def copy(src_off, dst_off, size):
        src = wp if src_off == 0 else f.arith("addi", wp, f.c(src_off))
        f.op("noc_async_read", [local(src), f.arith("addi", wp, f.c(dst_off)), f.c(size)],
             ["!ttkernel.noc_addr", "i32", "i32"])

    def barrier():
        f.op("noc_async_read_barrier")

    if kind == "col":  # element 0 of each of the 32 rows (faces 0, 2) over its 16 columns
        for k in (1, 2, 4, 8):
            r = f.for_(None, f.c(32))
            face_row = f.arith("addi", f.arith("muli", f.arith("divui", r, f.c(16)), f.c(2048)),
                               f.arith("muli", f.arith("remui", r, f.c(16)), f.c(64)))
            src = f.arith("addi", wp, face_row)
            f.op("noc_async_read", [local(src), f.arith("addi", src, f.c(4 * k)), f.c(4 * k)],
                 ["!ttkernel.noc_addr", "i32", "i32"])
            f.end()
            barrier()
    if kind == "scalar":  # element (0, 0) over row 0 of face 0
        for k in (1, 2, 4, 8):
            copy(0, 4 * k, 4 * k)
            barrier()
    if kind in ("row", "scalar"):  # row 0 over the 16 rows of face 0 (and face 1 for a row)
        for k in (1, 2, 4, 8):
            copy(0, 64 * k, 64 * k)
            if kind == "row":
                copy(1024, 1024 + 64 * k, 64 * k)
            barrier()
    if kind == "col":  # faces 1, 3 = faces 0, 2
        copy(0, 1024, 1024)
        copy(2048, 3072, 1024)
    else:
        if kind == "scalar":  # face 1 = face 0
            copy(0, 1024, 1024)
            barrier()
        copy(0, 2048, 2048)  # faces 2, 3 = faces 0, 1
    barrier()
