"""`ttir.mul_bw` -> one fused Tensix program (reader, compute, writer kernels).

    grad_a = sum_to(grad * b, a.shape)        grad_b = sum_to(grad * a, b.shape)

Naming used throughout: of the two operands, **Y** has grad's shape and **X** is the other
one (possibly broadcast; X = b when nothing is broadcast, X = the scalar for a scalar b).
So grad_Y = grad * bcast(X) (no reduction) and grad_X = sum_to(grad * Y) (a reduction when X is
broadcast). Fusion: grad, X and Y are each read from DRAM once; each requested gradient is
written once; nothing intermediate goes to DRAM (the per-tile products to be summed go through
an L1 CB, partial sums through an f32 L1 CB).

Iteration: the tiles of grad are visited unit by unit, a unit being one tile of X; inside a
unit, the R grad tiles that map onto that X tile (the tiles grad_X sums over). X's tile is read
once per unit and held in its CB while it is reused. Units are split over the cores, so a
reduced axis is never split across cores. The tile id of grad (and Y, and grad_Y) for
(unit u, inner j) is

    t = sum_k ((u / div_k) % mod_k) * stride_k  +  sum_s ((j / div_s) % mod_s) * stride_s

over up to three "kept" groups k and three "summed" groups s of merged tile axes; these
(div, mod, stride) triplets, the first unit, the unit count and R are runtime args, so one
compiled kernel serves every shape with the same compile-time plan.

Numerics (PyTorch parity):
- bf16: FPU mul_tiles (bf16 x bf16 is exact in fp32, rounded once at pack); broadcast X via
  unary_bcast into DST + binary_dest_reuse_tiles<mul>. Products that are summed are packed to a
  bf16 CB first (PyTorch rounds each product to bf16), then accumulated in fp32
  (fp32_dest_acc_en): reduce_tile<sum> with a scaler tile of 1.0 for row/col/scalar sums,
  copy_tile + add_binary_tile (SFPU, fp32) for sums over whole tiles only; the partial sum
  round-trips through an f32 CB and is rounded once when packed to the output.
- f32: SFPU path (copy_tile + mul_binary_tile, fp32 DST), so no operand passes the TF32
  source registers.
- scalar b: grad * s in fp32 (PyTorch's opmath) on the SFPU: the scalar tile is made with
  fill_tile. The f32 value travels as runtime args m, n_up, n_down with s = m * 2^(n_up - n_down)
  (|m| < 2^24): tt-mlir's EmitC translates `arith.bitcast i32 -> f32` as a value conversion
  (`float v = float_to_bits(i)`), so a bit pattern cannot be passed directly.
- Padding: the host uploads TILE tensors zero-padded. grad is a factor of every product, so
  padded elements of every product (and so of every sum) are 0 and never leak into a
  reduction (finite inputs assumed: 0 * inf in X's padding would be NaN, but X's padding is 0
  too). `build_program` asserts the upload contract it relies on (TILE, zero padded).
- complex tensors with a broadcast (Plan.parts == 2): every CB holds a (real, imag) pair per
  tile position (the reader reads the imag buffer's tile into the next page, the writer writes
  the second page to the imag buffer); mul_bw_complex.conj_product makes each gradient part
  (re = gr*xr + gi*xi, im = gi*xr - gr*xi) and the sums run per part, the partials rotating.
- ROW_MAJOR tensors with a broadcast (Plan.rm_tiles): the reader builds their tiles from rows
  into a page it first clears from a zero tile (compute packs fill_tile(0) once), so the
  padding is 0 as for a TILE upload; the writer writes back only the valid row chunks.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ttbw.runtime.scalar_args import scalar_args

from .kernel_ir import (ELEMENT_BYTES, MAX_GROUPS, TILE, KernelFn, cb_type, mapping_args, module_text, rm_accessor,
                        rm_args, rm_read_tile, rm_write_tile, tensor_accessor, tile_map)

# CB indices (compile-time args of the kernels)
CB_G, CB_Y, CB_X, CB_SCALER, CB_PROD, CB_ACC, CB_ROUND, CB_OUT_Y, CB_OUT_X = 0, 1, 2, 3, 4, 5, 6, 16, 17
CB_XB, CB_PARTS, CB_TMP = 7, 8, 9  # f32 broadcast on the FPU: exact broadcast tile, TF32 parts
CB_ZERO = 10  # rm_tiles: a zero tile (bf16) compute makes once; the reader clears pages with it


from .device_buffers import DEVICE_FORMAT as _DEVICE_FORMAT  # noqa: E402
from .errors import UnsupportedError  # noqa: E402,F401


# --------------------------------------------------------------------------- analysis

@dataclass(frozen=True)
class Plan:
    """Everything compile-time: one set of kernels per Plan."""
    dtype: str        # compute family: bf16 (bf16 / bfp_bf8 tensors) | f32
    mode: str         # fpu (bf16 tensors) | sfpu (f32 tensors) | scalar (b is a scalar)
    bcast: str        # how X's tile is broadcast onto grad's tile: none | row | col | scalar
    reduce_x: bool    # grad_X is a sum of products (X broadcast)
    need_y: bool      # grad_Y requested
    need_x: bool      # grad_X requested
    # IR data types (bf16 | bfp_bf8 | f32) of grad, Y, X, grad_Y, grad_X (None: absent)
    formats: tuple = ()
    # layouts (tile | row_major) of the same roles; row_major ones go through tilize/untilize
    layouts: tuple = ()
    # ROW_MAJOR roles with broadcast: the reader builds their tiles from rows (zeroed page +
    # 16-element row chunks in face layout), the writer writes back the valid chunks; compute
    # is the TILE plan's (mul_bw_row_major handles ROW_MAJOR without broadcast)
    rm_tiles: bool = False
    # complex tensors (mul_bw_complex): 2 = each tile position holds a (real, imag) pair of tiles
    # in one CB, and each product is grad * conj(other) combined per element
    parts: int = 1

    def is_rm(self, role: str) -> bool:
        return dict(zip(("g", "y", "x", "oy", "ox"), self.layouts)).get(role) == "row_major"

    @property
    def rm(self) -> bool:
        return "row_major" in self.layouts

    def fmt(self, role: str) -> str:
        found = dict(zip(("g", "y", "x", "oy", "ox"), self.formats)).get(role)
        return found or self.dtype

    @property
    def read_x(self) -> bool:
        return self.need_y and self.mode != "scalar"

    @property
    def read_y(self) -> bool:
        return self.need_x

    @property
    def fp32_dest(self) -> bool:
        return self.mode != "fpu" or self.reduce_x

    # With the fp32 DST, a result first goes through a bf16 CB (rounded to bf16) when the
    # reference rounds to bf16 before its final type: a bfloat8_b result (a bf16 result
    # block-quantized), or an f32 result of a product of two bf16-family tensors (PyTorch
    # multiplies them in bf16, then casts).
    def _hop(self, out: str, factor: str | None) -> bool:
        if not self.fp32_dest:
            return False
        fmt = self.fmt(out)
        bf16_product = self.mode != "scalar" and self.fmt("g") != "f32" and self.fmt(factor) != "f32"
        return fmt == "bfp_bf8" or (fmt == "f32" and bf16_product)

    @property
    def f32_bcast(self) -> bool:
        """SFPU plan with an in-tile broadcast: the FPU's TF32 source registers would truncate
        f32 data, so every f32 tile the FPU reads is first split into three TF32-exact parts
        (x = trunc(x) + trunc(r) + r', r = x - trunc(x)) whose broadcasts / sums add up exactly."""
        return self.mode == "sfpu" and self.bcast != "none"

    @property
    def split_prod(self) -> bool:  # the summed products are f32: reduce their TF32 parts
        return self.f32_bcast and self.reduce_x and self.prod_fmt == "f32"

    @property
    def needs_scaler(self) -> bool:  # the all-1.0 tile: reduce scaler, and "x * 1" truncation
        return self.bcast != "none" and (self.reduce_x or self.f32_bcast)

    @property
    def prod_fmt(self) -> str:
        """Type of the products grad_X sums: PyTorch multiplies in the promoted type."""
        return "f32" if "f32" in (self.fmt("g"), self.fmt("y")) else "bf16"

    @property
    def round_products(self) -> bool:
        """Complex bf16 with the fp32 DST: the four products go through a bf16 CB before they
        are combined (the reference rounds each product to bf16)."""
        return self.parts == 2 and self.mode == "fpu" and self.fp32_dest

    @property
    def hop_y(self) -> bool:
        return self.need_y and self._hop("oy", "x")

    @property
    def hop_x(self) -> bool:
        return self.need_x and self._hop("ox", "y")


@dataclass(frozen=True)
class Analysis:
    plan: Plan
    x_name: str | None            # "a" | "b" | None (scalar b)
    shapes: dict                  # grad, a, b (b: None when scalar)
    out_shapes: dict              # input_grad / other_grad -> shape (requested ones)
    units: int                    # tiles of X (work units)
    inner: int                    # grad tiles per unit (R)
    kept: tuple                   # ((div, mod, stride), ...) padded to MAX_GROUPS
    summed: tuple
    reduced_axes: bool            # some tile axis is summed over across tiles
    out_memory: str = "dram"      # where the results are allocated (memory_config)
    formats: dict = None          # tensor name -> device data format (bf16 | bfp8_b | f32)
    layouts: dict = None          # tensor name -> tile | row_major
    rm_dims: tuple = ()           # (H, Ht, Wt) when some tensor is ROW_MAJOR

    @property
    def y_name(self) -> str:
        return "b" if self.x_name == "a" else "a"

    @property
    def input_names(self) -> tuple:
        return part_names(("grad", "a", "b"), self.plan.parts)

    def result_names(self) -> list[str]:
        return list(self.out_shapes)


# mul_bw operand / result role -> the buffer name programs and descriptions use
OPERAND_BUFFER = {"grad": "grad", "input": "a", "other": "b", "input_grad": "input_grad", "other_grad": "other_grad"}
PARTS = ("real", "imag")  # a complex tensor's buffers: "<name>.real", "<name>.imag"


def part_names(names, parts: int) -> tuple:
    return tuple(names) if parts == 1 else tuple(f"{n}.{p}" for n in names for p in PARTS)


def _tile_dims(shape, rank):
    al = (1,) * (rank - len(shape)) + tuple(shape)
    return al, al[:-2] + (-(-al[-2] // TILE), -(-al[-1] // TILE))


def analyze(op) -> Analysis:
    """Reads one verified `ttir.mul_bw` op; raises UnsupportedError for what the device path
    does not do."""
    from mlir import ir

    from ttbw.dialect.tensor_types import describe
    from ttbw.dialect.ops import MUL_BW_OPERANDS, MUL_BW_RESULTS, memory_config, required_outputs, segments

    operands = segments(op, "operandSegmentSizes", MUL_BW_OPERANDS, list(op.operands))
    results = segments(op, "resultSegmentSizes", MUL_BW_RESULTS, list(op.results))
    # Preallocated results (input_grad / other_grad operands) have the results' types (the
    # verifier checks it): the program writes the result buffers, the caller stores them.
    mc = memory_config(op)
    out_memory = mc[0] if mc is not None else "dram"  # interleaved DRAM or L1 results
    scalar = not isinstance(operands["other"].type, ir.RankedTensorType)
    descs = {"grad": describe(operands["grad"].type), "a": describe(operands["input"].type)}
    if not scalar:
        descs["b"] = describe(operands["other"].type)
    for name, d in descs.items():
        if d.layout != "tile" and d.is_complex:
            raise UnsupportedError(f"device backend: complex tensors must be TILE ({name} is {d.layout})")
        if any(s == 0 for s in d.shape):
            raise UnsupportedError(f"device backend: empty tensors are not supported ({name})")
    parts = 1
    if any(d.is_complex for d in descs.values()):  # ComplexTensor pairs (mul_bw_complex)
        from .mul_bw_complex import analyze_complex

        shapes = {n: tuple(d.shape) for n, d in descs.items()}
        shapes.setdefault("b", None)
        same = analyze_complex(descs, shapes, required_outputs(op), out_memory)
        if same is not None:
            return same
        parts = 2  # broadcast: the real plans below, each tensor a (real, imag) pair of buffers
    ir_types = {n: d.data_type for n, d in descs.items()}
    layouts = {n: d.layout for n, d in descs.items()}
    for name, value in results.items():
        if value is not None:
            d = describe(value.type)
            ir_types[name] = d.data_type
            layouts[name] = d.layout
    # bf16 and bfloat8_b compute alike (bfloat8_b values are bf16 values); f32 apart. Mixed
    # bf16 / f32 tensors take the SFPU (fp32) path, each product in its promoted type.
    families = {"f32" if t == "f32" else "bf16" for t in ir_types.values()}
    mixed = len(families) > 1
    dtype = "f32" if mixed else families.pop()
    mask = (True, False) if scalar else required_outputs(op)
    out_shapes = {}
    if results["input_grad"] is not None:
        out_shapes["input_grad"] = tuple(describe(results["input_grad"].type).shape)
    if results["other_grad"] is not None:
        out_shapes["other_grad"] = tuple(describe(results["other_grad"].type).shape)
    g_shape = descs["grad"].shape
    shapes = {"grad": g_shape, "a": descs["a"].shape, "b": None if scalar else descs["b"].shape}
    rank = max(2, len(g_shape))
    g_al, g_tiles = _tile_dims(g_shape, rank)

    if scalar:  # a has grad's shape (the verifier: grad is the broadcast of a and the scalar)
        x_name, x_al, x_tiles = None, g_al, g_tiles
        need_y, need_x, mode = True, False, "scalar"
    else:
        al = {n: _tile_dims(shapes[n], rank) for n in ("a", "b")}
        if al["a"][0] == g_al:  # Y = a has grad's shape (also: nothing broadcast)
            x_name = "b"
        elif al["b"][0] == g_al:
            x_name = "a"
        else:  # both broadcast: both gradients are reductions (mul_bw_two_sided)
            from .mul_bw_two_sided import analyze2

            return analyze2(shapes, g_al, g_tiles, *al["a"], *al["b"], required_outputs(op), ir_types,
                            out_shapes, out_memory, mixed, layouts if "row_major" in layouts.values() else {}, parts)
        x_al, x_tiles = al[x_name]
        # grad_Y = grad * X, grad_X = sum_to(grad * Y)
        need_y = mask[0] if x_name == "b" else mask[1]
        need_x = mask[1] if x_name == "b" else mask[0]
        mode = "fpu" if dtype == "bf16" else "sfpu"

    h_b = x_al[-2] == 1 and g_al[-2] > 1
    w_b = x_al[-1] == 1 and g_al[-1] > 1
    bcast = {(False, False): "none", (True, False): "row", (False, True): "col", (True, True): "scalar"}[(h_b, w_b)]
    # tile axes of grad (size > 1), kept (X has them) or summed (X has 1 tile there)
    axes = [(n, xn == 1) for n, xn in zip(g_tiles, x_tiles) if n > 1]
    groups: list[list] = []
    for n, red in axes:
        if groups and groups[-1][1] == red:
            groups[-1][0] *= n
        else:
            groups.append([n, red])
    strides, acc = [], 1
    for n, _ in reversed(groups):
        strides.append(acc)
        acc *= n
    strides.reverse()

    def triplets(red: bool):
        sel = [(n, s) for (n, r), s in zip(groups, strides) if r == red]
        out, div = [], 1
        for n, s in reversed(sel):
            out.append((div, n, s))
            div *= n
        out.reverse()
        if len(out) > MAX_GROUPS:
            raise UnsupportedError(f"device backend: broadcast pattern of a {shapes['a']} / b {shapes['b']} "
                                   f"against grad {g_shape} alternates too often ({len(out)} groups)")
        return tuple(out) + ((1, 1, 0),) * (MAX_GROUPS - len(out)), div

    kept, units = triplets(False)
    summed, inner = triplets(True)
    x_broadcast = bcast != "none" or inner > 1
    reduce_x = need_x and x_broadcast
    if not (need_x or need_y):
        raise UnsupportedError("device backend: no gradient requested")
    y_name = "b" if x_name == "a" else "a"
    out_of = {"a": "input_grad", "b": "other_grad", None: None}
    roles = {"g": "grad", "y": y_name if need_x else None, "x": x_name if need_y else None,
             "oy": out_of[y_name] if need_y else None, "ox": out_of[x_name] if need_x else None}
    formats = tuple(ir_types.get(n) if n else None for n in roles.values())
    rm_layouts = tuple(layouts.get(n) if n else None for n in roles.values())
    rm_dims = ()
    rm_tiles = False
    if "row_major" in layouts.values():
        # TILE plan, the reader / writer moving ROW_MAJOR rows into / out of zero-padded tiles:
        # with a broadcast (padding must not reach a sum), next to bfloat8_b (a bfloat8_b pack
        # shares an exponent over 16 elements of a row, padding included), and for a TILE result
        # (every TILE tensor a program writes has zero padding, as an upload does: the next
        # program may sum it or pack it to bfloat8_b)
        tile_result = any(layouts[n] == "tile" for n in out_shapes)
        if x_broadcast or "bfp_bf8" in ir_types.values() or tile_result:
            rm_tiles = True
        else:
            H, W = g_al[-2], g_al[-1]
            rm_dims = (H, g_tiles[-2], g_tiles[-1])
            units = units // g_tiles[-1]  # blocks of 32 rows (units are grad's tiles here)
            tile_bytes = {"bf16": 2048, "f32": 4096}
            l1 = 2 * 2048 + sum((2 * g_tiles[-1] if layouts.get(n) == "row_major" else 2) * tile_bytes[ir_types[n]]
                                for n in roles.values() if n)
            if l1 > 1400 * 1024:  # staging + tilized blocks of Wt tiles per ROW_MAJOR tensor
                raise UnsupportedError(f"device backend: ROW_MAJOR rows of {W} elements are too wide for L1 "
                                       f"blocks ({l1} bytes of CBs per core)")
    else:
        rm_layouts = ()
    plan = Plan(dtype, mode, bcast if mode != "scalar" else "none", reduce_x, need_y, need_x, formats, rm_layouts,
                rm_tiles, parts)
    device_formats = {n: _DEVICE_FORMAT[t] for n, t in ir_types.items()}
    return Analysis(plan, x_name, shapes, by_part(out_shapes, parts), units, inner, kept, summed, inner > 1,
                    out_memory, by_part(device_formats, parts), layouts, rm_dims)


def by_part(values: dict, parts: int) -> dict:
    """{name: v} -> {"name.real": v, "name.imag": v} for complex tensors (parts == 2)."""
    return {k: v for n, v in values.items() for k in part_names((n,), parts)}




# --------------------------------------------------------------------------- IR generation

# runtime-arg layouts (reader / writer share the mapping tail)
# reader: [addr_g, addr_y, addr_x, first_unit, num_units, inner, kept(3x3), summed(3x3)]
# writer: [addr_out_y, addr_out_x, first_unit, num_units, inner, kept(3x3), summed(3x3)]
# compute: [num_units, inner, scalar_m, scalar_up, scalar_down]


def _imag_accessors(f: KernelFn, p, roles, ct_base: int, arg_base: int) -> dict:
    """Complex plans (p.parts == 2): role -> (accessor of its imag buffer, tile size), for the
    roles (role, cb; cb None when absent) in compile arg / runtime arg order from the bases."""
    if p.parts == 1:
        return {}
    size = lambda cb: f.op("get_tile_size", [cb], [f.cb_types[cb]], "i32")  # noqa: E731
    return {r: (tensor_accessor(f, ct_base + i, f.arg(arg_base + i), cb), size(cb))
            for i, (r, cb) in enumerate(roles) if cb is not None}


def _reader(p: Plan) -> str:
    f = KernelFn("reader", "noc")
    cb_g = f.cb("cb_g", 0, cb_type(p.fmt("g")))
    cb_y = f.cb("cb_y", 1, cb_type(p.fmt("y"))) if p.read_y else None
    cb_x = f.cb("cb_x", 2, cb_type(p.fmt("x"))) if p.read_x else None
    addr_g, addr_y, addr_x = f.arg(0), f.arg(1), f.arg(2)
    first, nu, inner = f.arg(3), f.arg(4), f.arg(5)
    kept, summed = mapping_args(f, 6)
    rm_roles = [r for r, need in (("g", True), ("y", p.read_y), ("x", p.read_x)) if need and p.is_rm(r)]
    rm_dims, znoc, cb_z = {}, None, None
    if p.rm_tiles and rm_roles:
        # rm_tiles reader args (after the mapping): core x, y, then RM_ARGS of grad, Y, X
        cx, cy = f.arg(24), f.arg(25)
        for i, r in enumerate(("g", "y", "x")):
            if r in rm_roles:
                rm_dims[r] = [f.arg(26 + 5 * i + k) for k in range(5)]
        cb_z = f.cb("cb_zero", 6, cb_type("bf16", 1))
    accs = {}
    for r, ct, addr, cb in (("g", 3, addr_g, cb_g), ("y", 4, addr_y, cb_y), ("x", 5, addr_x, cb_x)):
        if cb is None:
            continue
        accs[r] = rm_accessor(f, ct, addr, rm_dims[r][4]) if r in rm_dims else tensor_accessor(f, ct, addr, cb)
    acc_g, acc_y, acc_x = accs.get("g"), accs.get("y"), accs.get("x")
    one, n_parts = f.c(1), f.c(p.parts)
    # complex: the imag buffers (runtime args after the mapping, compile args 6..8), read into
    # the page after the real tile's
    imag = _imag_accessors(f, p, (("g", cb_g), ("y", cb_y), ("x", cb_x)), 6, 24)
    if cb_z is not None:  # the zero tile compute packed, read through this core's own NOC address
        f.cbop("cb_wait_front", cb_z, one)
        zp = f.op("get_read_ptr", [cb_z], [f.cb_types[cb_z]], "i32")
        znoc = f.op("get_noc_addr", [cx, cy, zp], ["i32", "i32", "i32"], "!ttkernel.noc_addr")

    def read(role, tile, acc, wp):
        if role in rm_dims:
            rm_read_tile(f, tile, acc, rm_dims[role][:4], ELEMENT_BYTES[p.fmt(role)], wp, znoc)
        else:
            f.read_tile(tile, acc, wp)
        if role in imag:
            acc_i, size = imag[role]
            f.read_tile(tile, acc_i, f.arith("addi", wp, size))

    u = f.for_(first, nu)
    tu = tile_map(f, u, kept)
    if p.read_x:  # X's tile: read once per unit, held by compute for the whole unit
        f.cbop("cb_reserve_back", cb_x, n_parts)
        wp = f.op("get_write_ptr", [cb_x], [f.cb_types[cb_x]], "i32")
        read("x", u, acc_x, wp)
        f.op("noc_async_read_barrier")
        f.cbop("cb_push_back", cb_x, n_parts)
    j = f.for_(None, inner)
    t = f.arith("addi", tu, tile_map(f, j, summed))
    reads = [("g", cb_g, acc_g)] + ([("y", cb_y, acc_y)] if p.read_y else [])
    for role, cb, acc in reads:
        f.cbop("cb_reserve_back", cb, n_parts)
        wp = f.op("get_write_ptr", [cb], [f.cb_types[cb]], "i32")
        read(role, t, acc, wp)
    f.op("noc_async_read_barrier")
    for _, cb, _ in reads:
        f.cbop("cb_push_back", cb, n_parts)
    f.end()
    f.end()
    if cb_z is not None:
        f.cbop("cb_pop_front", cb_z, one)
    return f.text()


def _writer(p: Plan) -> str:
    f = KernelFn("writer", "noc")
    cb_oy = f.cb("cb_out_y", 0, cb_type(p.fmt("oy"))) if p.need_y else None
    cb_ox = f.cb("cb_out_x", 1, cb_type(p.fmt("ox"))) if p.need_x else None
    addr_y, addr_x = f.arg(0), f.arg(1)
    first, nu, inner = f.arg(2), f.arg(3), f.arg(4)
    kept, summed = mapping_args(f, 5)
    rm_dims = {}
    if p.rm_tiles:  # rm_tiles writer args (after the mapping): RM_ARGS of grad_Y, grad_X
        for i, (r, need) in enumerate((("oy", p.need_y), ("ox", p.need_x))):
            if need and p.is_rm(r):
                rm_dims[r] = [f.arg(23 + 5 * i + k) for k in range(5)]
    accs = {}
    for r, ct, addr, cb in (("oy", 2, addr_y, cb_oy), ("ox", 3, addr_x, cb_ox)):
        if cb is not None:
            accs[r] = rm_accessor(f, ct, addr, rm_dims[r][4]) if r in rm_dims else tensor_accessor(f, ct, addr, cb)
    acc_y, acc_x = accs.get("oy"), accs.get("ox")
    n_parts = f.c(p.parts)
    imag = _imag_accessors(f, p, (("oy", cb_oy), ("ox", cb_ox)), 4, 23)  # complex: as in the reader

    def write(role, cb, tile, acc):
        f.cbop("cb_wait_front", cb, n_parts)
        rp = f.op("get_read_ptr", [cb], [f.cb_types[cb]], "i32")
        if role in rm_dims:
            rm_write_tile(f, tile, acc, rm_dims[role][:4], ELEMENT_BYTES[p.fmt(role)], rp)
        else:
            f.write_tile(tile, acc, rp)
        if role in imag:
            acc_i, size = imag[role]
            f.write_tile(tile, acc_i, f.arith("addi", rp, size))
        f.op("noc_async_write_barrier")
        f.cbop("cb_pop_front", cb, n_parts)

    u = f.for_(first, nu)
    tu = tile_map(f, u, kept)
    j = f.for_(None, inner)
    t = f.arith("addi", tu, tile_map(f, j, summed))
    if p.need_y:
        write("oy", cb_oy, t, acc_y)
    if p.need_x and not p.reduce_x:
        write("ox", cb_ox, t, acc_x)
    f.end()
    if p.need_x and p.reduce_x:
        write("ox", cb_ox, u, acc_x)
    f.end()
    return f.text()


def _compute(p: Plan) -> str:
    f = KernelFn("compute", "compute")
    cb_g = f.cb("cb_g", 0, cb_type(p.fmt("g")))
    cb_y = f.cb("cb_y", 1, cb_type(p.fmt("y"))) if p.read_y else None
    cb_x = f.cb("cb_x", 2, cb_type(p.fmt("x"))) if p.read_x else None
    cb_s = f.cb("cb_s", 3, cb_type("bf16", 1)) if p.needs_scaler else None
    cb_xb = f.cb("cb_xb", 9, cb_type("f32", p.parts)) if p.f32_bcast and p.need_y else None
    cb_parts = f.cb("cb_parts", 10, cb_type("f32", 4)) if p.f32_bcast else None
    cb_tmp = f.cb("cb_tmp", 11, cb_type("f32", 1)) if p.f32_bcast else None
    cb_p = f.cb("cb_p", 4, cb_type(p.prod_fmt, p.parts)) if p.reduce_x else None
    cb_acc = f.cb("cb_acc", 5, cb_type("f32", p.parts)) if p.reduce_x else None
    cb_oy = f.cb("cb_out_y", 6, cb_type(p.fmt("oy"))) if p.need_y else None
    cb_ox = f.cb("cb_out_x", 7, cb_type(p.fmt("ox"))) if p.need_x else None
    rounds = p.hop_y or p.hop_x or p.round_products
    cb_r = f.cb("cb_round", 8, cb_type("bf16", 4 if p.round_products else 2)) if rounds else None
    nu, inner = f.arg(0), f.arg(1)
    zero, one, n_parts = f.c(0), f.c(1), f.c(p.parts)
    t3 = lambda a, b, c: [f.cb_types[a], f.cb_types[b], f.cb_types[c]]  # noqa: E731
    first_out = cb_oy or cb_ox
    s = f.runtime_scalar(2) if p.mode == "scalar" else None
    if p.mode == "fpu":
        other = cb_x if p.read_x else cb_y
        f.op("binary_op_init_common", [cb_g, other, first_out], t3(cb_g, other, first_out))
    else:
        f.op("init_sfpu", [cb_g, first_out], [f.cb_types[cb_g], f.cb_types[first_out]])

    split = (cb_s, cb_tmp, cb_parts)  # trunc_split's CBs (f32 tiles the FPU reads)

    if p.rm_tiles and any(p.is_rm(r) for r, need in (("g", True), ("y", p.read_y), ("x", p.read_x)) if need):
        f.fill_tiles("0.0", f.cb("cb_zero", 12, cb_type("bf16", 1)))  # the reader clears ROW_MAJOR pages

    if cb_s is not None:  # the scaler tile (all 1.0), made once, as tt-mlir does for a float sum
        f.fill_tiles("1.0", cb_s)
        f.cbop("cb_wait_front", cb_s, one)

    f.for_(None, nu)
    if p.read_x:
        f.cbop("cb_wait_front", cb_x, n_parts)
    # bcast(X), exact in f32 (per part): the sum of the broadcasts of X's TF32 parts
    for part in range(p.parts if cb_xb is not None else 0):
        f.exact_bcast(cb_x, f.c(part), p.bcast, cb_xb, split)
    if cb_xb is not None:
        f.cbop("cb_wait_front", cb_xb, n_parts)
    if p.reduce_x:  # partial sum(s) := 0
        f.fill_tiles("0.0", cb_acc, p.parts)
    f.for_(None, inner)
    f.cbop("cb_wait_front", cb_g, n_parts)
    if p.read_y:
        f.cbop("cb_wait_front", cb_y, n_parts)
    if p.parts == 2:  # complex: each gradient's (re, im) from its own section(s)
        from .mul_bw_complex import conj_product

        sections = dict(sfpu=p.mode == "sfpu", round_cb=cb_r if p.round_products else None)
        if p.need_y:
            conj_product(f, p.bcast, cb_g, cb_xb or cb_x, 0, cb_oy, **sections)
        if p.need_x:
            conj_product(f, "none", cb_g, cb_y, 0, cb_p if p.reduce_x else cb_ox, **sections)
    else:
        f.acquire()
        packs = []
        dst_y, dst_x = 0, 1
        if p.mode == "fpu":
            if p.need_y:
                f.fpu_product(p.bcast, cb_g, zero, cb_x, zero, dst_y, cb_oy)
            if p.need_x:
                f.fpu_product("none", cb_g, zero, cb_y, zero, dst_x, None)
        elif p.mode == "sfpu":
            dst_y, dst_x = 1, 2
            f.copy(cb_g, 0)
            for need, cb, dst in ((p.need_y, cb_xb or cb_x, dst_y), (p.need_x, cb_y, dst_x)):
                if need:
                    f.copy(cb, dst)
                    f.op("mul_binary_tile_init")
                    f.op("mul_binary_tile", [zero, f.c(dst), f.c(dst)], ["i32"] * 3)
        else:  # scalar
            dst_y = 0
            f.copy(cb_g, 0)
            f.op("fill_tile_init")
            f.op("fill_tile", [one, s], ["i32", "f32"])
            f.op("mul_binary_tile_init")
            f.op("mul_binary_tile", [zero, one, zero], ["i32"] * 3)
        if p.need_y:
            packs.append((dst_y, cb_r if p.hop_y else cb_oy))
        if p.need_x:
            packs.append((dst_x, cb_p if p.reduce_x else (cb_r if p.hop_x else cb_ox)))
        f.pack(packs)
    f.cbop("cb_pop_front", cb_g, n_parts)
    if p.read_y:
        f.cbop("cb_pop_front", cb_y, n_parts)
    if p.hop_y:  # the bf16-rounded tile in cb_r -> its output format
        f.move(cb_r, cb_oy)
    if p.hop_x and not p.reduce_x:
        f.move(cb_r, cb_ox)
    # partial += sum(product), per part (complex: the (re, im) partials rotate through cb_acc)
    for _ in range(p.parts if p.reduce_x else 0):
        f.accumulate(cb_acc, cb_p, p.bcast, cb_s, split if p.split_prod else None)
    f.end()  # inner
    if p.read_x:
        f.cbop("cb_pop_front", cb_x, n_parts)
    if cb_xb is not None:
        f.cbop("cb_pop_front", cb_xb, n_parts)
    for _ in range(p.parts if p.reduce_x else 0):  # the sum(s), rounded once into the output
        f.move(cb_acc, cb_ox, via=cb_r if p.hop_x else None)
    f.end()  # units
    if cb_s is not None:
        f.cbop("cb_pop_front", cb_s, one)
    return f.text()


def kernel_ir(plan: Plan) -> str:
    """The TTKernel module (reader, compute, writer) of a plan."""
    return module_text(_reader(plan), _compute(plan), _writer(plan))


@lru_cache(maxsize=None)
def kernel_sources(plan: Plan) -> dict[str, str]:
    """C++ of the plan's kernels: verified, then translated by the real tt-mlir."""
    from ttbw.ttmlir import kernel_cpp

    if plan.rm and not plan.rm_tiles:
        from .mul_bw_row_major import kernel_sources_rm

        return kernel_sources_rm(plan)
    text = kernel_ir(plan)
    return kernel_cpp(text, "<mul_bw_fused>")  # parses, verifies, translates


# --------------------------------------------------------------------------- host program

def split_units(units: int, grid: tuple[int, int]):
    """(core, first_unit, num_units): balanced, the first cores taking one more."""
    from ttbw.runtime.examples import split_work

    return split_work(units, grid)


def needed_inputs(an) -> list[str]:
    """The inputs the program reads (an input no requested gradient needs is not uploaded)."""
    p = an.plan
    if p.mode == "complex":
        return [f"{n}.{part}" for n in p.inputs for part in ("real", "imag")]
    if p.mode == "two_sided":
        names = ["grad"] + (["a"] if p.need_b else []) + (["b"] if p.need_a else [])
    else:
        names = ["grad"] + ([an.y_name] if p.read_y else []) + ([an.x_name] if p.read_x and an.x_name else [])
    return list(part_names(names, p.parts))


def build_program(an: Analysis, buffers: dict, grid=(8, 8), scalar: float | None = None):
    """The host Program for analysed op `an` over `buffers` (name -> ttbw.runtime.Buffer:
    grad, a, b and the requested results input_grad / other_grad)."""
    from ttbw.runtime import CircularBuffer, CoreRange, Kernel, Program

    p = an.plan
    if p.mode == "two_sided":
        from .mul_bw_two_sided import build_program2

        return build_program2(an, buffers, grid)
    if p.mode == "complex":
        from .mul_bw_complex import build_program_c

        return build_program_c(an, buffers, grid)
    if p.rm and not p.rm_tiles:
        from .mul_bw_row_major import build_program_rm

        return build_program_rm(an, buffers, grid, scalar)
    for name in an.input_names:
        buf = buffers.get(name)
        if buf is not None and buf.layout != "tile" and not p.rm_tiles:  # zero-padded TILE uploads
            raise UnsupportedError(f"device backend: buffer {name} must be TILE (zero padded)")
    src = kernel_sources(p)
    work = split_units(an.units, grid)
    cores = [CoreRange.single(*c) for c, _, _ in work]
    x_name, y_name = an.x_name, an.y_name
    out_of = {"a": "input_grad", "b": "other_grad"}

    def pick(name, need):  # (buffer, its imag buffer (complex) or None); (None, None) if not needed
        names = part_names((name,), p.parts)
        return (buffers[names[0]], buffers[names[1]] if p.parts == 2 else None) if need else (None, None)

    g, g_i = pick("grad", True)
    y, y_i = pick(y_name, p.read_y)
    x, x_i = pick(x_name, p.read_x and x_name)
    oy, oy_i = pick(out_of.get(y_name), p.need_y)
    ox, ox_i = pick(out_of.get(x_name), p.need_x)
    cplx = p.parts == 2  # imag buffers: runtime args after the mapping, accessors after the real ones
    addr = lambda b: b.address if b is not None else 0  # noqa: E731
    accf = lambda b: b.accessor_config if b is not None else 0  # noqa: E731
    mapping = [v for trip in an.kept + an.summed for v in trip]
    sargs = scalar_args(scalar) if p.mode == "scalar" else [0, 0, 0]
    rm_in = p.rm_tiles and any(b is not None and b.layout == "row_major" for b in (g, y, x))
    extra_ct = [CB_ZERO] if rm_in else []

    def reader_args(c, f, n):
        args = [addr(g), addr(y), addr(x), f, n, an.inner, *mapping]
        if rm_in:
            args += [c[0], c[1], *rm_args(g), *rm_args(y), *rm_args(x)]
        return args + ([addr(g_i), addr(y_i), addr(x_i)] if cplx else [])

    def writer_args(f, n):
        args = [addr(oy), addr(ox), f, n, an.inner, *mapping]
        if p.rm_tiles:
            args += [*rm_args(oy), *rm_args(ox)]
        return args + ([addr(oy_i), addr(ox_i)] if cplx else [])

    kernels = [
        Kernel("reader", src["reader"], "reader", cores,
               [CB_G, CB_Y, CB_X, accf(g), accf(y), accf(x)] + extra_ct
               + ([accf(g_i), accf(y_i), accf(x_i)] if cplx else []),
               {c: reader_args(c, f, n) for c, f, n in work}),
        Kernel("compute", src["compute"], "compute", cores,
               [CB_G, CB_Y, CB_X, CB_SCALER, CB_PROD, CB_ACC, CB_OUT_Y, CB_OUT_X, CB_ROUND, CB_XB, CB_PARTS,
                CB_TMP] + extra_ct,
               {c: [n, an.inner, *sargs] for c, f, n in work}, fp32_dest_acc_en=p.fp32_dest),
        Kernel("writer", src["writer"], "writer", cores,
               [CB_OUT_Y, CB_OUT_X, accf(oy), accf(ox)] + ([accf(oy_i), accf(ox_i)] if cplx else []),
               {c: writer_args(f, n) for c, f, n in work}),
    ]
    n = p.parts  # complex: (real, imag) tile pairs
    cbs = [CircularBuffer(CB_G, g.data_format, 2 * n, cores)]
    if p.read_y:
        cbs.append(CircularBuffer(CB_Y, y.data_format, 2 * n, cores))
    if p.read_x:
        cbs.append(CircularBuffer(CB_X, x.data_format, 2 * n, cores))
    if p.needs_scaler:
        cbs.append(CircularBuffer(CB_SCALER, "bf16", 1, cores))
    if p.reduce_x:
        cbs += [CircularBuffer(CB_PROD, p.prod_fmt, n, cores), CircularBuffer(CB_ACC, "f32", n, cores)]
    if p.f32_bcast:
        cbs += [CircularBuffer(CB_PARTS, "f32", 4, cores), CircularBuffer(CB_TMP, "f32", 1, cores)]
        if p.need_y:
            cbs.append(CircularBuffer(CB_XB, "f32", n, cores))
    if p.hop_y or p.hop_x or p.round_products:
        cbs.append(CircularBuffer(CB_ROUND, "bf16", 4 if p.round_products else 2, cores))
    if p.need_y:
        cbs.append(CircularBuffer(CB_OUT_Y, oy.data_format, 2 * n, cores))
    if p.need_x:
        cbs.append(CircularBuffer(CB_OUT_X, ox.data_format, 2 * n, cores))
    if rm_in:
        cbs.append(CircularBuffer(CB_ZERO, "bf16", 1, cores))
    used = [b for b in (g, g_i, y, y_i, x, x_i, oy, oy_i, ox, ox_i) if b is not None]
    return Program(kernels, cbs, used)
