"""Kernel functions as data (`KernelFn`: TTKernel, arith and scf ops in generic form, built
without any MLIR context) and the codegen's vocabulary (CB types, tensor accessors, tile-index
maps, ROW_MAJOR row chunks, DST-section idioms of compute kernels).

A KernelFn records ops (`KernelOp`: name, operand and result value names, result types,
attributes as text, nested blocks); `ttbw.lowering.kernel_builder` creates them in tt-mlir's
context through the C API, where tt-mlir verifies and prints them. Values are names local to
the function (`%v3`, `%c32` for the i32 constant 32, `%cb_in0`); equal kernels record equal ops.
"""
from __future__ import annotations

from dataclasses import dataclass, field

TILE = 32
MAX_GROUPS = 3  # kept / summed tile-axis groups the kernels index with
ELEMENT_BYTES = {"bf16": 2, "f32": 4}
IR_FORMAT = {"bf16": "bf16", "bfp8_b": "bfp_bf8", "f32": "f32"}  # device data format -> TTKernel tile type
# in-tile sums: reduce_tile's dimension for X broadcast along rows / columns / both
# an accumulator's f32 tiles in its CB: the sum and its Kahan compensation (accumulate)
ACCUMULATOR_PAGES = 2
REDUCE_DIM = {"row": "reduce_dim_col", "col": "reduce_dim_row", "scalar": "reduce_dim_scalar"}
CMPI_PREDICATE = {"eq": 0, "ne": 1, "slt": 2, "sle": 3, "sgt": 4, "sge": 5, "ult": 6, "ule": 7, "ugt": 8, "uge": 9}


def cb_type(dt: str, pages: int = 2) -> str:
    return f"!ttkernel.cb<{pages}, !ttcore.tile<32x32, {dt}>>"


@dataclass(frozen=True)
class KernelOp:
    """One op: `results` name its values (of `result_types`); `blocks`: one block per region
    (an scf.if's empty else region is a None)."""
    name: str
    operands: tuple = ()
    results: tuple = ()
    result_types: tuple = ()
    attributes: tuple = ()          # ((name, attribute text), ...)
    blocks: tuple = ()


@dataclass
class KernelBlock:
    arguments: list = field(default_factory=list)   # [(name, type)]
    ops: list = field(default_factory=list)


def split_attributes(text: str | None) -> tuple:
    """'a = 1 : i32, b = #x<c, d>' -> (("a", "1 : i32"), ("b", "#x<c, d>")): top-level commas split."""
    if not text:
        return ()
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "<[({"
        depth -= ch in ">])}"
        if ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    out = []
    for part in parts:
        name, _, value = part.partition("=")
        out.append((name.strip(), value.strip()))
    return tuple(out)


