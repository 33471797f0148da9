"""The host side of a codegen program: its CBs, its kernels' compile and runtime args, the
core split (a `ProgramLaunch` of `ttbw.target.host_program`: buffer addresses and the runtime
scalar's words are symbolic, the executor binds them at launch) and the name of each runtime
arg slot.

Runtime args:
  reader  [addr_in0 .. addr_in<k-1>, first_unit, num_units, inner,
           per input: kept0_div, kept0_mod, kept0_stride, .. kept2_*, summed0_* .. summed2_*,
           core_x, core_y, per input: H, W, Ht, Wt, row_bytes, rows, row_off, col_off (zeros for
           TILE; kernel_ir.RM_ARGS) and its window's base tile (0 unless windowed: window.py),
           masked sums: the whole space's triplets, its rows and cols]
  compute [num_units, inner, scalar_m, scalar_n_up, scalar_n_down, (middle),
           masked sums: first_unit, the whole space's triplets, its rows and cols,
           cross reductions: pages_out<j> of each FIFO over some inner axes only]
  writer  [addr_out0 .., first_unit, num_units, inner, per output: kept / summed triplets,
           per output: H, W, Ht, Wt, row_bytes, rows, row_off, col_off, (pages_out<j>)]
"""
from __future__ import annotations

from ttbw.target.device_model import split_work
from ttbw.target.formats import DataFormat
from ttbw.target.host_program import SCALAR_WORDS, AddressOf, CircularBufferSpec, CoreArgs, KernelLaunch, \
    Processor, ProgramLaunch, ScalarWord
from ttbw.target.scalar_encoding import scalar_args

from ..errors import UnsupportedError
from ..kernel_ir import ACCUMULATOR_PAGES, MAX_GROUPS, RM_ARGS, rm_args
from .generic import L1_HELD
from .program import Kernels, ProgramSpec, ScalarArgument
from .cbs import CB_HOP, CB_MASK, CB_PARTS, CB_ROUND, CB_SCALER, CB_TMP, CB_ZERO, TERM_PAGES, compute_cbs, \
    input_cbs, output_cbs, readback_cbs, spill_cb
from .kernels import check_kernels



def _tile_bytes(fmt: str) -> int:
    return DataFormat.parse(fmt).tile_bytes


def _mapping_names(prefix: str) -> list[str]:
    return [f"{prefix}{g}{i}_{f}" for g in ("kept", "summed") for i in range(MAX_GROUPS)
            for f in ("div", "mod", "stride")]


def _operand_maps(k: Kernels, prefix: str) -> list[str]:
    middle = [f"{prefix}middle{i}_{f}" for i in range(MAX_GROUPS) for f in ("div", "mod", "stride")]
    return _mapping_names(prefix) + (middle if k.cross else [])


def arg_names(k: Kernels) -> dict[str, list[str]]:
    ins = [f"in{i}" for i in range(len(k.inputs))]
    outs = ["out"] if len(k.outputs) == 1 else [f"out{j}" for j in range(len(k.outputs))]
    loops = ["first_unit", "num_units", "inner"] + (["middle"] if k.cross else [])
    space = _operand_maps(k, "space_") + ["space_rows", "space_cols"] if k.masked else []
    pages = [f"pages_{r}" for r, o in zip(outs, k.outputs) if o.paged]
    return {"reader": [f"addr_{r}" for r in ins] + loops
            + [n for r in ins for n in _operand_maps(k, f"{r}_")] + ["core_x", "core_y"]
            + [f"{a}_{r}" for r in ins for a in (*RM_ARGS, "base")] + space,
            "compute": ["num_units", "inner", "scalar_m", "scalar_n_up", "scalar_n_down"]
            + (["middle"] if k.cross else []) + (["first_unit", *space] if k.masked else []) + pages,
            "writer": [f"addr_{r}" for r in outs] + loops
            + [n for r in outs for n in _operand_maps(k, f"{r}_")] + [f"{a}_{r}" for r in outs for a in RM_ARGS]
            + pages}


def held_bytes(spec: ProgramSpec) -> int:
    """L1 bytes per core of what cross reductions hold per unit (every inner tile of the indexed
    inputs and the FIFO of f32 partials of each second reduction), and the spill CB."""
    k, s = spec.kernels, spec.schedule
    held = sum(_tile_bytes(o.fmt) for o in k.inputs if o.access.indexed)
    partials = sum(fifo_pages(s, j) for j, o in enumerate(k.outputs) if o.fifo)
    return s.inner * held + 4096 * (ACCUMULATOR_PAGES * partials + k.spill_pages)


def fifo_pages(s, j: int) -> int:
    """Pages of output j's FIFO of partials: one per inner position, or per position of the inner
    axes it keeps (its fastest)."""
    return s.pages[j] if s.pages and s.pages[j] else s.inner


def check_program(spec: ProgramSpec) -> None:
    """Raises UnsupportedError when `spec` is not one program a core can run."""
    check_kernels(spec.kernels)
    k, s = spec.kernels, spec.schedule
    if k.readback is not None and held_bytes(spec) > L1_HELD:
        raise UnsupportedError(f"codegen: a read-back would hold {held_bytes(spec)} bytes per core in L1 (more than "
                               f"{L1_HELD}: {s.inner} tiles per held input, {k.spill_pages} spilled tiles)")
    if k.cross and held_bytes(spec) > L1_HELD:
        raise UnsupportedError(f"codegen: cross reductions would hold {held_bytes(spec)} bytes per core in L1 "
                               f"(more than {L1_HELD}: {s.inner} tiles per held input and partial sum, "
                               f"{k.spill_pages} spilled tiles)")


