"""Seeded random shapes of rank 1-4 with random broadcasting on either or both sides,
on the emulated device, fused and composite, against torch autograd."""
import random

import pytest
import torch

import ttbw
from ttbw.driver.compiler import run_on_device
from ttbw.ttnn.backward_call import binary_call

from test_mul_bw_numerics import autograd, check, golden, pcc


def random_case(seed: int):
    rng = random.Random(seed)
    rank = rng.randint(1, 4)
    shape = [rng.choice([1, 2, 3, 17, 32, 33, 64, 70]) for _ in range(rank)]
    a_shape, b_shape = list(shape), list(shape)
    for target in rng.sample([a_shape, b_shape], rng.randint(1, 2)):  # one side or both
        for d in range(rank):
            if rng.random() < 0.4:
                target[d] = 1
    if rng.random() < 0.3:  # a lower-rank operand
        b_shape = b_shape[rng.randint(1, rank):]
    dtype = rng.choice([torch.bfloat16, torch.float32])
    return tuple(a_shape), tuple(b_shape), dtype


@pytest.mark.parametrize("fuse", [True, False], ids=["fused", "composite"])
@pytest.mark.parametrize("seed", range(24))
def test_random_broadcasts(seed, fuse):
    a_shape, b_shape, dtype = random_case(seed)
    shape = torch.broadcast_shapes(a_shape, b_shape)
    gen = torch.Generator().manual_seed(seed)
    g, a, b = (torch.randn(s, generator=gen).to(dtype) for s in (shape, a_shape, b_shape))
    call = binary_call("mul_bw", *(ttbw.from_torch(t, layout=ttbw.TILE_LAYOUT) for t in (g, a, b)), (True, True), None, None, None)
    got, _ = run_on_device(call.ir(), call.inputs(), fuse=fuse)
    for out, want, torch_own, operand in zip(got, golden(g, a, b), autograd(g, a, b), (a, b)):
        out = torch.from_numpy(out).to(dtype).reshape(operand.shape)
        reduced = tuple(operand.shape) != tuple(shape)
        if dtype == torch.float32 and reduced:
            # f32 sums: the device accumulates tiles in its own order; bound the error by
            # the sum's condition (|terms|), as for any f32 summation order.
            terms = (g * (b if operand is a else a)).abs().double().sum_to_size(operand.shape)
            assert torch.all((out.double() - want.double()).abs() <= 64 * 2 ** -24 * terms + 1e-30)
        else:
            check(out, want, reduced)
        assert pcc(out, torch_own) >= 0.999
