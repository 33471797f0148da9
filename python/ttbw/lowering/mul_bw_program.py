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

TILE = 32
MAX_GROUPS = 3  # kept / summed tile-axis groups the kernels index with

# CB indices (compile-time args of the kernels)
CB_G, CB_Y, CB_X, CB_SCALER, CB_PROD, CB_ACC, CB_ROUND, CB_OUT_Y, CB_OUT_X = 0, 1, 2, 3, 4, 5, 6, 16, 17
CB_XB, CB_PARTS, CB_TMP = 7, 8, 9  # f32 broadcast on the FPU: exact broadcast tile, TF32 parts
CB_ZERO = 10  # rm_tiles: a zero tile (bf16) compute makes once; the reader clears pages with it


class UnsupportedError(ValueError):
    """The op is valid but this lowering does not handle it (the message says what)."""


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
    from ttbw.dialect.verifier import (MUL_BW_OPERANDS, MUL_BW_RESULTS, memory_config,
                                       required_outputs, segments)

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
        same = analyze_complex(descs, shapes, (True, False) if scalar else required_outputs(op), scalar,
                               out_memory)
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
        # with a broadcast (padding must not reach a sum) and next to bfloat8_b (a bfloat8_b
        # pack shares an exponent over 16 elements of a row, padding included)
        if x_broadcast or "bfp_bf8" in ir_types.values():
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


_DEVICE_FORMAT = {"bf16": "bf16", "bfp_bf8": "bfp8_b", "f32": "f32"}


# --------------------------------------------------------------------------- IR generation

def _cbt(dt: str, pages: int = 2) -> str:
    return f"!ttkernel.cb<{pages}, !ttcore.tile<32x32, {dt}>>"


class _Fn:
    """Builds one kernel function in generic TTKernel form."""

    def __init__(self, name: str, thread: str):
        self.name, self.thread = name, thread
        self.body: list[str] = []
        self.consts: dict = {}
        self.n = 0
        self.depth = 2
        self.cb_types: dict[str, str] = {}

    def fresh(self, p="v") -> str:
        self.n += 1
        return f"%{p}{self.n}"

    def emit(self, s: str) -> None:
        self.body.append("  " * self.depth + s)

    def c(self, v: int) -> str:
        if v not in self.consts:
            self.consts[v] = f"%c{v}"
        return self.consts[v]

    def op(self, name, operands=(), types=(), result=None, props=None) -> str | None:
        res = self.fresh() if result else None
        p = f" <{{{props}}}>" if props else ""
        lhs = f"{res} = " if res else ""
        self.emit(f'{lhs}"ttkernel.{name}"({", ".join(operands)}){p} : ({", ".join(types)}) -> {result or "()"}')
        return res

    def arith(self, opname, a, b, ty="i32") -> str:
        r = self.fresh()
        self.emit(f"{r} = arith.{opname} {a}, {b} : {ty}")
        return r

    def cb(self, name: str, index: int, ty: str) -> str:
        v = f"%{name}"
        self.cb_types[v] = ty
        self.emit(f'{v} = "ttkernel.get_compile_time_arg_val"() <{{arg_index = {index} : i32}}> : () -> {ty}')
        return v

    def arg(self, i: int) -> str:
        return self.op("get_arg_val", [self.c(i)], ["i32"], "i32")

    def cbop(self, name, cb, *ints, props=None):
        self.op(name, [cb, *ints], [self.cb_types[cb]] + ["i32"] * len(ints), props=props)

    def for_(self, lb_i32: str | None, count_i32: str):
        """Opens `scf.for %i = lb to lb + count` (i32 bounds); returns the i32 induction value."""
        idx = self.fresh("i")
        step = self.fresh()
        self.emit(f"{step} = arith.constant 1 : index")
        cnt = self.fresh()
        self.emit(f"{cnt} = arith.index_cast {count_i32} : i32 to index")
        if lb_i32 is None:
            lb = self.fresh()
            self.emit(f"{lb} = arith.constant 0 : index")
            ub = cnt
        else:
            lb = self.fresh()
            self.emit(f"{lb} = arith.index_cast {lb_i32} : i32 to index")
            ub = self.fresh()
            self.emit(f"{ub} = arith.addi {lb}, {cnt} : index")
        self.emit(f"scf.for {idx} = {lb} to {ub} step {step} {{")
        self.depth += 1
        v = self.fresh()
        self.emit(f"{v} = arith.index_cast {idx} : index to i32")
        return v

    def end(self):
        self.depth -= 1
        self.emit("}")

    def text(self) -> str:
        consts = [f"    {n} = arith.constant {v} : i32" for v, n in sorted(self.consts.items())]
        head = (f"  func.func @{self.name}() attributes "
                f"{{ttkernel.thread = #ttkernel.thread<{self.thread}>}} {{")
        return "\n".join([head, *consts, *self.body, "    return", "  }"])


