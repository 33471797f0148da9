"""A Tensix program as data: what `generic.read_function` reads from a function of device
linalg and what `kernels.py` / `launch.py` emit from it. `Kernels` is everything compile-time
(one set of kernels per value); `ProgramSpec` adds the runtime walk, the buffers and the scalar."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from . import schedule as sched
from . import sections
from .expr import Expr, Input

DST_TILES = {False: 8, True: 4}  # by fp32_dest_acc_en: the fp32 DST holds half as many tiles


class Partial(Enum):
    """A reduction's f32 partial in the cross walk (units, middle loop, inner loop), by the loops
    it keeps. Keeping only the inner loop's fastest axes: a FIFO over those (FIFO; MFIFO with
    the middle loop: zeroed per middle step, written after the inner loop)."""
    INNER = "inner"  # keeps the middle loop: one tile per middle step, summed over the inner loop (as without one)
    FIFO = "fifo"    # keeps the inner loop: a FIFO of one tile per inner position, summed over the middle loop
    MFIFO = "mfifo"
    UNIT = "unit"    # keeps neither: one tile per unit, summed over both
    STEP = "step"    # keeps both: one tile per step (sums inside the tile)


PARTIAL_BY_LOOPS = {(True, False): Partial.INNER, (False, True): Partial.FIFO, (False, False): Partial.UNIT,
                     (True, True): Partial.STEP}  # by (keeps the middle loop, keeps the inner loop)


@dataclass(frozen=True)
class ScalarArgument:
    """The program's scalar is function argument `index` (a runtime arg: its value at each call)."""
    index: int


@dataclass(frozen=True)
class ScalarConstant:
    """The program's scalar is a constant (still a runtime arg: one kernel for every value)."""
    value: float


@dataclass(frozen=True)
class Operand:
    fmt: str             # device format: bf16 | bfp8_b | f32
    layout: str          # tile | row_major
    access: sched.Access


@dataclass(frozen=True)
class Output:
    """One result of the program: its tensor (for a reduction `operand.access.bcast` names
    the in-tile dims summed) and how each of its tiles is computed."""
    operand: Operand
    reduce: bool
    expr: Expr           # the term (reduction) or the value (elementwise)
    term_fmt: str        # reduction: format the terms are rounded to before the sum
    fpu: tuple | None    # (full input, other input): an exact FPU multiply
    rounded: bool = False  # a reduction rounded to bf16 before its (f32) result
    partial: Partial = Partial.INNER  # the loops its f32 partial sums over
    epilogue: Expr | None = None  # reduction: the result's expression of the finished partial (Accumulator)
    paged: bool = False  # its FIFO is over the inner loop's fastest axes only (its page count a runtime arg)

    @property
    def fmt(self) -> str:
        return self.operand.fmt

    @property
    def fifo(self) -> bool:
        return self.partial in (Partial.FIFO, Partial.MFIFO)


@dataclass(frozen=True)
class ReadBack:
    """Sums the outputs read back over the dims they reduce (each output tile needs its row's or
    column's finished sum): per unit a first pass over the inner tiles sums each term into its
    f32 partial, a second pass computes the outputs (their `Reduced` leaves the finished sums,
    broadcast over the tile by the reader, in L1). The inputs both passes read are held in L1
    over the unit when they fit (`Access.indexed`: read from DRAM once), else read twice."""
    terms: tuple         # (Expr, ...) each sum's term
    term_fmts: tuple     # (bf16 | f32, ...) the format each term is rounded to before it is summed
    bcast: str           # the in-tile dims every sum reduces (row | col | scalar | none), as Output's
    first: tuple         # inputs streamed in the first pass (tile j at step j)
    second: tuple        # inputs streamed in the second pass

    @property
    def masked(self) -> bool:
        """Sums inside the tile: each term's padding set to 0 before it is summed."""
        return self.bcast != "none"


