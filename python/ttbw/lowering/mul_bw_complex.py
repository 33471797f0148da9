"""`ttir.mul_bw` on complex tensors (ttnn's ComplexTensor: a (real, imag) pair of real tensors),
same shapes, fused in one program:

    grad_a = grad * conj(b) = (gr*br + gi*bi) + i (gi*br - gr*bi)
    grad_b = grad * conj(a) = (gr*ar + gi*ai) + i (gi*ar - gr*ai)

Per tile: the six input tiles are read once (only those a requested gradient needs); for
each requested gradient one DST section computes both parts and packs them.
- bf16: FPU mul_tiles into the 16-bit DST (each product rounded to bf16, as the decomposed
  ttir.multiply), then add/sub_binary_tile (SFPU, fp32, rounded to bf16 in DST) — the same
  two roundings as the CPU path (multiply, then add/subtract, each in bf16).
- f32: everything on the SFPU with the fp32 DST (copy_tile, mul_binary_tile, add/sub).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .mul_bw_program import _DEVICE_FORMAT, UnsupportedError, _accessor, _cbt, _Fn, split_units

PARTS = ("real", "imag")
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
    input_names: tuple   # positions of run_on_device's inputs
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


def analyze_complex(descs, shapes, mask, scalar, out_memory) -> AnalysisC:
    if scalar:
        raise UnsupportedError("device backend: complex tensors with a scalar b are not supported")
    if not all(d.is_complex for d in descs.values()):
        raise UnsupportedError("device backend: complex and real tensors mixed are not supported")
    if len({tuple(d.shape) for d in descs.values()}) != 1:
        raise UnsupportedError(f"device backend: complex tensors with broadcast are not supported "
                               f"(grad {shapes['grad']}, a {shapes['a']}, b {shapes['b']})")
    types = {d.data_type for d in descs.values()}
    if len(types) != 1 or not types <= {"bf16", "f32"}:
        raise UnsupportedError(f"device backend: complex tensors must all be bf16 or all f32 "
                               f"({', '.join(f'{n}: {d.data_type}' for n, d in descs.items())})")
    dtype = types.pop()
    plan = PlanC(dtype, mask[0], mask[1])
    shape = tuple(shapes["grad"])
    outs = {f"{n}.{p}": shape for n in plan.outputs for p in PARTS}
    names = tuple(f"{n}.{p}" for n in ("grad", "a", "b") for p in PARTS)
    formats = {n: _DEVICE_FORMAT[dtype] for n in names + tuple(outs)}
    return AnalysisC(plan, shape, outs, names, formats, out_memory)


def _reader(p: PlanC) -> str:
    f = _Fn("reader", "noc")
    cbs, accs = [], []
    for name in p.inputs:
        for k, part in enumerate(PARTS):
            idx = CB_IN[name][k]
            cb = f.cb(f"cb_{name}_{part}", idx, _cbt(p.dtype))
            addr = f.arg(idx)
            cbs.append(cb)
            accs.append(_accessor(f, 6 + idx, addr, cb))
    first, n = f.arg(6), f.arg(7)
    one = f.c(1)
    t = f.for_(first, n)
    for cb, acc in zip(cbs, accs):
        f.cbop("cb_reserve_back", cb, one)
        wp = f.op("get_write_ptr", [cb], [f.cb_types[cb]], "i32")
        f.op("noc_async_read_tile", [t, acc, wp], ["i32", "!ttkernel.TensorAccessor", "i32"])
    f.op("noc_async_read_barrier")
    for cb in cbs:
        f.cbop("cb_push_back", cb, one)
    f.end()
    return f.text()


def _writer(p: PlanC) -> str:
    f = _Fn("writer", "noc")
    cbs, accs = [], []
    for name in p.outputs:
        for k, part in enumerate(PARTS):
            idx = CB_OUT[name][k] - 16
            cb = f.cb(f"cb_{name}_{part}", idx, _cbt(p.dtype))
            cbs.append(cb)
            accs.append(_accessor(f, 4 + idx, f.arg(idx), cb))
    first, n = f.arg(4), f.arg(5)
    one = f.c(1)
    t = f.for_(first, n)
    for cb, acc in zip(cbs, accs):
        f.cbop("cb_wait_front", cb, one)
        rp = f.op("get_read_ptr", [cb], [f.cb_types[cb]], "i32")
        f.op("noc_async_write_tile", [t, acc, rp], ["i32", "!ttkernel.TensorAccessor", "i32"])
        f.op("noc_async_write_barrier")
        f.cbop("cb_pop_front", cb, one)
    f.end()
    return f.text()


def _compute(p: PlanC) -> str:
    f = _Fn("compute", "compute")
    dt = p.dtype
    cb = {}
    for name in ("grad", "a", "b"):
        for k, part in enumerate(PARTS):
            if name in p.inputs:
                cb[name, part] = f.cb(f"cb_{name}_{part}", CB_IN[name][k], _cbt(dt))
    for name in p.outputs:
        for k, part in enumerate(PARTS):
            cb[name, part] = f.cb(f"cb_{name}_{part}", 6 + CB_OUT[name][k] - 16, _cbt(dt))
    ty = f.cb_types
    n = f.arg(0)
    zero, one = f.c(0), f.c(1)
    gr, gi = cb["grad", "real"], cb["grad", "imag"]
    first_out = cb[p.outputs[0], "real"]
    if dt == "bf16":
        f.op("binary_op_init_common", [gr, gi, first_out], [ty[gr], ty[gi], ty[first_out]])
    else:
        f.op("init_sfpu", [gr, first_out], [ty[gr], ty[first_out]])

    def mul(x, y, dst, xi=None, yi=None):
        if dt == "bf16":  # FPU: x, y are CBs
            f.op("mul_tiles_init", [x, y], [ty[x], ty[y]])
            f.op("mul_tiles", [x, y, zero, zero, f.c(dst)], [ty[x], ty[y], "i32", "i32", "i32"])
        else:  # SFPU: x, y are DST indices already loaded
            f.op("mul_binary_tile_init")
            f.op("mul_binary_tile", [f.c(xi), f.c(yi), f.c(dst)], ["i32"] * 3)

    def copy(c, dst):
        f.op("copy_tile_init", [c], [ty[c]])
        f.cbop("copy_tile", c, zero, f.c(dst))

    f.for_(None, n)
    for name in p.inputs:
        for part in PARTS:
            f.cbop("cb_wait_front", cb[name, part], one)
    for out, other in (("input_grad", "b"), ("other_grad", "a")):
        if out not in p.outputs:
            continue
        yr, yi = cb[other, "real"], cb[other, "imag"]
        f.op("tile_regs_acquire")
        if dt == "bf16":  # products rounded to bf16 in the 16-bit DST
            mul(gr, yr, 0)
            mul(gi, yi, 1)
            mul(gi, yr, 2)
            mul(gr, yi, 3)
        else:
            copy(gr, 4)
            copy(gi, 5)
            copy(yr, 6)
            copy(yi, 7)
            mul(None, None, 0, 4, 6)
            mul(None, None, 1, 5, 7)
            mul(None, None, 2, 5, 6)
            mul(None, None, 3, 4, 7)
        f.op("add_binary_tile_init")
        f.op("add_binary_tile", [zero, one, zero], ["i32"] * 3)
        f.op("sub_binary_tile_init")
        f.op("sub_binary_tile", [f.c(2), f.c(3), f.c(2)], ["i32"] * 3)
        f.op("tile_regs_commit")
        f.op("tile_regs_wait")
        o_r, o_i = cb[out, "real"], cb[out, "imag"]
        for dst, o in ((0, o_r), (2, o_i)):
            f.cbop("cb_reserve_back", o, one)
            f.op("pack_tile", [f.c(dst), o, zero], ["i32", ty[o], "i32"], props="out_of_order = false")
        f.op("tile_regs_release")
        f.cbop("cb_push_back", o_r, one)
        f.cbop("cb_push_back", o_i, one)
    for name in p.inputs:
        for part in PARTS:
            f.cbop("cb_pop_front", cb[name, part], one)
    f.end()
    return f.text()


def kernel_ir_c(plan) -> str:
    """The TTKernel module (reader, compute, writer) of a plan."""
    return "module {\n" + "\n\n".join([_reader(plan), _compute(plan), _writer(plan)]) + "\n}\n"


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
