"""Programs built from the hand-written TTKernel examples in examples/kernels/.

Each example file holds a reader, a compute and a writer kernel; the real tt-mlir (via
ttbw.ttmlir) translates them to C++, and these builders wire them into a `Program`: CBs,
compile-time args (CB indices, TensorAccessor configs) and per-core runtime args following
the conventions documented at the top of each file. Work is split over the cores of a grid
in whole units (tiles, tile rows, ...), the first cores taking one more when it does not divide.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .device import Buffer
from .errors import ProgramError
from .program import CircularBuffer, CoreRange, Kernel, Program
from ttbw.target.device_model import split_work

EXAMPLES_DIR = Path(__file__).resolve().parents[4] / "examples" / "kernels"
CB_IN0, CB_IN1, CB_SCALER, CB_OUT = 0, 1, 2, 16


@lru_cache(maxsize=None)
def example_sources(name: str) -> dict[str, str]:
    """C++ of every kernel in examples/kernels/<name>.mlir, translated by the real tt-mlir."""
    from ttbw.ttmlir import translate_file  # lazy: loads the tt-mlir library

    path = EXAMPLES_DIR / f"{name}.mlir"
    if not path.is_file():
        raise ProgramError(f"no example kernel file {path}")
    return {k.name: k.cpp for k in translate_file(str(path))}


def _ranges(work) -> list[CoreRange]:
    return [CoreRange.single(*core) for core, _, _ in work]


def eltwise_binary(name: str, a: Buffer, b: Buffer, out: Buffer, grid=(1, 1), fp32_dest: bool = False,
                   pages: int = 2, sources: dict[str, str] | None = None) -> Program:
    """C = A op B, tile by tile (examples: eltwise_mul, eltwise_add, eltwise_mul_sfpu; `sources`:
    the C++ of kernels with that example's conventions instead of the example's own)."""
    if not (a.num_pages == b.num_pages == out.num_pages):
        raise ProgramError("elementwise operands must have the same number of tiles")
    src = sources or example_sources(name)
    work = split_work(out.num_pages, grid)
    cores = _ranges(work)
    by_core = {c: (first, cnt) for c, first, cnt in work}
    kernels = [
        Kernel("reader", src["reader"], "reader", cores, [CB_IN0, CB_IN1, a.accessor_config, b.accessor_config],
               {c: [a.address, b.address, f, n] for c, (f, n) in by_core.items()}),
        Kernel("compute", src["compute"], "compute", cores, [CB_IN0, CB_IN1, CB_OUT],
               {c: [n] for c, (f, n) in by_core.items()}, fp32_dest_acc_en=fp32_dest),
        Kernel("writer", src["writer"], "writer", cores, [CB_OUT, out.accessor_config],
               {c: [out.address, f, n] for c, (f, n) in by_core.items()}),
    ]
    cbs = [CircularBuffer(CB_IN0, a.data_format, pages, cores), CircularBuffer(CB_IN1, b.data_format, pages, cores),
           CircularBuffer(CB_OUT, out.data_format, pages, cores)]
    return Program(kernels, cbs, [a, b, out])


def reduce(dim: str, x: Buffer, out: Buffer, grid=(1, 1), fp32_dest: bool = True) -> Program:
    """Sum over the last two dims of a (batch, H, W) TILE tensor: dim = row | col | scalar.

    row: out (batch, H, 1); col: out (batch, 1, W); scalar: out (batch, 1, 1). Work is split by
    output tile: a row of tiles (row), a column of tiles (col) or a whole batch item (scalar).
    """
    batch, ht, wt = x.tiles
    if dim == "row":
        inner, units = wt, batch * ht
    elif dim == "col":
        inner, units = ht, batch * wt
    elif dim == "scalar":
        inner, units = ht * wt, batch
    else:
        raise ProgramError(f"reduce dim must be row, col or scalar, got {dim!r}")
    if out.num_pages != units:
        raise ProgramError(f"reduce {dim}: output needs {units} tiles, buffer has {out.num_pages}")
    src = example_sources(f"reduce_{dim}")
    work = split_work(units, grid)
    cores = _ranges(work)
    # reader RT: [addr, first_unit, num_units, Ht, Wt]; compute RT: [num_units, tiles_per_unit]
    kernels = [
        Kernel("reader", src["reader"], "reader", cores, [CB_IN0, x.accessor_config],
               {c: [x.address, f, n, ht, wt] for c, f, n in work}),
        Kernel("compute", src["compute"], "compute", cores, [CB_IN0, CB_SCALER, CB_OUT],
               {c: [n, inner] for c, f, n in work}, fp32_dest_acc_en=fp32_dest),
        Kernel("writer", src["writer"], "writer", cores, [CB_OUT, out.accessor_config],
               {c: [out.address, f, n] for c, f, n in work}),
    ]
    cbs = [CircularBuffer(CB_IN0, x.data_format, 2, cores), CircularBuffer(CB_SCALER, x.data_format, 1, cores),
           CircularBuffer(CB_OUT, out.data_format, 2, cores)]
    return Program(kernels, cbs, [x, out])


def bcast_mul(dim: str, a: Buffer, b: Buffer, out: Buffer, grid=(1, 1), fp32_dest: bool = False) -> Program:
    """C = A * B with B broadcast: dim = row (B is (batch, 1, W)), col ((batch, H, 1)) or
    scalar ((batch, 1, 1)). Uses unary_bcast into DST + binary_dest_reuse_tiles<mul>."""
    if dim not in ("row", "col", "scalar"):
        raise ProgramError(f"broadcast dim must be row, col or scalar, got {dim!r}")
    batch, ht, wt = a.tiles
    if out.num_pages != a.num_pages:
        raise ProgramError("broadcast multiply: output must have A's tiles")
    src = example_sources(f"bcast_mul_{dim}")
    work = split_work(a.num_pages, grid)
    cores = _ranges(work)
    # reader RT: [addr_a, addr_b, first_tile, num_tiles, Ht, Wt]
    kernels = [
        Kernel("reader", src["reader"], "reader", cores, [CB_IN0, CB_IN1, a.accessor_config, b.accessor_config],
               {c: [a.address, b.address, f, n, ht, wt] for c, f, n in work}),
        Kernel("compute", src["compute"], "compute", cores, [CB_IN0, CB_IN1, CB_OUT],
               {c: [n] for c, f, n in work}, fp32_dest_acc_en=fp32_dest),
        Kernel("writer", src["writer"], "writer", cores, [CB_OUT, out.accessor_config],
               {c: [out.address, f, n] for c, f, n in work}),
    ]
    cbs = [CircularBuffer(CB_IN0, a.data_format, 2, cores), CircularBuffer(CB_IN1, b.data_format, 2, cores),
           CircularBuffer(CB_OUT, out.data_format, 2, cores)]
    return Program(kernels, cbs, [a, b, out])


def _fp32_dest(fp32_dest: bool | None, buf: Buffer) -> bool:
    """Data movement through DST is lossless for f32 only with the fp32 DST: default to it."""
    from ttbw.target.formats import DataFormat

    return buf.data_format == DataFormat.FLOAT32 if fp32_dest is None else fp32_dest


def tilize(x: Buffer, out: Buffer, grid=(1, 1), fp32_dest: bool | None = None) -> Program:
    """ROW_MAJOR (batch, H, W) with H, W multiples of 32 -> TILE layout. Work unit: 32 rows."""
    if x.layout != "row_major" or out.layout != "tile":
        raise ProgramError("tilize reads a ROW_MAJOR buffer and writes a TILE buffer")
    batch, ht, wt = out.tiles
    w = x.shape[-1]
    if w != wt * 32 or x.num_pages != batch * ht * 32:
        raise ProgramError("tilize example needs H and W to be multiples of 32")
    src = example_sources("tilize")
    work = split_work(batch * ht, grid)
    cores = _ranges(work)
    row_bytes = x.page_size
    kernels = [
        Kernel("reader", src["reader"], "reader", cores, [CB_IN0, x.accessor_config],
               {c: [x.address, f, n, wt, row_bytes] for c, f, n in work}),
        Kernel("compute", src["compute"], "compute", cores, [CB_IN0, CB_OUT], {c: [n, wt] for c, f, n in work},
               fp32_dest_acc_en=_fp32_dest(fp32_dest, x)),
        Kernel("writer", src["writer"], "writer", cores, [CB_OUT, out.accessor_config],
               {c: [out.address, f * wt, n * wt] for c, f, n in work}),
    ]
    cbs = [CircularBuffer(CB_IN0, x.data_format, wt, cores), CircularBuffer(CB_OUT, out.data_format, wt, cores)]
    return Program(kernels, cbs, [x, out])


def untilize(x: Buffer, out: Buffer, grid=(1, 1), fp32_dest: bool | None = None) -> Program:
    """TILE (batch, H, W) with H, W multiples of 32 -> ROW_MAJOR. Work unit: one row of tiles."""
    if x.layout != "tile" or out.layout != "row_major":
        raise ProgramError("untilize reads a TILE buffer and writes a ROW_MAJOR buffer")
    batch, ht, wt = x.tiles
    if out.shape[-1] != wt * 32 or out.num_pages != batch * ht * 32:
        raise ProgramError("untilize example needs H and W to be multiples of 32")
    src = example_sources("untilize")
    work = split_work(batch * ht, grid)
    cores = _ranges(work)
    kernels = [
        Kernel("reader", src["reader"], "reader", cores, [CB_IN0, x.accessor_config],
               {c: [x.address, f, n, wt] for c, f, n in work}),
        Kernel("compute", src["compute"], "compute", cores, [CB_IN0, CB_OUT], {c: [n, wt] for c, f, n in work},
               fp32_dest_acc_en=_fp32_dest(fp32_dest, x)),
        Kernel("writer", src["writer"], "writer", cores, [CB_OUT, out.accessor_config],
               {c: [out.address, f, n, wt, out.page_size] for c, f, n in work}),
    ]
    cbs = [CircularBuffer(CB_IN0, x.data_format, wt, cores), CircularBuffer(CB_OUT, out.data_format, wt, cores)]
    return Program(kernels, cbs, [x, out])


def matmul(a: Buffer, b: Buffer, out: Buffer, grid=(1, 1), transpose_b: bool = False,
           fp32_dest: bool = True) -> Program:
    """C[batch] = A[batch] x B (B batched like A, or one matrix shared by every batch item);
    transpose_b: B is stored (.., N, K). Work unit: one output tile, its K loop in DST."""
    batch, mt, kt = a.tiles
    b_batch, b_rows, b_cols = b.tiles
    nt, b_kt = (b_rows, b_cols) if transpose_b else (b_cols, b_rows)
    if b_kt != kt or b_batch not in (1, batch):
        raise ProgramError(f"matmul: A has {batch}x{mt}x{kt} tiles, B {b_batch}x{b_rows}x{b_cols}"
                           f"{' (transposed)' if transpose_b else ''}")
    if out.tiles != (batch, mt, nt):
        raise ProgramError(f"matmul: output needs {batch}x{mt}x{nt} tiles, buffer has {out.tiles}")
    src = example_sources("matmul")
    work = split_work(out.num_pages, grid)
    cores = _ranges(work)
    flag, batched = int(transpose_b), int(b_batch == batch and batch > 1)
    kernels = [
        Kernel("reader", src["reader"], "reader", cores, [CB_IN0, CB_IN1, a.accessor_config, b.accessor_config],
               {c: [a.address, b.address, f, n, mt, kt, nt, flag, batched] for c, f, n in work}),
        Kernel("compute", src["compute"], "compute", cores, [CB_IN0, CB_IN1, CB_OUT],
               {c: [n, kt, flag] for c, f, n in work}, fp32_dest_acc_en=fp32_dest),
        Kernel("writer", src["writer"], "writer", cores, [CB_OUT, out.accessor_config],
               {c: [out.address, f, n] for c, f, n in work}),
    ]
    cbs = [CircularBuffer(CB_IN0, a.data_format, 2, cores), CircularBuffer(CB_IN1, b.data_format, 2, cores),
           CircularBuffer(CB_OUT, out.data_format, 2, cores)]
    return Program(kernels, cbs, [a, b, out])


def transpose_wh(x: Buffer, out: Buffer, grid=(1, 1), fp32_dest: bool | None = None) -> Program:
    """Y[batch] = X[batch]^T (the last two dims swapped). Work unit: one output tile."""
    batch, ht, wt = x.tiles
    if out.tiles != (batch, wt, ht):
        raise ProgramError(f"transpose: output needs {batch}x{wt}x{ht} tiles, buffer has {out.tiles}")
    src = example_sources("transpose_wh")
    work = split_work(out.num_pages, grid)
    cores = _ranges(work)
    kernels = [
        Kernel("reader", src["reader"], "reader", cores, [CB_IN0, x.accessor_config],
               {c: [x.address, f, n, ht, wt] for c, f, n in work}),
        Kernel("compute", src["compute"], "compute", cores, [CB_IN0, CB_OUT], {c: [n] for c, f, n in work},
               fp32_dest_acc_en=_fp32_dest(fp32_dest, x)),
        Kernel("writer", src["writer"], "writer", cores, [CB_OUT, out.accessor_config],
               {c: [out.address, f, n] for c, f, n in work}),
    ]
    cbs = [CircularBuffer(CB_IN0, x.data_format, 2, cores), CircularBuffer(CB_OUT, out.data_format, 2, cores)]
    return Program(kernels, cbs, [x, out])
