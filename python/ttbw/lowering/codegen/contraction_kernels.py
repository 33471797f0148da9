"""The kernels and launch of a contraction program (`contraction.py`).

Per unit (a bm x bn block of output tiles) the reader streams, per K step, the block's bm A
tiles and bn B tiles (a transposed A: all its bm x inner tiles first, which the compute
transposes in-tile into a held CB), the epilogue's bias tiles first; the compute accumulates the
K loop's bm * bn tile products in DST (`matmul_tiles`, B's in-tile transpose by `mm_init`'s
flag), adds the bias (SFPU, fp32) and packs the block once (the pack's rounding: the epilogue's
`truncf`); the writer writes the block. Tiles of the last K step are zeroed past K by the reader
(from a zero tile the compute packs): an intermediate's padding need not be 0, and its product
with the other operand's padding (0 * inf) would reach valid elements.

A sibling sum of the transposed A (`contraction_sum.py`): on the units of column block 0 the
compute adds each panel tile, before popping it, into the Kahan accumulator of its block row
(`kernel_ir.accumulate`: reduce_tile over the tile's rows, whose K padding the reader zeroed;
bm accumulators rotating through one f32 CB) and moves the finished sums to their result before
the K loop; the writer writes them. A is read from DRAM no extra time.

CBs: 0 A, 1 B, 2 bias, 3 A transposed (bm x inner pages), 16 out, 23 zero; a sibling sum's 17
scaler (1.0), 18 accumulators (ACCUMULATOR_PAGES x bm), 24 its result.
Runtime args:
  reader  [addr_a, addr_b, addr_bias, first_unit, num_units, kt, inner, mb, nb, k_rem, core_x, core_y,
           a: batch0_div .. batch2_stride, summed0_div .. summed2_stride, m, n, k; b: the same; bias: the same]
  compute [num_units, inner] (+ [first_unit, nb] with a sibling sum)
  writer  [addr_out, first_unit, num_units, mb, nb, out: batch / summed triplets, m, n, k]
          (+ [addr_sum, sum: the same] with a sibling sum)
"""
from __future__ import annotations

from ttbw.target.device_model import split_work
from ttbw.target.formats import DataFormat
from ttbw.target.host_program import AddressOf, CircularBufferSpec, CoreArgs, KernelLaunch, Processor, \
    ProgramLaunch

from ..kernel_ir import ACCUMULATOR_PAGES, IR_FORMAT, MAX_GROUPS, KernelFn, cb_type, tensor_accessor, tile_map
from ..errors import UnsupportedError
from .contraction import HELD_BYTES, ContractionKernels, ContractionProgram

CB_A, CB_B, CB_BIAS, CB_AT, CB_OUT, CB_ZERO = 0, 1, 2, 3, 16, 23
CB_SCALER, CB_SUM_ACC, CB_SUM_OUT = 17, 18, 24  # a sibling sum's (the generic codegen's numbers)
WALK_ARGS = 6 * MAX_GROUPS + 3  # batch and summed triplets, m, n, k strides
_WALK_NAMES = [f"{g}{i}_{f}" for g in ("batch", "summed") for i in range(MAX_GROUPS)
               for f in ("div", "mod", "stride")] + ["m", "n", "k"]


def _ty(fmt: str, pages: int = 2) -> str:
    return cb_type(IR_FORMAT[fmt], pages)


class _Walk:
    """An operand's tile-id runtime args, read at `base`."""

    def __init__(self, f: KernelFn, base: int):
        vals = [f.arg(base + i) for i in range(WALK_ARGS)]
        self.batch = [tuple(vals[3 * i:3 * i + 3]) for i in range(MAX_GROUPS)]
        self.summed = [tuple(vals[3 * (MAX_GROUPS + i):3 * (MAX_GROUPS + i) + 3]) for i in range(MAX_GROUPS)]
        self.m, self.n, self.k = vals[-3:]


