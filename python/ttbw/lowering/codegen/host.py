"""The host side of a codegen program: CBs, kernels with their compile and runtime args,
the core split (`ttbw.execution.emulator.Program`, over real or symbolic buffers), and the name of
each runtime arg slot (the `runtime_arg_layout` of the host program description).

Runtime args:
  reader  [addr_in0 .. addr_in<k-1>, first_unit, num_units, inner,
           per input: kept0_div, kept0_mod, kept0_stride, .. kept2_*, summed0_* .. summed2_*,
           core_x, core_y, per input: H, W, Ht, Wt, row_bytes (zeros for TILE),
           masked sums: the whole space's triplets, its rows and cols]
  compute [num_units, inner, scalar_m, scalar_n_up, scalar_n_down, (middle),
           masked sums: first_unit, the whole space's triplets, its rows and cols,
           cross reductions: pages_out<j> of each FIFO over some inner axes only]
  writer  [addr_out0 .., first_unit, num_units, inner, per output: kept / summed triplets,
           per output: H, W, Ht, Wt, row_bytes, (pages_out<j>)]
"""
from __future__ import annotations

from functools import lru_cache

from ttbw.target.scalar_encoding import scalar_args

from ttbw.target.device_model import split_work
from ..kernel_ir import MAX_GROUPS, RM_ARGS, rm_args
from ..errors import UnsupportedError
from .generic import L1_HELD, Kernels, ProgramSpec
from .kernels import (CB_HOP, CB_MASK, CB_PARTS, CB_ROUND, CB_SCALER, CB_TMP, CB_ZERO, TERM_PAGES, compute_cbs,
                      kernels_text, output_cbs, spill_cb)


@lru_cache(maxsize=None)
def kernel_sources(k: Kernels) -> dict[str, str]:
    """C++ of the kernels: verified, then translated by the real tt-mlir."""
    from ttbw.ttmlir import kernel_cpp

    return kernel_cpp(kernels_text(k), "<codegen>")


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
            + [f"{a}_{r}" for r in ins for a in RM_ARGS] + space,
            "compute": ["num_units", "inner", "scalar_m", "scalar_n_up", "scalar_n_down"]
            + (["middle"] if k.cross else []) + (["first_unit", *space] if k.masked else []) + pages,
            "writer": [f"addr_{r}" for r in outs] + loops
            + [n for r in outs for n in _operand_maps(k, f"{r}_")] + [f"{a}_{r}" for r in outs for a in RM_ARGS]
            + pages}


def held_bytes(spec: ProgramSpec, inputs: list) -> int:
    """L1 bytes per core of what cross reductions hold per unit (every inner tile of the indexed
    inputs and the FIFO of f32 partials of each second reduction), and the spill CB."""
    k, s = spec.kernels, spec.schedule
    held = sum(b.data_format.tile_bytes for o, b in zip(k.inputs, inputs) if o.access.indexed)
    return s.inner * held + 4096 * sum(fifo_pages(s, j) for j, o in enumerate(k.outputs) if o.fifo) \
        + 4096 * k.spill_pages


def fifo_pages(s, j: int) -> int:
    """Pages of output j's FIFO of partials: one per inner position, or per position of the inner
    axes it keeps (its fastest)."""
    return s.pages[j] if s.pages and s.pages[j] else s.inner


