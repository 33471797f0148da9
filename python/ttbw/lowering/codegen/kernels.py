"""Kernel emission: `Kernels` -> reader / compute / writer TTKernel functions (kernel_ir).

Reader: per unit, the held inputs' tiles once; per inner step, every other input's tile
(ROW_MAJOR inputs built from their rows over a page cleared from a zero tile). An f32 tile
broadcast inside the tile is broadcast by the reader, in L1 (`broadcast_in_l1`: its valid
row / column / element copied over the page through the core's own NOC address): data
movement is exact for every f32 value (infinities, NaN, subnormals), where the FPU's
`unary_bcast` reads TF32. Compute: per unit, the partial sum zeroed; per inner step, one DST
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

Masked programs (`Kernels.masked`: sums inside the tile, bfloat8_b results): per step whose
tile of the iteration space has padding (an edge tile; sizes are runtime args, so both kernels
test it at run time, `space_tile`) the reader makes the step's mask (1.0 inside the space, 0 in
the padding: the zero tile, then the 1.0 tile over each face's valid rows / columns) and pushes
it; the compute sets each term's (or bfloat8_b value's) padding to 0 with it (`where_tile`)
before packing it. A full tile needs neither.

Compile args (CB indices, then TensorAccessorArgs words):
  reader  [in_0 .. in_k-1, zero, accessor_0 .. accessor_k-1, (mask)]
  compute [in_0 .. in_k-1, out_0, scaler, acc_0, term_0, round, parts, tmp, zero,
           then per further output: out_j, acc_j, term_j (output_cbs), then the hops' CBs, (mask),
           (spill: spill_cb)]
  writer  [out_0 .. out_m-1, accessor_0 .. accessor_m-1]
Runtime args: `launch.arg_names`.
"""
from __future__ import annotations

from ..errors import UnsupportedError
from ..kernel_ir import ELEMENT_BYTES, IR_FORMAT, KernelFn, cb_type, f32_literal, rm_accessor, rm_read_tile, \
    rm_write_tile, tensor_accessor, tile_map
from . import dst_plan, select
from .sections import SectionKind
from .l1_broadcast import broadcast_in_l1
from .padding_mask import mask_tile
from .tile_args import SpaceTiles, fifo_page_args, operand_maps
from .expr import Accumulator, Input, Literal, Rounded, Scalar, Spilled
from .program import DST_TILES, Kernels, Partial

# CB indices of a program (host.py configures those the kernels use)
CB_OUT, CB_SCALER, CB_ACC, CB_TERM, CB_ROUND, CB_PARTS, CB_TMP, CB_ZERO = 16, 17, 18, 19, 20, 21, 22, 23
CB_MORE = 24  # outputs 1..3: out, acc, term from 24 .. 31, then the rounding hops' unused top CBs
CB_HOP = 8     # bf16 rounding hops inside an expression: 8 .. 15
CB_MASK = 15   # masked sums: the step's mask tile (then 7 hops at most)
MAX_INPUTS = 8
MAX_HOPS = 8
MAX_SPILL_PAGES = 64  # 256 KiB of f32 tiles per core
TERM_PAGES = 1


def _ty(fmt: str, pages: int = 2) -> str:
    return cb_type(IR_FORMAT[fmt], pages)


def _pool(k: Kernels, used: int) -> list[int]:
    """The CBs from 24 .. 31, then the rounding hops' unused top CBs; `used` of them taken."""
    top = CB_HOP + MAX_HOPS - 1 - int(k.masked)
    pool = [*range(CB_MORE, 32), *range(top, CB_HOP + k.round_hops - 1, -1)]
    if used > len(pool):
        spill = " and a spill CB" if k.spill_pages else ""
        raise UnsupportedError(f"codegen: {len(k.outputs)} outputs, {k.round_hops} rounding hops{spill} need "
                               "more than the 32 circular buffers")
    return pool


def output_cbs(k: Kernels, j: int) -> tuple[int, int, int]:
    """(out, acc, term) CB indices of output j."""
    if j == 0:
        return CB_OUT, CB_ACC, CB_TERM
    return tuple(_pool(k, 3 * j)[3 * (j - 1):3 * j])


