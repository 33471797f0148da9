"""`ttir.mul_bw` on complex tensors (ttnn's ComplexTensor: a (real, imag) pair of real tensors)
of the same shapes, fused in one program (PlanC below):

    grad_a = grad * conj(b) = (gr*br + gi*bi) + i (gi*br - gr*bi)
    grad_b = grad * conj(a) = (gr*ar + gi*ai) + i (gi*ar - gr*ai)

Per tile: the six input tiles are read once (only those a requested gradient needs); for
each requested gradient one DST section computes both parts and packs them.
- bf16: FPU mul_tiles into the 16-bit DST (each product rounded to bf16, as the decomposed
  ttir.multiply), then add/sub_binary_tile (SFPU, fp32, rounded to bf16 in DST) — the same
  two roundings as the CPU path (multiply, then add/subtract, each in bf16).
- f32: everything on the SFPU with the fp32 DST (copy_tile, mul_binary_tile, add/sub).

With broadcast, analyze_complex returns None and the real plans run on (real, imag) tile pairs
(mul_bw_program's Plan / mul_bw_two_sided's Plan2 with parts = 2, variants complex_broadcast /
complex_two_sided): their reduction machinery unchanged, their product step replaced by
conj_product (below), which combines the two products of a part per element before the part is
summed, exactly as the decomposition does (multiply, add/subtract, then sum).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .kernel_ir import KernelFn, cb_type, module_text, tensor_accessor
from .mul_bw_program import _DEVICE_FORMAT, PARTS, UnsupportedError, split_units

CB_IN = {"grad": (0, 1), "a": (2, 3), "b": (4, 5)}
CB_OUT = {"input_grad": (16, 17), "other_grad": (18, 19)}


@dataclass(frozen=True)
class PlanC:
    dtype: str   # bf16 | f32
    need_a: bool
    need_b: bool
    mode: str = "complex"

    @property
    def fp32_dest(self) -> bool:
        return self.dtype == "f32"

    @property
    def inputs(self) -> list[str]:
        return ["grad"] + (["b"] if self.need_a else []) + (["a"] if self.need_b else [])

    @property
    def outputs(self) -> list[str]:
        return (["input_grad"] if self.need_a else []) + (["other_grad"] if self.need_b else [])


@dataclass(frozen=True)
class AnalysisC:
    plan: PlanC
    shape: tuple
    out_shapes: dict     # "input_grad.real" ... -> shape, in result order
    input_names: tuple   # the op's operand buffers, in argument order
    formats: dict
    out_memory: str

    @property
    def units(self) -> int:
        from .mul_bw_program import _tile_dims

        t = _tile_dims(self.shape, max(2, len(self.shape)))[1]
        n = 1
        for d in t:
            n *= d
        return n


def analyze_complex(descs, shapes, mask, out_memory) -> AnalysisC | None:
    """The same-shape plan; None for a broadcast, which mul_bw_program / mul_bw_two_sided plan
    with two parts per tensor (see conj_product). (The verifier has made sure every tensor is
    complex and b is no scalar.)"""
    types = {d.data_type for d in descs.values()}
    if len(types) != 1 or not types <= {"bf16", "f32"}:
        raise UnsupportedError(f"device backend: complex tensors must all be bf16 or all f32 "
                               f"({', '.join(f'{n}: {d.data_type}' for n, d in descs.items())})")
    if len({tuple(d.shape) for d in descs.values()}) != 1:
        return None
    dtype = types.pop()
    plan = PlanC(dtype, mask[0], mask[1])
    shape = tuple(shapes["grad"])
    outs = {f"{n}.{p}": shape for n in plan.outputs for p in PARTS}
    names = tuple(f"{n}.{p}" for n in ("grad", "a", "b") for p in PARTS)
    formats = {n: _DEVICE_FORMAT[dtype] for n in names + tuple(outs)}
    return AnalysisC(plan, shape, outs, names, formats, out_memory)


def conj_product(f: KernelFn, kind: str, cb_g: str, cb_o: str, o_idx: int | str, out: str, *, sfpu: bool,
                 round_cb: str | None) -> None:
    """Packs grad * conj(bcast(other)) onto `out` as two tiles, re = gr*or + gi*oi then
    im = gi*or - gr*oi: grad's parts are tiles 0, 1 of cb_g, other's tiles o_idx, o_idx + 1 of
    cb_o (o_idx: an int or an i32 value); `kind`: how other is broadcast (none | row | col |
    scalar). Each product is rounded to the tensors' type before the combination, as the
    decomposition's ttir.multiply does: bf16 on the FPU (rounded by the 16-bit DST, or through
    `round_cb` with the fp32 DST), f32 on the SFPU (cb_o then holds other already broadcast,
    exact in f32)."""
    g_tiles = (f.c(0), f.c(1))
    o_tiles = (f.c(o_idx), f.c(o_idx + 1)) if isinstance(o_idx, int) else (o_idx, f.arith("addi", o_idx, f.c(1)))
    f.acquire()
    if sfpu:
        _sfpu_conj_product(f, ((cb_g, g_tiles[0]), (cb_g, g_tiles[1])), ((cb_o, o_tiles[0]), (cb_o, o_tiles[1])))
    else:
        for dst, (gp, op) in enumerate(_PRODUCTS):
            f.fpu_product(kind, cb_g, g_tiles[gp], cb_o, o_tiles[op], dst, out)
        if round_cb is not None:  # fp32 DST: each product rounded to bf16 through L1
            f.pack([(dst, round_cb) for dst in range(4)])
            f.acquire()
            f.cbop("cb_wait_front", round_cb, f.c(4))
            for dst in range(4):
                f.copy(round_cb, dst, f.c(dst))
            f.cbop("cb_pop_front", round_cb, f.c(4))
        _combine_products(f)
    f.pack([(0, out), (2, out)])


_PRODUCTS = ((0, 0), (1, 1), (1, 0), (0, 1))  # (grad part, other part) of the products P0..P3


def _combine_products(f: KernelFn) -> None:
    """DST 0 = P0 + P1 (re), DST 2 = P2 - P3 (im): the products in DST 0..3, each rounded."""
    _binary_tile(f, "add", 0, 1)
    _binary_tile(f, "sub", 2, 3)


def _sfpu_conj_product(f: KernelFn, g, o) -> None:
    """DST 0 = re = gr*or + gi*oi, DST 2 = im = gi*or - gr*oi in f32 on the SFPU (each product
    rounded, then the combination), using DST 0..3 only: an fp32 DST section holds 4 tiles.
    g, o: ((cb, tile index) of the real part, (cb, tile index) of the imag part) of grad and
    of other."""
    def product(x, y, dst, scratch):  # DST dst = x * y
        f.copy(x[0], dst, x[1])
        f.copy(y[0], scratch, y[1])
        f.op("mul_binary_tile_init")
        f.op("mul_binary_tile", [f.c(dst), f.c(scratch), f.c(dst)], ["i32"] * 3)

    (gr, gi), (o_r, o_i) = g, o
    product(gr, o_r, 0, 1)
    product(gi, o_i, 1, 2)
    _binary_tile(f, "add", 0, 1)
    product(gi, o_r, 2, 1)
    product(gr, o_i, 3, 1)
    _binary_tile(f, "sub", 2, 3)


def _binary_tile(f: KernelFn, op: str, lhs: int, rhs: int) -> None:  # DST lhs = lhs op rhs (SFPU)
    f.op(f"{op}_binary_tile_init")
    f.op(f"{op}_binary_tile", [f.c(lhs), f.c(rhs), f.c(lhs)], ["i32"] * 3)


def _reader(p: PlanC) -> str:
    f = KernelFn("reader", "noc")
    cbs, accs = [], []
    for name in p.inputs:
        for k, part in enumerate(PARTS):
            idx = CB_IN[name][k]
            cb = f.cb(f"cb_{name}_{part}", idx, cb_type(p.dtype))
            addr = f.arg(idx)
            cbs.append(cb)
            accs.append(tensor_accessor(f, 6 + idx, addr, cb))
    first, n = f.arg(6), f.arg(7)
    one = f.c(1)
    t = f.for_(first, n)
    for cb, acc in zip(cbs, accs):
        f.cbop("cb_reserve_back", cb, one)
        wp = f.op("get_write_ptr", [cb], [f.cb_types[cb]], "i32")
        f.read_tile(t, acc, wp)
    f.op("noc_async_read_barrier")
    for cb in cbs:
        f.cbop("cb_push_back", cb, one)
    f.end()
    return f.text()


def _writer(p: PlanC) -> str:
    f = KernelFn("writer", "noc")
    cbs, accs = [], []
    for name in p.outputs:
        for k, part in enumerate(PARTS):
            idx = CB_OUT[name][k] - 16
            cb = f.cb(f"cb_{name}_{part}", idx, cb_type(p.dtype))
            cbs.append(cb)
            accs.append(tensor_accessor(f, 4 + idx, f.arg(idx), cb))
    first, n = f.arg(4), f.arg(5)
    one = f.c(1)
    t = f.for_(first, n)
    for cb, acc in zip(cbs, accs):
        f.cbop("cb_wait_front", cb, one)
        rp = f.op("get_read_ptr", [cb], [f.cb_types[cb]], "i32")
        f.write_tile(t, acc, rp)
        f.op("noc_async_write_barrier")
        f.cbop("cb_pop_front", cb, one)
    f.end()
    return f.text()


def _compute(p: PlanC) -> str:
    f = KernelFn("compute", "compute")
    dt = p.dtype
    cb = {}
    for name in ("grad", "a", "b"):
        for k, part in enumerate(PARTS):
            if name in p.inputs:
                cb[name, part] = f.cb(f"cb_{name}_{part}", CB_IN[name][k], cb_type(dt))
    for name in p.outputs:
        for k, part in enumerate(PARTS):
            cb[name, part] = f.cb(f"cb_{name}_{part}", 6 + CB_OUT[name][k] - 16, cb_type(dt))
    ty = f.cb_types
    n = f.arg(0)
    zero, one = f.c(0), f.c(1)
    gr, gi = cb["grad", "real"], cb["grad", "imag"]
    first_out = cb[p.outputs[0], "real"]
    if dt == "bf16":
        f.op("binary_op_init_common", [gr, gi, first_out], [ty[gr], ty[gi], ty[first_out]])
    else:
        f.op("init_sfpu", [gr, first_out], [ty[gr], ty[first_out]])

    f.for_(None, n)
    for name in p.inputs:
        for part in PARTS:
            f.cbop("cb_wait_front", cb[name, part], one)
    for out, other in (("input_grad", "b"), ("other_grad", "a")):
        if out not in p.outputs:
            continue
        yr, yi = cb[other, "real"], cb[other, "imag"]
        f.acquire()
        if dt == "bf16":  # products rounded to bf16 in the 16-bit DST
            for dst, (gp, op) in enumerate(_PRODUCTS):
                f.fpu_product("none", (gr, gi)[gp], zero, (yr, yi)[op], zero, dst, None)
            _combine_products(f)
        else:
            _sfpu_conj_product(f, ((gr, zero), (gi, zero)), ((yr, zero), (yi, zero)))
        f.pack([(0, cb[out, "real"]), (2, cb[out, "imag"])])
    for name in p.inputs:
        for part in PARTS:
            f.cbop("cb_pop_front", cb[name, part], one)
    f.end()
    return f.text()


def kernel_ir_c(plan) -> str:
    """The TTKernel module (reader, compute, writer) of a plan."""
    return module_text(_reader(plan), _compute(plan), _writer(plan))


@lru_cache(maxsize=None)
def kernel_sources_c(plan: PlanC) -> dict[str, str]:
    from ttbw.ttmlir import kernel_cpp

    text = kernel_ir_c(plan)
    return kernel_cpp(text, "<mul_bw_fused_complex>")  # parses, verifies, translates


def build_program_c(an: AnalysisC, buffers: dict, grid=(8, 8)):
    from ttbw.runtime import CircularBuffer, CoreRange, Kernel, Program

    p = an.plan
    src = kernel_sources_c(p)
    work = split_units(an.units, grid)
    cores = [CoreRange.single(*c) for c, _, _ in work]
    ins = [buffers.get(f"{name}.{part}") if name in p.inputs else None for name in ("grad", "a", "b") for part in PARTS]
    outs = [buffers.get(f"{name}.{part}") if name in p.outputs else None
            for name in ("input_grad", "other_grad") for part in PARTS]
    addr = lambda x: x.address if x is not None else 0  # noqa: E731
    accf = lambda x: x.accessor_config if x is not None else 0  # noqa: E731
    kernels = [
        Kernel("reader", src["reader"], "reader", cores, [0, 1, 2, 3, 4, 5] + [accf(b) for b in ins],
               {c: [addr(b) for b in ins] + [f, n] for c, f, n in work}),
        Kernel("compute", src["compute"], "compute", cores, [0, 1, 2, 3, 4, 5, 16, 17, 18, 19],
               {c: [n] for c, f, n in work}, fp32_dest_acc_en=p.fp32_dest),
        Kernel("writer", src["writer"], "writer", cores, [16, 17, 18, 19] + [accf(b) for b in outs],
               {c: [addr(b) for b in outs] + [f, n] for c, f, n in work}),
    ]
    cbs = [CircularBuffer(i, b.data_format, 2, cores) for i, b in enumerate(ins) if b is not None]
    cbs += [CircularBuffer(16 + i, b.data_format, 2, cores) for i, b in enumerate(outs) if b is not None]
    return Program(kernels, cbs, [b for b in ins + outs if b is not None])
