"""The compute kernel of a read-back program (program.ReadBack): per unit, a first pass over
the inner tiles sums each term into its f32 partial (masked on edge tiles as any in-tile
sum), the finished sums packed for the reader to broadcast in L1 (sums across tiles only need
no broadcast: packed straight where the outputs read them), then a second pass computes the
outputs, whose `Reduced` leaves read the broadcast sums. Held inputs (`Access.held`: every
inner tile of an `indexed` one) stay at their CBs' fronts over both passes."""
from __future__ import annotations

from ..kernel_ir import ACCUMULATOR_PAGES, KernelFn, tile_map
from .cbs import compute_cbs, readback_cbs, tile_cb
from .compute import Compute
from .tile_args import SpaceTiles


class ReadBackCompute(Compute):
    def __init__(self, k):
        super().__init__(k)
        f, rb = self.f, k.readback
        pos = {cb: i for i, cb in enumerate(compute_cbs(k))}
        self.inner = f.arg(1)
        accs, terms, raw, val = readback_cbs(k)
        count = len(rb.terms)
        self.sum_accs = [f.cb(f"cb_sum_acc{r}", pos[c], tile_cb("f32", ACCUMULATOR_PAGES)) for r, c in enumerate(accs)]
        self.sum_terms = [f.cb(f"cb_sum_term{r}", pos[c], tile_cb(fmt, 1))
                          for r, (c, fmt) in enumerate(zip(terms, rb.term_fmts))]
        self.sums = f.cb("cb_sums_bcast", pos[val], tile_cb("f32", count))
        self.raw = f.cb("cb_sums", pos[raw], tile_cb("f32", count)) if rb.bcast != "none" else self.sums

    def build(self) -> KernelFn:
        k, f, rb = self.k, self.f, self.k.readback
        one = f.c(1)
        n = len(k.inputs)
        access = [o.access for o in k.inputs]
        held = [i for i in range(n) if access[i].held]
        nu, inner = f.arg(0), self.inner
        space = SpaceTiles(f, k, 6) if k.masked else None
        first = f.arg(5) if k.masked else None
        if k.scalar:
            self.s = f.runtime_scalar(2)
        first_in = self.ins[0] if self.ins else self.outs[0]
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
        space_base = tile_map(f, f.arith("addi", first, u), space.maps[0]) if space is not None else None
        for i in held:
            f.cbop("cb_wait_front", self.ins[i], held_count(i))
        for acc in self.sum_accs:
            f.clear_accumulator(acc)
        self.steps(list(rb.first), space, space_base, rb.masked, self.sum_terms)
        for r in range(len(rb.terms)):  # each finished sum, for the reader to broadcast
            f.move(self.sum_accs[r], self.raw, pages=ACCUMULATOR_PAGES)
        f.cbop("cb_wait_front", self.sums, f.c(len(rb.terms)))
        zeroes = any(k.zeroes_padding(j) for j in range(len(k.outputs)))
        self.steps(list(rb.second), space, space_base, zeroes, None)
        f.cbop("cb_pop_front", self.sums, f.c(len(rb.terms)))
        for i in held:
            f.cbop("cb_pop_front", self.ins[i], held_count(i))
        f.end()  # units
        if self.scaler is not None:
            f.cbop("cb_pop_front", self.scaler, one)
        return f

    def steps(self, streamed: list, space, space_base, masked: bool, terms) -> None:
        """One pass over the unit's inner tiles: the sums' terms, packed to `terms` and summed
        into their partials, or (terms None) the outputs, packed to their results."""
        k, f = self.k, self.f
        one = f.c(1)
        self.j = f.for_(None, self.inner)
        for i in streamed:
            f.cbop("cb_wait_front", self.ins[i], one)
        padded = None
        if masked:  # the step's tile of the space has padding: the reader pushed its mask
            padded = space.tile(f.arith("addi", space_base, tile_map(f, self.j, space.maps[1])))[2]
            f.if_(padded)
            f.cbop("cb_wait_front", self.mask, one)
            f.end()
        plan = k.term_plan if terms is not None else k.step_plan
        count = len(terms) if terms is not None else len(k.outputs)
        for j in range(count):  # one DST section per value (after its hops and spills)
            if terms is not None:
                target, zero = terms[j], k.readback.masked
            else:
                target, zero = self.round if k.hop(j) else self.outs[j], k.zeroes_padding(j)
            last = self.sections(plan, j)
            f.acquire()
            slot = self.evaluate(last.body, target)
            if padded is not None and zero:
                f.if_(padded)
                self.zero_padding(slot)
                f.end()
            self.pop_reads(last)
            if j == count - 1:
                for i in streamed:
                    f.cbop("cb_pop_front", self.ins[i], one)
            f.pack([(slot, target)])
            if terms is None and k.hop(j):  # the bf16-rounded tile -> bfloat8_b
                f.move(self.round, self.outs[j])
        if padded is not None:
            f.if_(padded)
            f.cbop("cb_pop_front", self.mask, one)
            f.end()
        if terms is not None:
            for r, term in enumerate(terms):
                split = self.split if k.split_sum(r) else None
                f.accumulate(self.sum_accs[r], term, k.readback.bcast, self.scaler, split)
        f.end()