class KernelFn:
    """Records one kernel function; the compute helpers at the end emit the DST-section idioms
    every compute kernel here shares."""

    def __init__(self, name: str, thread: str):
        self.name, self.thread = name, thread
        self.entry = KernelBlock()
        self.blocks = [self.entry]   # the innermost open block last
        self.consts: dict = {}
        self.n = 0
        self.cb_types: dict[str, str] = {}

    def fresh(self, p="v") -> str:
        self.n += 1
        return f"%{p}{self.n}"

    def add(self, name, operands=(), result_types=(), attributes=(), blocks=()) -> tuple:
        """Appends an op to the innermost open block; returns its result names."""
        results = tuple(self.fresh() for _ in result_types)
        self.blocks[-1].ops.append(KernelOp(name, tuple(operands), results, tuple(result_types),
                                            tuple(attributes), tuple(blocks)))
        return results

    def c(self, v: int) -> str:
        if v not in self.consts:
            self.consts[v] = f"%c{v}"
        return self.consts[v]

    def constant(self, value: str, ty: str) -> str:
        """An arith.constant of `ty` in place (`value`: its literal)."""
        return self.add("arith.constant", (), (ty,), (("value", f"{value} : {ty}"),))[0]

    def op(self, name, operands=(), types=(), result=None, props=None) -> str | None:
        """A ttkernel op (`types`: its operands' types, as the generic syntax spells them)."""
        res = self.add(f"ttkernel.{name}", operands, (result,) if result else (), split_attributes(props))
        return res[0] if res else None

    def arith(self, opname, a, b, ty="i32") -> str:
        return self.add(f"arith.{opname}", (a, b), (ty,))[0]

    def cmpi(self, predicate: str, a, b) -> str:
        return self.add("arith.cmpi", (a, b), ("i1",), (("predicate", f"{CMPI_PREDICATE[predicate]} : i64"),))[0]

    def cast(self, opname: str, value: str, ty: str) -> str:
        return self.add(f"arith.{opname}", (value,), (ty,))[0]

    def cb(self, name: str, index: int, ty: str) -> str:
        v = f"%{name}"
        self.cb_types[v] = ty
        self.blocks[-1].ops.append(KernelOp("ttkernel.get_compile_time_arg_val", (), (v,), (ty,),
                                            (("arg_index", f"{index} : i32"),)))
        return v

    def arg(self, i: int) -> str:
        return self.op("get_arg_val", [self.c(i)], ["i32"], "i32")

    def cbop(self, name, cb, *ints, props=None):
        self.op(name, [cb, *ints], [self.cb_types[cb]] + ["i32"] * len(ints), props=props)

    def for_(self, lb_i32: str | None, count_i32: str):
        """Opens `scf.for %i = lb to lb + count` (i32 bounds); returns the i32 induction value."""
        idx = self.fresh("i")
        step = self.constant("1", "index")
        cnt = self.cast("index_cast", count_i32, "index")
        if lb_i32 is None:
            lb = self.constant("0", "index")
            ub = cnt
        else:
            lb = self.cast("index_cast", lb_i32, "index")
            ub = self.arith("addi", lb, cnt, "index")
        self._open("scf.for", (lb, ub, step), [(idx, "index")])
        return self.cast("index_cast", idx, "i32")

    def if_(self, cond_i1: str) -> None:
        """Opens `scf.if cond` (no results, no else); closed by end()."""
        self._open("scf.if", (cond_i1,), [], empty_else=True)

    def _open(self, name: str, operands, arguments, empty_else: bool = False) -> None:
        body = KernelBlock(list(arguments))
        self.blocks[-1].ops.append(KernelOp(name, tuple(operands), (), (), (), (body, None) if empty_else else (body,)))
        self.blocks.append(body)

    def end(self):
        self.add("scf.yield")
        self.blocks.pop()

    def runtime_scalar(self, first_arg: int) -> str:
        """The f32 value s = m * 2^(n_up - n_down) of runtime args first_arg.. (m, n_up, n_down):
        tt-mlir's EmitC turns `arith.bitcast i32 -> f32` into a value conversion, so an f32
        bit pattern cannot travel as an arg (see ttbw.target.scalar_encoding)."""
        m = self.cast("sitofp", self.arg(first_arg), "f32")
        up, down = self.arg(first_arg + 1), self.arg(first_arg + 2)
        for count, factor in ((up, "2.0"), (down, "0.5")):
            fac = self.constant(factor, "f32")
            lb = self.constant("0", "index")
            st = self.constant("1", "index")
            ub = self.cast("index_cast", count, "index")
            i, acc, res = self.fresh(), self.fresh(), self.fresh()
            body = KernelBlock([(i, "index"), (acc, "f32")])
            self.blocks[-1].ops.append(KernelOp("scf.for", (lb, ub, st, m), (res,), ("f32",), (), (body,)))
            self.blocks.append(body)
            nxt = self.arith("mulf", acc, fac, "f32")
            self.add("scf.yield", (nxt,))
            self.blocks.pop()
            m = res
        return m

    def read_tile(self, tile: str, accessor: str, l1_addr: str) -> None:
        """noc_async_read_tile: page `tile` of the accessor's buffer into L1 at l1_addr."""
        self.op("noc_async_read_tile", [tile, accessor, l1_addr], ["i32", "!ttkernel.TensorAccessor", "i32"])

    def write_tile(self, tile: str, accessor: str, l1_addr: str) -> None:
        """noc_async_write_tile: L1 at l1_addr into page `tile` of the accessor's buffer."""
        self.op("noc_async_write_tile", [tile, accessor, l1_addr], ["i32", "!ttkernel.TensorAccessor", "i32"])

    # ---- compute kernels: DST sections (tile_regs_acquire ... pack)

    def acquire(self) -> None:
        self.op("tile_regs_acquire")

    def pack(self, packs) -> None:
        """Ends the section: [(dst, cb)] DST tiles packed onto the back of their CBs (a CB's
        tiles in order), reserved and pushed together."""
        self.op("tile_regs_commit")
        self.op("tile_regs_wait")
        counts: dict = {}
        for _, cb in packs:
            counts[cb] = counts.get(cb, 0) + 1
        for cb, n in counts.items():
            self.cbop("cb_reserve_back", cb, self.c(n))
        slot: dict = {}
        for dst, cb in packs:
            self.op("pack_tile", [self.c(dst), cb, self.c(slot.get(cb, 0))], ["i32", self.cb_types[cb], "i32"],
                    props="out_of_order = false")
            slot[cb] = slot.get(cb, 0) + 1
        self.op("tile_regs_release")
        for cb, n in counts.items():
            self.cbop("cb_push_back", cb, self.c(n))

    def copy(self, cb: str, dst: int, index: str | None = None) -> None:
        """DST dst = tile `index` (default 0) at the front of cb, unpacked as is (no TF32 step)."""
        self.op("copy_tile_init", [cb], [self.cb_types[cb]])
        self.cbop("copy_tile", cb, index or self.c(0), self.c(dst))

    def fill(self, value: str, dst: int = 0) -> None:
        """DST dst = value (an f32 literal) in every element."""
        v = self.constant(value, "f32")
        self.op("fill_tile_init")
        self.op("fill_tile", [self.c(dst), v], ["i32", "f32"])

    def fill_tiles(self, value: str, cb: str, count: int = 1) -> None:
        """One section pushing `count` tiles of `value` onto cb."""
        self.acquire()
        self.fill(value)
        self.pack([(0, cb)] * count)

    def trunc_split(self, src: str, index: str, split) -> None:
        """Pushes the three TF32-exact parts of f32 tile src[index] onto split's parts CB
        (x = trunc(x) + trunc(r) + r', r = x - trunc(x); trunc = an FPU multiply by the 1.0
        scaler tile, whose srcA register holds TF32); consumes nothing.
        split: (scaler CB, tmp CB (1 f32 page), parts CB (f32))."""
        scaler, tmp, parts = split
        zero, one = self.c(0), self.c(1)
        for step in range(2):
            self.acquire()
            if step == 1:
                self.cbop("cb_wait_front", tmp, one)
            s_cb, s_idx = (src, index) if step == 0 else (tmp, zero)
            self.op("mul_tiles_init", [s_cb, scaler], [self.cb_types[s_cb], self.cb_types[scaler]])
            self.op("mul_tiles", [s_cb, scaler, s_idx, zero, zero],  # trunc(v) * 1.0 (srcA is TF32)
                    [self.cb_types[s_cb], self.cb_types[scaler], "i32", "i32", "i32"])
            self.copy(s_cb, 1, s_idx)
            self.op("sub_binary_tile_init")
            self.op("sub_binary_tile", [one, zero, one], ["i32"] * 3)  # v - trunc(v), exact
            if step == 0:
                self.keep_finite_residual(s_cb, s_idx)
            if step == 1:
                self.cbop("cb_pop_front", tmp, one)
            self.pack([(0, parts), (1, tmp if step == 0 else parts)])

    def keep_finite_residual(self, src: str, index: str) -> None:
        """DST 1 (x - trunc(x) of tile src[index]) = 0 where x is inf or NaN: trunc(x) carries
        those, and inf - inf would turn a sum of infinities into NaN."""
        self.copy(src, 2, index)
        self.zero_unless_finite(1, value=2, scratch=2, zero=3)

    def zero_unless_finite(self, target: int, value: int, scratch: int, zero: int) -> None:
        """DST target = 0 where DST value is inf or NaN (after sub_binary_tile_init): value - value
        into DST scratch (0, NaN where not finite), its eqz the mask, DST zero a zero tile."""
        mask = self.c(scratch)
        self.op("sub_binary_tile", [self.c(value), self.c(value), mask], ["i32"] * 3)
        self.op("eqz_tile_init")
        self.op("eqz_tile", [mask], ["i32"])  # 1.0 where the value is finite
        self.fill("0.0", zero)
        self.op("where_tile_init")
        self.op("where_tile", [mask, self.c(target), self.c(zero), self.c(target)], ["i32"] * 4,
                props="dtype = #ttcore.supportedDataTypes<f32>")

    def move(self, src: str, out: str, via: str | None = None, pages: int = 1) -> None:
        """The first tile of the `pages` at the front of src (an accumulator's ACCUMULATOR_PAGES:
        its sum, the compensation dropped) through DST onto out (rounded / converted to out's
        format), the pages popped; with `via`, through that CB first (e.g. rounded to bf16 before
        a bfloat8_b pack)."""
        if via is not None:
            self.move(src, via, pages=pages)
            src, pages = via, 1
        count = self.c(pages)
        self.acquire()
        self.cbop("cb_wait_front", src, count)
        self.copy(src, 0)
        self.cbop("cb_pop_front", src, count)
        self.pack([(0, out)])

    def clear_accumulator(self, acc: str) -> None:
        """Pushes a zero accumulator onto acc: its sum and its compensation (ACCUMULATOR_PAGES)."""
        self.fill_tiles("0.0", acc, ACCUMULATOR_PAGES)

    def accumulate(self, acc: str, prod: str, kind: str, scaler: str | None, split=None) -> None:
        """The accumulator at acc's front (sum s, compensation c: f32 tiles) plus the sum of prod's
        front tile, pushed back onto acc: the term t by reduce_tile<sum> with the 1.0 scaler tile
        over in-tile dims (kind: row | col | scalar) into a cleared DST tile, or prod's tile (kind
        none). Kahan's step (y = t - c, s' = s + y, c' = (s' - s) - y) keeps s within 2 u of the
        sum of the terms' magnitudes over any number of tiles, where adding each tile's sum to s
        alone loses up to u |s| per tile (4096 rows summed: 7 ulp); c' = 0 where s' is not finite
        (an infinite term: inf - inf would make the sum NaN). With `split` (trunc_split's CBs)
        prod is f32 and its three TF32-exact parts are reduced instead (the FPU reads TF32)."""
        zero, one, two, three = self.c(0), self.c(1), self.c(2), self.c(3)
        src, count = prod, 1
        if split is not None:
            self.cbop("cb_wait_front", prod, one)
            self.trunc_split(prod, zero, split)
            self.cbop("cb_pop_front", prod, one)
            src, count = split[2], 3
        self.acquire()
        self.cbop("cb_wait_front", acc, self.c(ACCUMULATOR_PAGES))
        self.copy(acc, 0)
        self.copy(acc, 1, one)
        self.cbop("cb_pop_front", acc, self.c(ACCUMULATOR_PAGES))
        self.cbop("cb_wait_front", src, self.c(count))
        ty = self.cb_types
        if kind != "none":
            rp = (f"reduce_dim = #ttkernel.reduce_dim<{REDUCE_DIM[kind]}>, "
                  "reduce_type = #ttkernel.reduce_type<reduce_sum>")
            self.op("reduce_init", [src, scaler, acc], [ty[src], ty[scaler], ty[acc]], props=rp)
            for k in range(count):
                self.op("reduce_tile", [src, scaler, self.c(k), zero, two], [ty[src], ty[scaler], "i32", "i32", "i32"],
                        props=rp)
            self.op("reduce_uninit")
        else:
            self.copy(src, 2)
        self.cbop("cb_pop_front", src, self.c(count))
        self.op("sub_binary_tile_init")
        self.op("sub_binary_tile", [two, one, two], ["i32"] * 3)  # y = t - c
        self.op("add_binary_tile_init")
        self.op("add_binary_tile", [zero, two, three], ["i32"] * 3)  # s' = s + y
        self.op("sub_binary_tile_init")
        self.op("sub_binary_tile", [three, zero, one], ["i32"] * 3)  # s' - s
        self.op("sub_binary_tile", [one, two, one], ["i32"] * 3)  # c' = (s' - s) - y
        self.zero_unless_finite(1, value=3, scratch=0, zero=2)  # c' = 0 where s' is not finite
        self.pack([(3, acc), (1, acc)])

    def fpu_product(self, kind: str, cb_g: str, g_idx: str, held: str, idx: str, dst: int, out_cb) -> None:
        """DST[dst] = grad[g_idx] * bcast(held[idx]) on the FPU (bf16 operands; `kind`: none | row |
        col | scalar): mul_tiles, or unary_bcast of held into DST then binary_dest_reuse_tiles<mul>."""
        ty = self.cb_types
        if kind == "none":
            self.op("mul_tiles_init", [cb_g, held], [ty[cb_g], ty[held]])
            self.op("mul_tiles", [cb_g, held, g_idx, idx, self.c(dst)], [ty[cb_g], ty[held], "i32", "i32", "i32"])
        else:
            bt = f"bcast_type = #ttkernel.bcast_type<{kind}>"
            self.op("unary_bcast_init", [held, out_cb], [ty[held], ty[out_cb]], props=bt)
            self.cbop("unary_bcast", held, idx, self.c(dst), props=bt)
            rt = ("eltwise_binary_type = #ttkernel.eltwise_binary_type<mul>, "
                  "reuse_type = #ttkernel.reuse_type<dest_to_srca>")
            self.op("binary_dest_reuse_tiles_init", [cb_g], [ty[cb_g]], props=rt)
            self.cbop("binary_dest_reuse_tiles", cb_g, g_idx, self.c(dst), props=rt)


