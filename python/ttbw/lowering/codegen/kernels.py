"""Kernel emission: `Kernels` -> reader / compute / writer TTKernel functions (kernel_ir).

Reader: per unit, the held inputs' tiles once; per inner step, every other input's tile
(ROW_MAJOR inputs built from their rows over a page cleared from a zero tile). An f32 tile
broadcast inside the tile is broadcast by the reader, in L1 (`broadcast_in_l1`: its valid
row / column / element copied over the page through the core's own NOC address): data
movement is exact for every f32 value (infinities, NaN, subnormals), where the FPU's
`unary_bcast` reads TF32. Compute (`compute.py`): per unit, the partial sum zeroed; per inner step, one DST
section evaluating the expression (FPU multiply or SFPU tree; before it, the sections of its
rounding hops and of the values spilled to the f32 spill CB, sections.py), packed to the result
(or, in a reduction, to the term CB, then `accumulate`d); the partial rounded once into the result, or,
with an epilogue, unpacked into DST once more with the epilogue's inputs (held over the unit)
and packed (rounded once) into the result.
Writer: each result tile (a reduction: one per unit).

Several outputs (sibling generics over one iteration space): per inner step one section per
output, elementwise results written per step, reductions' per unit. Cross reductions (see
schedule.py) add a middle loop between units and inner steps: the reader reads the indexed
held inputs' inner tiles per unit and the middle inputs per middle step; compute keeps each
reduction's partial per its `partial` kind (program.Partial): one per middle step (rounded
into its result after the inner loop), a FIFO of inner partials (after the middle loop), one
per unit (after the middle loop), one per step (after the step).

Read-back (`Kernels.readback`, program.ReadBack): the reader's inner loop twice per unit (the
sums' inputs, then the results'), between them the finished sums the compute packed copied to a
second CB and broadcast there in L1 (`broadcast_sums`); `readback_compute.py` the compute.

Masked programs (`Kernels.masked`: sums inside the tile, bfloat8_b results): per step whose
tile of the iteration space has padding (an edge tile; sizes are runtime args, so both kernels
test it at run time, `space_tile`) the reader makes the step's mask (1.0 inside the space, 0 in
the padding: the zero tile, then the 1.0 tile over each face's valid rows / columns) and pushes
it; the compute sets each term's (or bfloat8_b value's) padding to 0 with it (`where_tile`)
before packing it. A full tile needs neither.

Compile args (CB indices, then TensorAccessorArgs words; inputs 0 .. 7 take CBs 0 .. 7, further
ones pool CBs: cbs.input_cbs):
  reader  [in_0 .. in_k-1, zero, accessor_0 .. accessor_k-1, (mask), (read-back in-tile: sums, broadcast)]
  compute [in_0 .. in_k-1, out_0, scaler, acc_0, term_0, round, parts, tmp, zero,
           then per further output: out_j, acc_j, term_j (output_cbs), (read-back: acc_r, term_r
           of sums 1.., sums, broadcast: cbs.readback_cbs), then the hops' CBs, (mask), (spill: spill_cb)]
  writer  [out_0 .. out_m-1, accessor_0 .. accessor_m-1]
Runtime args: `launch.arg_names`.
"""
from __future__ import annotations

from ..errors import UnsupportedError
from ..kernel_ir import ELEMENT_BYTES, RM_ARGS, KernelFn, rm_accessor, rm_chunk_dims, rm_read_tile, rm_write_tile, \
    tensor_accessor, tile_map
from .cbs import MAX_HOPS, MAX_SPILL_PAGES, input_cbs, tile_cb
from .compute import Compute
from .l1_broadcast import broadcast_in_l1
from .padding_mask import mask_tile
from .program import Kernels, Partial
from .readback_compute import ReadBackCompute
from .tile_args import SpaceTiles, fifo_page_args, operand_maps


