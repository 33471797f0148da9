"""Composite (fuse=false) mode: one program per TTIR op of the decomposed mul_bw, intermediates in
DRAM (ttbw.lowering.composite). Same results as the fused program and torch autograd; more DRAM
traffic and more launches than the fused program."""
import numpy as np
import pytest
import torch

import ttbw
from ttbw.api import _Call
from ttbw.lowering import UnsupportedError, run_on_device
from ttbw.lowering.composite import run_composite
from ttbw.lowering.run import device

TILE = 2048  # bf16 tile bytes


def _tiles(shape):
    shape = (1,) * max(0, 2 - len(shape)) + tuple(shape)
    return int(np.prod(shape[:-2], dtype=np.int64)) * -(-shape[-2] // 32) * -(-shape[-1] // 32)


def randn(shape, seed):
    return torch.randn(shape, generator=torch.Generator().manual_seed(seed)).to(torch.bfloat16)


def torch_grads(g, a, b, mask):
    a = a.detach().clone().requires_grad_()
    b = b.detach().clone().requires_grad_()
    (a * b).backward(g)
    return [a.grad if mask[0] else None, b.grad if mask[1] else None]


def ulp(got, want) -> int:
    got_t = torch.from_numpy(np.asarray(got, dtype=np.float32)).to(torch.bfloat16)
    if isinstance(want, np.ndarray):
        want = torch.from_numpy(np.asarray(want, dtype=np.float32))
    assert got_t.shape == want.shape

    def ordered(x):
        i = x.contiguous().view(torch.int16).to(torch.int64)
        return torch.where(i < 0, -(i & 0x7FFF), i)

    return int((ordered(got_t) - ordered(want.to(torch.bfloat16))).abs().max())


def both(g, a, b, mask=(True, True), grid=(8, 8)):
    call = _Call(*(ttbw.from_torch(x, layout=ttbw.TILE_LAYOUT) for x in (g, a, b)), mask, None, None, None)
    dev = device(grid)
    before = dev.programs_launched
    fused, fs = run_on_device(call.ir(), call.inputs(), grid=grid)
    mid = dev.programs_launched
    comp, cs = run_on_device(call.ir(), call.inputs(), grid=grid, fuse=False)
    assert mid - before == 1
    assert dev.programs_launched - mid == cs.programs_launched
    names = [n for n, _ in call.results()]
    return dict(zip(names, fused)), fs, dict(zip(names, comp)), cs


@pytest.mark.parametrize("grid", [(1, 1), (8, 8)])
@pytest.mark.parametrize("shape", [(1, 1, 32, 32), (1, 3, 320, 384), (2, 50, 70)])
def test_no_broadcast_bit_exact_two_programs(shape, grid):
    g, a, b = (randn(shape, s) for s in range(3))
    fused, fs, comp, cs = both(g, a, b, grid=grid)
    want = torch_grads(g, a, b, (True, True))
    for i, name in enumerate(("input_grad", "other_grad")):
        assert np.array_equal(comp[name], fused[name])
        assert ulp(comp[name], want[i]) == 0
    assert cs.programs_launched == 2
    n = _tiles(shape) * TILE
    # two eltwise multiplies: grad read twice, a and b once, two results written
    assert cs.dram_bytes_read == {"grad": 2 * n, "a": n, "b": n}
    assert cs.total_dram_written == 2 * n
    assert cs.total_dram_read + cs.total_dram_written > fs.total_dram_read + fs.total_dram_written


BROADCASTS = [  # (a, b) against grad (1, 3, 64, 96); sums over channel, rows, cols, all
    ((1, 3, 64, 96), (1, 1, 64, 96)),
    ((1, 1, 64, 96), (1, 3, 64, 96)),
    ((1, 3, 64, 96), (1, 3, 1, 96)),
    ((1, 3, 1, 96), (1, 3, 64, 96)),
    ((1, 3, 64, 96), (1, 3, 64, 1)),
    ((1, 3, 64, 96), (1, 1, 1, 1)),
    ((1, 3, 64, 96), (64, 96)),
    ((1, 3, 64, 96), (1, 1, 1, 96)),
    ((1, 3, 64, 1), (1, 1, 64, 96)),  # both sides broadcast
]


@pytest.mark.parametrize("a_shape, b_shape", BROADCASTS)
def test_broadcast_reductions_match_fused_and_torch(a_shape, b_shape):
    g_shape = (1, 3, 64, 96)
    g, a, b = randn(g_shape, 0), randn(a_shape, 1), randn(b_shape, 2)
    fused, fs, comp, cs = both(g, a, b)
    want = torch_grads(g, a, b, (True, True))
    for i, name in enumerate(("input_grad", "other_grad")):
        assert comp[name].shape == tuple(want[i].shape)
        assert ulp(comp[name], want[i]) <= 2
        assert ulp(comp[name], fused[name]) <= 2
    assert cs.programs_launched >= 3  # multiplies + at least one reduction
    # the full-size product is written to DRAM and read back by the reduction
    assert cs.total_dram_written > fs.total_dram_written
    assert cs.total_dram_read + cs.total_dram_written > fs.total_dram_read + fs.total_dram_written


@pytest.mark.parametrize("mask", [(True, False), (False, True)])
def test_masks(mask):
    g, a, b = randn((1, 3, 64, 64), 0), randn((1, 3, 64, 64), 1), randn((1, 1, 64, 64), 2)
    fused, _, comp, cs = both(g, a, b, mask)
    want = torch_grads(g, a, b, mask)
    for i, name in enumerate(("input_grad", "other_grad")):
        if mask[i]:
            assert ulp(comp[name], want[i]) <= 2
        else:
            assert name not in comp
    assert cs.programs_launched == (1 if mask[0] else 2)


def test_unsupported_raise_value_error():
    g = torch.randn(1, 1, 32, 32)
    call = _Call(*(ttbw.from_torch(x, layout=ttbw.TILE_LAYOUT) for x in (g, g, g)), (True, True), None, None,
                 None)  # f32
    with pytest.raises(UnsupportedError, match="bf16"):
        run_composite(call.ir(), call.inputs())
    gb = g.to(torch.bfloat16)
    call = _Call(ttbw.from_torch(gb, layout=ttbw.TILE_LAYOUT), ttbw.from_torch(gb, layout=ttbw.TILE_LAYOUT), 2.0,
                 (True, True), None, None, None)
    with pytest.raises(ValueError, match="scalar"):
        run_on_device(call.ir(), call.inputs(), fuse=False)
