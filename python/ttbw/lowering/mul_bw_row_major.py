"""`ttir.mul_bw` with ROW_MAJOR tensors (no broadcast; ROW_MAJOR results; inputs any mix of
ROW_MAJOR and TILE; bf16 / f32): tilize / untilize inside the fused program.

Work unit: a block = 32 rows of one batch item (Wt tiles). Per block the reader gathers the
rows of each ROW_MAJOR input into a staging CB (a row's page lands at row * Wt*32 elements, as
tilize_block expects; TILE inputs are read tile by tile), compute tilizes them into the
operand CBs, runs the same per-tile math as the TILE program (FPU mul_tiles for bf16, SFPU
for f32 / mixed, SFPU grad * s for a scalar b), untilizes ROW_MAJOR results into staging CBs,
and the writer writes back only the valid rows (H need not be a multiple of 32; the last block
reads and writes fewer rows). Padding columns / rows of a block hold stale L1 data: harmless
here because every result element depends only on the same element of the inputs and the
padding is never written back (this is why broadcast, which sums, bfloat8_b tensors, whose
pack shares an exponent across 16 elements of a row, and TILE results, whose padding must be
0 for whatever reads them next, are not done here but by mul_bw_program's rm_tiles plans,
whose reader builds zero-padded tiles from rows).
"""
from __future__ import annotations

from functools import lru_cache

from .kernel_ir import KernelFn, cb_type, module_text, tensor_accessor
from ttbw.runtime.scalar_args import scalar_args

from .mul_bw_program import CB_G, CB_OUT_X, CB_OUT_Y, CB_ROUND, CB_X, CB_Y, Plan, split_units


def _rmt(dt: str) -> str:
    """A row-major staging CB (scalar elements, as tilize/untilize require)."""
    return f"!ttkernel.cb<4096, {dt}>"


STAGE = {"g": 8, "y": 9, "x": 10, "oy": 24, "ox": 25}
CB_OF = {"g": CB_G, "y": CB_Y, "x": CB_X, "oy": CB_OUT_Y, "ox": CB_OUT_X}


def _rows(f: KernelFn, u: str, H: str, Ht: str):
    """(first row page, row count) of block u: rows b*H + 32*hb ... (at most 32, within H)."""
    b = f.arith("divui", u, Ht)
    hb = f.arith("remui", u, Ht)
    h0 = f.arith("muli", hb, f.c(32))
    row0 = f.arith("addi", f.arith("muli", b, H), h0)
    left = f.arith("subi", H, h0)
    n = f.arith("minui", left, f.c(32))
    return row0, n


def _reader(p: Plan) -> str:
    f = KernelFn("reader", "noc")
    roles = ["g"] + (["y"] if p.read_y else []) + (["x"] if p.read_x else [])
    cbs, accs = {}, {}
    addr = {r: f.arg(i) for i, r in enumerate(("g", "y", "x"))}
    first, n, H, Ht, Wt = (f.arg(i) for i in range(3, 8))
    rb = {r: f.arg(8 + i) for i, r in enumerate(("g", "y", "x"))}
    st = {r: f.arg(11 + i) for i, r in enumerate(("g", "y", "x"))}
    ct = {"g": 0, "y": 1, "x": 2}
    for r in roles:
        if p.is_rm(r):
            cbs[r] = f.cb(f"cb_{r}_rm", ct[r], _rmt(p.fmt(r)))
            args = f.op("TensorAccessorArgs", [f.c(3 + ct[r]), f.c(0)], ["i32", "i32"], "!ttkernel.TensorAccessorArgs",
                        props="operandSegmentSizes = array<i32: 1, 1, 0>")
            accs[r] = f.op("TensorAccessor", [args, addr[r], rb[r]], ["!ttkernel.TensorAccessorArgs", "i32", "i32"],
                           "!ttkernel.TensorAccessor")
        else:
            cbs[r] = f.cb(f"cb_{r}", ct[r], cb_type(p.fmt(r)))
            accs[r] = tensor_accessor(f, 3 + ct[r], addr[r], cbs[r])
    one = f.c(1)
    u = f.for_(first, n)
    row0, nrows = _rows(f, u, H, Ht)
    for r in roles:
        if p.is_rm(r):
            cb = cbs[r]
            f.cbop("cb_reserve_back", cb, Wt)
            wp = f.op("get_write_ptr", [cb], [f.cb_types[cb]], "i32")
            i = f.for_(None, nrows)
            row = f.arith("addi", row0, i)
            dst = f.arith("addi", wp, f.arith("muli", i, st[r]))
            f.read_tile(row, accs[r], dst)
            f.end()
            f.op("noc_async_read_barrier")
            f.cbop("cb_push_back", cb, Wt)
    tiles = [r for r in roles if not p.is_rm(r)]
    if tiles:
        base = f.arith("muli", u, Wt)
        w = f.for_(None, Wt)
        t = f.arith("addi", base, w)
        for r in tiles:
            f.cbop("cb_reserve_back", cbs[r], one)
            wp = f.op("get_write_ptr", [cbs[r]], [f.cb_types[cbs[r]]], "i32")
            f.read_tile(t, accs[r], wp)
        f.op("noc_async_read_barrier")
        for r in tiles:
            f.cbop("cb_push_back", cbs[r], one)
        f.end()
    f.end()
    return f.text()