def reader(k: Kernels) -> KernelFn:
    f = KernelFn("reader", "noc")
    n = len(k.inputs)
    cbs = [f.cb(f"cb_in{i}", i, tile_cb(o.fmt)) for i, o in enumerate(k.inputs)]
    addrs = [f.arg(i) for i in range(n)]
    first, nu, inner = f.arg(n), f.arg(n + 1), f.arg(n + 2)
    head = n + 3 + int(k.cross)
    middle = f.arg(n + 3) if k.cross else None
    maps = operand_maps(f, k, head, n)
    rm_base = head + (27 if k.cross else 18) * n
    per_input = len(RM_ARGS) + 1  # and the window's base tile
    znoc = cb_z = None
    accs = []
    for i, o in enumerate(k.inputs):
        if o.layout == "row_major":
            dims = [f.arg(rm_base + 2 + per_input * i + j) for j in range(len(RM_ARGS))]
            accs.append((rm_accessor(f, n + 1 + i, addrs[i], dims[4]), rm_chunk_dims(dims)))
        else:
            accs.append((tensor_accessor(f, n + 1 + i, addrs[i], cbs[i]), None))
    window_base = {i: f.arg(rm_base + 2 + per_input * i + len(RM_ARGS)) for i, o in enumerate(k.inputs)
                   if o.access.window is not None}
    one = f.c(1)
    cx, cy = f.arg(rm_base), f.arg(rm_base + 1)

    def local(addr):  # the NOC address of this core's L1 addr
        return f.op("get_noc_addr", [cx, cy, addr], ["i32", "i32", "i32"], "!ttkernel.noc_addr")

    zeros = f.c(2 if k.masked else 1)  # the zero tile compute packed (and the 1.0 tile)
    zptr = None
    if k.rm_inputs or k.masked:
        cb_z = f.cb("cb_zero", n, tile_cb("bf16", 1))
        f.cbop("cb_wait_front", cb_z, zeros)
        zptr = f.op("get_read_ptr", [cb_z], [f.cb_types[cb_z]], "i32")
        znoc = local(zptr)
    if k.masked:
        cb_mask = f.cb("cb_mask", 2 * n + 1, tile_cb("bf16"))
        space = SpaceTiles(f, k, rm_base + 2 + per_input * n)
        space_map = space.maps

    def read_all(items):
        ptrs = []
        for i, t in items:
            f.cbop("cb_reserve_back", cbs[i], one)
            wp = f.op("get_write_ptr", [cbs[i]], [f.cb_types[cbs[i]]], "i32")
            ptrs.append(wp)
            acc, dims = accs[i]
            if dims is None:
                f.read_tile(t, acc, wp)
            else:
                rm_read_tile(f, t, acc, dims, ELEMENT_BYTES[k.inputs[i].fmt], wp, znoc)
        f.op("noc_async_read_barrier")
        for (i, _), wp in zip(items, ptrs):
            if k.reader_bcast(i):
                broadcast_in_l1(f, wp, k.inputs[i].access.bcast, local)
        for i, _ in items:
            f.cbop("cb_push_back", cbs[i], one)

    access = [o.access for o in k.inputs]
    held = [i for i in range(n) if access[i].held and not access[i].indexed]
    indexed = [i for i in range(n) if access[i].indexed]
    per_middle = [i for i in range(n) if access[i].middle]
    streamed = [i for i in range(n) if not (access[i].held or access[i].middle)]
    u = f.for_(first, nu)
    base = {i: tile_map(f, u, maps[i][0]) for i in range(n)}
    for i, b in window_base.items():
        base[i] = f.arith("addi", base[i], b)
    if k.masked:
        base["space"] = tile_map(f, u, space_map[0])
    if held:
        read_all([(i, base[i]) for i in held])
    if indexed:  # every inner tile of these, held over the unit
        j = f.for_(None, inner)
        read_all([(i, f.arith("addi", base[i], tile_map(f, j, maps[i][1]))) for i in indexed])
        f.end()
    if k.cross:
        m = f.for_(None, middle)
        base = {i: f.arith("addi", base[i], tile_map(f, m, (space_map if i == "space" else maps[i])[2]))
                for i in base}
        if per_middle:
            read_all([(i, base[i]) for i in per_middle])
    rb = k.readback

    def steps(read, masked):  # one pass over the unit's inner tiles (none when it has nothing to do)
        if not (read or masked):
            return
        j = f.for_(None, inner)
        if masked:  # the mask of this step's tile of the space, if it has padding
            valid_rows, valid_cols, padded = space.tile(f.arith("addi", base["space"], tile_map(f, j, space_map[1])))
            f.if_(padded)
            f.cbop("cb_reserve_back", cb_mask, one)
            mask_tile(f, f.op("get_write_ptr", [cb_mask], [f.cb_types[cb_mask]], "i32"), valid_rows, valid_cols,
                      zptr, local)
            f.cbop("cb_push_back", cb_mask, one)
            f.end()
        if read:
            read_all([(i, f.arith("addi", base[i], tile_map(f, j, maps[i][1]))) for i in read])
        f.end()
    if rb is None:
        steps(streamed, k.masked)
    else:  # the sums' pass, their broadcast, the outputs' pass
        steps(list(rb.first), rb.masked)
        if rb.bcast != "none":
            broadcast_sums(f, len(rb.terms), rb.bcast, 2 * n + 1 + int(k.masked), local)
        steps(list(rb.second), any(k.zeroes_padding(j) for j in range(len(k.outputs))))
    if k.cross:
        f.end()
    f.end()
    if cb_z is not None:
        f.cbop("cb_pop_front", cb_z, zeros)
    return f


