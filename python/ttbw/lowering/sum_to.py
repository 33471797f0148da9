"""`ttir.sum` (keep_dim) -> one Tensix program: composite mode's reduction.

    out[u] = sum_j reduce_bcast(x[t(u, j)])

Built from the fused generator's pieces (`mul_bw_program`): the same tile mapping triplets
(one unit per output tile, `inner` input tiles summed into it), `reduce_tile<sum>` with a 1.0
scaler tile for in-tile dims, SFPU `add_binary_tile` across whole tiles, partial sums in an f32
CB (fp32 DST), rounded once when packed to the output's format: the fused numerics without the
product. Inputs bf16 / bfloat8_b (exact in the FPU's source registers) or f32: an f32 tile the
FPU must reduce is first split into three TF32-exact parts (`x = trunc(x) + trunc(r) + r'`,
`trunc` = FPU multiply by 1.0, as `mul_bw_program` does) whose reductions add up exactly in fp32.

Runtime args: reader [addr_in, first_unit, num_units, inner, kept / summed triplets];
compute [num_units, inner]; writer [addr_out, first_unit, num_units].
"""
from __future__ import annotations

from functools import lru_cache

from .kernel_ir import (IR_FORMAT, MAX_GROUPS, KernelFn, cb_type, mapping_args, module_text, tensor_accessor,
                        tile_map)
from .mul_bw_program import UnsupportedError, split_units

CB_IN, CB_SCALER, CB_ACC, CB_PARTS, CB_TMP, CB_OUT = 0, 3, 5, 8, 9, 16
ARG_NAMES = {
    "reader": ["addr_in", "first_unit", "num_units", "inner"]
    + [f"{g}{i}_{f}" for g in ("kept", "summed") for i in range(MAX_GROUPS) for f in ("div", "mod", "stride")],
    "compute": ["num_units", "inner"],
    "writer": ["addr_out", "first_unit", "num_units"],
}


def _reader(fin: str) -> str:
    r = KernelFn("reader", "noc")
    cb = r.cb("cb_in", 0, cb_type(IR_FORMAT[fin]))
    addr, first, nu, inner = r.arg(0), r.arg(1), r.arg(2), r.arg(3)
    kept, summed = mapping_args(r, 4)
    acc = tensor_accessor(r, 1, addr, cb)
    one = r.c(1)
    u = r.for_(first, nu)
    tu = tile_map(r, u, kept)
    j = r.for_(None, inner)
    t = r.arith("addi", tu, tile_map(r, j, summed))
    r.cbop("cb_reserve_back", cb, one)
    wp = r.op("get_write_ptr", [cb], [r.cb_types[cb]], "i32")
    r.read_tile(t, acc, wp)
    r.op("noc_async_read_barrier")
    r.cbop("cb_push_back", cb, one)
    r.end()
    r.end()
    return r.text()


def _writer(fout: str) -> str:
    w = KernelFn("writer", "noc")
    cbo = w.cb("cb_out", 0, cb_type(IR_FORMAT[fout]))
    addr, first, nu = w.arg(0), w.arg(1), w.arg(2)
    acc = tensor_accessor(w, 1, addr, cbo)
    one = w.c(1)
    u = w.for_(first, nu)
    w.cbop("cb_wait_front", cbo, one)
    rp = w.op("get_read_ptr", [cbo], [w.cb_types[cbo]], "i32")
    w.write_tile(u, acc, rp)
    w.op("noc_async_write_barrier")
    w.cbop("cb_pop_front", cbo, one)
    w.end()
    return w.text()