def _block_index(f: KernelFn, u: str, mb: str, nb: str):
    """(flat batch index, first M tile, first N tile) of unit u, in blocks (bm, bn) later."""
    nbi = f.arith("remui", u, nb)
    rest = f.arith("divui", u, nb)
    mbi = f.arith("remui", rest, mb)
    return f.arith("divui", rest, mb), mbi, nbi


def _select(f: KernelFn, cond: str, a: str, b: str) -> str:
    return f.add("arith.select", (cond, a, b), ("i32",))[0]


def _zero_padding(f: KernelFn, wp: str, znoc: str, k_rem: str, fmt: str, along_rows: bool) -> None:
    """Zeroes the rows (along_rows) or columns >= k_rem of the tile at L1 wp: byte (face * 256 +
    r * 16 + c) * eb of a bf16 / f32 tile, 64 + that of a bfloat8_b one (its mantissas)."""
    eb = DataFormat.parse(fmt).element_bytes if fmt != "bfp8_b" else 1
    base = 64 if fmt == "bfp8_b" else 0
    noc_types = ["!ttkernel.noc_addr", "i32", "i32"]
    for half in range(2):
        low = f.c(16 * half)
        start = _select(f, f.cmpi("ult", k_rem, low), f.c(0),
                        f.add("arith.minui", (f.arith("subi", k_rem, low), f.c(16)), ("i32",))[0])
        count = f.arith("subi", f.c(16), start)
        f.if_(f.cmpi("ugt", count, f.c(0)))
        if along_rows:  # rows start.. of the faces (half, 0) and (half, 1): contiguous
            for other in range(2):
                face = 2 * half + other
                off = f.arith("addi", f.c(base + face * 256 * eb), f.arith("muli", start, f.c(16 * eb)))
                f.op("noc_async_read", [znoc, f.arith("addi", wp, off), f.arith("muli", count, f.c(16 * eb))],
                     noc_types)
        else:  # columns start.. of every row of the faces (0, half) and (1, half)
            r = f.for_(None, f.c(32))
            face = f.arith("addi", f.arith("muli", f.arith("divui", r, f.c(16)), f.c(2)), f.c(half))
            elem = f.arith("addi", f.arith("addi", f.arith("muli", face, f.c(256)),
                                           f.arith("muli", f.arith("remui", r, f.c(16)), f.c(16))), start)
            off = f.arith("addi", f.c(base), f.arith("muli", elem, f.c(eb)))
            f.op("noc_async_read", [znoc, f.arith("addi", wp, off), f.arith("muli", count, f.c(eb))], noc_types)
            f.end()
        f.end()