def broadcast_sums(f: KernelFn, count: int, kind: str, arg: int, local) -> None:
    """The reader's part of a read-back: the `count` finished sums the compute packed (CB of
    compile arg `arg`, raw) copied onto the val CB (compile arg arg + 1) and broadcast there,
    in L1 (exact for every f32 value)."""
    raw, val = f.cb("cb_sums", arg, tile_cb("f32", count)), f.cb("cb_sums_bcast", arg + 1, tile_cb("f32", count))
    pages = f.c(count)
    f.cbop("cb_wait_front", raw, pages)
    f.cbop("cb_reserve_back", val, pages)
    src = f.op("get_read_ptr", [raw], [f.cb_types[raw]], "i32")
    dst = f.op("get_write_ptr", [val], [f.cb_types[val]], "i32")
    f.op("noc_async_read", [local(src), dst, f.c(4096 * count)], ["!ttkernel.noc_addr", "i32", "i32"])
    f.op("noc_async_read_barrier")
    for r in range(count):
        broadcast_in_l1(f, dst if r == 0 else f.arith("addi", dst, f.c(4096 * r)), kind, local)
    f.cbop("cb_push_back", val, pages)
    f.cbop("cb_pop_front", raw, pages)


def writer(k: Kernels) -> KernelFn:
    f = KernelFn("writer", "noc")
    m = len(k.outputs)
    cbs = [f.cb(f"cb_out{j}", j, tile_cb(o.fmt)) for j, o in enumerate(k.outputs)]
    addrs = [f.arg(j) for j in range(m)]
    first, nu, inner = f.arg(m), f.arg(m + 1), f.arg(m + 2)
    head = m + 3 + int(k.cross)
    middle = f.arg(m + 3) if k.cross else None
    maps = operand_maps(f, k, head, m)
    rm_base = head + (27 if k.cross else 18) * m
    accs = []
    for j, o in enumerate(k.outputs):
        if o.operand.layout == "row_major":
            dims = [f.arg(rm_base + len(RM_ARGS) * j + i) for i in range(len(RM_ARGS))]
            accs.append((rm_accessor(f, m + j, addrs[j], dims[4]), rm_chunk_dims(dims)))
        else:
            accs.append((tensor_accessor(f, m + j, addrs[j], cbs[j]), None))
    one = f.c(1)

    def write(j, t):
        f.cbop("cb_wait_front", cbs[j], one)
        rp = f.op("get_read_ptr", [cbs[j]], [f.cb_types[cbs[j]]], "i32")
        acc, dims = accs[j]
        if dims is None:
            f.write_tile(t, acc, rp)
        else:
            rm_write_tile(f, t, acc, dims, ELEMENT_BYTES[k.outputs[j].fmt], rp)
        f.op("noc_async_write_barrier")
        f.cbop("cb_pop_front", cbs[j], one)

    u = f.for_(first, nu)
    base = [tile_map(f, u, maps[j][0]) for j in range(m)]
    unit_base = base
    pages = fifo_page_args(f, k, rm_base + len(RM_ARGS) * m) if k.cross else {}
    if k.cross:
        mi = f.for_(None, middle)
        base = [f.arith("addi", base[j], tile_map(f, mi, maps[j][2])) for j in range(m)]
    per_step = [j for j, o in enumerate(k.outputs) if not o.reduce or o.partial is Partial.STEP]
    if per_step:
        i = f.for_(None, inner)
        for j in per_step:
            write(j, f.arith("addi", base[j], tile_map(f, i, maps[j][1])))
        f.end()
    for j, o in enumerate(k.outputs):
        if o.reduce and o.partial is Partial.INNER:
            write(j, base[j])
    for j, p in pages.items():
        if k.outputs[j].partial is Partial.MFIFO:  # its FIFO, after the inner loop of each middle step
            i = f.for_(None, p)
            write(j, f.arith("addi", base[j], tile_map(f, i, maps[j][1])))
            f.end()
    if k.cross:
        f.end()
        i = f.for_(None, inner)
        for j, o in enumerate(k.outputs):
            if o.fifo and not o.paged:
                write(j, f.arith("addi", unit_base[j], tile_map(f, i, maps[j][1])))
        f.end()
        for j, p in pages.items():
            if k.outputs[j].partial is not Partial.FIFO:
                continue
            i = f.for_(None, p)
            write(j, f.arith("addi", unit_base[j], tile_map(f, i, maps[j][1])))
            f.end()
        for j, o in enumerate(k.outputs):
            if o.reduce and o.partial is Partial.UNIT:
                write(j, unit_base[j])
    f.end()
    return f


def compute(k: Kernels) -> KernelFn:
    return (ReadBackCompute if k.readback is not None else Compute)(k).build()


def check_kernels(k: Kernels) -> None:
    """Raises UnsupportedError when the kernels of `k` need more than a core has."""
    input_cbs(k)  # UnsupportedError when the inputs' CBs do not fit beside the rest
    if k.round_hops > MAX_HOPS - int(k.masked):
        raise UnsupportedError(f"codegen: an expression needs more than {MAX_HOPS - int(k.masked)} rounding-hop CBs "
                               "at once")
    if k.spill_pages > MAX_SPILL_PAGES:
        raise UnsupportedError(f"codegen: one step spills {k.spill_pages} DST tiles to L1, more than the "
                               f"{MAX_SPILL_PAGES} pages of the spill CB")


def kernel_functions(k: Kernels) -> tuple[KernelFn, KernelFn, KernelFn]:
    """The reader, compute and writer kernels of a program (check_kernels first)."""
    check_kernels(k)
    return reader(k), compute(k), writer(k)
