"""Composite (fuse=false) mode: one program per TTIR op of the decomposed `ttir.mul_bw`.

    outputs, stats = run_composite(op_ir_text, [grad, a, b])

This is how ttnn's composite path runs mul_bw: the op is decomposed (`ttbw.compilation.
run_pipeline`: multiply / sum keep_dim / reshape / typecast) and every TTIR op becomes its own
program launch, every intermediate living in DRAM. It is the baseline the fused program
(`run.run_on_device`) is measured against: same results, more DRAM traffic and launches.

Per op:
- `ttir.multiply` without broadcast: the eltwise_mul example program (examples/kernels).
- `ttir.multiply` with one operand broadcast: a one-result program of the fused generator
  (`mul_bw_program`, plan "grad_Y = grad * bcast(X)" only), i.e. a broadcast multiply.
- `ttir.sum` (keep_dim): over the last two dims only (batch kept): the reduce_row / reduce_col /
  reduce_scalar example programs; anything else (sums over leading / channel dims, mixed): a
  "sum_to" program generated here from the fused generator's pieces (same tile mapping
  triplets, reduce_tile<sum> with a 1.0 scaler for in-tile dims, fp32 SFPU adds across whole
  tiles, one rounding at the end: the fused numerics, without the product).
- `ttir.reshape` that only adds / drops leading 1s: free (TILE pages are unchanged), an alias.

Supported: bf16 TILE real tensors in DRAM (no broadcast, one side broadcast, both sides
broadcast), any mask. Everything else raises `UnsupportedError` (a ValueError) naming what.
"""
from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache

from .mul_bw_program import (MAX_GROUPS, UnsupportedError, _accessor, _cbt, _Fn, _map, _mapping_args,
                             _REDUCE_DIM, split_units)

_TYPE = re.compile(r"tensor<((?:\d+x)*)(\w+)>")
_OP = re.compile(r'^\s*(%\S+)\s*=\s*"ttir\.(\w+)"\(([^)]*)\)\s*(\{.*\})?\s*:\s*\((.*)\)\s*->\s*(.*)$')
_RET = re.compile(r"^\s*return\s+([^:]*)\s*:")
_ARGS = re.compile(r"func\.func\s+@\w+\(([^)]*)\)")