def reader(k: ContractionKernels) -> KernelFn:
    f = KernelFn("reader", "noc")
    cb_a, cb_b = f.cb("cb_a", 0, _ty(k.a_fmt)), f.cb("cb_b", 1, _ty(k.b_fmt))
    cb_bias = f.cb("cb_bias", 2, _ty(k.bias.fmt)) if k.bias else None
    addr_a, addr_b, addr_bias = f.arg(0), f.arg(1), f.arg(2)
    first, count, kt, inner, mb, nb, k_rem, cx, cy = (f.arg(i) for i in range(3, 12))
    walks = [_Walk(f, 12 + WALK_ARGS * i) for i in range(3 if k.bias else 2)]
    acc_a = tensor_accessor(f, 4, addr_a, cb_a)
    acc_b = tensor_accessor(f, 5, addr_b, cb_b)
    acc_bias = tensor_accessor(f, 6, addr_bias, cb_bias) if k.bias else None
    znoc = None
    if k.k_padded:
        cb_zero = f.cb("cb_zero", 3, _ty("bf16", 1))
        f.cbop("cb_wait_front", cb_zero, f.c(1))
        zptr = f.op("get_read_ptr", [cb_zero], [f.cb_types[cb_zero]], "i32")
        znoc = f.op("get_noc_addr", [cx, cy, zptr], ["i32", "i32", "i32"], "!ttkernel.noc_addr")
    one = f.c(1)
    last_k = f.arith("subi", kt, one)

    def read(cb, acc, tile, fmt=None, edge=None, along_rows=False):
        f.cbop("cb_reserve_back", cb, one)
        wp = f.op("get_write_ptr", [cb], [f.cb_types[cb]], "i32")
        f.read_tile(tile, acc, wp)
        f.op("noc_async_read_barrier")
        if edge is not None:
            f.if_(edge)
            _zero_padding(f, wp, znoc, k_rem, fmt, along_rows)
            f.op("noc_async_read_barrier")
            f.end()
        f.cbop("cb_push_back", cb, one)

    u = f.for_(first, count)
    flat, mbi, nbi = _block_index(f, u, mb, nb)
    m0, n0 = f.arith("muli", mbi, f.c(k.bm)), f.arith("muli", nbi, f.c(k.bn))
    bases = [tile_map(f, flat, w.batch) for w in walks]
    if k.bias:
        w = walks[2]
        for i in range(k.bm):
            for j in range(k.bn):
                m_off = f.arith("muli", f.arith("addi", m0, f.c(i)), w.m)
                n_off = f.arith("muli", f.arith("addi", n0, f.c(j)), w.n)
                read(cb_bias, acc_bias, f.arith("addi", bases[2], f.arith("addi", m_off, n_off)))

    def a_tile(s_off, kk, i):
        m_off = f.arith("muli", f.arith("addi", m0, f.c(i)), walks[0].m)
        return f.arith("addi", f.arith("addi", s_off, m_off), f.arith("muli", kk, walks[0].k))

    def k_step(fn):
        j = f.for_(None, inner)
        s = f.arith("divui", j, kt)
        kk = f.arith("remui", j, kt)
        edge = f.cmpi("eq", kk, last_k) if k.k_padded else None
        fn(s, kk, edge)
        f.end()

    def a_block(s, kk, edge):
        s_off = f.arith("addi", bases[0], tile_map(f, s, walks[0].summed))
        for i in range(k.bm):
            read(cb_a, acc_a, a_tile(s_off, kk, i), k.a_fmt, edge, along_rows=k.transpose_a)

    def b_block(s, kk, edge):
        s_off = f.arith("addi", bases[1], tile_map(f, s, walks[1].summed))
        k_off = f.arith("muli", kk, walks[1].k)
        for j in range(k.bn):
            n_off = f.arith("muli", f.arith("addi", n0, f.c(j)), walks[1].n)
            read(cb_b, acc_b, f.arith("addi", f.arith("addi", s_off, k_off), n_off), k.b_fmt, edge,
                 along_rows=not k.transpose_b)

    if k.transpose_a:  # the whole A panel first: the compute transposes it before the K loop
        k_step(a_block)
        k_step(b_block)
    else:
        k_step(lambda s, kk, edge: (a_block(s, kk, edge), b_block(s, kk, edge)))
    f.end()
    if k.k_padded:
        f.cbop("cb_pop_front", cb_zero, one)
    return f


