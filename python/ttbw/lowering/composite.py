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

The plan (`plan_composite`: one `Step` per TTIR op, in execution order, with the program kind
and the DRAM buffers it reads / writes) is made without a device; `step_program` builds a
step's Program over real or symbolic buffers. `run_composite` executes it; the compiler pass
(`--convert-ttir-to-ttkernel="fuse=false"`, via `describe.describe_composite`) emits it.

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
    from ttbw.ttmlir import kernel_cpp

    text = _sum_kernels_ir(bcast)
    return kernel_cpp(text, "<composite_sum>")  # parses, verifies, translates


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


# --------------------------------------------------------------------------- plan

@dataclass(frozen=True)
class Step:
    """One TTIR op of the decomposition: a program launch, or a free reshape (an alias).

    `inputs`: (buffer, shape this op sees it with) per operand, in the program's buffer
    order; `output`: the DRAM buffer it writes (for an alias: the buffer it views);
    `helper`: shapes the kernel choice depends on (bcast_mul: (full, other); sum_to:
    (x, kept-dims shape))."""
    op: str            # multiply | sum | reshape
    kind: str          # eltwise_mul | bcast_mul | reduce_row | reduce_col | reduce_scalar | sum_to | alias
    inputs: tuple
    output: str
    out_shape: tuple
    helper: tuple = ()


@dataclass(frozen=True)
class CompositePlan:
    """The composite execution of one `ttir.mul_bw`: `steps` in execution order; `args`: the
    buffer of each function argument (None: unused); `results`: (buffer, shape) per returned
    value; `shapes`: buffer -> allocated shape."""
    args: tuple
    steps: tuple
    results: tuple
    shapes: tuple      # ((buffer, shape), ...)

    @property
    def programs(self) -> list:
        return [s for s in self.steps if s.kind != "alias"]

    @property
    def intermediates(self) -> list:
        returned = {b for b, _ in self.results}
        return [s.output for s in self.programs if s.output not in returned]


def check_op(op_ir_text: str):
    """The fused analysis of the op; UnsupportedError for what composite mode does not do."""
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
    return an


@lru_cache(maxsize=64)
def plan_composite(op_ir_text: str, arg_buffers: tuple = ("grad", "a", "b")) -> CompositePlan:
    """Decomposes the op and picks one program per TTIR op (UnsupportedError naming what is
    not supported). `arg_buffers`: the buffer name of each function argument, in order."""
    check_op(op_ir_text)
    args, ops, ret = decomposed_ops(op_ir_text)
    where: dict = {a: arg_buffers[i] if i < len(arg_buffers) else f"arg{i}" for i, a in enumerate(args)}
    shapes: dict = {}
    steps = []
    used = {o for _, _, operands, _, _, _ in ops for o in operands} | set(ret)
    for index, (res, opname, operands, attrs, in_shapes, out_shape) in enumerate(ops):
        for o, s in zip(operands, in_shapes):
            if o in args:
                shapes.setdefault(where[o], tuple(s))
        inputs = tuple((where[o], tuple(s)) for o, s in zip(operands, in_shapes))
        out_shape = tuple(out_shape)
        if opname == "reshape":
            if not _tile_equivalent(in_shapes[0], out_shape):
                raise UnsupportedError(f"composite mode: reshape {tuple(in_shapes[0])} -> {out_shape} moves data")
            where[res] = where[operands[0]]
            steps.append(Step(opname, "alias", inputs, where[res], out_shape))
            continue
        buffer = f"{opname}{index}"
        if opname == "multiply":
            x, y = (tuple(s) for s in in_shapes)
            if x == y == out_shape:
                step = Step(opname, "eltwise_mul", inputs, buffer, out_shape)
            else:
                if x != out_shape and y != out_shape:
                    raise UnsupportedError("composite mode: multiply with both operands broadcast")
                full, other = (inputs[0], inputs[1]) if x == out_shape else (inputs[1], inputs[0])
                step = Step(opname, "bcast_mul", (full, other), buffer, out_shape, (full[1], other[1]))
        elif opname == "sum":
            x = tuple(in_shapes[0])
            keep = re.search(r"keep_dim\s*=\s*(true|false)", attrs)
            dims = [int(d) for d in re.findall(r"(-?\d+)\s*:\s*i32", attrs.split("dim_arg", 1)[1])] \
                if "dim_arg" in attrs else list(range(len(x)))
            rank = len(x)
            dims = sorted(d % rank for d in dims)
            kd = tuple(1 if i in dims else s for i, s in enumerate(x))
            if keep is not None and keep.group(1) == "false" and (rank - 1 in dims or rank - 2 in dims):
                raise UnsupportedError("composite mode: sum without keep_dim over the last two dims")
            step = Step(opname, _sum_kind(x, kd, dims), inputs, buffer, out_shape, (x, kd))
        else:
            raise UnsupportedError(f"composite mode: ttir.{opname} is not supported")
        steps.append(step)
        where[res] = buffer
        shapes[buffer] = out_shape
    value_shape = {res: tuple(out) for res, _, _, _, _, out in ops}
    results = tuple((where[r], value_shape.get(r, shapes.get(where[r], ()))) for r in ret)
    arg_list = tuple(where[a] if a in used else None for a in args)
    return CompositePlan(arg_list, tuple(steps), results, tuple(shapes.items()))