@dataclass
class CompositeStats:
    """Totals over the programs one composite run launched (RunStats-like)."""
    dram_bytes_read: dict = field(default_factory=dict)     # buffer name -> bytes
    dram_bytes_written: dict = field(default_factory=dict)
    programs_launched: int = 0                               # by this run
    seconds: float = 0.0                                     # launches only
    compile_seconds: float = 0.0
    programs: list = field(default_factory=list)             # (op name, RunStats) per launch

    @property
    def total_dram_read(self) -> int:
        return sum(self.dram_bytes_read.values())

    @property
    def total_dram_written(self) -> int:
        return sum(self.dram_bytes_written.values())

    def add(self, what: str, stats) -> None:
        for mine, theirs in ((self.dram_bytes_read, stats.dram_bytes_read),
                             (self.dram_bytes_written, stats.dram_bytes_written)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        self.programs_launched += 1
        self.seconds += stats.seconds
        self.compile_seconds += stats.compile_seconds
        self.programs.append((what, stats))


# --------------------------------------------------------------------------- decomposed IR

def _shape(ty: str):
    m = _TYPE.fullmatch(ty.strip())
    if not m:
        raise UnsupportedError(f"composite mode: unsupported type {ty.strip()!r} (bf16 TILE tensors only)")
    dims, elem = m.groups()
    if elem != "bf16":
        raise UnsupportedError(f"composite mode: only bf16 tensors are supported (got {elem})")
    return tuple(int(d) for d in dims.split("x") if d)


@lru_cache(maxsize=64)
def decomposed_ops(op_ir_text: str):
    """(argument names, [(result, op, operands, attrs, operand shapes, result shape)], returned)."""
    from ttbw.compilation import run_pipeline

    text = run_pipeline(op_ir_text)[-1][1]
    head = _ARGS.search(text)
    args = [a.split(":")[0].strip() for a in head.group(1).split(",")] if head.group(1).strip() else []
    ops, ret = [], None
    for line in text[text.index("{", head.end()) + 1:].splitlines():
        line = line.strip()
        if not line or line in ("}",) or line.startswith("func.func") or line.startswith("module"):
            continue
        r = _RET.match(line)
        if r:
            ret = [v.strip() for v in r.group(1).split(",") if v.strip()]
            continue
        m = _OP.match(line)
        if not m:
            raise UnsupportedError(f"composite mode: unsupported operation in the decomposition: {line}")
        res, name, operands, attrs, in_types, out_type = m.groups()
        in_shapes = tuple(_shape(t) for t in _split_types(in_types))
        ops.append((res, name, tuple(o.strip() for o in operands.split(",")), attrs or "", in_shapes,
                    _shape(out_type)))
    if ret is None:
        raise UnsupportedError("composite mode: decomposition has no return")
    return args, ops, ret


def _split_types(s: str):
    out, depth, cur = [], 0, ""
    for ch in s:
        depth += ch == "<"
        depth -= ch == ">"
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return out + [cur] if cur.strip() else out


def _aligned(shape, rank):
    return (1,) * (rank - len(shape)) + tuple(shape)


def _tile_equivalent(s1, s2) -> bool:
    """Same TILE pages: the last two dims equal (rank >= 2 view) and the same batch count."""
    r = max(2, len(s1), len(s2))
    a, b = _aligned(s1, r), _aligned(s2, r)
    return a[-2:] == b[-2:] and math.prod(a[:-2]) == math.prod(b[:-2]) and \
        [d for d in a[:-2] if d != 1] == [d for d in b[:-2] if d != 1]


# --------------------------------------------------------------------------- helper IR (analyses)

def _ty(shape) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + "bf16>"


@lru_cache(maxsize=256)
def _helper_analysis(full, other, want_y: bool):
    """The fused analysis of mul_bw(grad: full, a: full, b: other) with only grad_a (want_y:
    grad * bcast(other)) or only grad_b (sum_to(grad * a, other)) requested: its plan and
    tile mapping serve a broadcast multiply / a reduction program."""
    from .run import analyze_ir

    res = full if want_y else other
    mask = "true, false" if want_y else "false, true"
    seg = "1, 0" if want_y else "0, 1"
    text = (f"func.func @mul_bw(%grad: {_ty(full)}, %a: {_ty(full)}, %b: {_ty(other)}) -> ({_ty(res)}) {{\n"
            f"  %r = \"ttir.mul_bw\"(%grad, %a, %b) {{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, "
            f"resultSegmentSizes = array<i32: {seg}>, are_required_outputs = array<i1: {mask}>}} : "
            f"({_ty(full)}, {_ty(full)}, {_ty(other)}) -> ({_ty(res)})\n"
            f"  return %r : {_ty(res)}\n}}\n")
    return analyze_ir(text)


# --------------------------------------------------------------------------- sum_to program

def _sum_kernels_ir(bcast: str) -> str:
    """reader / compute / writer of out[u] = sum_j reduce_bcast(x[t(u, j)]) (bf16 in and out,
    fp32 partial sums in an f32 CB, rounded once)."""
    r = _Fn("reader", "noc")
    cb = r.cb("cb_in", 0, _cbt("bf16"))
    addr, first, nu, inner = r.arg(0), r.arg(1), r.arg(2), r.arg(3)
    kept, summed = _mapping_args(r, 4)
    acc = _accessor(r, 1, addr, cb)
    one = r.c(1)
    u = r.for_(first, nu)
    tu = _map(r, u, kept)
    j = r.for_(None, inner)
    t = r.arith("addi", tu, _map(r, j, summed))
    r.cbop("cb_reserve_back", cb, one)
    wp = r.op("get_write_ptr", [cb], [r.cb_types[cb]], "i32")
    r.op("noc_async_read_tile", [t, acc, wp], ["i32", "!ttkernel.TensorAccessor", "i32"])
    r.op("noc_async_read_barrier")
    r.cbop("cb_push_back", cb, one)
    r.end()
    r.end()

    w = _Fn("writer", "noc")
    cbo = w.cb("cb_out", 0, _cbt("bf16"))
    addr, first, nu = w.arg(0), w.arg(1), w.arg(2)
    acc = _accessor(w, 1, addr, cbo)
    one = w.c(1)
    u = w.for_(first, nu)
    w.cbop("cb_wait_front", cbo, one)
    rp = w.op("get_read_ptr", [cbo], [w.cb_types[cbo]], "i32")
    w.op("noc_async_write_tile", [u, acc, rp], ["i32", "!ttkernel.TensorAccessor", "i32"])
    w.op("noc_async_write_barrier")
    w.cbop("cb_pop_front", cbo, one)
    w.end()

    f = _Fn("compute", "compute")
    cb_in = f.cb("cb_in", 0, _cbt("bf16"))
    cb_s = f.cb("cb_s", 1, _cbt("bf16", 1)) if bcast != "none" else None
    cb_acc = f.cb("cb_acc", 2, _cbt("f32", 1))
    cb_out = f.cb("cb_out", 3, _cbt("bf16"))
    nu, inner = f.arg(0), f.arg(1)
    zero, one = f.c(0), f.c(1)
    t3 = lambda a, b, c: [f.cb_types[a], f.cb_types[b], f.cb_types[c]]  # noqa: E731
    f.op("init_sfpu", [cb_in, cb_out], [f.cb_types[cb_in], f.cb_types[cb_out]])

    def pack(dst_cb):
        f.op("tile_regs_commit")
        f.op("tile_regs_wait")
        f.cbop("cb_reserve_back", dst_cb, one)
        f.op("pack_tile", [zero, dst_cb, zero], ["i32", f.cb_types[dst_cb], "i32"], props="out_of_order = false")
        f.op("tile_regs_release")
        f.cbop("cb_push_back", dst_cb, one)

    def copy(src, dst):
        f.op("copy_tile_init", [src], [f.cb_types[src]])
        f.cbop("copy_tile", src, zero, f.c(dst))

    def fill(value):
        v = f.fresh()
        f.emit(f"{v} = arith.constant {value} : f32")
        f.op("fill_tile_init")
        f.op("fill_tile", [zero, v], ["i32", "f32"])

    if cb_s is not None:  # the scaler tile (all 1.0)
        f.op("tile_regs_acquire")
        fill("1.0")
        pack(cb_s)
        f.cbop("cb_wait_front", cb_s, one)
    f.for_(None, nu)
    f.op("tile_regs_acquire")
    fill("0.0")
    pack(cb_acc)
    f.for_(None, inner)
    f.op("tile_regs_acquire")
    f.cbop("cb_wait_front", cb_acc, one)
    copy(cb_acc, 0)
    f.cbop("cb_pop_front", cb_acc, one)
    f.cbop("cb_wait_front", cb_in, one)
    if bcast != "none":
        rp = (f"reduce_dim = #ttkernel.reduce_dim<{_REDUCE_DIM[bcast]}>, "
              "reduce_type = #ttkernel.reduce_type<reduce_sum>")
        f.op("reduce_init", [cb_in, cb_s, cb_acc], t3(cb_in, cb_s, cb_acc), props=rp)
        f.op("reduce_tile", [cb_in, cb_s, zero, zero, zero],
             [f.cb_types[cb_in], f.cb_types[cb_s], "i32", "i32", "i32"], props=rp)
        f.op("reduce_uninit")
    else:
        copy(cb_in, 1)
        f.op("add_binary_tile_init")
        f.op("add_binary_tile", [zero, one, zero], ["i32"] * 3)
    f.cbop("cb_pop_front", cb_in, one)
    pack(cb_acc)
    f.end()  # inner
    f.op("tile_regs_acquire")
    f.cbop("cb_wait_front", cb_acc, one)
    copy(cb_acc, 0)
    f.cbop("cb_pop_front", cb_acc, one)
    pack(cb_out)
    f.end()  # units
    if cb_s is not None:
        f.cbop("cb_pop_front", cb_s, one)
    return "module {\n" + "\n\n".join([r.text(), f.text(), w.text()]) + "\n}\n"


@lru_cache(maxsize=None)
def sum_kernel_sources(bcast: str) -> dict:
    from ttbw.ttmlir import translate_kernels, verify

    text = _sum_kernels_ir(bcast)
    verify(text, "<composite_sum>")
    return {k.name: k.cpp for k in translate_kernels(text, "<composite_sum>")}


def sum_program(an, x, out, grid):
    """out (X's tiles) = sum over the tiles / in-tile dims the fused analysis `an` maps onto
    each of X's tiles, of x (grad-shaped)."""
    from ttbw.runtime import CircularBuffer, CoreRange, Kernel, Program

    bcast = an.plan.bcast
    src = sum_kernel_sources(bcast)
    work = split_units(an.units, grid)
    cores = [CoreRange.single(*c) for c, _, _ in work]
    mapping = [v for trip in an.kept + an.summed for v in trip]
    assert len(mapping) == 6 * MAX_GROUPS
    kernels = [
        Kernel("reader", src["reader"], "reader", cores, [0, x.accessor_config],
               {c: [x.address, f, n, an.inner, *mapping] for c, f, n in work}),
        Kernel("compute", src["compute"], "compute", cores, [0, 3, 5, 16],
               {c: [n, an.inner] for c, f, n in work}, fp32_dest_acc_en=True),
        Kernel("writer", src["writer"], "writer", cores, [16, out.accessor_config],
               {c: [out.address, f, n] for c, f, n in work}),
    ]
    cbs = [CircularBuffer(0, "bf16", 2, cores), CircularBuffer(5, "f32", 1, cores),
           CircularBuffer(16, "bf16", 2, cores)]
    if bcast != "none":
        cbs.append(CircularBuffer(3, "bf16", 1, cores))
    return Program(kernels, cbs, [x, out])


# --------------------------------------------------------------------------- driver

def _check_op(op_ir_text: str, inputs):
    from .run import analyze_ir

    an = analyze_ir(op_ir_text)  # verifies; UnsupportedError for what no device path does
    p = an.plan
    if p.mode in ("complex", "scalar"):
        raise UnsupportedError(f"composite mode: {'a scalar b' if p.mode == 'scalar' else 'complex tensors'} "
                               "not supported (bf16 TILE real tensors only)")
    formats = set((an.formats or {}).values())
    layouts = set((getattr(an, "layouts", None) or {}).values()) or {"tile"}
    if formats != {"bf16"} or layouts != {"tile"}:
        raise UnsupportedError(f"composite mode: bf16 TILE tensors only (formats {sorted(formats)}, "
                               f"layouts {sorted(layouts)})")
    if an.out_memory != "dram":
        raise UnsupportedError("composite mode: results in L1 (memory_config) are not supported")
    if len(inputs) != 3:
        raise UnsupportedError("composite mode: preallocated results are not supported")
    return an


def run_composite(op_ir_text: str, inputs, grid=(8, 8)):
    """Runs the decomposition of one `ttir.mul_bw` op, one program per TTIR op; returns
    (outputs as float32 numpy arrays, CompositeStats)."""
    from ttbw.runtime import examples

    from .run import _host, device

    _check_op(op_ir_text, inputs)
    args, ops, ret = decomposed_ops(op_ir_text)
    dev = device(grid)
    stats = CompositeStats()
    values: dict = {}       # SSA name -> Buffer (aliases for free reshapes)
    owned: list = []        # buffers to free
    used_args = {o for _, _, operands, _, _, _ in ops for o in operands} | set(ret)
    try:
        for name, role, value in zip(args, ("grad", "a", "b"), inputs):
            if name in used_args:
                x = _host(value)
                buf = dev.allocate(x.shape, "bf16", name=role)
                owned.append(buf)
                buf.write(x)
                values[name] = buf
        for index, (res, opname, operands, attrs, in_shapes, out_shape) in enumerate(ops):
            if opname == "reshape":
                src = values[operands[0]]
                if not _tile_equivalent(src.shape, out_shape):
                    raise UnsupportedError(f"composite mode: reshape {src.shape} -> {out_shape} moves data")
                values[res] = dataclasses.replace(src, shape=tuple(out_shape))
                continue
            out = dev.allocate(out_shape, "bf16", name=f"{opname}{index}")
            owned.append(out)
            if opname == "multiply":
                x, y = (values[o] for o in operands)
                if tuple(x.shape) == tuple(y.shape) == tuple(out_shape):
                    prog = examples.eltwise_binary("eltwise_mul", x, y, out, grid=grid)
                else:
                    full, other = (x, y) if tuple(x.shape) == tuple(out_shape) else (y, x)
                    if tuple(full.shape) != tuple(out_shape):
                        raise UnsupportedError("composite mode: multiply with both operands broadcast")
                    from .mul_bw_program import build_program

                    an = _helper_analysis(tuple(full.shape), tuple(other.shape), True)
                    prog = build_program(an, {"grad": full, "b": other, "input_grad": out}, grid)
            elif opname == "sum":
                x = values[operands[0]]
                keep = re.search(r"keep_dim\s*=\s*(true|false)", attrs)
                dims = [int(d) for d in re.findall(r"(-?\d+)\s*:\s*i32", attrs.split("dim_arg", 1)[1])] \
                    if "dim_arg" in attrs else list(range(len(x.shape)))
                rank = len(x.shape)
                dims = sorted(d % rank for d in dims)
                kd = tuple(1 if i in dims else s for i, s in enumerate(x.shape))
                if keep is not None and keep.group(1) == "false" and (rank - 1 in dims or rank - 2 in dims):
                    raise UnsupportedError("composite mode: sum without keep_dim over the last two dims")
                prog = _sum(x, out, kd, dims, grid)
            else:
                raise UnsupportedError(f"composite mode: ttir.{opname} is not supported")
            stats.add(opname, dev.run(prog))
            values[res] = out
        outputs = [values[name].read().reshape(values[name].shape) for name in ret]
    finally:
        for buf in owned:
            dev.free(buf)
    return outputs, stats


def _sum(x, out, kd, dims, grid):
    from ttbw.runtime import examples

    rank = len(x.shape)
    if rank >= 2 and dims and all(d >= rank - 2 for d in dims):  # in-tile dims only: examples
        h, w = (rank - 2) in dims, (rank - 1) in dims
        dim = {(True, False): "col", (False, True): "row", (True, True): "scalar"}[(h, w)]
        return examples.reduce(dim, x, out, grid=grid)
    an = _helper_analysis(tuple(x.shape), tuple(kd), False)
    if not an.plan.reduce_x:
        raise UnsupportedError(f"composite mode: sum of {x.shape} over {dims} reduces nothing")
    return sum_program(an, x, out, grid)