@dataclass(frozen=True)
class Kernels:
    """Everything compile-time: one set of kernels per Kernels."""
    inputs: tuple        # (Operand, ...) the buffers read, in function argument order
    outputs: tuple       # (Output, ...) in return order (siblings over one iteration space)
    scalar: bool         # an expression reads the scalar
    cross: bool = False  # the cross loop nest: units, middle, inner (see schedule.py)
    readback: ReadBack | None = None  # sums the outputs read back (two passes per unit)

    @property
    def fp32_dest(self) -> bool:
        return self.readback is not None or any(o.fpu is None or o.reduce for o in self.outputs)

    def hop(self, k: int) -> bool:
        """bfloat8_b elements are bf16 values: a result in the fp32 DST is rounded to bf16 (a
        bf16 CB) before its block quantization, as the region truncates to bf16 first."""
        return self.fp32_dest and (self.outputs[k].fmt == "bfp8_b" or self.outputs[k].rounded)

    @property
    def reduce(self) -> bool:
        return any(o.reduce for o in self.outputs)

    @property
    def masked(self) -> bool:
        """Some output's (or read-back sum's term's) padding (outside the iteration space, in its
        edge tiles) is set to 0 before its pack (`where` with a mask tile the reader makes per step), as the expression
        need not keep 0 there (a broadcast operand or the scalar fill every row / column of a
        tile, a device tile's padding need not be 0, 0 / 0 is NaN): see `zeroes_padding`."""
        return any(self.zeroes_padding(k) for k in range(len(self.outputs))) or \
            (self.readback is not None and self.readback.masked)

    def zeroes_padding(self, k: int) -> bool:
        """Output k's tiles (its terms, for a sum) are masked: the terms of a sum inside the
        tile, whose padding it would add in; and every bfloat8_b tile, whose 16-element blocks
        share one exponent with the padding (an inf or a large value there flushes the block's
        valid values to 0)."""
        o = self.outputs[k]
        return o.reduce and o.operand.access.bcast != "none" or o.fmt == "bfp8_b"

    @property
    def direct(self) -> bool:
        """One reduction summing an input's tiles as they are (no term to compute first)."""
        o = self.outputs[0]
        return len(self.outputs) == 1 and o.reduce and isinstance(o.expr, Input) \
            and not self.inputs[o.expr.index].access.held and not self.masked \
            and not self.inputs[o.expr.index].access.transposed

    def reader_bcast(self, i: int) -> bool:
        """f32 input broadcast inside the tile: by the reader, in L1 (the FPU reads TF32)."""
        return self.inputs[i].fmt == "f32" and self.inputs[i].access.bcast != "none"

    def split_sum(self, r: int) -> bool:
        """Read-back sum r's f32 terms reduced inside the tile: their TF32-exact parts."""
        rb = self.readback
        return rb.bcast != "none" and rb.term_fmts[r] == "f32"

    @property
    def splits(self) -> bool:
        """Some sum reduces f32 terms inside the tile (the split CBs)."""
        return any(self.split_terms(j) for j in range(len(self.outputs))) or \
            (self.readback is not None and any(self.split_sum(r) for r in range(len(self.readback.terms))))

    def split_terms(self, k: int) -> bool:
        """f32 terms reduced inside the tile (FPU reduce_tile): their TF32-exact parts."""
        o = self.outputs[k]
        return o.reduce and o.operand.access.bcast != "none" and (
            self.inputs[o.expr.index].fmt == "f32" if self.direct else o.term_fmt == "f32")

    @property
    def needs_scaler(self) -> bool:
        return any(o.reduce and o.operand.access.bcast != "none" for o in self.outputs) or \
            (self.readback is not None and self.readback.bcast != "none")

    @property
    def rm_inputs(self) -> bool:
        return any(o.layout == "row_major" for o in self.inputs)

    @property
    def step_plan(self) -> sections.Plan:
        """The DST sections of one inner step: every output's expression but those the FPU
        multiplies (or a direct reduction's input tile)."""
        exprs = tuple(None if o.fpu is not None or self.direct else o.expr for o in self.outputs)
        return sections.plan(exprs, DST_TILES[self.fp32_dest])

    def epilogue_plan(self, k: int) -> sections.Plan:
        return sections.plan((self.outputs[k].epilogue,), DST_TILES[self.fp32_dest])

    @property
    def term_plan(self) -> sections.Plan:
        """The DST sections of a read-back's first pass: every sum's term."""
        return sections.plan(self.readback.terms, DST_TILES[self.fp32_dest])

    def _plans(self) -> list:
        terms = [self.term_plan] if self.readback is not None else []
        return terms + [self.step_plan] + [self.epilogue_plan(k) for k, o in enumerate(self.outputs) if o.epilogue]

    @property
    def round_hops(self) -> int:
        """bf16 CBs the rounding hops inside the expressions need (reused once a hop is read)."""
        return max(p.hops for p in self._plans())

    @property
    def spill_pages(self) -> int:
        """f32 pages of the spill CB: the values computed once and read again from L1."""
        return max(p.pages for p in self._plans())


@dataclass(frozen=True)
class ProgramSpec:
    kernels: Kernels
    schedule: sched.Schedule
    args: tuple          # function argument index of each input buffer
    scalar: ScalarArgument | ScalarConstant | None = None
    out_shapes: tuple = ()