def _sum_kind(x, kd, dims) -> str:
    rank = len(x)
    if rank >= 2 and dims and all(d >= rank - 2 for d in dims):  # in-tile dims only: examples
        h, w = (rank - 2) in dims, (rank - 1) in dims
        return "reduce_" + {(True, False): "col", (False, True): "row", (True, True): "scalar"}[(h, w)]
    if not _helper_analysis(tuple(x), tuple(kd), False).plan.reduce_x:
        raise UnsupportedError(f"composite mode: sum of {tuple(x)} over {dims} reduces nothing")
    return "sum_to"


def view(buffer, shape):
    """`buffer` seen with `shape` (a free reshape: same TILE pages)."""
    shape = tuple(shape)
    return buffer if tuple(buffer.shape) == shape else dataclasses.replace(buffer, shape=shape)


def step_program(step: Step, buffers: dict, grid):
    """The Program of one (non-alias) step over `buffers` (name -> Buffer or SymbolicBuffer)."""
    from ttbw.runtime import examples

    ins = [view(buffers[name], shape) for name, shape in step.inputs]
    out = buffers[step.output]
    if step.kind == "eltwise_mul":
        return examples.eltwise_binary("eltwise_mul", ins[0], ins[1], out, grid=grid)
    if step.kind == "bcast_mul":
        from .mul_bw_program import build_program

        an = _helper_analysis(step.helper[0], step.helper[1], True)
        return build_program(an, {"grad": ins[0], "b": ins[1], "input_grad": out}, grid)
    if step.kind.startswith("reduce_"):
        return examples.reduce(step.kind[len("reduce_"):], ins[0], out, grid=grid)
    if step.kind == "sum_to":
        return sum_program(_helper_analysis(step.helper[0], step.helper[1], False), ins[0], out, grid)
    raise UnsupportedError(f"composite mode: no program for {step.kind}")


def step_kernels_text(step: Step) -> str:
    """The TTKernel module text (reader, compute, writer) of a step's program."""
    if step.kind in ("eltwise_mul", "reduce_row", "reduce_col", "reduce_scalar"):
        from ttbw.runtime.examples import EXAMPLES_DIR

        return (EXAMPLES_DIR / f"{step.kind}.mlir").read_text()
    if step.kind == "bcast_mul":
        from .describe import kernels_text

        return kernels_text(_helper_analysis(step.helper[0], step.helper[1], True))
    if step.kind == "sum_to":
        return _sum_kernels_ir(_helper_analysis(step.helper[0], step.helper[1], False).plan.bcast)
    raise UnsupportedError(f"composite mode: no program for {step.kind}")


_EXAMPLE_ARGS = {  # runtime arg slots of the example kernels (examples/kernels/*.mlir headers)
    "eltwise_mul": {"reader": ["addr_a", "addr_b", "first_tile", "num_tiles"], "compute": ["num_tiles"],
                    "writer": ["addr_c", "first_tile", "num_tiles"]},
    "reduce": {"reader": ["addr_in", "first_unit", "num_units", "Ht", "Wt"],
               "compute": ["num_units", "tiles_per_unit"], "writer": ["addr_out", "first_unit", "num_units"]},
    "sum_to": {"reader": ["addr_in", "first_unit", "num_units", "inner"]
               + [f"{g}{i}_{f}" for g in ("kept", "summed") for i in range(MAX_GROUPS)
                  for f in ("div", "mod", "stride")],
               "compute": ["num_units", "inner"], "writer": ["addr_out", "first_unit", "num_units"]},
}


def step_arg_names(step: Step) -> dict:
    """Name of each runtime arg slot, per kernel."""
    if step.kind == "bcast_mul":
        from .describe import _arg_names

        return _arg_names(_helper_analysis(step.helper[0], step.helper[1], True))
    return _EXAMPLE_ARGS["reduce" if step.kind.startswith("reduce_") else step.kind]


# --------------------------------------------------------------------------- driver

def _check_op(op_ir_text: str, inputs):
    an = check_op(op_ir_text)
    if len(inputs) != 3:
        raise UnsupportedError("composite mode: preallocated results are not supported")
    return an


def run_composite(op_ir_text: str, inputs, grid=(8, 8)):
    """Runs the decomposition of one `ttir.mul_bw` op, one program per TTIR op; returns
    (outputs as float32 numpy arrays, CompositeStats)."""
    from .run import _host, device

    _check_op(op_ir_text, inputs)
    plan = plan_composite(op_ir_text)
    dev = device(grid)
    stats = CompositeStats()
    buffers: dict = {}      # buffer name -> Buffer
    owned: list = []        # buffers to free
    try:
        for role, value in zip(plan.args, inputs):
            if role is not None:
                x = _host(value)
                buf = dev.allocate(x.shape, "bf16", name=role)
                owned.append(buf)
                buf.write(x)
                buffers[role] = buf
        for step in plan.programs:
            out = dev.allocate(step.out_shape, "bf16", name=step.output)
            owned.append(out)
            buffers[step.output] = out
            stats.add(step.op, dev.run(step_program(step, buffers, grid)))
        outputs = [view(buffers[name], shape).read().reshape(shape) for name, shape in plan.results]
    finally:
        for buf in owned:
            dev.free(buf)
    return outputs, stats