def compute(k: ContractionKernels) -> KernelFn:
    f = KernelFn("compute", "compute")
    cb_a, cb_b = f.cb("cb_a", 0, _ty(k.a_fmt)), f.cb("cb_b", 1, _ty(k.b_fmt))
    cb_out = f.cb("cb_out", 2, _ty(k.out_fmt))
    cb_bias = f.cb("cb_bias", 3, _ty(k.bias.fmt)) if k.bias else None
    cb_at = f.cb("cb_at", 4, _ty(k.a_fmt)) if k.transpose_a else None
    count, inner = f.arg(0), f.arg(1)
    one, flag = f.c(1), f.c(int(k.transpose_b))
    tiles = k.bm * k.bn
    types = f.cb_types
    f.op("compute_kernel_hw_startup", [cb_a, cb_b, cb_out], [types[cb_a], types[cb_b], types[cb_out]])
    if k.k_padded:
        cb_zero = f.cb("cb_zero", 5, _ty("bf16", 1))
        f.fill_tiles("0.0", cb_zero)
    sibling = _SiblingCompute(f, k) if k.sum_fmt else None
    src = cb_at or cb_a
    f.op("mm_init", [src, cb_b, cb_out, flag], [types[src], types[cb_b], types[cb_out], "i32"])
    u = f.for_(None, count)
    if k.transpose_a:
        if sibling:
            sibling.start_unit(u)
        f.for_(None, f.arith("muli", inner, f.c(k.bm)))
        f.op("transpose_wh_init", [cb_a, cb_at], [types[cb_a], types[cb_at]])
        f.acquire()
        f.cbop("cb_wait_front", cb_a, one)
        f.cbop("transpose_wh_tile", cb_a, f.c(0), f.c(0))
        if not sibling:
            f.cbop("cb_pop_front", cb_a, one)
        f.pack([(0, cb_at)])
        if sibling:
            sibling.add(cb_a)
        f.end()
        if sibling:
            sibling.finish()
        f.op("mm_init_short", [cb_at, cb_b, flag], [types[cb_at], types[cb_b], "i32"])
    f.acquire()
    f.for_(None, inner)
    f.cbop("cb_wait_front", src, f.c(k.bm))
    f.cbop("cb_wait_front", cb_b, f.c(k.bn))
    for i in range(k.bm):
        for j in range(k.bn):
            f.op("matmul_tiles", [src, cb_b, f.c(i), f.c(j), f.c(i * k.bn + j)],
                 [types[src], types[cb_b], "i32", "i32", "i32"])
    f.cbop("cb_pop_front", src, f.c(k.bm))
    f.cbop("cb_pop_front", cb_b, f.c(k.bn))
    f.end()
    if k.bias:  # acc + bias in fp32 (SFPU), the bias tile in the slot after the block
        slot = tiles
        f.cbop("cb_wait_front", cb_bias, f.c(tiles))
        for t in range(tiles):
            if k.bias.bcast == "none":
                f.copy(cb_bias, slot, f.c(t))
            else:
                bt = f"bcast_type = #ttkernel.bcast_type<{k.bias.bcast}>"
                f.op("unary_bcast_init", [cb_bias, cb_out], [types[cb_bias], types[cb_out]], props=bt)
                f.cbop("unary_bcast", cb_bias, f.c(t), f.c(slot), props=bt)
            f.op("add_binary_tile_init")
            f.op("add_binary_tile", [f.c(t), f.c(slot), f.c(t)], ["i32"] * 3)
        f.cbop("cb_pop_front", cb_bias, f.c(tiles))
    f.pack([(t, cb_out) for t in range(tiles)])
    f.end()
    if sibling:
        f.cbop("cb_pop_front", sibling.scaler, one)
    return f


class _SiblingCompute:
    """The compute's part of a sibling sum of the transposed A panel (see the module doc)."""

    def __init__(self, f: KernelFn, k: ContractionKernels):
        self.f, self.k = f, k
        self.scaler = f.cb("cb_s", 6, _ty("bf16", 1))
        self.acc = f.cb("cb_sum_acc", 7, _ty("f32", ACCUMULATOR_PAGES * k.bm))
        self.out = f.cb("cb_sum_out", 8, _ty(k.sum_fmt, k.bm))
        self.first, self.nb = f.arg(2), f.arg(3)
        f.fill_tiles("1.0", self.scaler)
        f.cbop("cb_wait_front", self.scaler, f.c(1))
        self.mine = self.others = None

    def start_unit(self, u: str) -> None:
        """Whether unit u (of this core's) is in column block 0, and its zero accumulators."""
        f = self.f
        nbi = f.arith("remui", f.arith("addi", self.first, u), self.nb)
        self.mine, self.others = f.cmpi("eq", nbi, f.c(0)), f.cmpi("ne", nbi, f.c(0))
        f.if_(self.mine)
        for _ in range(self.k.bm):
            f.clear_accumulator(self.acc)
        f.end()

    def add(self, cb_a: str) -> None:
        """The panel tile at cb_a's front into its block row's accumulator (popped either way)."""
        f = self.f
        f.if_(self.mine)
        f.accumulate(self.acc, cb_a, "row", self.scaler)
        f.end()
        f.if_(self.others)
        f.cbop("cb_pop_front", cb_a, f.c(1))
        f.end()

    def finish(self) -> None:
        """Each block row's sum, rounded once into the result."""
        f = self.f
        f.if_(self.mine)
        for _ in range(self.k.bm):
            f.move(self.acc, self.out, pages=ACCUMULATOR_PAGES)
        f.end()