def _map(f: _Fn, v: str, trip_args: list) -> str:
    """sum_i ((v / div_i) % mod_i) * stride_i over runtime-arg triplets."""
    total = None
    for div, mod, stride in trip_args:
        q = f.arith("divui", v, div)
        r = f.arith("remui", q, mod)
        p = f.arith("muli", r, stride)
        total = p if total is None else f.arith("addi", total, p)
    return total


def _accessor(f: _Fn, ct_index: int, addr: str, cb: str) -> str:
    args = f.op("TensorAccessorArgs", [f.c(ct_index), f.c(0)], ["i32", "i32"], "!ttkernel.TensorAccessorArgs",
                props="operandSegmentSizes = array<i32: 1, 1, 0>")
    page = f.op("get_tile_size", [cb], [f.cb_types[cb]], "i32")
    return f.op("TensorAccessor", [args, addr, page], ["!ttkernel.TensorAccessorArgs", "i32", "i32"],
                "!ttkernel.TensorAccessor")


# ROW_MAJOR roles of an rm_tiles plan (one page per row): tiles are built from / written back
# to rows. Per role, runtime args H, W (logical rows / columns of the last two dims, rank-
# aligned), Ht, Wt (tiles) and the row bytes (the accessor's page size).
RM_ARGS = ("H", "W", "Ht", "Wt", "row_bytes")
_EB = {"bf16": 2, "f32": 4}


def _rm_accessor(f: _Fn, ct_index: int, addr: str, row_bytes: str) -> str:
    args = f.op("TensorAccessorArgs", [f.c(ct_index), f.c(0)], ["i32", "i32"], "!ttkernel.TensorAccessorArgs",
                props="operandSegmentSizes = array<i32: 1, 1, 0>")
    return f.op("TensorAccessor", [args, addr, row_bytes], ["!ttkernel.TensorAccessorArgs", "i32", "i32"],
                "!ttkernel.TensorAccessor")


def _rm_chunks(f: _Fn, t: str, acc: str, dims, eb: int, body) -> None:
    """Calls body(noc_addr, l1_byte_offset, byte_size) for every valid 16-element row chunk of
    tile t of a ROW_MAJOR tensor: element (r, c) of a tile sits at face (r/16, c/16), i.e. at
    ((r/16*2 + c/16)*256 + (r%16)*16 + c%16) * eb bytes. Only valid rows
    (min(32, H - 32*th)) and chunks (min(16, W - 32*tw - 16k) > 0 elements) are visited."""
    H, W, Ht, Wt = dims
    bt = f.arith("divui", t, Wt)
    tw = f.arith("remui", t, Wt)
    th = f.arith("remui", bt, Ht)
    bi = f.arith("divui", bt, Ht)
    h0 = f.arith("muli", th, f.c(32))
    row0 = f.arith("addi", f.arith("muli", bi, H), h0)
    nr = f.arith("minui", f.arith("subi", H, h0), f.c(32))
    c0 = f.arith("muli", tw, f.c(32))
    wrem = f.arith("subi", W, c0)
    nk = f.arith("minui", f.arith("divui", f.arith("addi", wrem, f.c(15)), f.c(16)), f.c(2))
    r = f.for_(None, nr)
    page = f.arith("addi", row0, r)
    rowoff = f.arith("addi", f.arith("muli", f.arith("divui", r, f.c(16)), f.c(512)),
                     f.arith("muli", f.arith("remui", r, f.c(16)), f.c(16)))
    k = f.for_(None, nk)
    k16 = f.arith("muli", k, f.c(16))
    col = f.arith("addi", c0, k16)
    n = f.arith("minui", f.arith("subi", wrem, k16), f.c(16))
    noc = f.op("tensor_accessor.get_noc_addr", [acc, page, f.arith("muli", col, f.c(eb))],
               ["!ttkernel.TensorAccessor", "i32", "i32"], "!ttkernel.noc_addr")
    off = f.arith("muli", f.arith("addi", rowoff, f.arith("muli", k, f.c(256))), f.c(eb))
    body(noc, off, f.arith("muli", n, f.c(eb)))
    f.end()
    f.end()


