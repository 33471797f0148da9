"""ROW_MAJOR tensors with broadcast on the device backend (ttbw.lowering: rm_tiles plans for one
operand broadcast, two-sided plans for both): the reader builds each tile straight from
ROW_MAJOR rows (page zeroed, then 16-element row chunks in face layout), the writer writes back
only the valid chunks; compute is the TILE plan's (plus a zero-tile prologue). So results equal
the TILE program's bit for bit, equal the CPU backend (bf16: exact without a sum, <= 2 ULP with
one; f32: products exact, sums within f32 summation error), and every input is read from DRAM
exactly once (ROW_MAJOR: exactly its bytes)."""
import numpy as np
import pytest
import torch

import ttbw
from ttbw.ttnn.backward_call import binary_call
from ttbw.driver.compiler import run_on_device
from ttbw.driver.compiler import compiled

R, T = ttbw.ROW_MAJOR_LAYOUT, ttbw.TILE_LAYOUT
BF, F32 = ("bfloat16",) * 3, ("float32",) * 3
MIX = ("bfloat16", "float32", "bfloat16")

# name: (grad / full operand shape, a shape, b shape); H, W not multiples of 32
PATTERNS = {
    "row_b": ((2, 50, 70), (2, 50, 70), (2, 1, 70)),
    "col_b": ((2, 50, 70), (2, 50, 70), (2, 50, 1)),
    "channel_b": ((2, 3, 40, 45), (2, 3, 40, 45), (2, 1, 40, 45)),
    "scalar_like_b": ((2, 50, 70), (2, 50, 70), (1, 1, 1)),
    "lower_rank_b": ((3, 50, 70), (3, 50, 70), (70,)),
    "row_a": ((2, 50, 70), (1, 1, 70), (2, 50, 70)),
    "col_a": ((3, 33, 65), (3, 33, 1), (3, 33, 65)),
    "lower_rank_a": ((2, 3, 40, 45), (40, 45), (2, 3, 40, 45)),
    "both_col_row": ((2, 50, 70), (2, 50, 1), (1, 1, 70)),
    "both_channel": ((3, 2, 40, 45), (3, 1, 40, 1), (1, 2, 1, 45)),
}
LAYOUTS = {"row_b": ["RRR", "TTR", "RTT"], "col_b": ["RRR"], "channel_b": ["TTR"], "scalar_like_b": ["RRR"],
           "lower_rank_b": ["RTR"], "row_a": ["RRR", "TRT"], "col_a": ["TRR"], "lower_rank_a": ["RRR"]}
TILE_BYTES = {ttbw.bfloat16: 2048, ttbw.float32: 4096}


def _tensor(shape, dtype, layout, seed):
    gen = torch.Generator().manual_seed(seed)
    return ttbw.from_torch(torch.randn(shape, generator=gen), getattr(ttbw, dtype), layout=layout)