def writer(k: ContractionKernels) -> KernelFn:
    f = KernelFn("writer", "noc")
    cb_out = f.cb("cb_out", 0, _ty(k.out_fmt))
    addr, first, count, mb, nb = (f.arg(i) for i in range(5))
    w = _Walk(f, 5)
    acc = tensor_accessor(f, 1, addr, cb_out)
    tiles = k.bm * k.bn
    sibling = _SumWriter(f, k) if k.sum_fmt else None
    u = f.for_(first, count)
    flat, mbi, nbi = _block_index(f, u, mb, nb)
    m0, n0 = f.arith("muli", mbi, f.c(k.bm)), f.arith("muli", nbi, f.c(k.bn))
    base = tile_map(f, flat, w.batch)
    if sibling:
        sibling.write(flat, nbi, m0)
    f.cbop("cb_wait_front", cb_out, f.c(tiles))
    rp = f.op("get_read_ptr", [cb_out], [f.cb_types[cb_out]], "i32")
    page = DataFormat.parse(k.out_fmt).tile_bytes
    for i in range(k.bm):
        for j in range(k.bn):
            m_off = f.arith("muli", f.arith("addi", m0, f.c(i)), w.m)
            n_off = f.arith("muli", f.arith("addi", n0, f.c(j)), w.n)
            t = f.arith("addi", base, f.arith("addi", m_off, n_off))
            f.write_tile(t, acc, f.arith("addi", rp, f.c((i * k.bn + j) * page)))
    f.op("noc_async_write_barrier")
    f.cbop("cb_pop_front", cb_out, f.c(tiles))
    f.end()
    return f


class _SumWriter:
    """The writer's part of a sibling sum: a unit of column block 0 writes its bm tiles (packed
    before its block)."""

    def __init__(self, f: KernelFn, k: ContractionKernels):
        self.f, self.k = f, k
        self.cb = f.cb("cb_sum_out", 2, _ty(k.sum_fmt, k.bm))
        self.walk = _Walk(f, 6 + WALK_ARGS)
        self.acc = tensor_accessor(f, 3, f.arg(5 + WALK_ARGS), self.cb)

    def write(self, flat: str, nbi: str, m0: str) -> None:
        f, cb, w = self.f, self.cb, self.walk
        f.if_(f.cmpi("eq", nbi, f.c(0)))
        base = tile_map(f, flat, w.batch)
        f.cbop("cb_wait_front", cb, f.c(self.k.bm))
        rp = f.op("get_read_ptr", [cb], [f.cb_types[cb]], "i32")
        page = DataFormat.parse(self.k.sum_fmt).tile_bytes
        for i in range(self.k.bm):
            t = f.arith("addi", base, f.arith("muli", f.arith("addi", m0, f.c(i)), w.m))
            f.write_tile(t, self.acc, f.arith("addi", rp, f.c(i * page)))
        f.op("noc_async_write_barrier")
        f.cbop("cb_pop_front", cb, f.c(self.k.bm))
        f.end()


def check_program(spec: ContractionProgram) -> None:
    """L1 per core: the CBs (the held transposed A panel the most) within the device's L1."""
    k, s = spec.kernels, spec.schedule
    held = k.bm * s.inner * DataFormat.parse(k.a_fmt).tile_bytes if k.transpose_a else 0
    if held > HELD_BYTES:
        raise UnsupportedError(f"codegen: a transposed A panel of {k.bm * s.inner} tiles ({held} bytes) does not "
                               f"fit in L1")


def kernel_functions(k: ContractionKernels) -> tuple[KernelFn, KernelFn, KernelFn]:
    return reader(k), compute(k), writer(k)