def _writer(p: Plan) -> str:
    f = KernelFn("writer", "noc")
    roles = (["oy"] if p.need_y else []) + (["ox"] if p.need_x else [])
    ct = {"oy": 0, "ox": 1}
    addr = {r: f.arg(ct[r]) for r in ("oy", "ox")}
    first, n, H, Ht, Wt = (f.arg(i) for i in range(2, 7))
    rb = {r: f.arg(7 + ct[r]) for r in ("oy", "ox")}
    st = {r: f.arg(9 + ct[r]) for r in ("oy", "ox")}
    cbs, accs = {}, {}
    for r in roles:
        cbs[r] = f.cb(f"cb_{r}", ct[r], _rmt(p.fmt(r)) if p.is_rm(r) else cb_type(p.fmt(r)))
        if p.is_rm(r):
            args = f.op("TensorAccessorArgs", [f.c(2 + ct[r]), f.c(0)], ["i32", "i32"], "!ttkernel.TensorAccessorArgs",
                        props="operandSegmentSizes = array<i32: 1, 1, 0>")
            accs[r] = f.op("TensorAccessor", [args, addr[r], rb[r]], ["!ttkernel.TensorAccessorArgs", "i32", "i32"],
                           "!ttkernel.TensorAccessor")
        else:
            accs[r] = tensor_accessor(f, 2 + ct[r], addr[r], cbs[r])
    one = f.c(1)
    u = f.for_(first, n)
    tiles = [r for r in roles if not p.is_rm(r)]
    if tiles:
        base = f.arith("muli", u, Wt)
        w = f.for_(None, Wt)
        t = f.arith("addi", base, w)
        for r in tiles:
            f.cbop("cb_wait_front", cbs[r], one)
            rp = f.op("get_read_ptr", [cbs[r]], [f.cb_types[cbs[r]]], "i32")
            f.write_tile(t, accs[r], rp)
            f.op("noc_async_write_barrier")
            f.cbop("cb_pop_front", cbs[r], one)
        f.end()
    rms = [r for r in roles if p.is_rm(r)]
    if rms:
        row0, nrows = _rows(f, u, H, Ht)
        for r in rms:
            cb = cbs[r]
            f.cbop("cb_wait_front", cb, Wt)
            rp = f.op("get_read_ptr", [cb], [f.cb_types[cb]], "i32")
            i = f.for_(None, nrows)
            row = f.arith("addi", row0, i)
            src = f.arith("addi", rp, f.arith("muli", i, st[r]))
            f.write_tile(row, accs[r], src)
            f.end()
            f.op("noc_async_write_barrier")
            f.cbop("cb_pop_front", cb, Wt)
    f.end()
    return f.text()