def program_launch(spec: ProgramSpec, name: str, inputs: list, outs: list, grid) -> ProgramLaunch:
    """The launch of `spec` as program `name` over buffers (`BufferSpec`s: `inputs` in the
    spec's input order, `outs` the results); a runtime scalar's words are `ScalarWord`s."""
    check_program(spec)
    k, s = spec.kernels, spec.schedule
    work = split_work(s.units, grid)
    n = len(k.inputs)
    flat = lambda trips: [v for t in trips for v in t]  # noqa: E731
    maps = lambda o: flat(s.kept[o]) + flat(s.summed[o]) + (flat(s.mid[o]) if k.cross else [])  # noqa: E731
    mappings = [v for i in range(n) for v in maps(i)]
    out_mapping = [v for j in range(len(outs)) for v in maps(n + j)]
    loops = [s.inner, s.middle] if k.cross else [s.inner]
    rm_in = [v for b, o in zip(inputs, k.inputs) for v in _input_rm_args(b, o.access.window)]
    space = [*maps(n + len(outs)), s.rows, s.cols] if k.masked else []
    pages = [s.pages[j] for j, o in enumerate(k.outputs) if o.paged]
    runtime = isinstance(spec.scalar, ScalarArgument)
    if not k.scalar:
        sargs = [0, 0, 0]
    elif runtime:
        sargs = [ScalarWord(w) for w in SCALAR_WORDS]
    else:
        sargs = scalar_args(spec.scalar.value)
    names = arg_names(k)
    in_addrs = [AddressOf(b.name) for b in inputs]
    out_addrs = [AddressOf(b.name) for b in outs]

    def per_core(args_of):
        return tuple(CoreArgs(c, tuple(args_of(c, f, m))) for c, f, m in work)

    kernels = (
        KernelLaunch("reader", Processor.READER,
                     (*input_cbs(k), CB_ZERO, *(b.accessor_config for b in inputs), *([CB_MASK] if k.masked else []),
                      *(readback_cbs(k)[2:] if k.readback is not None and k.readback.bcast != "none" else ())),
                     per_core(lambda c, f, m: [*in_addrs, f, m, *loops, *mappings, c[0], c[1], *rm_in, *space]),
                     arg_names=tuple(names["reader"])),
        KernelLaunch("compute", Processor.COMPUTE, tuple(compute_cbs(k)),
                     per_core(lambda c, f, m: [m, s.inner, *sargs, *loops[1:], *([f, *space] if k.masked else []),
                                               *pages]),
                     fp32_dest_acc_en=k.fp32_dest, arg_names=tuple(names["compute"])),
        KernelLaunch("writer", Processor.WRITER,
                     (*(output_cbs(k, j)[0] for j in range(len(outs))), *(b.accessor_config for b in outs)),
                     per_core(lambda c, f, m: [*out_addrs, f, m, *loops, *out_mapping,
                                               *(v for b in outs for v in rm_args(b)), *pages]),
                     arg_names=tuple(names["writer"])),
    )
    return ProgramLaunch(name, tuple(b.name for b in [*inputs, *outs]), _circular_buffers(k, s, inputs, outs),
                         kernels, spec.scalar.index if runtime else None)


def _input_rm_args(buffer, window) -> list[int]:
    """An input's RM_ARGS (its window's rows when it has one) and its window's base tile."""
    if window is None:
        return [*rm_args(buffer), 0]
    rows = window.row_major.rm_args(buffer.page_size) if window.row_major is not None else rm_args(None)
    return [*rows, window.base]


def _circular_buffers(k: Kernels, s, inputs: list, outs: list) -> tuple:
    cbs = [CircularBufferSpec(index, b.fmt, max(2, s.inner) if o.access.indexed else 2, _tile_bytes(b.fmt))
           for index, o, b in zip(input_cbs(k), k.inputs, inputs)]

    def cb(index, fmt, pages):
        cbs.append(CircularBufferSpec(index, fmt, pages, _tile_bytes(fmt)))

    if k.rm_inputs or k.masked:  # the zero tile (and the 1.0 tile masks are made of)
        cb(CB_ZERO, "bf16", 2 if k.masked else 1)
    if k.needs_scaler:
        cb(CB_SCALER, "bf16", 1)
    for j, o in enumerate(k.outputs):
        _, acc, term = output_cbs(k, j)
        if o.reduce:
            cb(acc, "f32", ACCUMULATOR_PAGES * (fifo_pages(s, j) if o.fifo else 1))
            if not k.direct:
                cb(term, o.term_fmt, TERM_PAGES)
    if k.readback is not None:
        accs, terms, raw, val = readback_cbs(k)
        for acc, term, fmt in zip(accs, terms, k.readback.term_fmts):
            cb(acc, "f32", ACCUMULATOR_PAGES)
            cb(term, fmt, TERM_PAGES)
        cb(val, "f32", len(accs))
        if k.readback.bcast != "none":
            cb(raw, "f32", len(accs))
    if k.splits:
        cb(CB_PARTS, "f32", 4)
        cb(CB_TMP, "f32", 1)
    if any(k.hop(j) for j in range(len(outs))):
        cb(CB_ROUND, "bf16", 2)
    for h in range(k.round_hops):
        cb(CB_HOP + h, "bf16", 1)
    if k.masked:
        cb(CB_MASK, "bf16", 2)
    if k.spill_pages:
        cb(spill_cb(k), "f32", k.spill_pages)
    for j, b in enumerate(outs):
        cb(output_cbs(k, j)[0], b.fmt, 2)
    return tuple(cbs)