def spill_cb(k: Kernels) -> int:
    """The f32 CB of the values spilled from DST (k.spill_pages pages): after the outputs' CBs."""
    used = 3 * (len(k.outputs) - 1)
    return _pool(k, used + 1)[used]


def compute_cbs(k: Kernels) -> list[int]:
    n = len(k.inputs)
    more = [c for j in range(1, len(k.outputs)) for c in output_cbs(k, j)]
    hops = [CB_HOP + h for h in range(k.round_hops)]
    return [*range(n), CB_OUT, CB_SCALER, CB_ACC, CB_TERM, CB_ROUND, CB_PARTS, CB_TMP, CB_ZERO, *more, *hops,
            *([CB_MASK] if k.masked else []), *([spill_cb(k)] if k.spill_pages else [])]


def reader(k: Kernels) -> KernelFn:
    f = KernelFn("reader", "noc")
    n = len(k.inputs)
    cbs = [f.cb(f"cb_in{i}", i, _ty(o.fmt)) for i, o in enumerate(k.inputs)]
    addrs = [f.arg(i) for i in range(n)]
    first, nu, inner = f.arg(n), f.arg(n + 1), f.arg(n + 2)
    head = n + 3 + int(k.cross)
    middle = f.arg(n + 3) if k.cross else None
    maps = operand_maps(f, k, head, n)
    rm_base = head + (27 if k.cross else 18) * n
    znoc = cb_z = None
    accs = []
    for i, o in enumerate(k.inputs):
        if o.layout == "row_major":
            dims = [f.arg(rm_base + 2 + 5 * i + j) for j in range(5)]
            accs.append((rm_accessor(f, n + 1 + i, addrs[i], dims[4]), dims[:4]))
        else:
            accs.append((tensor_accessor(f, n + 1 + i, addrs[i], cbs[i]), None))
    one = f.c(1)
    cx, cy = f.arg(rm_base), f.arg(rm_base + 1)

    def local(addr):  # the NOC address of this core's L1 addr
        return f.op("get_noc_addr", [cx, cy, addr], ["i32", "i32", "i32"], "!ttkernel.noc_addr")

    zeros = f.c(2 if k.masked else 1)  # the zero tile compute packed (and the 1.0 tile)
    zptr = None
    if k.rm_inputs or k.masked:
        cb_z = f.cb("cb_zero", n, _ty("bf16", 1))
        f.cbop("cb_wait_front", cb_z, zeros)
        zptr = f.op("get_read_ptr", [cb_z], [f.cb_types[cb_z]], "i32")
        znoc = local(zptr)
    if k.masked:
        cb_mask = f.cb("cb_mask", 2 * n + 1, _ty("bf16"))
        space = SpaceTiles(f, k, rm_base + 2 + 5 * n)
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
    j = f.for_(None, inner)
    if k.masked:  # the mask of this step's tile of the space, if it has padding
        valid_rows, valid_cols, padded = space.tile(f.arith("addi", base["space"], tile_map(f, j, space_map[1])))
        f.if_(padded)
        f.cbop("cb_reserve_back", cb_mask, one)
        mask_tile(f, f.op("get_write_ptr", [cb_mask], [f.cb_types[cb_mask]], "i32"), valid_rows, valid_cols,
                  zptr, local)
        f.cbop("cb_push_back", cb_mask, one)
        f.end()
    if streamed:
        read_all([(i, f.arith("addi", base[i], tile_map(f, j, maps[i][1]))) for i in streamed])
    f.end()
    if k.cross:
        f.end()
    f.end()
    if cb_z is not None:
        f.cbop("cb_pop_front", cb_z, zeros)
    return f


