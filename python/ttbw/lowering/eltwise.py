"""One elementwise TTIR op (no broadcast) -> one Tensix program: composite mode's eltwise ops.

    out = x op y  (multiply | add | subtract),   out = -x  (neg),   out = x  (typecast)

Every operand and the result may be bf16, bfloat8_b or f32, TILE or ROW_MAJOR (not bfloat8_b),
all of the same shape. SFPU numerics with the fp32 DST: each tile is unpacked into DST
(`copy_tile`, exact for every format), combined in fp32 (`mul/add/sub_binary_tile`; neg is
`x * -1.0`, exact including the sign of zero) and packed once to the result CB's format (a
bfloat8_b result through a bf16 CB first: its elements are bf16 values). So a
bf16 op is computed in fp32 and rounded once (PyTorch's numerics), f32 ops are exact fp32 ops,
and a typecast is one unpack + one pack (a layout change too: the reader / writer move ROW_MAJOR
rows into / out of tiles).

ROW_MAJOR operands (one page per row): the reader builds each tile from the rows over a page
cleared from a zero tile (compute packs `fill_tile(0)` into CB_ZERO once), so the padding is 0
as in a TILE upload; a ROW_MAJOR result gets only its valid row chunks written
(`kernel_ir.rm_read_tile` / `rm_write_tile`). DRAM traffic is exactly the tensors' bytes.

Runtime args: reader [addr_x, addr_y, first_tile, num_tiles, core_x, core_y, RM_ARGS of x,
RM_ARGS of y]; compute [num_tiles]; writer [addr_out, first_tile, num_tiles, RM_ARGS of out]
(RM_ARGS = H, W, Ht, Wt, row_bytes; zeros for a TILE tensor).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .kernel_ir import (ELEMENT_BYTES, IR_FORMAT, RM_ARGS, TILE, KernelFn, cb_type, module_text, rm_accessor,
                        rm_args, rm_read_tile, rm_write_tile, tensor_accessor)
from .mul_bw_program import UnsupportedError, split_units

OPS = {"multiply": "mul", "add": "add", "subtract": "sub", "neg": None, "typecast": None}
CB_X, CB_Y, CB_ZERO, CB_ROUND, CB_OUT = 0, 1, 2, 3, 16


@dataclass(frozen=True)
class EltwiseSpec:
    """Compile-time: the op, each operand's (device format, layout), the result's."""
    op: str
    inputs: tuple      # ((format, layout), ...): bf16 | bfp8_b | f32, tile | row_major
    output: tuple      # (format, layout)

    def __post_init__(self):
        if self.op not in OPS:
            raise UnsupportedError(f"composite mode: no elementwise program for ttir.{self.op}")
        if len(self.inputs) != (2 if OPS[self.op] else 1):
            raise UnsupportedError(f"composite mode: ttir.{self.op} takes {2 if OPS[self.op] else 1} operands")
        for fmt, layout in (*self.inputs, self.output):
            if layout == "row_major" and fmt not in ("bf16", "f32"):
                raise UnsupportedError(f"composite mode: ROW_MAJOR {fmt} tensors are not supported")

    @property
    def hop(self) -> bool:
        """bfloat8_b elements are bf16 values: a result is rounded to bf16 (a bf16 CB) before
        its block quantization, as the reference casts to bf16 and then quantizes."""
        return self.output[0] == "bfp8_b"

    @property
    def rm_inputs(self) -> bool:
        return any(layout == "row_major" for _, layout in self.inputs)


def _tile_type(fmt: str, pages: int = 2) -> str:
    return cb_type(IR_FORMAT[fmt], pages)


def _reader(spec: EltwiseSpec) -> str:
    f = KernelFn("reader", "noc")
    cbs = [f.cb(f"cb_in{i}", i, _tile_type(fmt)) for i, (fmt, _) in enumerate(spec.inputs)]
    addrs = [f.arg(i) for i in range(2)]
    first, n = f.arg(2), f.arg(3)
    znoc = None
    if spec.rm_inputs:  # the zero tile compute packed, read through this core's own NOC address
        cx, cy = f.arg(4), f.arg(5)
        cb_z = f.cb("cb_zero", 2, _tile_type("bf16", 1))
        f.cbop("cb_wait_front", cb_z, f.c(1))
        zp = f.op("get_read_ptr", [cb_z], [f.cb_types[cb_z]], "i32")
        znoc = f.op("get_noc_addr", [cx, cy, zp], ["i32", "i32", "i32"], "!ttkernel.noc_addr")
    reads = []
    for i, ((fmt, layout), cb) in enumerate(zip(spec.inputs, cbs)):
        if layout == "row_major":
            dims = [f.arg(6 + 5 * i + k) for k in range(5)]
            reads.append((cb, rm_accessor(f, 3 + i, addrs[i], dims[4]), dims[:4], ELEMENT_BYTES[fmt]))
        else:
            reads.append((cb, tensor_accessor(f, 3 + i, addrs[i], cb), None, 0))
    one = f.c(1)
    t = f.for_(first, n)
    for cb, acc, dims, eb in reads:
        f.cbop("cb_reserve_back", cb, one)
        wp = f.op("get_write_ptr", [cb], [f.cb_types[cb]], "i32")
        if dims is None:
            f.read_tile(t, acc, wp)
        else:
            rm_read_tile(f, t, acc, dims, eb, wp, znoc)
    f.op("noc_async_read_barrier")
    for cb, _, _, _ in reads:
        f.cbop("cb_push_back", cb, one)
    f.end()
    if spec.rm_inputs:
        f.cbop("cb_pop_front", cb_z, one)
    return f.text()


def _compute(spec: EltwiseSpec) -> str:
    f = KernelFn("compute", "compute")
    cbs = [f.cb(f"cb_in{i}", i, _tile_type(fmt)) for i, (fmt, _) in enumerate(spec.inputs)]
    cb_out = f.cb("cb_out", 3, _tile_type(spec.output[0]))
    cb_r = f.cb("cb_round", 4, _tile_type("bf16")) if spec.hop else None
    n = f.arg(0)
    zero, one = f.c(0), f.c(1)
    f.op("init_sfpu", [cbs[0], cb_out], [f.cb_types[cbs[0]], f.cb_types[cb_out]])

    if spec.rm_inputs:  # the zero tile the reader clears ROW_MAJOR pages with
        f.fill_tiles("0.0", f.cb("cb_zero", 2, _tile_type("bf16", 1)))
    f.for_(None, n)
    for cb in cbs:
        f.cbop("cb_wait_front", cb, one)
    f.acquire()
    for dst, cb in enumerate(cbs):
        f.copy(cb, dst)
    if spec.op == "neg":
        f.fill("-1.0", 1)
    binary = OPS[spec.op] or ("mul" if spec.op == "neg" else None)
    if binary:
        f.op(f"{binary}_binary_tile_init")
        f.op(f"{binary}_binary_tile", [zero, one, zero], ["i32"] * 3)
    for cb in cbs:
        f.cbop("cb_pop_front", cb, one)
    f.pack([(0, cb_r or cb_out)])
    if cb_r is not None:  # the bf16-rounded tile -> bfloat8_b
        f.move(cb_r, cb_out)
    f.end()
    return f.text()


def _writer(spec: EltwiseSpec) -> str:
    f = KernelFn("writer", "noc")
    fmt, layout = spec.output
    cb = f.cb("cb_out", 0, _tile_type(fmt))
    addr, first, n = f.arg(0), f.arg(1), f.arg(2)
    if layout == "row_major":
        dims = [f.arg(3 + k) for k in range(5)]
        acc = rm_accessor(f, 1, addr, dims[4])
    else:
        acc = tensor_accessor(f, 1, addr, cb)
    one = f.c(1)
    t = f.for_(first, n)
    f.cbop("cb_wait_front", cb, one)
    rp = f.op("get_read_ptr", [cb], [f.cb_types[cb]], "i32")
    if layout == "row_major":
        rm_write_tile(f, t, acc, dims[:4], ELEMENT_BYTES[fmt], rp)
    else:
        f.write_tile(t, acc, rp)
    f.op("noc_async_write_barrier")
    f.cbop("cb_pop_front", cb, one)
    f.end()
    return f.text()


def kernel_ir(spec: EltwiseSpec) -> str:
    """The TTKernel module (reader, compute, writer) of an elementwise op."""
    return module_text(_reader(spec), _compute(spec), _writer(spec))


@lru_cache(maxsize=None)
def kernel_sources(spec: EltwiseSpec) -> dict[str, str]:
    from ttbw.ttmlir import kernel_cpp

    return kernel_cpp(kernel_ir(spec), "<composite_eltwise>")  # parses, verifies, translates


def arg_names() -> dict[str, list[str]]:
    rm = lambda role: [f"{a}_{role}" for a in RM_ARGS]  # noqa: E731
    return {"reader": ["addr_x", "addr_y", "first_tile", "num_tiles", "core_x", "core_y", *rm("x"), *rm("y")],
            "compute": ["num_tiles"],
            "writer": ["addr_out", "first_tile", "num_tiles", *rm("out")]}


def tiles(shape) -> int:
    al = (1,) * max(0, 2 - len(shape)) + tuple(shape)
    batch = 1
    for d in al[:-2]:
        batch *= int(d)
    return batch * -(-al[-2] // TILE) * -(-al[-1] // TILE)


def spec_of(op: str, ins, out) -> EltwiseSpec:
    """The spec of `op` over buffers (anything with data_format / layout)."""
    from .describe import _format_name

    return EltwiseSpec(op, tuple((_format_name(b.data_format), b.layout) for b in ins),
                       (_format_name(out.data_format), out.layout))


def eltwise_program(op: str, ins: list, out, grid):
    """The Program of `out = op(*ins)` over buffers of one shape (Buffer or SymbolicBuffer)."""
    from ttbw.runtime import CircularBuffer, CoreRange, Kernel, Program

    spec = spec_of(op, ins, out)
    if any(tiles(b.shape) != tiles(out.shape) for b in ins):
        raise UnsupportedError(f"composite mode: ttir.{op} operands must have the result's shape")
    src = kernel_sources(spec)
    work = split_units(tiles(out.shape), grid)
    cores = [CoreRange.single(*c) for c, _, _ in work]
    padded = list(ins) + [None] * (2 - len(ins))
    addrs = [b.address if b is not None else 0 for b in padded]
    accs = [b.accessor_config if b is not None else 0 for b in padded]
    rm = [v for b in padded for v in rm_args(b)]
    kernels = [
        Kernel("reader", src["reader"], "reader", cores, [CB_X, CB_Y, CB_ZERO, *accs],
               {c: [*addrs, f, n, c[0], c[1], *rm] for c, f, n in work}),
        Kernel("compute", src["compute"], "compute", cores, [CB_X, CB_Y, CB_ZERO, CB_OUT, CB_ROUND],
               {c: [n] for c, f, n in work}, fp32_dest_acc_en=True),
        Kernel("writer", src["writer"], "writer", cores, [CB_OUT, out.accessor_config],
               {c: [out.address, f, n, *rm_args(out)] for c, f, n in work}),
    ]
    cbs = [CircularBuffer(CB_X + i, b.data_format, 2, cores) for i, b in enumerate(ins)]
    if spec.rm_inputs:
        cbs.append(CircularBuffer(CB_ZERO, "bf16", 1, cores))
    if spec.hop:
        cbs.append(CircularBuffer(CB_ROUND, "bf16", 2, cores))
    cbs.append(CircularBuffer(CB_OUT, out.data_format, 2, cores))
    return Program(kernels, cbs, [*ins, out])
