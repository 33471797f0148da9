"""Seeded random mul_bw calls mixing everything the device path takes: ranks 1-4 with random
broadcasting, bf16 / f32 / bfloat8_b per operand, TILE / ROW_MAJOR, masks, scalar b, complex,
L1 results. Composite mode must give the fused program's bits, and the fused program the CPU
reference path's values (a random sweep like this found a padding bug composite alone hit)."""
import random

import numpy as np
import pytest
import torch

import ttbw
from ttbw.api import _Call
from ttbw.lowering import run_on_device

DTYPES = {"bf16": ttbw.bfloat16, "f32": ttbw.float32, "bfp8": ttbw.bfloat8_b}


def random_call(seed: int):
    rng = random.Random(seed)
    rank = rng.randint(1, 4)
    shape = [rng.choice([1, 2, 3, 32, 33, 64]) for _ in range(rank)]
    a_shape, b_shape = list(shape), list(shape)
    for target in rng.sample([a_shape, b_shape], rng.randint(0, 2)):
        for d in range(rank):
            if rng.random() < 0.4:
                target[d] = 1
    g_shape = [max(x, y) for x, y in zip(a_shape, b_shape)]
    is_complex = rng.random() < 0.15
    dtypes = [rng.choice(["bf16", "f32"])] * 3 if is_complex else [rng.choice(list(DTYPES)) for _ in range(3)]
    layouts = [ttbw.ROW_MAJOR_LAYOUT if rng.random() < 0.2 and d != "bfp8" and not is_complex else ttbw.TILE_LAYOUT
               for d in dtypes]
    gen = torch.Generator().manual_seed(seed)

    def tensor(shape, dtype, layout):
        make = lambda: ttbw.from_torch(torch.randn(shape, generator=gen), DTYPES[dtype], layout=layout)  # noqa: E731
        return ttbw.complex_tensor(make(), make()) if is_complex else make()

    scalar = not is_complex and rng.random() < 0.15
    g = tensor(g_shape, dtypes[0], layouts[0])
    a = tensor(g_shape if scalar else a_shape, dtypes[1], layouts[1])
    b = 2.5 if scalar else tensor(b_shape, dtypes[2], layouts[2])
    mask = (True, True) if scalar else rng.choice([(True, True), (True, False), (False, True)])
    memory = ttbw.L1_MEMORY_CONFIG if rng.random() < 0.2 else None
    return g, a, b, mask, memory, is_complex


@pytest.mark.parametrize("seed", range(40))
def test_random_mix_composite_equals_fused_equals_cpu(seed):
    g, a, b, mask, memory, is_complex = random_call(seed)
    call = _Call(g, a, b, mask, memory, None, None)
    fused, _ = run_on_device(call.ir(), call.inputs())
    composite, _ = run_on_device(call.ir(), call.inputs(), fuse=False)
    for x, y in zip(fused, composite):
        assert np.array_equal(x, y, equal_nan=True)
    if is_complex:
        return  # complex against the CPU path: test_device_complex.py
    cpu = [t for t in ttbw.mul_bw(g, a, b, **({} if isinstance(b, float) else {"are_required_outputs": list(mask)}),
                                  memory_config=memory, backend="cpu") if t is not None]
    for x, want in zip(fused, cpu):
        want = ttbw.to_torch(want).float().numpy().reshape(x.shape)
        assert np.allclose(x, want, rtol=2e-2, atol=1e-3)