def arg_names(k: ContractionKernels) -> dict[str, list[str]]:
    walks = ["a", "b", "bias"] if k.bias else ["a", "b"]
    return {"reader": ["addr_a", "addr_b", "addr_bias", "first_unit", "num_units", "kt", "inner", "mb", "nb",
                       "k_rem", "core_x", "core_y"] + [f"{w}_{n}" for w in walks for n in _WALK_NAMES],
            "compute": ["num_units", "inner"] + (["first_unit", "nb"] if k.sum_fmt else []),
            "writer": ["addr_out", "first_unit", "num_units", "mb", "nb"] + [f"out_{n}" for n in _WALK_NAMES]
            + (["addr_sum"] + [f"sum_{n}" for n in _WALK_NAMES] if k.sum_fmt else [])}


def program_launch(spec: ContractionProgram, name: str, inputs: list, outs: list, grid) -> ProgramLaunch:
    """The launch of a contraction program over buffers `inputs` (a, b, bias) and `outs` (in result
    order: the product's, and a sibling sum's)."""
    k, s = spec.kernels, spec.schedule
    work = split_work(s.units, grid)
    a, b = inputs[0], inputs[1]
    bias = inputs[2] if k.bias else None
    out = outs[spec.results[0]]
    sum_out = outs[spec.results[1]] if k.sum_fmt else None
    walks = s.a.args() + s.b.args() + (s.bias.args() if k.bias else [])
    bias_addr = AddressOf(bias.name) if bias else 0
    names = arg_names(k)

    def per_core(args_of):
        return tuple(CoreArgs(c, tuple(args_of(c, first, n))) for c, first, n in work)

    reader_cts = (CB_A, CB_B, CB_BIAS, CB_ZERO, a.accessor_config, b.accessor_config,
                  bias.accessor_config if bias else 0)
    compute_cts = (CB_A, CB_B, CB_OUT, CB_BIAS, CB_AT, CB_ZERO) + ((CB_SCALER, CB_SUM_ACC, CB_SUM_OUT)
                                                                 if sum_out else ())
    writer_cts = (CB_OUT, out.accessor_config) + ((CB_SUM_OUT, sum_out.accessor_config) if sum_out else ())
    sum_args = [AddressOf(sum_out.name), *s.sum.args()] if sum_out else []
    kernels = (
        KernelLaunch("reader", Processor.READER, reader_cts,
                     per_core(lambda c, first, n: [AddressOf(a.name), AddressOf(b.name), bias_addr, first, n,
                                                   s.kt, s.inner, s.mb, s.nb, s.k_rem, c[0], c[1], *walks]),
                     arg_names=tuple(names["reader"])),
        KernelLaunch("compute", Processor.COMPUTE, compute_cts,
                     per_core(lambda c, first, n: [n, s.inner] + ([first, s.nb] if sum_out else [])),
                     fp32_dest_acc_en=True, arg_names=tuple(names["compute"])),
        KernelLaunch("writer", Processor.WRITER, writer_cts,
                     per_core(lambda c, first, n: [AddressOf(out.name), first, n, s.mb, s.nb, *s.c.args(),
                                                   *sum_args]),
                     arg_names=tuple(names["writer"])),
    )
    tiles = k.bm * k.bn

    def cb(index, fmt, pages):
        return CircularBufferSpec(index, fmt, pages, DataFormat.parse(fmt).tile_bytes)

    cbs = [cb(CB_A, k.a_fmt, 2 * k.bm), cb(CB_B, k.b_fmt, 2 * k.bn)]
    if k.bias:
        cbs.append(cb(CB_BIAS, k.bias.fmt, tiles))
    if k.transpose_a:
        cbs.append(cb(CB_AT, k.a_fmt, k.bm * s.inner))
    cbs.append(cb(CB_OUT, k.out_fmt, 2 * tiles))
    if k.k_padded:
        cbs.append(cb(CB_ZERO, "bf16", 1))
    if sum_out:
        cbs += [cb(CB_SCALER, "bf16", 1), cb(CB_SUM_ACC, "f32", ACCUMULATOR_PAGES * k.bm),
                cb(CB_SUM_OUT, k.sum_fmt, k.bm)]
    return ProgramLaunch(name, tuple(x.name for x in [*inputs, *outs]), tuple(cbs), kernels, None)