def _compute(bcast: str, fin: str, fout: str) -> str:
    f = KernelFn("compute", "compute")
    split = fin == "f32" and bcast != "none"  # f32 data must not pass the FPU's TF32 registers whole
    cb_in = f.cb("cb_in", 0, cb_type(IR_FORMAT[fin]))
    cb_s = f.cb("cb_s", 1, cb_type("bf16", 1)) if bcast != "none" else None
    cb_acc = f.cb("cb_acc", 2, cb_type("f32", 1))
    cb_parts = f.cb("cb_parts", 3, cb_type("f32", 4)) if split else None
    cb_tmp = f.cb("cb_tmp", 4, cb_type("f32", 1)) if split else None
    cb_out = f.cb("cb_out", 5, cb_type(IR_FORMAT[fout]))
    nu, inner = f.arg(0), f.arg(1)
    one = f.c(1)
    f.op("init_sfpu", [cb_in, cb_out], [f.cb_types[cb_in], f.cb_types[cb_out]])
    if cb_s is not None:  # the scaler tile (all 1.0)
        f.fill_tiles("1.0", cb_s)
        f.cbop("cb_wait_front", cb_s, one)
    f.for_(None, nu)
    f.fill_tiles("0.0", cb_acc)
    f.for_(None, inner)
    f.accumulate(cb_acc, cb_in, bcast, cb_s, (cb_s, cb_tmp, cb_parts) if split else None)
    f.end()  # inner
    f.move(cb_acc, cb_out)  # rounded once
    f.end()  # units
    if cb_s is not None:
        f.cbop("cb_pop_front", cb_s, one)
    return f.text()


def kernel_ir(bcast: str, fin: str, fout: str) -> str:
    """reader / compute / writer of a sum: `bcast` = how each summed tile folds onto the output
    tile (none | row | col | scalar), input / output device formats."""
    return module_text(_reader(fin), _compute(bcast, fin, fout), _writer(fout))


@lru_cache(maxsize=None)
def kernel_sources(bcast: str, fin: str, fout: str) -> dict:
    from ttbw.ttmlir import kernel_cpp

    return kernel_cpp(kernel_ir(bcast, fin, fout), "<composite_sum>")  # parses, verifies, translates


def sum_program(an, x, out, grid):
    """out (the kept-dims tiles) = the sum, over the tiles / in-tile dims the fused analysis
    `an` (of sum_to(grad * a, out)) maps onto each of out's tiles, of x (grad-shaped)."""
    from ttbw.runtime import CircularBuffer, CoreRange, Kernel, Program

    from .describe import _format_name

    bcast = an.plan.bcast
    fin, fout = _format_name(x.data_format), _format_name(out.data_format)
    if "row_major" in (x.layout, out.layout):
        raise UnsupportedError("composite mode: ttir.sum works on TILE tensors")
    src = kernel_sources(bcast, fin, fout)
    work = split_units(an.units, grid)
    cores = [CoreRange.single(*c) for c, _, _ in work]
    mapping = [v for trip in an.kept + an.summed for v in trip]
    kernels = [
        Kernel("reader", src["reader"], "reader", cores, [CB_IN, x.accessor_config],
               {c: [x.address, f, n, an.inner, *mapping] for c, f, n in work}),
        Kernel("compute", src["compute"], "compute", cores, [CB_IN, CB_SCALER, CB_ACC, CB_PARTS, CB_TMP, CB_OUT],
               {c: [n, an.inner] for c, f, n in work}, fp32_dest_acc_en=True),
        Kernel("writer", src["writer"], "writer", cores, [CB_OUT, out.accessor_config],
               {c: [out.address, f, n] for c, f, n in work}),
    ]
    cbs = [CircularBuffer(CB_IN, x.data_format, 2, cores), CircularBuffer(CB_ACC, "f32", 1, cores),
           CircularBuffer(CB_OUT, out.data_format, 2, cores)]
    if bcast != "none":
        cbs.append(CircularBuffer(CB_SCALER, "bf16", 1, cores))
    if fin == "f32" and bcast != "none":
        cbs += [CircularBuffer(CB_PARTS, "f32", 4, cores), CircularBuffer(CB_TMP, "f32", 1, cores)]
    return Program(kernels, cbs, [x, out])
