"""The compute kernel of a generic-codegen program (`Compute`): its CBs, the DST expression
evaluator (dst_plan.py, sections.py) and the loop nest; kernels.py documents what it computes."""
from __future__ import annotations

from ttbw.support.ir_literals import f32_literal

from ..errors import UnsupportedError
from ..kernel_ir import ACCUMULATOR_PAGES, KernelFn, tile_map
from . import dst_plan, select
from .cbs import CB_HOP, CB_MASK, CB_PARTS, CB_ROUND, CB_SCALER, CB_TMP, CB_ZERO, TERM_PAGES, \
    compute_cbs, output_cbs, spill_cb, tile_cb
from .expr import Accumulator, Input, Literal, Reduced, Rounded, Scalar, Spilled
from .program import DST_TILES, Kernels, Partial
from .sections import SectionKind
from .tile_args import SpaceTiles, fifo_page_args


class Compute:
    """The compute kernel of `k`: CBs, the DST expression evaluator, the loop nest."""

    def __init__(self, k: Kernels):
        self.k = k
        f = self.f = KernelFn("compute", "compute")
        pos = {cb: i for i, cb in enumerate(compute_cbs(k))}
        self.ins = [f.cb(f"cb_in{i}", i, tile_cb(o.fmt)) for i, o in enumerate(k.inputs)]
        self.outs, self.accs, self.terms = [], [], []
        for j, o in enumerate(k.outputs):
            out, acc, term = output_cbs(k, j)
            self.outs.append(f.cb(f"cb_out{j}", pos[out], tile_cb(o.fmt)))
            self.accs.append(f.cb(f"cb_acc{j}", pos[acc], tile_cb("f32", ACCUMULATOR_PAGES)) if o.reduce else None)
            self.terms.append(f.cb(f"cb_term{j}", pos[term], tile_cb(o.term_fmt, TERM_PAGES))
                              if o.reduce and not k.direct else None)
        self.scaler = f.cb("cb_s", pos[CB_SCALER], tile_cb("bf16", 1)) if k.needs_scaler else None
        hops = any(k.hop(j) for j in range(len(k.outputs)))
        self.round = f.cb("cb_round", pos[CB_ROUND], tile_cb("bf16")) if hops else None
        self.split = None
        if k.splits:
            self.split = (self.scaler, f.cb("cb_tmp", pos[CB_TMP], tile_cb("f32", 1)),
                          f.cb("cb_parts", pos[CB_PARTS], tile_cb("f32", 4)))
        self.zero = f.cb("cb_zero", pos[CB_ZERO], tile_cb("bf16", 1)) if k.rm_inputs or k.masked else None
        self.mask = f.cb("cb_mask", pos[CB_MASK], tile_cb("bf16")) if k.masked else None
        self.hops = [f.cb(f"cb_hop{h}", pos[CB_HOP + h], tile_cb("bf16", 1)) for h in range(k.round_hops)]
        self.spill = f.cb("cb_spill", pos[spill_cb(k)], tile_cb("f32", k.spill_pages)) if k.spill_pages else None
        self.hop_of: dict = {}
        self.s = None
        self.j = None  # the inner step (tile index of an indexed held input)
        self.acc = None  # the partial an epilogue reads (its Accumulator)
        self.sums = None  # a read-back's CB of finished sums (its Reduced leaves)

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
        elif isinstance(e, Reduced):  # a read-back's finished sum, broadcast over the tile
            f.copy(self.sums, slot, f.c(e.index))
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
                f.clear_accumulator(self.accs[j])
            f.end()
        for j, p in unit_pages.items():  # one per position of the inner axes it keeps
            self.fill_fifo(j, p)
        for j in partials[Partial.UNIT]:
            f.clear_accumulator(self.accs[j])
        if k.cross:
            m = f.for_(None, middle)
            if space is not None:
                space_base = f.arith("addi", space_base, tile_map(f, m, space.maps[2]))
            for i in per_middle:
                f.cbop("cb_wait_front", self.ins[i], one)
        for j in partials[Partial.INNER]:
            f.clear_accumulator(self.accs[j])
        for j in partials[Partial.MFIFO]:
            self.fill_fifo(j, pages[j])
        self.j = f.for_(None, inner)
        for j in partials[Partial.STEP]:
            f.clear_accumulator(self.accs[j])
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
        self.f.clear_accumulator(self.accs[j])
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
            f.move(self.accs[j], self.outs[j], via=via, pages=ACCUMULATOR_PAGES)
            return
        pages = f.c(ACCUMULATOR_PAGES)
        self.acc = self.accs[j]
        f.cbop("cb_wait_front", self.acc, pages)
        last = self.sections(k.epilogue_plan(j), 0)
        f.acquire()
        slot = self.evaluate(last.body, via or self.outs[j])
        self.pop_reads(last)
        f.cbop("cb_pop_front", self.acc, pages)
        f.pack([(slot, via or self.outs[j])])
        if via is not None:  # the bf16-rounded tile -> bfloat8_b
            f.move(via, self.outs[j])
