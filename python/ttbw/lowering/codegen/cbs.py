"""The circular buffers of a generic-codegen program: their indices, page types and which
output / read-back sum / spill takes which (kernels.py, compute.py and launch.py read them)."""
from __future__ import annotations

from ..errors import UnsupportedError
from ..kernel_ir import IR_FORMAT, cb_type
from .program import Kernels

# CB indices of a program (host.py configures those the kernels use)
CB_OUT, CB_SCALER, CB_ACC, CB_TERM, CB_ROUND, CB_PARTS, CB_TMP, CB_ZERO = 16, 17, 18, 19, 20, 21, 22, 23
CB_MORE = 24  # outputs 1..3: out, acc, term from 24 .. 31, then the rounding hops' unused top CBs
CB_HOP = 8     # bf16 rounding hops inside an expression: 8 .. 15
CB_MASK = 15   # masked sums: the step's mask tile (then 7 hops at most)
DIRECT_INPUTS = 8  # inputs 0..7 take CBs 0..7; further ones a pool CB each (input_cbs)
MAX_HOPS = 8
MAX_SPILL_PAGES = 64  # 256 KiB of f32 tiles per core
TERM_PAGES = 1


def tile_cb(fmt: str, pages: int = 2) -> str:
    return cb_type(IR_FORMAT[fmt], pages)


def _pool(k: Kernels, used: int) -> list[int]:
    """The CBs from 24 .. 31, then the rounding hops' unused top CBs; `used` of them taken."""
    top = CB_HOP + MAX_HOPS - 1 - int(k.masked)
    pool = [*range(CB_MORE, 32), *range(top, CB_HOP + k.round_hops - 1, -1)]
    if used > len(pool):
        spill = " and a spill CB" if k.spill_pages else ""
        raise UnsupportedError(f"codegen: {len(k.inputs)} inputs, {len(k.outputs)} outputs, {k.round_hops} "
                               f"rounding hops{spill} need more than the 32 circular buffers")
    return pool


def _pool_before_spill(k: Kernels) -> int:
    """Pool CBs the further outputs and the read-back take (the spill CB comes next)."""
    return 3 * (len(k.outputs) - 1) + _readback_extra(k)


def _pool_taken(k: Kernels) -> int:
    """Pool CBs the outputs, the read-back and the spill take (before any extra input's)."""
    return _pool_before_spill(k) + int(bool(k.spill_pages))


def input_cbs(k: Kernels) -> list[int]:
    """The CB index of each input: 0 .. 7, then pool CBs after every other pool use."""
    extra = max(0, len(k.inputs) - DIRECT_INPUTS)
    used = _pool_taken(k)
    return [*range(min(len(k.inputs), DIRECT_INPUTS)), *_pool(k, used + extra)[used:used + extra]]


def _readback_extra(k: Kernels) -> int:
    """Pool CBs a read-back takes: (acc, term) of each sum but the first (CB_ACC, CB_TERM),
    the finished sums (raw) and their broadcast (val)."""
    return 0 if k.readback is None else 2 * len(k.readback.terms)


def readback_cbs(k: Kernels) -> tuple[list, list, int, int]:
    """(acc CBs, term CBs, raw, val) of a read-back's sums: raw the finished sums the compute
    packs, val their broadcast over the tile, which the reader makes in L1."""
    used = 3 * (len(k.outputs) - 1)
    extra = _readback_extra(k)
    more = _pool(k, used + extra)[used:used + extra]
    return [CB_ACC, *more[0:extra - 2:2]], [CB_TERM, *more[1:extra - 2:2]], more[-2], more[-1]


def output_cbs(k: Kernels, j: int) -> tuple[int, int, int]:
    """(out, acc, term) CB indices of output j."""
    if j == 0:
        return CB_OUT, CB_ACC, CB_TERM
    return tuple(_pool(k, 3 * j)[3 * (j - 1):3 * j])


def spill_cb(k: Kernels) -> int:
    """The f32 CB of the values spilled from DST (k.spill_pages pages): after the outputs' CBs."""
    used = _pool_before_spill(k)
    return _pool(k, used + 1)[used]


def compute_cbs(k: Kernels) -> list[int]:
    more = [c for j in range(1, len(k.outputs)) for c in output_cbs(k, j)]
    hops = [CB_HOP + h for h in range(k.round_hops)]
    if k.readback is not None:
        accs, terms, raw, val = readback_cbs(k)
        more += [*(c for pair in zip(accs[1:], terms[1:]) for c in pair), raw, val]
    return [*input_cbs(k), CB_OUT, CB_SCALER, CB_ACC, CB_TERM, CB_ROUND, CB_PARTS, CB_TMP, CB_ZERO, *more, *hops,
            *([CB_MASK] if k.masked else []), *([spill_cb(k)] if k.spill_pages else [])]