def tile_map(f: KernelFn, v: str, trip_args: list) -> str:
    """sum_i ((v / div_i) % mod_i) * stride_i over runtime-arg triplets."""
    total = None
    for div, mod, stride in trip_args:
        q = f.arith("divui", v, div)
        r = f.arith("remui", q, mod)
        p = f.arith("muli", r, stride)
        total = p if total is None else f.arith("addi", total, p)
    return total


def tensor_accessor(f: KernelFn, ct_index: int, addr: str, cb: str) -> str:
    args = f.op("TensorAccessorArgs", [f.c(ct_index), f.c(0)], ["i32", "i32"], "!ttkernel.TensorAccessorArgs",
                props="operandSegmentSizes = array<i32: 1, 1, 0>")
    page = f.op("get_tile_size", [cb], [f.cb_types[cb]], "i32")
    return f.op("TensorAccessor", [args, addr, page], ["!ttkernel.TensorAccessorArgs", "i32", "i32"],
                "!ttkernel.TensorAccessor")


# ROW_MAJOR operands (one page per row): tiles are built from / written back to rows. Per
# operand, runtime args H (the buffer's rows per batch, rank-aligned), W (the columns walked), Ht,
# Wt (tiles walked per batch), the row bytes (the accessor's page size), the rows walked and the
# first row / column walked (a window of the buffer: codegen/window.py; else H and 0, 0).
RM_ARGS = ("H", "W", "Ht", "Wt", "row_bytes", "rows", "row_off", "col_off")