def _tiles(shape):
    shape = (1,) * max(0, 2 - len(shape)) + tuple(shape)
    return int(np.prod(shape[:-2], dtype=np.int64)) * -(-shape[-2] // 32) * -(-shape[-1] // 32)


def _nbytes(t):
    if t.layout is R:
        return int(np.prod(t.shape, dtype=np.int64)) * (4 if t.dtype is ttbw.float32 else 2)
    return _tiles(t.shape) * TILE_BYTES[t.dtype]


def _ulp_bf16(x: torch.Tensor, y: torch.Tensor) -> int:
    def ordered(v):
        i = v.to(torch.bfloat16).contiguous().view(torch.int16).to(torch.int64)
        return torch.where(i < 0, -(i & 0x7FFF), i)

    return int((ordered(x) - ordered(y)).abs().max())


def _sum_to(x, shape):
    while x.dim() > len(shape):
        x = x.sum(0)
    for i, n in enumerate(shape):
        if n == 1 and x.shape[i] != 1:
            x = x.sum(i, keepdim=True)
    return x


def _run(g, a, b, mask):
    call = binary_call("mul_bw", g, a, b, mask, None, None, None)
    outputs, stats = run_on_device(call.ir(), call.inputs())
    return call.wrap(outputs), stats, next(iter(compiled(call.ir()).functions.values())).host


def _check(shapes, dtypes, layouts, mask=(True, True)):
    lay = {"R": R, "T": T}
    g, a, b = (_tensor(s, d, lay[l], i) for i, (s, d, l) in enumerate(zip(shapes, dtypes, layouts)))
    dev, stats, host = _run(g, a, b, mask)
    # one program moving ROW_MAJOR tensors through tiles built from rows
    assert stats.programs_launched == 1
    assert "row_major" in {host.buffer(name).layout for name in host.launches[0].buffers}
    cpu = ttbw.mul_bw(g, a, b, are_required_outputs=mask, backend="cpu")
    # the same values as TILE tensors: the TILE program's results, bit for bit
    tile_in = [ttbw.from_torch(ttbw.to_torch(t), t.dtype, layout=T) for t in (g, a, b)]
    ref, _, _ = _run(*tile_in, mask)
    for x, y, r, other, out_shape in zip(dev, cpu, ref, (b, a), (a.shape, b.shape)):
        assert (x is None) == (y is None)
        if x is None:
            continue
        assert x.layout is y.layout and x.dtype is y.dtype and tuple(x.shape) == tuple(y.shape)
        got, want = ttbw.to_torch(x), ttbw.to_torch(y)
        assert torch.equal(got, ttbw.to_torch(r))
        summed = tuple(out_shape) != tuple(g.shape)
        if not summed:
            assert torch.equal(got.float(), want.float())
        elif x.dtype is ttbw.bfloat16:
            assert _ulp_bf16(got, want) <= 2
        else:  # f32 sums in another order: within 64 eps of the sum of |terms|
            ga, oa = ttbw.to_torch(g).double().abs(), ttbw.to_torch(other).double().abs()
            mag = _sum_to(ga * oa, tuple(out_shape))
            assert bool(((got.double() - want.double()).abs() <= 64 * 2.0 ** -24 * mag + 1e-30).all())
    # buffers of the decomposed function: grad, a, b = arg0, arg1, arg2; the requested results in order
    need = {"arg0": g}
    if mask[0]:
        need["arg2"] = b
    if mask[1]:
        need["arg1"] = a
    assert stats.dram_bytes_read == {k: _nbytes(v) for k, v in need.items()}
    requested = [t for t, m in ((dev[0], mask[0]), (dev[1], mask[1])) if m]
    assert stats.dram_bytes_written == {f"result{k}": _nbytes(t) for k, t in enumerate(requested)}


@pytest.mark.parametrize("pattern, layouts", [(p, l) for p, ls in LAYOUTS.items() for l in ls])
def test_bf16(pattern, layouts):
    _check(PATTERNS[pattern], BF, layouts)


@pytest.mark.parametrize("pattern, layouts", [("row_b", "RRR"), ("col_b", "TRR"), ("scalar_like_b", "RTR"),
                                              ("row_a", "RRT"), ("lower_rank_a", "RRR")])
def test_f32(pattern, layouts):
    _check(PATTERNS[pattern], F32, layouts)


@pytest.mark.parametrize("pattern, layouts", [("row_b", "RRR"), ("col_a", "RTR")])
def test_mixed_dtypes(pattern, layouts):
    _check(PATTERNS[pattern], MIX, layouts)


@pytest.mark.parametrize("mask", [(True, False), (False, True)])
@pytest.mark.parametrize("pattern, layouts, dtypes", [("row_b", "RRR", BF), ("col_a", "TRR", BF),
                                                      ("lower_rank_b", "RTR", F32)])
def test_masks(pattern, layouts, dtypes, mask):
    _check(PATTERNS[pattern], dtypes, layouts, mask)


@pytest.mark.parametrize("pattern, layouts, dtypes, mask", [
    ("both_col_row", "RRR", BF, (True, True)), ("both_col_row", "TRT", F32, (True, True)),
    ("both_channel", "RTR", BF, (True, True)), ("both_channel", "TTR", MIX, (True, True)),
    ("both_col_row", "RRR", BF, (True, False)), ("both_channel", "RTR", BF, (False, True))])
def test_both_sides_broadcast(pattern, layouts, dtypes, mask):
    _check(PATTERNS[pattern], dtypes, layouts, mask)