def _rm_read_tile(f: _Fn, t: str, acc: str, dims, eb: int, wp: str, znoc: str) -> None:
    """Tile t of a ROW_MAJOR tensor into L1 at wp: the page is zeroed (padding must be 0 for
    the sums), then the valid row chunks are read. Reads exactly the tile's valid bytes from DRAM."""
    for i in range(eb // 2):  # the zero source is one bf16 tile (2048 bytes)
        dst = wp if i == 0 else f.arith("addi", wp, f.c(2048 * i))
        f.op("noc_async_read", [znoc, dst, f.c(2048)], ["!ttkernel.noc_addr", "i32", "i32"])
    f.op("noc_async_read_barrier")

    def body(noc, off, size):
        f.op("noc_async_read", [noc, f.arith("addi", wp, off), size], ["!ttkernel.noc_addr", "i32", "i32"])

    _rm_chunks(f, t, acc, dims, eb, body)


def _rm_write_tile(f: _Fn, t: str, acc: str, dims, eb: int, rp: str) -> None:
    def body(noc, off, size):
        f.op("noc_async_write", [f.arith("addi", rp, off), noc, size], ["i32", "!ttkernel.noc_addr", "i32"])

    _rm_chunks(f, t, acc, dims, eb, body)


# runtime-arg layouts (reader / writer share the mapping tail)
# reader: [addr_g, addr_y, addr_x, first_unit, num_units, inner, kept(3x3), summed(3x3)]
# writer: [addr_out_y, addr_out_x, first_unit, num_units, inner, kept(3x3), summed(3x3)]
# compute: [num_units, inner, scalar_m, scalar_up, scalar_down]


def _imag_accessors(f: _Fn, p, roles, ct_base: int, arg_base: int) -> dict:
    """Complex plans (p.parts == 2): role -> (accessor of its imag buffer, tile size), for the
    roles (role, cb; cb None when absent) in compile arg / runtime arg order from the bases."""
    if p.parts == 1:
        return {}
    size = lambda cb: f.op("get_tile_size", [cb], [f.cb_types[cb]], "i32")  # noqa: E731
    return {r: (_accessor(f, ct_base + i, f.arg(arg_base + i), cb), size(cb))
            for i, (r, cb) in enumerate(roles) if cb is not None}


def _mapping_args(f: _Fn, base: int):
    vals = [f.arg(base + i) for i in range(6 * MAX_GROUPS)]
    kept = [tuple(vals[3 * i:3 * i + 3]) for i in range(MAX_GROUPS)]
    summed = [tuple(vals[3 * (MAX_GROUPS + i):3 * (MAX_GROUPS + i) + 3]) for i in range(MAX_GROUPS)]
    return kept, summed


def _reader(p: Plan) -> str:
    f = _Fn("reader", "noc")
    cb_g = f.cb("cb_g", 0, _cbt(p.fmt("g")))
    cb_y = f.cb("cb_y", 1, _cbt(p.fmt("y"))) if p.read_y else None
    cb_x = f.cb("cb_x", 2, _cbt(p.fmt("x"))) if p.read_x else None
    addr_g, addr_y, addr_x = f.arg(0), f.arg(1), f.arg(2)
    first, nu, inner = f.arg(3), f.arg(4), f.arg(5)
    kept, summed = _mapping_args(f, 6)
    rm_roles = [r for r, need in (("g", True), ("y", p.read_y), ("x", p.read_x)) if need and p.is_rm(r)]
    rm_dims, znoc, cb_z = {}, None, None
    if p.rm_tiles and rm_roles:
        # rm_tiles reader args (after the mapping): core x, y, then RM_ARGS of grad, Y, X
        cx, cy = f.arg(24), f.arg(25)
        for i, r in enumerate(("g", "y", "x")):
            if r in rm_roles:
                rm_dims[r] = [f.arg(26 + 5 * i + k) for k in range(5)]
        cb_z = f.cb("cb_zero", 6, _cbt("bf16", 1))
    accs = {}
    for r, ct, addr, cb in (("g", 3, addr_g, cb_g), ("y", 4, addr_y, cb_y), ("x", 5, addr_x, cb_x)):
        if cb is None:
            continue
        accs[r] = _rm_accessor(f, ct, addr, rm_dims[r][4]) if r in rm_dims else _accessor(f, ct, addr, cb)
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
            _rm_read_tile(f, tile, acc, rm_dims[role][:4], _EB[p.fmt(role)], wp, znoc)
        else:
            f.op("noc_async_read_tile", [tile, acc, wp], ["i32", "!ttkernel.TensorAccessor", "i32"])
        if role in imag:
            acc_i, size = imag[role]
            f.op("noc_async_read_tile", [tile, acc_i, f.arith("addi", wp, size)],
                 ["i32", "!ttkernel.TensorAccessor", "i32"])

    u = f.for_(first, nu)
    tu = _map(f, u, kept)
    if p.read_x:  # X's tile: read once per unit, held by compute for the whole unit
        f.cbop("cb_reserve_back", cb_x, n_parts)
        wp = f.op("get_write_ptr", [cb_x], [f.cb_types[cb_x]], "i32")
        read("x", u, acc_x, wp)
        f.op("noc_async_read_barrier")
        f.cbop("cb_push_back", cb_x, n_parts)
    j = f.for_(None, inner)
    t = f.arith("addi", tu, _map(f, j, summed))
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
    f = _Fn("writer", "noc")
    cb_oy = f.cb("cb_out_y", 0, _cbt(p.fmt("oy"))) if p.need_y else None
    cb_ox = f.cb("cb_out_x", 1, _cbt(p.fmt("ox"))) if p.need_x else None
    addr_y, addr_x = f.arg(0), f.arg(1)
    first, nu, inner = f.arg(2), f.arg(3), f.arg(4)
    kept, summed = _mapping_args(f, 5)
    rm_dims = {}
    if p.rm_tiles:  # rm_tiles writer args (after the mapping): RM_ARGS of grad_Y, grad_X
        for i, (r, need) in enumerate((("oy", p.need_y), ("ox", p.need_x))):
            if need and p.is_rm(r):
                rm_dims[r] = [f.arg(23 + 5 * i + k) for k in range(5)]
    accs = {}
    for r, ct, addr, cb in (("oy", 2, addr_y, cb_oy), ("ox", 3, addr_x, cb_ox)):
        if cb is not None:
            accs[r] = _rm_accessor(f, ct, addr, rm_dims[r][4]) if r in rm_dims else _accessor(f, ct, addr, cb)
    acc_y, acc_x = accs.get("oy"), accs.get("ox")
    n_parts = f.c(p.parts)
    imag = _imag_accessors(f, p, (("oy", cb_oy), ("ox", cb_ox)), 4, 23)  # complex: as in the reader

    def write(role, cb, tile, acc):
        f.cbop("cb_wait_front", cb, n_parts)
        rp = f.op("get_read_ptr", [cb], [f.cb_types[cb]], "i32")
        if role in rm_dims:
            _rm_write_tile(f, tile, acc, rm_dims[role][:4], _EB[p.fmt(role)], rp)
        else:
            f.op("noc_async_write_tile", [tile, acc, rp], ["i32", "!ttkernel.TensorAccessor", "i32"])
        if role in imag:
            acc_i, size = imag[role]
            f.op("noc_async_write_tile", [tile, acc_i, f.arith("addi", rp, size)],
                 ["i32", "!ttkernel.TensorAccessor", "i32"])
        f.op("noc_async_write_barrier")
        f.cbop("cb_pop_front", cb, n_parts)

    u = f.for_(first, nu)
    tu = _map(f, u, kept)
    j = f.for_(None, inner)
    t = f.arith("addi", tu, _map(f, j, summed))
    if p.need_y:
        write("oy", cb_oy, t, acc_y)
    if p.need_x and not p.reduce_x:
        write("ox", cb_ox, t, acc_x)
    f.end()
    if p.need_x and p.reduce_x:
        write("ox", cb_ox, u, acc_x)
    f.end()
    return f.text()


def _fpu_product(f: _Fn, kind: str, cb_g: str, g_idx: str, held: str, idx: str, dst: int, out_cb) -> None:
    """DST[dst] = grad[g_idx] * bcast(held[idx]) on the FPU (bf16 operands; `kind`: none | row |
    col | scalar): mul_tiles, or unary_bcast of held into DST then binary_dest_reuse_tiles<mul>."""
    ty = f.cb_types
    if kind == "none":
        f.op("mul_tiles_init", [cb_g, held], [ty[cb_g], ty[held]])
        f.op("mul_tiles", [cb_g, held, g_idx, idx, f.c(dst)], [ty[cb_g], ty[held], "i32", "i32", "i32"])
    else:
        bt = f"bcast_type = #ttkernel.bcast_type<{kind}>"
        f.op("unary_bcast_init", [held, out_cb], [ty[held], ty[out_cb]], props=bt)
        f.cbop("unary_bcast", held, idx, f.c(dst), props=bt)
        rt = ("eltwise_binary_type = #ttkernel.eltwise_binary_type<mul>, "
              "reuse_type = #ttkernel.reuse_type<dest_to_srca>")
        f.op("binary_dest_reuse_tiles_init", [cb_g], [ty[cb_g]], props=rt)
        f.cbop("binary_dest_reuse_tiles", cb_g, g_idx, f.c(dst), props=rt)


_REDUCE_DIM = {"row": "reduce_dim_col", "col": "reduce_dim_row", "scalar": "reduce_dim_scalar"}


def _compute(p: Plan) -> str:
    f = _Fn("compute", "compute")
    cb_g = f.cb("cb_g", 0, _cbt(p.fmt("g")))
    cb_y = f.cb("cb_y", 1, _cbt(p.fmt("y"))) if p.read_y else None
    cb_x = f.cb("cb_x", 2, _cbt(p.fmt("x"))) if p.read_x else None
    cb_s = f.cb("cb_s", 3, _cbt("bf16", 1)) if p.needs_scaler else None
    cb_xb = f.cb("cb_xb", 9, _cbt("f32", p.parts)) if p.f32_bcast and p.need_y else None
    cb_parts = f.cb("cb_parts", 10, _cbt("f32", 4)) if p.f32_bcast else None
    cb_tmp = f.cb("cb_tmp", 11, _cbt("f32", 1)) if p.f32_bcast else None
    cb_p = f.cb("cb_p", 4, _cbt(p.prod_fmt, p.parts)) if p.reduce_x else None
    cb_acc = f.cb("cb_acc", 5, _cbt("f32", p.parts)) if p.reduce_x else None
    cb_oy = f.cb("cb_out_y", 6, _cbt(p.fmt("oy"))) if p.need_y else None
    cb_ox = f.cb("cb_out_x", 7, _cbt(p.fmt("ox"))) if p.need_x else None
    rounds = p.hop_y or p.hop_x or p.round_products
    cb_r = f.cb("cb_round", 8, _cbt("bf16", 4 if p.round_products else 2)) if rounds else None
    nu, inner = f.arg(0), f.arg(1)
    zero, one, n_parts = f.c(0), f.c(1), f.c(p.parts)
    t3 = lambda a, b, c: [f.cb_types[a], f.cb_types[b], f.cb_types[c]]  # noqa: E731
    first_out = cb_oy or cb_ox
    s = None
    if p.mode == "scalar":
        m = f.fresh()
        f.emit(f"{m} = arith.sitofp {f.arg(2)} : i32 to f32")
        up, down = f.arg(3), f.arg(4)
        for count, factor in ((up, "2.0"), (down, "0.5")):
            fac = f.fresh()
            f.emit(f"{fac} = arith.constant {factor} : f32")
            lb, st, ub, i, acc, nxt, res = (f.fresh() for _ in range(7))
            f.emit(f"{lb} = arith.constant 0 : index")
            f.emit(f"{st} = arith.constant 1 : index")
            f.emit(f"{ub} = arith.index_cast {count} : i32 to index")
            f.emit(f"{res} = scf.for {i} = {lb} to {ub} step {st} iter_args({acc} = {m}) -> (f32) {{")
            f.emit(f"  {nxt} = arith.mulf {acc}, {fac} : f32")
            f.emit(f"  scf.yield {nxt} : f32")
            f.emit("}")
            m = res
        s = m
    if p.mode == "fpu":
        other = cb_x if p.read_x else cb_y
        f.op("binary_op_init_common", [cb_g, other, first_out], t3(cb_g, other, first_out))
    else:
        f.op("init_sfpu", [cb_g, first_out], [f.cb_types[cb_g], f.cb_types[first_out]])

    def section_begin():
        f.op("tile_regs_acquire")

    def section_pack(packs):
        f.op("tile_regs_commit")
        f.op("tile_regs_wait")
        counts: dict = {}
        for _, cb in packs:
            counts[cb] = counts.get(cb, 0) + 1
        for cb, n in counts.items():
            f.cbop("cb_reserve_back", cb, f.c(n))
        slot: dict = {}
        for dst, cb in packs:
            f.op("pack_tile", [f.c(dst), cb, f.c(slot.get(cb, 0))], ["i32", f.cb_types[cb], "i32"],
                 props="out_of_order = false")
            slot[cb] = slot.get(cb, 0) + 1
        f.op("tile_regs_release")
        for cb, n in counts.items():
            f.cbop("cb_push_back", cb, f.c(n))

    def copy(cb, dst, idx=None):
        f.op("copy_tile_init", [cb], [f.cb_types[cb]])
        f.cbop("copy_tile", cb, idx or zero, f.c(dst))

    def trunc_split(src, idx):
        """Pushes the three TF32-exact parts of tile src[idx] (f32) onto cb_parts; consumes nothing."""
        for step in range(2):
            section_begin()
            if step == 1:
                f.cbop("cb_wait_front", cb_tmp, one)
            s_cb, s_idx = (src, idx) if step == 0 else (cb_tmp, zero)
            f.op("mul_tiles_init", [s_cb, cb_s], [f.cb_types[s_cb], f.cb_types[cb_s]])
            f.op("mul_tiles", [s_cb, cb_s, s_idx, zero, zero],  # trunc(v) * 1.0 (srcA is TF32)
                 [f.cb_types[s_cb], f.cb_types[cb_s], "i32", "i32", "i32"])
            f.op("copy_tile_init", [s_cb], [f.cb_types[s_cb]])
            f.cbop("copy_tile", s_cb, s_idx, one)
            f.op("sub_binary_tile_init")
            f.op("sub_binary_tile", [one, zero, one], ["i32"] * 3)  # v - trunc(v), exact
            if step == 1:
                f.cbop("cb_pop_front", cb_tmp, one)
            section_pack([(0, cb_parts), (1, cb_tmp if step == 0 else cb_parts)])

    def hop(cb_out):  # the bf16-rounded tile in cb_r -> cb_out
        section_begin()
        f.cbop("cb_wait_front", cb_r, one)
        copy(cb_r, 0)
        f.cbop("cb_pop_front", cb_r, one)
        section_pack([(0, cb_out)])

    if p.rm_tiles and any(p.is_rm(r) for r, need in (("g", True), ("y", p.read_y), ("x", p.read_x)) if need):
        cb_z = f.cb("cb_zero", 12, _cbt("bf16", 1))  # zero tile: the reader clears ROW_MAJOR pages
        section_begin()
        zf = f.fresh()
        f.emit(f"{zf} = arith.constant 0.0 : f32")
        f.op("fill_tile_init")
        f.op("fill_tile", [zero, zf], ["i32", "f32"])
        section_pack([(0, cb_z)])

    if cb_s is not None:  # the scaler tile (all 1.0), made once, as tt-mlir does for a float sum
        section_begin()
        f.op("fill_tile_init")
        onef = f.fresh()
        f.emit(f"{onef} = arith.constant 1.0 : f32")
        f.op("fill_tile", [zero, onef], ["i32", "f32"])
        section_pack([(0, cb_s)])
        f.cbop("cb_wait_front", cb_s, one)

    f.for_(None, nu)
    if p.read_x:
        f.cbop("cb_wait_front", cb_x, n_parts)
    # bcast(X), exact in f32 (per part): the sum of the broadcasts of X's TF32 parts
    for part in range(p.parts if cb_xb is not None else 0):
        trunc_split(cb_x, f.c(part))
        section_begin()
        f.cbop("cb_wait_front", cb_parts, f.c(3))
        bt = f"bcast_type = #ttkernel.bcast_type<{p.bcast}>"
        f.op("unary_bcast_init", [cb_parts, cb_xb], [f.cb_types[cb_parts], f.cb_types[cb_xb]], props=bt)
        for k in range(3):
            f.cbop("unary_bcast", cb_parts, f.c(k), f.c(min(k, 1)), props=bt)
            if k:
                f.op("add_binary_tile_init")
                f.op("add_binary_tile", [zero, one, zero], ["i32"] * 3)
        f.cbop("cb_pop_front", cb_parts, f.c(3))
        section_pack([(0, cb_xb)])
    if cb_xb is not None:
        f.cbop("cb_wait_front", cb_xb, n_parts)
    if p.reduce_x:  # partial sum(s) := 0
        section_begin()
        zf = f.fresh()
        f.emit(f"{zf} = arith.constant 0.0 : f32")
        f.op("fill_tile_init")
        f.op("fill_tile", [zero, zf], ["i32", "f32"])
        section_pack([(0, cb_acc)] * p.parts)
    f.for_(None, inner)
    f.cbop("cb_wait_front", cb_g, n_parts)
    if p.read_y:
        f.cbop("cb_wait_front", cb_y, n_parts)
    if p.parts == 2:  # complex: each gradient's (re, im) from its own section(s)
        from .mul_bw_complex import conj_product

        sections = dict(sfpu=p.mode == "sfpu", round_cb=cb_r if p.round_products else None, begin=section_begin,
                        pack=section_pack, copy=copy)
        if p.need_y:
            conj_product(f, p.bcast, cb_g, cb_xb or cb_x, 0, cb_oy, **sections)
        if p.need_x:
            conj_product(f, "none", cb_g, cb_y, 0, cb_p if p.reduce_x else cb_ox, **sections)
    else:
        section_begin()
        packs = []
        dst_y, dst_x = 0, 1
        if p.mode == "fpu":
            if p.need_y:
                _fpu_product(f, p.bcast, cb_g, zero, cb_x, zero, dst_y, cb_oy)
            if p.need_x:
                _fpu_product(f, "none", cb_g, zero, cb_y, zero, dst_x, None)
        elif p.mode == "sfpu":
            dst_y, dst_x = 1, 2
            copy(cb_g, 0)
            for need, cb, dst in ((p.need_y, cb_xb or cb_x, dst_y), (p.need_x, cb_y, dst_x)):
                if need:
                    copy(cb, dst)
                    f.op("mul_binary_tile_init")
                    f.op("mul_binary_tile", [zero, f.c(dst), f.c(dst)], ["i32"] * 3)
        else:  # scalar
            dst_y = 0
            copy(cb_g, 0)
            f.op("fill_tile_init")
            f.op("fill_tile", [one, s], ["i32", "f32"])
            f.op("mul_binary_tile_init")
            f.op("mul_binary_tile", [zero, one, zero], ["i32"] * 3)
        if p.need_y:
            packs.append((dst_y, cb_r if p.hop_y else cb_oy))
        if p.need_x:
            packs.append((dst_x, cb_p if p.reduce_x else (cb_r if p.hop_x else cb_ox)))
        section_pack(packs)
    f.cbop("cb_pop_front", cb_g, n_parts)
    if p.read_y:
        f.cbop("cb_pop_front", cb_y, n_parts)
    if p.hop_y:
        hop(cb_oy)
    if p.hop_x and not p.reduce_x:
        hop(cb_ox)
    # partial += sum(product), per part (complex: the (re, im) partials rotate through cb_acc)
    for _ in range(p.parts if p.reduce_x else 0):
        if p.split_prod:  # f32 products: reduce their three TF32-exact parts
            f.cbop("cb_wait_front", cb_p, one)
            trunc_split(cb_p, zero)
            f.cbop("cb_pop_front", cb_p, one)
            src, count = cb_parts, 3
        else:
            src, count = cb_p, 1
        section_begin()
        f.cbop("cb_wait_front", cb_acc, one)
        copy(cb_acc, 0)
        f.cbop("cb_pop_front", cb_acc, one)
        f.cbop("cb_wait_front", src, f.c(count))
        if p.bcast != "none":
            rp = (f"reduce_dim = #ttkernel.reduce_dim<{_REDUCE_DIM[p.bcast]}>, "
                  "reduce_type = #ttkernel.reduce_type<reduce_sum>")
            f.op("reduce_init", [src, cb_s, cb_acc], t3(src, cb_s, cb_acc), props=rp)
            for k in range(count):
                f.op("reduce_tile", [src, cb_s, f.c(k), zero, zero],
                     [f.cb_types[src], f.cb_types[cb_s], "i32", "i32", "i32"], props=rp)
            f.op("reduce_uninit")
        else:
            copy(cb_p, 1)
            f.op("add_binary_tile_init")
            f.op("add_binary_tile", [zero, one, zero], ["i32"] * 3)
        f.cbop("cb_pop_front", src, f.c(count))
        section_pack([(0, cb_acc)])
    f.end()  # inner
    if p.read_x:
        f.cbop("cb_pop_front", cb_x, n_parts)
    if cb_xb is not None:
        f.cbop("cb_pop_front", cb_xb, n_parts)
    for _ in range(p.parts if p.reduce_x else 0):  # the sum(s), rounded once into the output
        section_begin()
        f.cbop("cb_wait_front", cb_acc, one)
        copy(cb_acc, 0)
        f.cbop("cb_pop_front", cb_acc, one)
        section_pack([(0, cb_r if p.hop_x else cb_ox)])
        if p.hop_x:
            hop(cb_ox)
    f.end()  # units
    if cb_s is not None:
        f.cbop("cb_pop_front", cb_s, one)
    return f.text()


def kernel_ir(plan: Plan) -> str:
    """The TTKernel module (reader, compute, writer) of a plan."""
    return "module {\n" + "\n\n".join([_reader(plan), _compute(plan), _writer(plan)]) + "\n}\n"


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

def scalar_args(value: float) -> list[int]:
    """(m, n_up, n_down) with f32(value) = m * 2^(n_up - n_down), |m| < 2^24 (m as u32 bits)."""
    with np.errstate(over="ignore"):
        v = float(np.float32(value))
    if math.isnan(v):
        raise UnsupportedError(f"device backend: scalar b must not be NaN, got {value}")
    if math.isinf(v):  # +-1 * 2^200 overflows to +-inf in the kernel's f32 arithmetic
        return [(1 if v > 0 else -1) & 0xFFFFFFFF, 200, 0]
    if v == 0.0:
        return [0, 0, 0]
    frac, exp = math.frexp(v)  # v = frac * 2^exp, 0.5 <= |frac| < 1
    m = int(frac * (1 << 24))  # exact: an f32 has 24 significant bits
    e = exp - 24
    return [m & 0xFFFFFFFF, max(e, 0), max(-e, 0)]


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

    def rm_args(b):  # RM_ARGS of a ROW_MAJOR buffer (zeros for a TILE / absent one)
        if b is None or b.layout != "row_major":
            return [0] * len(RM_ARGS)
        al = (1,) * max(0, 2 - len(b.shape)) + tuple(b.shape)
        return [al[-2], al[-1], -(-al[-2] // TILE), -(-al[-1] // TILE), b.page_size]

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