def rm_args(buffer) -> list[int]:
    """RM_ARGS of a whole ROW_MAJOR buffer (zeros for a TILE or absent one): the rank-aligned last two dims."""
    if buffer is None or buffer.layout != "row_major":
        return [0] * len(RM_ARGS)
    al = (1,) * max(0, 2 - len(buffer.shape)) + tuple(buffer.shape)
    return [al[-2], al[-1], -(-al[-2] // TILE), -(-al[-1] // TILE), buffer.page_size, al[-2], 0, 0]


def rm_chunk_dims(args: list) -> list:
    """The RM_ARGS a ROW_MAJOR tile is located by (all but the row bytes: `_RmTile`)."""
    return args[:4] + args[5:]


def rm_accessor(f: KernelFn, ct_index: int, addr: str, row_bytes: str) -> str:
    args = f.op("TensorAccessorArgs", [f.c(ct_index), f.c(0)], ["i32", "i32"], "!ttkernel.TensorAccessorArgs",
                props="operandSegmentSizes = array<i32: 1, 1, 0>")
    return f.op("TensorAccessor", [args, addr, row_bytes], ["!ttkernel.TensorAccessorArgs", "i32", "i32"],
                "!ttkernel.TensorAccessor")


class _RmTile:
    """Where tile t of a ROW_MAJOR tensor lies (`dims`: RM_ARGS but the row bytes): tile (bi, th,
    tw) is rows row_off + 32*th.. of batch bi (row0: its first page; nr of them valid: min(32,
    rows - 32*th)), columns col_off + 32*tw.. (wrem of them valid from c0, nk 16-element chunks)."""

    def __init__(self, f: KernelFn, t: str, dims):
        H, W, Ht, Wt, rows, row_off, self.col_off = dims
        bt = f.arith("divui", t, Wt)
        tw = f.arith("remui", t, Wt)
        th = f.arith("remui", bt, Ht)
        bi = f.arith("divui", bt, Ht)
        h0 = f.arith("muli", th, f.c(32))
        self.row0 = f.arith("addi", f.arith("addi", f.arith("muli", bi, H), row_off), h0)
        self.nr = f.arith("minui", f.arith("subi", rows, h0), f.c(32))
        self.c0 = f.arith("muli", tw, f.c(32))
        self.wrem = f.arith("subi", W, self.c0)
        self.nk = f.arith("minui", f.arith("divui", f.arith("addi", self.wrem, f.c(15)), f.c(16)), f.c(2))

    def padded(self, f: KernelFn) -> str:
        """i1: the tile has padding (fewer than 32 valid rows or columns)."""
        return f.arith("ori", f.cmpi("ult", self.nr, f.c(32)), f.cmpi("ult", self.wrem, f.c(32)), "i1")


def _rm_chunks(f: KernelFn, tile: _RmTile, acc: str, eb: int, body) -> None:
    """Calls body(noc_addr, l1_byte_offset, byte_size) for every valid 16-element row chunk of
    the tile: element (r, c) of a tile sits at face (r/16, c/16), i.e. at
    ((r/16*2 + c/16)*256 + (r%16)*16 + c%16) * eb bytes. Only valid rows and chunks
    (min(16, W - 32*tw - 16k) > 0 elements) are visited."""
    r = f.for_(None, tile.nr)
    page = f.arith("addi", tile.row0, r)
    rowoff = f.arith("addi", f.arith("muli", f.arith("divui", r, f.c(16)), f.c(512)),
                     f.arith("muli", f.arith("remui", r, f.c(16)), f.c(16)))
    k = f.for_(None, tile.nk)
    k16 = f.arith("muli", k, f.c(16))
    col = f.arith("addi", f.arith("addi", tile.col_off, tile.c0), k16)
    n = f.arith("minui", f.arith("subi", tile.wrem, k16), f.c(16))
    noc = f.op("tensor_accessor.get_noc_addr", [acc, page, f.arith("muli", col, f.c(eb))],
               ["!ttkernel.TensorAccessor", "i32", "i32"], "!ttkernel.noc_addr")
    off = f.arith("muli", f.arith("addi", rowoff, f.arith("muli", k, f.c(256))), f.c(eb))
    body(noc, off, f.arith("muli", n, f.c(eb)))
    f.end()
    f.end()


def rm_read_tile(f: KernelFn, t: str, acc: str, dims, eb: int, wp: str, znoc: str) -> None:
    """Tile t of a ROW_MAJOR tensor into L1 at wp: an edge tile's page is zeroed first (padding
    must be 0 for the sums; a whole tile's chunks cover the page), then the valid row chunks are
    read. Reads exactly the tile's valid bytes from DRAM."""
    tile = _RmTile(f, t, dims)
    f.if_(tile.padded(f))
    for i in range(eb // 2):  # the zero source is one bf16 tile (2048 bytes)
        dst = wp if i == 0 else f.arith("addi", wp, f.c(2048 * i))
        f.op("noc_async_read", [znoc, dst, f.c(2048)], ["!ttkernel.noc_addr", "i32", "i32"])
    f.op("noc_async_read_barrier")
    f.end()

    def body(noc, off, size):
        f.op("noc_async_read", [noc, f.arith("addi", wp, off), size], ["!ttkernel.noc_addr", "i32", "i32"])

    _rm_chunks(f, tile, acc, eb, body)


def rm_write_tile(f: KernelFn, t: str, acc: str, dims, eb: int, rp: str) -> None:
    def body(noc, off, size):
        f.op("noc_async_write", [f.arith("addi", rp, off), noc, size], ["i32", "!ttkernel.noc_addr", "i32"])

    _rm_chunks(f, _RmTile(f, t, dims), acc, eb, body)


def mapping_args(f: KernelFn, base: int):
    vals = [f.arg(base + i) for i in range(6 * MAX_GROUPS)]
    kept = [tuple(vals[3 * i:3 * i + 3]) for i in range(MAX_GROUPS)]
    summed = [tuple(vals[3 * (MAX_GROUPS + i):3 * (MAX_GROUPS + i) + 3]) for i in range(MAX_GROUPS)]
    return kept, summed