def _compute(p: Plan) -> str:
    f = KernelFn("compute", "compute")
    ty = f.cb_types
    ins = ["g"] + (["y"] if p.read_y else []) + (["x"] if p.read_x else [])
    outs = (["oy"] if p.need_y else []) + (["ox"] if p.need_x else [])
    # compile-time args: [cb_g, cb_y, cb_x, cb_out_y, cb_out_x, cb_round, stage g/y/x/oy/ox]
    ct = {"g": 0, "y": 1, "x": 2, "oy": 3, "ox": 4}
    cb = {r: f.cb(f"cb_{r}", ct[r], cb_type(p.fmt(r))) for r in ins + outs}
    stage = {r: f.cb(f"cb_{r}_rm", 6 + ct[r], _rmt(p.fmt(r))) for r in ins + outs if p.is_rm(r)}
    hop = {"oy": p.hop_y, "ox": p.hop_x}
    cb_r = f.cb("cb_round", 5, cb_type("bf16")) if p.hop_y or p.hop_x else None
    n, Wt = f.arg(0), f.arg(1)
    zero, one = f.c(0), f.c(1)
    s = f.runtime_scalar(2) if p.mode == "scalar" else None
    first_out = cb[outs[0]]
    if p.mode == "fpu":
        other = cb["x"] if p.read_x else cb["y"]
        f.op("binary_op_init_common", [cb["g"], other, first_out], [ty[cb["g"]], ty[other], ty[first_out]])
    else:
        f.op("init_sfpu", [cb["g"], first_out], [ty[cb["g"]], ty[first_out]])

    f.for_(None, n)
    for r in ins:  # tilize the block's ROW_MAJOR inputs
        if p.is_rm(r):
            f.cbop("cb_wait_front", stage[r], Wt)
            f.cbop("cb_reserve_back", cb[r], Wt)
            f.op("tilize_init", [stage[r], Wt, cb[r]], [ty[stage[r]], "i32", ty[cb[r]]])
            f.op("tilize_block", [stage[r], Wt, cb[r]], [ty[stage[r]], "i32", ty[cb[r]]])
            f.op("tilize_uninit", [stage[r], cb[r]], [ty[stage[r]], ty[cb[r]]])
            f.cbop("cb_push_back", cb[r], Wt)
            f.cbop("cb_pop_front", stage[r], Wt)
    f.for_(None, Wt)
    for r in ins:
        f.cbop("cb_wait_front", cb[r], one)
    f.acquire()
    dst = {}
    if p.mode == "fpu":
        for out, fac, d in (("oy", "x", 0), ("ox", "y", 1)):
            if out in outs:
                f.fpu_product("none", cb["g"], zero, cb[fac], zero, d, None)
                dst[out] = d
    elif p.mode == "sfpu":
        f.copy(cb["g"], 0)
        for out, fac, d in (("oy", "x", 1), ("ox", "y", 2)):
            if out in outs:
                f.copy(cb[fac], d)
                f.op("mul_binary_tile_init")
                f.op("mul_binary_tile", [zero, f.c(d), f.c(d)], ["i32"] * 3)
                dst[out] = d
    else:
        f.copy(cb["g"], 0)
        f.op("fill_tile_init")
        f.op("fill_tile", [one, s], ["i32", "f32"])
        f.op("mul_binary_tile_init")
        f.op("mul_binary_tile", [zero, one, zero], ["i32"] * 3)
        dst["oy"] = 0
    f.pack([(dst[o], cb_r if hop[o] else cb[o]) for o in outs])
    for r in ins:
        f.cbop("cb_pop_front", cb[r], one)
    for o in outs:
        if hop[o]:
            f.move(cb_r, cb[o])
    f.end()  # tiles of the block
    for o in outs:  # untilize the block's ROW_MAJOR results
        if p.is_rm(o):
            f.cbop("cb_wait_front", cb[o], Wt)
            f.cbop("cb_reserve_back", stage[o], Wt)
            f.op("untilize_init", [cb[o]], [ty[cb[o]]])
            f.op("untilize_block", [cb[o], Wt, stage[o]], [ty[cb[o]], "i32", ty[stage[o]]])
            f.op("untilize_uninit", [cb[o]], [ty[cb[o]]])
            f.cbop("cb_push_back", stage[o], Wt)
            f.cbop("cb_pop_front", cb[o], Wt)
    f.end()  # blocks
    return f.text()


