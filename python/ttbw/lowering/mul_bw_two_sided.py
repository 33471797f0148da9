"""`ttir.mul_bw` with **both** operands broadcast (e.g. a (1,3,32,1), b (1,1,32,64)): both
gradients are reductions, over different axes, fused in one program.

Tile axes of grad (more than one tile) are classed F (a and b both have them), A (only a has
them: grad_b sums over them) and B (only b has them: grad_a sums over them). Loop nest, per
core over a range of F indices (so no reduced axis is split across cores):

    for f in F:                       b's tiles (f, j) for all j: read once, held in L1
        for alpha in A:               a's tile (f, alpha): read once, held
            for j in B:               grad's tile (f, alpha, j): read once
                Pa = grad * bcast(b[j])   -> summed over j into grad_a (f, alpha)   (DST + f32 CB)
                Pb = grad * bcast(a)      -> summed over alpha into grad_b (f, j)   (f32 FIFO of |B|
                                             partial sums, rotated: pop front, add, push back)
            write grad_a (f, alpha)
        write grad_b (f, j) for all j

Products are packed to bf16 CBs first (PyTorch rounds each product), sums accumulate in
fp32 (reduce_tile<sum> with a 1.0 scaler for the in-tile broadcast dims, or SFPU add), each
result is rounded once. Tile ids come from (div, mod, stride) triplets as in mul_bw_program:
for each of F, A, B up to three merged axis groups, with strides in grad, a and b.
Complex tensors (Plan2.parts == 2): (real, imag) tile pairs, products from
mul_bw_complex.conj_product, sums per part, as in mul_bw_program's complex plans.
ROW_MAJOR tensors: the reader builds their tiles from rows (page cleared from a zero tile that
compute packs once, then the valid 16-element row chunks in face layout) and the writer writes
back the valid chunks, as mul_bw_program's rm_tiles plans do (rm_read_tile / rm_write_tile).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .kernel_ir import (ELEMENT_BYTES, MAX_GROUPS, KernelFn, cb_type, module_text, rm_accessor, rm_args,
                        rm_read_tile, rm_write_tile, tensor_accessor, tile_map)
from .mul_bw_program import _DEVICE_FORMAT, UnsupportedError, _imag_accessors, by_part, part_names, split_units

CB_G, CB_A, CB_B, CB_SCALER, CB_PA, CB_ACC_A, CB_ROUND, CB_PB, CB_ACC_B = 0, 1, 2, 3, 4, 5, 6, 7, 8
CB_OUT_A, CB_OUT_B = 16, 17
CB_BB, CB_AB, CB_PARTS, CB_TMP = 9, 10, 11, 12  # f32: exact broadcast tiles and TF32 parts
CB_ZERO = 13  # ROW_MAJOR inputs: zero tile (see mul_bw_program's rm_tiles plans)
L1_BUDGET = 1200 * 1024  # bytes the held b tiles + grad_b partials may take per core


@dataclass(frozen=True)
class Plan2:
    need_a: bool
    need_b: bool
    bcast_a: str   # how a's tile is broadcast onto grad's: none | row | col | scalar
    bcast_b: str
    formats: tuple  # IR data types of grad, a, b, input_grad, other_grad (None: absent)
    sfpu: bool = False  # f32 / mixed: SFPU products, FPU only on TF32-exact parts (see mul_bw_program)
    mode: str = "two_sided"
    fp32_dest: bool = True
    # layouts (tile | row_major) of grad, a, b, input_grad, other_grad; () when all TILE. ROW_MAJOR
    # tensors are moved as in mul_bw_program's rm_tiles plans (tiles built from rows)
    layouts: tuple = ()
    # complex tensors: (real, imag) tile pairs, products grad * conj(other) (see mul_bw_program)
    parts: int = 1

    def is_rm(self, role: str) -> bool:
        return dict(zip(("g", "a", "b", "oa", "ob"), self.layouts)).get(role) == "row_major"

    @property
    def round_products(self) -> bool:  # complex bf16: products rounded to bf16 through L1
        return self.parts == 2 and not self.sfpu

    @property
    def rm_inputs(self) -> bool:
        return any(self.is_rm(r) for r, need in (("g", True), ("a", self.need_b), ("b", self.need_a)) if need)

    @property
    def dtype(self) -> str:
        return "f32" if self.sfpu else "bf16"

    def fmt(self, role: str) -> str:
        return dict(zip(("g", "a", "b", "oa", "ob"), self.formats)).get(role) or "bf16"

    def prod_fmt(self, grad_of: str) -> str:
        """Type of the products summed into grad_<grad_of>: grad * other, PyTorch-promoted."""
        other = "b" if grad_of == "a" else "a"
        return "f32" if "f32" in (self.fmt("g"), self.fmt(other)) else "bf16"

    def _hop(self, out: str, grad_of: str) -> bool:
        fmt = self.fmt(out)
        return fmt == "bfp_bf8" or (fmt == "f32" and self.prod_fmt(grad_of) == "bf16")

    @property
    def hop_a(self) -> bool:
        return self.need_a and self._hop("oa", "a")

    @property
    def hop_b(self) -> bool:
        return self.need_b and self._hop("ob", "b")

    def split(self, grad_of: str) -> bool:  # in-tile sums of f32 products: reduce TF32 parts
        kind = self.bcast_a if grad_of == "a" else self.bcast_b
        return self.sfpu and kind != "none" and self.prod_fmt(grad_of) == "f32"

    @property
    def exact_b(self) -> bool:  # f32 broadcast of b's tiles, made exact once per held tile
        return self.sfpu and self.need_a and self.bcast_b != "none"

    @property
    def exact_a(self) -> bool:
        return self.sfpu and self.need_b and self.bcast_a != "none"

    @property
    def splits(self) -> bool:
        return self.exact_a or self.exact_b or (self.need_a and self.split("a")) or (self.need_b and self.split("b"))

    @property
    def scaler(self) -> bool:
        return ((self.need_a and self.bcast_a != "none") or (self.need_b and self.bcast_b != "none")
                or self.splits)


@dataclass(frozen=True)
class Analysis2:
    plan: Plan2
    shapes: dict
    out_shapes: dict
    counts: tuple          # (|F|, |A|, |B|)
    maps: tuple            # 7 triplet lists: Fg, Fa, Fb, Ag, Aa, Bg, Bb (each MAX_GROUPS long)
    out_memory: str
    formats: dict
    layouts: dict = None  # tensor name -> tile | row_major (None: all TILE)
    x_name = None

    @property
    def units(self) -> int:
        return self.counts[0]

    @property
    def input_names(self) -> tuple:
        return part_names(("grad", "a", "b"), self.plan.parts)


def _kind(op_al, g_al) -> str:
    h = op_al[-2] == 1 and g_al[-2] > 1
    w = op_al[-1] == 1 and g_al[-1] > 1
    return {(False, False): "none", (True, False): "row", (False, True): "col", (True, True): "scalar"}[(h, w)]


def analyze2(shapes, g_al, g_tiles, a_al, a_tiles, b_al, b_tiles, mask, ir_types, out_shapes,
             out_memory, mixed: bool, layouts: tuple = (), parts: int = 1) -> Analysis2:
    families = {"f32" if t == "f32" else "bf16" for t in ir_types.values()}
    axes = []
    for n, an, bn in zip(g_tiles, a_tiles, b_tiles):
        if n > 1:
            axes.append((n, "F" if an == n and bn == n else ("A" if an == n else "B")))
    groups: list[list] = []
    for n, cls in axes:
        if groups and groups[-1][1] == cls:
            groups[-1][0] *= n
        else:
            groups.append([n, cls])

    def strides(classes):
        out, acc = {}, 1
        for i in reversed(range(len(groups))):
            if groups[i][1] in classes:
                out[i] = acc
                acc *= groups[i][0]
        return out

    sg, sa, sb = strides("FAB"), strides("FA"), strides("FB")

    def triplets(cls, st):
        idx = [i for i, (_, c) in enumerate(groups) if c == cls]
        out, div = [], 1
        for i in reversed(idx):
            out.append((div, groups[i][0], st[i]))
            div *= groups[i][0]
        out.reverse()
        if len(out) > MAX_GROUPS:
            raise UnsupportedError(f"device backend: broadcast pattern of a {shapes['a']} / b {shapes['b']} "
                                   f"alternates too often ({len(out)} groups)")
        return tuple(out) + ((1, 1, 0),) * (MAX_GROUPS - len(out)), div

    fg, nf = triplets("F", sg)
    fa, _ = triplets("F", sa)
    fb, _ = triplets("F", sb)
    ag, na = triplets("A", sg)
    aa, _ = triplets("A", sa)
    bg, nb = triplets("B", sg)
    bb, _ = triplets("B", sb)
    sfpu = families != {"bf16"}
    held = parts * (nb * ((4096 if sfpu else 2048) + (4096 if sfpu else 0) if mask[0] else 0)
                    + nb * (4096 if mask[1] else 0))
    if held > L1_BUDGET:
        raise UnsupportedError(f"device backend: both operands broadcast: {nb} tiles of b per core would be "
                               "held in L1 (too many)")
    names = ("grad", "a", "b", "input_grad" if mask[0] else None, "other_grad" if mask[1] else None)
    formats = tuple(ir_types.get(n) if n else None for n in names)
    lay = tuple(layouts.get(n) if n else None for n in names) if layouts else ()
    plan = Plan2(mask[0], mask[1], _kind(a_al, g_al), _kind(b_al, g_al), formats, sfpu, layouts=lay, parts=parts)
    return Analysis2(plan, shapes, by_part(out_shapes, parts), (nf, na, nb), (fg, fa, fb, ag, aa, bg, bb), out_memory,
                     by_part({n: _DEVICE_FORMAT[t] for n, t in ir_types.items()}, parts),
                     dict(layouts) if layouts else None)


# --------------------------------------------------------------------------- kernels
# reader / writer RT: [addr0, addr1, addr2, first_f, num_f, nA, nB, Fg, Fa, Fb, Ag, Aa, Bg, Bb]
# (each map MAX_GROUPS triplets); compute RT: [num_f, nA, nB]

def _maps(f: KernelFn, base: int):
    out = []
    for m in range(7):
        vals = [f.arg(base + 9 * m + i) for i in range(3 * MAX_GROUPS)]
        out.append([tuple(vals[3 * i:3 * i + 3]) for i in range(MAX_GROUPS)])
    return out


def _reader2(p: Plan2) -> str:
    f = KernelFn("reader", "noc")
    cb_g = f.cb("cb_g", 0, cb_type(p.fmt("g")))
    cb_a = f.cb("cb_a", 1, cb_type(p.fmt("a"))) if p.need_b else None
    cb_b = f.cb("cb_b", 2, cb_type(p.fmt("b"))) if p.need_a else None
    addr_g, addr_a, addr_b = f.arg(0), f.arg(1), f.arg(2)
    first, nf, na, nb = f.arg(3), f.arg(4), f.arg(5), f.arg(6)
    Fg, Fa, Fb, Ag, Aa, Bg, Bb = _maps(f, 7)
    rm_dims, znoc, cb_z = {}, None, None
    if p.rm_inputs:  # after the maps: core x, y, then RM_ARGS of grad, a, b
        cx, cy = f.arg(70), f.arg(71)
        for i, (r, need) in enumerate((("g", True), ("a", p.need_b), ("b", p.need_a))):
            if need and p.is_rm(r):
                rm_dims[r] = [f.arg(72 + 5 * i + k) for k in range(5)]
        cb_z = f.cb("cb_zero", 6, cb_type("bf16", 1))
    accs = {}
    for r, ct, addr, cb in (("g", 3, addr_g, cb_g), ("a", 4, addr_a, cb_a), ("b", 5, addr_b, cb_b)):
        if cb is not None:
            accs[r] = rm_accessor(f, ct, addr, rm_dims[r][4]) if r in rm_dims else tensor_accessor(f, ct, addr, cb)
    acc_g, acc_a, acc_b = accs.get("g"), accs.get("a"), accs.get("b")
    role_of = {acc: r for r, acc in accs.items()}
    one, n_parts = f.c(1), f.c(p.parts)
    imag = _imag_accessors(f, p, (("g", cb_g), ("a", cb_a), ("b", cb_b)), 6, 70)  # complex: after the maps
    if cb_z is not None:  # the zero tile compute packed, read through this core's own NOC address
        f.cbop("cb_wait_front", cb_z, one)
        zp = f.op("get_read_ptr", [cb_z], [f.cb_types[cb_z]], "i32")
        znoc = f.op("get_noc_addr", [cx, cy, zp], ["i32", "i32", "i32"], "!ttkernel.noc_addr")

    def read(cb, tile, acc):
        f.cbop("cb_reserve_back", cb, n_parts)
        wp = f.op("get_write_ptr", [cb], [f.cb_types[cb]], "i32")
        role = role_of[acc]
        if role in rm_dims:
            rm_read_tile(f, tile, acc, rm_dims[role][:4], ELEMENT_BYTES[p.fmt(role)], wp, znoc)
        else:
            f.read_tile(tile, acc, wp)
        if role in imag:
            acc_i, size = imag[role]
            f.read_tile(tile, acc_i, f.arith("addi", wp, size))
        f.op("noc_async_read_barrier")
        f.cbop("cb_push_back", cb, n_parts)

    fi = f.for_(first, nf)
    tg_f, ta_f, tb_f = tile_map(f, fi, Fg), tile_map(f, fi, Fa), tile_map(f, fi, Fb)
    if p.need_a:  # b's tiles of this f: read once, held by compute for the whole f
        j = f.for_(None, nb)
        read(cb_b, f.arith("addi", tb_f, tile_map(f, j, Bb)), acc_b)
        f.end()
    al = f.for_(None, na)
    tg_a = f.arith("addi", tg_f, tile_map(f, al, Ag))
    if p.need_b:
        read(cb_a, f.arith("addi", ta_f, tile_map(f, al, Aa)), acc_a)
    j = f.for_(None, nb)
    read(cb_g, f.arith("addi", tg_a, tile_map(f, j, Bg)), acc_g)
    f.end()
    f.end()
    f.end()
    if cb_z is not None:
        f.cbop("cb_pop_front", cb_z, one)
    return f.text()


def _writer2(p: Plan2) -> str:
    f = KernelFn("writer", "noc")
    cb_oa = f.cb("cb_out_a", 0, cb_type(p.fmt("oa"))) if p.need_a else None
    cb_ob = f.cb("cb_out_b", 1, cb_type(p.fmt("ob"))) if p.need_b else None
    addr_a, addr_b = f.arg(0), f.arg(1)
    first, nf, na, nb = f.arg(3), f.arg(4), f.arg(5), f.arg(6)
    Fg, Fa, Fb, Ag, Aa, Bg, Bb = _maps(f, 7)
    rm_dims = {}
    if p.layouts:  # after the maps: RM_ARGS of input_grad, other_grad
        for i, (r, need) in enumerate((("oa", p.need_a), ("ob", p.need_b))):
            if need and p.is_rm(r):
                rm_dims[r] = [f.arg(70 + 5 * i + k) for k in range(5)]
    accs = {}
    for r, ct, addr, cb in (("oa", 2, addr_a, cb_oa), ("ob", 3, addr_b, cb_ob)):
        if cb is not None:
            accs[r] = rm_accessor(f, ct, addr, rm_dims[r][4]) if r in rm_dims else tensor_accessor(f, ct, addr, cb)
    acc_a, acc_b = accs.get("oa"), accs.get("ob")
    role_of = {acc: r for r, acc in accs.items()}
    n_parts = f.c(p.parts)
    imag = _imag_accessors(f, p, (("oa", cb_oa), ("ob", cb_ob)), 4, 70)  # complex: after the maps

    def write(cb, tile, acc):
        f.cbop("cb_wait_front", cb, n_parts)
        rp = f.op("get_read_ptr", [cb], [f.cb_types[cb]], "i32")
        role = role_of[acc]
        if role in rm_dims:
            rm_write_tile(f, tile, acc, rm_dims[role][:4], ELEMENT_BYTES[p.fmt(role)], rp)
        else:
            f.write_tile(tile, acc, rp)
        if role in imag:
            acc_i, size = imag[role]
            f.write_tile(tile, acc_i, f.arith("addi", rp, size))
        f.op("noc_async_write_barrier")
        f.cbop("cb_pop_front", cb, n_parts)

    fi = f.for_(first, nf)
    ta_f, tb_f = tile_map(f, fi, Fa), tile_map(f, fi, Fb)
    if p.need_a:
        al = f.for_(None, na)
        write(cb_oa, f.arith("addi", ta_f, tile_map(f, al, Aa)), acc_a)
        f.end()
    if p.need_b:
        j = f.for_(None, nb)
        write(cb_ob, f.arith("addi", tb_f, tile_map(f, j, Bb)), acc_b)
        f.end()
    f.end()
    return f.text()


def _compute2(p: Plan2) -> str:
    f = KernelFn("compute", "compute")
    cb_g = f.cb("cb_g", 0, cb_type(p.fmt("g")))
    cb_a = f.cb("cb_a", 1, cb_type(p.fmt("a"))) if p.need_b else None
    cb_b = f.cb("cb_b", 2, cb_type(p.fmt("b"))) if p.need_a else None
    cb_s = f.cb("cb_s", 3, cb_type("bf16", 1)) if p.scaler else None
    n = p.parts  # complex: (real, imag) tile pairs
    cb_pa = f.cb("cb_pa", 4, cb_type(p.prod_fmt("a"), n)) if p.need_a else None
    cb_acc_a = f.cb("cb_acc_a", 5, cb_type("f32", n)) if p.need_a else None
    rounds = p.hop_a or p.hop_b or p.round_products
    cb_r = f.cb("cb_round", 6, cb_type("bf16", 4 if p.round_products else 2)) if rounds else None
    cb_pb = f.cb("cb_pb", 7, cb_type(p.prod_fmt("b"), n)) if p.need_b else None
    cb_acc_b = f.cb("cb_acc_b", 8, cb_type("f32")) if p.need_b else None
    cb_oa = f.cb("cb_out_a", 9, cb_type(p.fmt("oa"))) if p.need_a else None
    cb_ob = f.cb("cb_out_b", 10, cb_type(p.fmt("ob"))) if p.need_b else None
    cb_bb = f.cb("cb_bb", 11, cb_type("f32")) if p.exact_b else None
    cb_ab = f.cb("cb_ab", 12, cb_type("f32", n)) if p.exact_a else None
    cb_parts = f.cb("cb_parts", 13, cb_type("f32", 4)) if p.splits else None
    cb_tmp = f.cb("cb_tmp", 14, cb_type("f32", 1)) if p.splits else None
    nf, na, nb = f.arg(0), f.arg(1), f.arg(2)
    zero, one, n_parts = f.c(0), f.c(1), f.c(n)
    nb_tiles = nb if n == 1 else f.arith("muli", nb, n_parts)  # held tiles of b
    ty = f.cb_types

    split = (cb_s, cb_tmp, cb_parts)  # trunc_split's CBs (f32 tiles the FPU reads)

    other = cb_b if p.need_a else cb_a
    first_out = cb_oa or cb_ob
    if p.sfpu:
        f.op("init_sfpu", [cb_g, first_out], [ty[cb_g], ty[first_out]])
    else:
        f.op("binary_op_init_common", [cb_g, other, first_out], [ty[cb_g], ty[other], ty[first_out]])
    if p.rm_inputs:  # zero tile: the reader clears the pages of ROW_MAJOR inputs with it
        f.fill_tiles("0.0", f.cb("cb_zero", 15, cb_type("bf16", 1)))
    if cb_s is not None:
        f.fill_tiles("1.0", cb_s)
        f.cbop("cb_wait_front", cb_s, one)
    f.for_(None, nf)
    if p.need_a:
        f.cbop("cb_wait_front", cb_b, nb_tiles)
    if cb_bb is not None:  # exact broadcasts of the held b tiles
        jj = f.for_(None, nb_tiles)
        f.exact_bcast(cb_b, jj, p.bcast_b, cb_bb, split)
        f.end()
        f.cbop("cb_wait_front", cb_bb, nb_tiles)
    if p.need_b:  # |B| zero partial sums of grad_b (complex: a (re, im) pair each)
        f.for_(None, nb)
        f.fill_tiles("0.0", cb_acc_b, n)
        f.end()
    f.for_(None, na)
    if p.need_b:
        f.cbop("cb_wait_front", cb_a, n_parts)
    for k in range(n if cb_ab is not None else 0):
        f.exact_bcast(cb_a, f.c(k), p.bcast_a, cb_ab, split)
    if cb_ab is not None:
        f.cbop("cb_wait_front", cb_ab, n_parts)
    if p.need_a:
        f.fill_tiles("0.0", cb_acc_a, n)
    j = f.for_(None, nb)
    f.cbop("cb_wait_front", cb_g, n_parts)
    if n == 2:  # complex: each gradient's (re, im) from its own section(s)
        from .mul_bw_complex import conj_product

        sections = dict(sfpu=p.sfpu, round_cb=cb_r if p.round_products else None)
        if p.need_a:
            conj_product(f, p.bcast_b, cb_g, cb_bb or cb_b, f.arith("muli", j, n_parts), cb_pa, **sections)
        if p.need_b:
            conj_product(f, p.bcast_a, cb_g, cb_ab or cb_a, 0, cb_pb, **sections)
    else:
        f.acquire()
        packs = []
        if p.sfpu:
            f.copy(cb_g, 0)
            if p.need_a:
                f.copy(cb_bb or cb_b, 1, j)
                f.op("mul_binary_tile_init")
                f.op("mul_binary_tile", [zero, one, one], ["i32"] * 3)
                packs.append((1, cb_pa))
            if p.need_b:
                f.copy(cb_ab or cb_a, 2)
                f.op("mul_binary_tile_init")
                f.op("mul_binary_tile", [zero, f.c(2), f.c(2)], ["i32"] * 3)
                packs.append((2, cb_pb))
        else:
            if p.need_a:
                f.fpu_product(p.bcast_b, cb_g, zero, cb_b, j, 0, cb_pa)
                packs.append((0, cb_pa))
            if p.need_b:
                f.fpu_product(p.bcast_a, cb_g, zero, cb_a, zero, 1, cb_pb)
                packs.append((1, cb_pb))
        f.pack(packs)
    f.cbop("cb_pop_front", cb_g, n_parts)
    for _ in range(n):  # complex: the (re, im) partials rotate through their CBs
        if p.need_a:
            f.accumulate(cb_acc_a, cb_pa, p.bcast_a, cb_s, split if p.split("a") else None)
        if p.need_b:
            f.accumulate(cb_acc_b, cb_pb, p.bcast_b, cb_s, split if p.split("b") else None)
    f.end()  # j
    for _ in range(n if p.need_a else 0):
        f.move(cb_acc_a, cb_oa, via=cb_r if p.hop_a else None)  # the sum, rounded once
    if cb_ab is not None:
        f.cbop("cb_pop_front", cb_ab, n_parts)
    if p.need_b:
        f.cbop("cb_pop_front", cb_a, n_parts)
    f.end()  # alpha
    if p.need_b:
        f.for_(None, nb)
        for _ in range(n):
            f.move(cb_acc_b, cb_ob, via=cb_r if p.hop_b else None)
        f.end()
    if cb_bb is not None:
        f.cbop("cb_pop_front", cb_bb, nb_tiles)
    if p.need_a:
        f.cbop("cb_pop_front", cb_b, nb_tiles)
    f.end()  # f
    if cb_s is not None:
        f.cbop("cb_pop_front", cb_s, one)
    return f.text()


def kernel_ir2(plan: Plan2) -> str:
    return module_text(_reader2(plan), _compute2(plan), _writer2(plan))


@lru_cache(maxsize=None)
def kernel_sources2(plan: Plan2) -> dict[str, str]:
    from ttbw.ttmlir import kernel_cpp

    text = kernel_ir2(plan)
    return kernel_cpp(text, "<mul_bw_fused_two_sided>")  # parses, verifies, translates


def build_program2(an: Analysis2, buffers: dict, grid=(8, 8)):
    from ttbw.runtime import CircularBuffer, CoreRange, Kernel, Program

    p = an.plan
    for name in an.input_names:
        buf = buffers.get(name)
        if buf is not None and buf.layout != "tile" and not p.is_rm(name[0] if name != "grad" else "g"):
            raise UnsupportedError(f"device backend: buffer {name} must be TILE (zero padded)")
    src = kernel_sources2(p)
    nf, na, nb = an.counts
    work = split_units(nf, grid)
    cores = [CoreRange.single(*c) for c, _, _ in work]

    def pick(name, need):  # (buffer, its imag buffer (complex) or None); (None, None) if not needed
        names = part_names((name,), p.parts)
        return (buffers[names[0]], buffers[names[1]] if p.parts == 2 else None) if need else (None, None)

    g, g_i = pick("grad", True)
    a, a_i = pick("a", p.need_b)
    b, b_i = pick("b", p.need_a)
    oa, oa_i = pick("input_grad", p.need_a)
    ob, ob_i = pick("other_grad", p.need_b)
    cplx = p.parts == 2  # imag buffers: runtime args after the maps, accessors after the real ones
    addr = lambda x: x.address if x is not None else 0  # noqa: E731
    accf = lambda x: x.accessor_config if x is not None else 0  # noqa: E731
    maps = [v for m in an.maps for trip in m for v in trip]
    extra_ct = [CB_ZERO] if p.rm_inputs else []

    rd_tail = lambda c: [c[0], c[1], *rm_args(g), *rm_args(a), *rm_args(b)] if p.rm_inputs else []  # noqa: E731
    wr_tail = [*rm_args(oa), *rm_args(ob)] if p.layouts else []
    if cplx:  # complex tensors are TILE: the tails are the imag buffers' addresses
        rd_tail = lambda c: [addr(g_i), addr(a_i), addr(b_i)]  # noqa: E731
        wr_tail = [addr(oa_i), addr(ob_i)]
    kernels = [
        Kernel("reader", src["reader"], "reader", cores, [CB_G, CB_A, CB_B, accf(g), accf(a), accf(b)] + extra_ct
               + ([accf(g_i), accf(a_i), accf(b_i)] if cplx else []),
               {c: [addr(g), addr(a), addr(b), f, n, na, nb, *maps, *rd_tail(c)] for c, f, n in work}),
        Kernel("compute", src["compute"], "compute", cores,
               [CB_G, CB_A, CB_B, CB_SCALER, CB_PA, CB_ACC_A, CB_ROUND, CB_PB, CB_ACC_B, CB_OUT_A, CB_OUT_B,
                CB_BB, CB_AB, CB_PARTS, CB_TMP] + extra_ct,
               {c: [n, na, nb] for c, f, n in work}, fp32_dest_acc_en=True),
        Kernel("writer", src["writer"], "writer", cores,
               [CB_OUT_A, CB_OUT_B, accf(oa), accf(ob)] + ([accf(oa_i), accf(ob_i)] if cplx else []),
               {c: [addr(oa), addr(ob), 0, f, n, na, nb, *maps, *wr_tail] for c, f, n in work}),
    ]
    k = p.parts  # complex: (real, imag) tile pairs
    cbs = [CircularBuffer(CB_G, g.data_format, 2 * k, cores)]
    if p.need_b:
        cbs += [CircularBuffer(CB_A, a.data_format, 2 * k, cores), CircularBuffer(CB_PB, p.prod_fmt("b"), k, cores),
                CircularBuffer(CB_ACC_B, "f32", nb * k, cores), CircularBuffer(CB_OUT_B, ob.data_format, 2 * k, cores)]
    if p.need_a:
        cbs += [CircularBuffer(CB_B, b.data_format, nb * k, cores), CircularBuffer(CB_PA, p.prod_fmt("a"), k, cores),
                CircularBuffer(CB_ACC_A, "f32", k, cores), CircularBuffer(CB_OUT_A, oa.data_format, 2 * k, cores)]
    if p.scaler:
        cbs.append(CircularBuffer(CB_SCALER, "bf16", 1, cores))
    if p.exact_b:
        cbs.append(CircularBuffer(CB_BB, "f32", nb * k, cores))
    if p.exact_a:
        cbs.append(CircularBuffer(CB_AB, "f32", k, cores))
    if p.splits:
        cbs += [CircularBuffer(CB_PARTS, "f32", 4, cores), CircularBuffer(CB_TMP, "f32", 1, cores)]
    if p.hop_a or p.hop_b or p.round_products:
        cbs.append(CircularBuffer(CB_ROUND, "bf16", 4 if p.round_products else 2, cores))
    if p.rm_inputs:
        cbs.append(CircularBuffer(CB_ZERO, "bf16", 1, cores))
    return Program(kernels, cbs, [x for x in (g, g_i, a, a_i, b, b_i, oa, oa_i, ob, ob_i) if x is not None])