def writer(k: Kernels) -> KernelFn:
    f = KernelFn("writer", "noc")
    m = len(k.outputs)
    cbs = [f.cb(f"cb_out{j}", j, _ty(o.fmt)) for j, o in enumerate(k.outputs)]
    addrs = [f.arg(j) for j in range(m)]
    first, nu, inner = f.arg(m), f.arg(m + 1), f.arg(m + 2)
    head = m + 3 + int(k.cross)
    middle = f.arg(m + 3) if k.cross else None
    maps = operand_maps(f, k, head, m)
    rm_base = head + (27 if k.cross else 18) * m
    accs = []
    for j, o in enumerate(k.outputs):
        if o.operand.layout == "row_major":
            dims = [f.arg(rm_base + 5 * j + i) for i in range(5)]
            accs.append((rm_accessor(f, m + j, addrs[j], dims[4]), dims[:4]))
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
    pages = fifo_page_args(f, k, rm_base + 5 * m) if k.cross else {}
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


class _Compute:
    """The compute kernel of `k`: CBs, the DST expression evaluator, the loop nest."""

    def __init__(self, k: Kernels):
        self.k = k
        f = self.f = KernelFn("compute", "compute")
        pos = {cb: i for i, cb in enumerate(compute_cbs(k))}
        self.ins = [f.cb(f"cb_in{i}", i, _ty(o.fmt)) for i, o in enumerate(k.inputs)]
        self.outs, self.accs, self.terms = [], [], []
        for j, o in enumerate(k.outputs):
            out, acc, term = output_cbs(k, j)
            self.outs.append(f.cb(f"cb_out{j}", pos[out], _ty(o.fmt)))
            self.accs.append(f.cb(f"cb_acc{j}", pos[acc], _ty("f32", 1)) if o.reduce else None)
            self.terms.append(f.cb(f"cb_term{j}", pos[term], _ty(o.term_fmt, TERM_PAGES))
                              if o.reduce and not k.direct else None)
        self.scaler = f.cb("cb_s", pos[CB_SCALER], _ty("bf16", 1)) if k.needs_scaler else None
        hops = any(k.hop(j) for j in range(len(k.outputs)))
        self.round = f.cb("cb_round", pos[CB_ROUND], _ty("bf16")) if hops else None
        self.split = None
        if any(k.split_terms(j) for j in range(len(k.outputs))):
            self.split = (self.scaler, f.cb("cb_tmp", pos[CB_TMP], _ty("f32", 1)),
                          f.cb("cb_parts", pos[CB_PARTS], _ty("f32", 4)))
        self.zero = f.cb("cb_zero", pos[CB_ZERO], _ty("bf16", 1)) if k.rm_inputs or k.masked else None
        self.mask = f.cb("cb_mask", pos[CB_MASK], _ty("bf16")) if k.masked else None
        self.hops = [f.cb(f"cb_hop{h}", pos[CB_HOP + h], _ty("bf16", 1)) for h in range(k.round_hops)]
        self.spill = f.cb("cb_spill", pos[spill_cb(k)], _ty("f32", k.spill_pages)) if k.spill_pages else None
        self.hop_of: dict = {}
        self.s = None
        self.j = None  # the inner step (tile index of an indexed held input)
        self.acc = None  # the partial an epilogue reads (its Accumulator)

    def index(self, i: int) -> str:
        """Tile index of input i at the front of its CB: the inner step for an indexed held input."""
        return self.j if self.k.inputs[i].access.indexed else self.f.c(0)

    def sections(self, plan, j: int):
        """Emits output j's sections of `plan` (rounding hops packed to their bf16 CBs, spilled
        values to the spill CB) but the last, which computes its value: returned, for the
        caller to evaluate in a section it packs itself."""
        f = self.f
        mine = [s for s in plan.sections if s.output == j]
        for s in mine[:-1]:
            cb = self.hops[s.dest] if s.kind is SectionKind.ROUND else self.spill
            f.acquire()
            slot = self.evaluate(s.body, cb)
            self.pop_reads(s)
            f.pack([(slot, cb)])
            if s.kind is SectionKind.ROUND:
                self.hop_of[Rounded(s.body)] = cb
        return mine[-1]

    def pop_reads(self, s) -> None:  # before the section's pack
        """The hops (and spill pages) section s read last."""
        for h in s.pops:
            self.f.cbop("cb_pop_front", self.hops[h], self.f.c(1))
        if s.pop_spills:
            self.f.cbop("cb_pop_front", self.spill, self.f.c(s.pop_spills))

    # ---- the expression in DST
    def evaluate(self, body, target: str) -> int:
        """Emits a section's body into DST; returns its slot. `target`: the CB the section packs
        into. The slots and the order are dst_plan's: each node evaluates its neediest operand
        first and frees its operands' slots once consumed, a subtree used twice is computed
        once where the DST holds it until its last use."""
        steps, result = dst_plan.plan(body, DST_TILES[self.k.fp32_dest])
        for step in steps:
            if isinstance(step, dst_plan.Load):
                self._load(step.expr, step.slot, target)
            else:
                self._tile_op(step.expr, step.slots, step.out)
        return result

    def _load(self, e, slot: int, target: str) -> None:
        """Leaf e into DST slot `slot`."""
        f = self.f
        if isinstance(e, Input):
            i = e.index
            bcast = self.k.inputs[i].access.bcast
            if self.k.inputs[i].access.transposed:  # unpacked to DST transposed in-tile
                f.op("transpose_wh_init", [self.ins[i], target], [f.cb_types[self.ins[i]], f.cb_types[target]])
                f.cbop("transpose_wh_tile", self.ins[i], self.index(i), f.c(slot))
            elif bcast == "none" or self.k.reader_bcast(i):  # whole tiles (the reader broadcast f32)
                f.copy(self.ins[i], slot, self.index(i))
            else:  # bf16 / bfloat8_b elements: the FPU's bcast reads them exactly
                bt = f"bcast_type = #ttkernel.bcast_type<{bcast}>"
                f.op("unary_bcast_init", [self.ins[i], target], [f.cb_types[self.ins[i]], f.cb_types[target]],
                     props=bt)
                f.cbop("unary_bcast", self.ins[i], self.index(i), f.c(slot), props=bt)
        elif isinstance(e, Rounded):  # computed and rounded by an earlier section (popped by the caller)
            cb = self.hop_of[e]
            f.cbop("cb_wait_front", cb, f.c(1))
            f.copy(cb, slot)
        elif isinstance(e, Accumulator):  # the finished partial sum (f32) at the front of its CB
            f.copy(self.acc, slot)
        elif isinstance(e, Spilled):  # computed by an earlier section: a page of the spill CB
            f.cbop("cb_wait_front", self.spill, f.c(e.page + 1))
            f.copy(self.spill, slot, f.c(e.page))
        elif isinstance(e, Scalar):
            f.op("fill_tile_init")
            f.op("fill_tile", [f.c(slot), self.s], ["i32", "f32"])
        else:
            assert isinstance(e, Literal), e
            f.fill(f32_literal(e.value), slot)

    def _tile_op(self, e, slots: list, out: int) -> None:
        """e's tile op on DST `slots` into `out` (a unary op in place: out is its slot)."""
        f = self.f
        if e.name in select.UNARY:
            f.op(f"{select.UNARY[e.name]}_init")
            f.op(select.UNARY[e.name], [f.c(out)], ["i32"])
        elif e.name == "where":  # the where of an fp32 DST (every SFPU expression has one)
            dtype = "dtype = #ttcore.supportedDataTypes<f32>"
            f.op("where_tile_init")
            f.op("where_tile", [f.c(s) for s in slots] + [f.c(out)], ["i32"] * 4, props=dtype)
        else:
            f.op(f"{select.BINARY[e.name]}_init")
            f.op(select.BINARY[e.name], [f.c(slots[0]), f.c(slots[1]), f.c(out)], ["i32"] * 3)

    def build(self) -> KernelFn:
        k, f = self.k, self.f
        one = f.c(1)
        n = len(k.inputs)
        access = [o.access for o in k.inputs]
        held = [i for i in range(n) if access[i].held]
        per_middle = [i for i in range(n) if access[i].middle]
        streamed = [i for i in range(n) if not (access[i].held or access[i].middle)]
        nu, inner = f.arg(0), f.arg(1)
        middle = f.arg(5) if k.cross else None
        space = SpaceTiles(f, k, 7 if k.cross else 6) if k.masked else None
        first = f.arg(6 if k.cross else 5) if k.masked else None
        if k.scalar:
            self.s = f.runtime_scalar(2)
        first_in = self.ins[0] if self.ins else self.outs[0]
        if all(o.fpu is not None for o in k.outputs):
            full, other = k.outputs[0].fpu
            f.op("binary_op_init_common", [self.ins[full], self.ins[other], self.outs[0]],
                 [f.cb_types[self.ins[full]], f.cb_types[self.ins[other]], f.cb_types[self.outs[0]]])
        else:
            f.op("init_sfpu", [first_in, self.outs[0]], [f.cb_types[first_in], f.cb_types[self.outs[0]]])
        if self.zero is not None:  # the zero tile the reader clears ROW_MAJOR pages (and masks) with
            f.fill_tiles("0.0", self.zero)
            if self.mask is not None:  # and the 1.0 tile of the masks
                f.fill_tiles("1.0", self.zero)
        if self.scaler is not None:  # all 1.0: reduce scaler, and the "x * 1" TF32 truncation
            f.fill_tiles("1.0", self.scaler)
            f.cbop("cb_wait_front", self.scaler, one)

        def held_count(i):
            return inner if access[i].indexed else one

        u = f.for_(None, nu)
        if space is not None:  # the unit's first tile of the space (units start at first_unit)
            space_base = tile_map(f, f.arith("addi", first, u), space.maps[0])
        for i in held:
            f.cbop("cb_wait_front", self.ins[i], held_count(i))
        partials = {kind: [j for j, o in enumerate(k.outputs) if o.reduce and o.partial is kind] for kind in Partial}
        pages = fifo_page_args(f, k, 6 + 30 * int(k.masked)) if k.cross else {}
        fifo = [j for j in partials[Partial.FIFO] if j not in pages]
        unit_pages = {j: p for j, p in pages.items() if k.outputs[j].partial is Partial.FIFO}
        if fifo:  # one zero partial per inner position, rotating through the FIFO
            f.for_(None, inner)
            for j in fifo:
                f.fill_tiles("0.0", self.accs[j])
            f.end()
        for j, p in unit_pages.items():  # one per position of the inner axes it keeps
            self.fill_fifo(j, p)
        for j in partials[Partial.UNIT]:
            f.fill_tiles("0.0", self.accs[j])
        if k.cross:
            m = f.for_(None, middle)
            if space is not None:
                space_base = f.arith("addi", space_base, tile_map(f, m, space.maps[2]))
            for i in per_middle:
                f.cbop("cb_wait_front", self.ins[i], one)
        for j in partials[Partial.INNER]:
            f.fill_tiles("0.0", self.accs[j])
        for j in partials[Partial.MFIFO]:
            self.fill_fifo(j, pages[j])
        self.j = f.for_(None, inner)
        for j in partials[Partial.STEP]:
            f.fill_tiles("0.0", self.accs[j])
        if k.direct:  # the input's tile itself is the term
            o = k.outputs[0]
            split = self.split if k.split_terms(0) else None
            f.accumulate(self.accs[0], self.ins[o.expr.index], o.operand.access.bcast, self.scaler, split)
        else:
            for i in streamed:
                f.cbop("cb_wait_front", self.ins[i], one)
            padded = None
            if space is not None:  # the step's tile of the space has padding: the reader pushed its mask
                padded = space.tile(f.arith("addi", space_base, tile_map(f, self.j, space.maps[1])))[2]
                f.if_(padded)
                f.cbop("cb_wait_front", self.mask, one)
                f.end()
            plan = k.step_plan
            for j, o in enumerate(k.outputs):  # one DST section per output (after its hops and spills)
                target = self.terms[j] if o.reduce else (self.round if k.hop(j) else self.outs[j])
                last = None
                if o.fpu is not None:
                    full, other = o.fpu
                    f.acquire()
                    f.fpu_product(self.k.inputs[other].access.bcast, self.ins[full], self.index(full),
                                  self.ins[other], self.index(other), 0, target)
                    slot = 0
                else:
                    last = self.sections(plan, j)
                    f.acquire()
                    slot = self.evaluate(last.body, target)
                if padded is not None and k.zeroes_padding(j):
                    f.if_(padded)
                    self.zero_padding(slot)
                    f.end()
                if last is not None:
                    self.pop_reads(last)
                if j == len(k.outputs) - 1:
                    for i in streamed:
                        f.cbop("cb_pop_front", self.ins[i], one)
                f.pack([(slot, target)])
                if not o.reduce and k.hop(j):  # the bf16-rounded tile -> bfloat8_b
                    f.move(self.round, self.outs[j])
            if padded is not None:
                f.if_(padded)
                f.cbop("cb_pop_front", self.mask, one)
                f.end()
            for j, o in enumerate(k.outputs):
                if o.reduce:
                    split = self.split if k.split_terms(j) else None
                    f.accumulate(self.accs[j], self.terms[j], o.operand.access.bcast, self.scaler, split)
            for j in partials[Partial.STEP]:
                self.finish(j)
        f.end()  # inner
        for j in partials[Partial.INNER]:  # each partial sum, rounded once into its result
            self.finish(j)
        for j in partials[Partial.MFIFO]:
            self.finish_fifo(j, pages[j])
        if not k.cross:  # after the epilogues, which read them
            for i in held:
                f.cbop("cb_pop_front", self.ins[i], held_count(i))
        for i in per_middle:
            f.cbop("cb_pop_front", self.ins[i], one)
        if k.cross:
            f.end()  # middle
            f.for_(None, inner)
            for j in fifo:
                self.finish(j)
            f.end()
            for j, p in unit_pages.items():
                self.finish_fifo(j, p)
            for j in partials[Partial.UNIT]:
                self.finish(j)
            for i in held:
                f.cbop("cb_pop_front", self.ins[i], held_count(i))
        f.end()  # units
        if self.scaler is not None:
            f.cbop("cb_pop_front", self.scaler, one)
        return f


    def fill_fifo(self, j: int, pages: str) -> None:
        self.f.for_(None, pages)
        self.f.fill_tiles("0.0", self.accs[j])
        self.f.end()

    def finish_fifo(self, j: int, pages: str) -> None:
        self.f.for_(None, pages)
        self.finish(j)
        self.f.end()

    def zero_padding(self, slot: int) -> None:
        """DST[slot] = 0 where the step's mask tile is 0 (the padding of an edge tile)."""
        f = self.f
        if slot + 2 >= DST_TILES[True]:
            raise UnsupportedError("codegen: no DST tiles left to mask a term's padding")
        f.copy(self.mask, slot + 1)
        f.fill("0.0", slot + 2)
        f.op("where_tile_init")
        dtype = "f32" if self.k.fp32_dest else "bf16"  # an FPU product's 16-bit DST
        f.op("where_tile", [f.c(slot + 1), f.c(slot), f.c(slot + 2), f.c(slot)], ["i32"] * 4,
             props=f"dtype = #ttcore.supportedDataTypes<{dtype}>")

    def finish(self, j: int) -> None:
        """Output j's partial sum into its result: moved (rounded by the pack), or through its
        epilogue's sections (rounding hops, then the expression) into the result's CB."""
        k, f, o = self.k, self.f, self.k.outputs[j]
        via = self.round if k.hop(j) else None
        if o.epilogue is None:
            f.move(self.accs[j], self.outs[j], via=via)
            return
        one = f.c(1)
        self.acc = self.accs[j]
        f.cbop("cb_wait_front", self.acc, one)
        last = self.sections(k.epilogue_plan(j), 0)
        f.acquire()
        slot = self.evaluate(last.body, via or self.outs[j])
        self.pop_reads(last)
        f.cbop("cb_pop_front", self.acc, one)
        f.pack([(slot, via or self.outs[j])])
        if via is not None:  # the bf16-rounded tile -> bfloat8_b
            f.move(via, self.outs[j])


def compute(k: Kernels) -> KernelFn:
    return _Compute(k).build()


def check_kernels(k: Kernels) -> None:
    """Raises UnsupportedError when the kernels of `k` need more than a core has."""
    if len(k.inputs) > MAX_INPUTS:
        raise UnsupportedError(f"codegen: at most {MAX_INPUTS} input tensors per program")
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