def build_program(spec: ProgramSpec, inputs: list, outs: list, grid, scalar: float | None = None):
    """The Program of `spec` over buffers (ttbw.execution.emulator.Buffer or describe.SymbolicBuffer):
    `inputs` in the spec's input order, `outs` the results; `scalar`: a runtime scalar's value."""
    from ttbw.execution.emulator import CircularBuffer, CoreRange, Kernel, Program

    k, s = spec.kernels, spec.schedule
    src = kernel_sources(k)
    work = split_work(s.units, grid)
    cores = [CoreRange.single(*c) for c, _, _ in work]
    n = len(k.inputs)
    if k.cross and held_bytes(spec, inputs) > L1_HELD:
        raise UnsupportedError(f"codegen: cross reductions would hold {held_bytes(spec, inputs)} bytes per core in L1 "
                               f"(more than {L1_HELD}: {s.inner} tiles per held input and partial sum, "
                               f"{k.spill_pages} spilled tiles)")
    flat = lambda trips: [v for t in trips for v in t]  # noqa: E731
    maps = lambda o: flat(s.kept[o]) + flat(s.summed[o]) + (flat(s.mid[o]) if k.cross else [])  # noqa: E731
    mappings = [v for i in range(n) for v in maps(i)]
    out_mapping = [v for j in range(len(outs)) for v in maps(n + j)]
    loops = [s.inner, s.middle] if k.cross else [s.inner]
    rm_in = [v for b in inputs for v in rm_args(b)]
    space = [*maps(n + len(outs)), s.rows, s.cols] if k.masked else []
    value = spec.scalar[1] if spec.scalar and spec.scalar[0] == "const" else scalar
    pages = [s.pages[j] for j, o in enumerate(k.outputs) if o.paged]
    sargs = scalar_args(value) if k.scalar else [0, 0, 0]
    kernels = [
        Kernel("reader", src["reader"], "reader", cores,
               [*range(n), CB_ZERO, *(b.accessor_config for b in inputs), *([CB_MASK] if k.masked else [])],
               {c: [*(b.address for b in inputs), f, m, *loops, *mappings, c[0], c[1], *rm_in, *space]
                for c, f, m in work}),
        Kernel("compute", src["compute"], "compute", cores, compute_cbs(k),
               {c: [m, s.inner, *sargs, *loops[1:], *([f, *space] if k.masked else []), *pages] for c, f, m in work},
               fp32_dest_acc_en=k.fp32_dest),
        Kernel("writer", src["writer"], "writer", cores,
               [*(output_cbs(k, j)[0] for j in range(len(outs))), *(b.accessor_config for b in outs)],
               {c: [*(b.address for b in outs), f, m, *loops, *out_mapping, *(v for b in outs for v in rm_args(b)),
                    *pages] for c, f, m in work}),
    ]
    cbs = [CircularBuffer(i, b.data_format, max(2, s.inner) if o.access.indexed else 2, cores)
           for i, (o, b) in enumerate(zip(k.inputs, inputs))]
    if k.rm_inputs or k.masked:  # the zero tile (and the 1.0 tile masks are made of)
        cbs.append(CircularBuffer(CB_ZERO, "bf16", 2 if k.masked else 1, cores))
    if k.needs_scaler:
        cbs.append(CircularBuffer(CB_SCALER, "bf16", 1, cores))
    for j, o in enumerate(k.outputs):
        _, acc, term = output_cbs(k, j)
        if o.reduce:
            cbs.append(CircularBuffer(acc, "f32", fifo_pages(s, j) if o.fifo else 1, cores))
            if not k.direct:
                cbs.append(CircularBuffer(term, o.term_fmt, TERM_PAGES, cores))
    if any(k.split_terms(j) for j in range(len(outs))):
        cbs += [CircularBuffer(CB_PARTS, "f32", 4, cores), CircularBuffer(CB_TMP, "f32", 1, cores)]
    if any(k.hop(j) for j in range(len(outs))):
        cbs.append(CircularBuffer(CB_ROUND, "bf16", 2, cores))
    cbs += [CircularBuffer(CB_HOP + h, "bf16", 1, cores) for h in range(k.round_hops)]
    if k.masked:
        cbs.append(CircularBuffer(CB_MASK, "bf16", 2, cores))
    if k.spill_pages:
        cbs.append(CircularBuffer(spill_cb(k), "f32", k.spill_pages, cores))
    cbs += [CircularBuffer(output_cbs(k, j)[0], b.data_format, 2, cores) for j, b in enumerate(outs)]
    return Program(kernels, cbs, [*inputs, *outs])