def kernel_ir_rm(plan) -> str:
    """The TTKernel module (reader, compute, writer) of a plan."""
    return module_text(_reader(plan), _compute(plan), _writer(plan))


@lru_cache(maxsize=None)
def kernel_sources_rm(plan: Plan) -> dict[str, str]:
    from ttbw.ttmlir import kernel_cpp

    text = kernel_ir_rm(plan)
    return kernel_cpp(text, "<mul_bw_fused_row_major>")  # parses, verifies, translates


def build_program_rm(an, buffers: dict, grid=(8, 8), scalar: float | None = None):
    from ttbw.runtime import CircularBuffer, CoreRange, Kernel, Program

    p = an.plan
    src = kernel_sources_rm(p)
    H, Ht, Wt = an.rm_dims
    work = split_units(an.units, grid)
    cores = [CoreRange.single(*c) for c, _, _ in work]
    out_of = {"a": "input_grad", "b": "other_grad"}
    bufs = {"g": buffers["grad"],
            "y": buffers.get(an.y_name) if p.read_y else None,
            "x": buffers.get(an.x_name) if p.read_x and an.x_name else None,
            "oy": buffers[out_of[an.y_name]] if p.need_y else None,
            "ox": buffers[out_of[an.x_name]] if p.need_x else None}
    addr = lambda b: b.address if b is not None else 0  # noqa: E731
    accf = lambda b: b.accessor_config if b is not None else 0  # noqa: E731

    def rb(r):  # page bytes of a ROW_MAJOR tensor, and its row stride in a staging block
        b = bufs[r]
        if b is None or b.layout != "row_major":
            return 0, 0
        return b.page_size, Wt * 32 * b.data_format.element_bytes

    ins, outs = ("g", "y", "x"), ("oy", "ox")
    sargs = scalar_args(scalar) if p.mode == "scalar" else [0, 0, 0]
    kernels = [
        Kernel("reader", src["reader"], "reader", cores,
               [STAGE[r] if p.is_rm(r) else CB_OF[r] for r in ins] + [accf(bufs[r]) for r in ins],
               {c: [*(addr(bufs[r]) for r in ins), f, n, H, Ht, Wt, *(rb(r)[0] for r in ins), *(rb(r)[1] for r in ins)]
                for c, f, n in work}),
        Kernel("compute", src["compute"], "compute", cores,
               [CB_G, CB_Y, CB_X, CB_OUT_Y, CB_OUT_X, CB_ROUND] + [STAGE[r] for r in ins + outs],
               {c: [n, Wt, *sargs] for c, f, n in work}, fp32_dest_acc_en=p.fp32_dest),
        Kernel("writer", src["writer"], "writer", cores,
               [STAGE[r] if p.is_rm(r) else CB_OF[r] for r in outs] + [accf(bufs[r]) for r in outs],
               {c: [*(addr(bufs[r]) for r in outs), f, n, H, Ht, Wt, *(rb(r)[0] for r in outs),
                    *(rb(r)[1] for r in outs)] for c, f, n in work}),
    ]
    cbs = []
    for r in ins + outs:
        b = bufs[r]
        if b is None:
            continue
        cbs.append(CircularBuffer(CB_OF[r], b.data_format, Wt if p.is_rm(r) else 2, cores))
        if p.is_rm(r):
            cbs.append(CircularBuffer(STAGE[r], b.data_format, Wt, cores))
    if p.hop_y or p.hop_x:
        cbs.append(CircularBuffer(CB_ROUND, "bf16", 2, cores))
    return Program(kernels, cbs, [b for b in bufs.values() if b is not None])
