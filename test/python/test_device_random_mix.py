"""Seeded random mul_bw calls mixing everything the device path takes: ranks 1-4 with random
broadcasting, bf16 / f32 / bfloat8_b per operand, TILE / ROW_MAJOR, masks, scalar b, complex,
L1 results, compiled and run by the executor. The oracle is torch autograd in float64 on the
same (already rounded / block-quantized) inputs, within a bound derived from the roundings the
decomposition makes; composite mode must also give the fused program's bits (a random sweep
like this found a padding bug composite alone hit)."""
import random

import numpy as np
import pytest
import torch

import ttbw
from ttbw.ttnn.backward_call import binary_call
from ttbw.driver.compiler import run_on_device

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


# unit roundoff of a stored value (a bfloat8_b element at its block's max keeps bf16's bits;
# below it, the block term in golden() bounds the error)
U = {"bf16": 2.0 ** -8, "bfp8": 2.0 ** -8, "f32": 2.0 ** -24}


def dtype_name(tensor) -> str:
    part = tensor.real if isinstance(tensor, ttbw.ComplexTensor) else tensor
    return {ttbw.bfloat16: "bf16", ttbw.float32: "f32", ttbw.bfloat8_b: "bfp8"}[part.dtype]


def golden(g, a, b, mask):
    """[(float64 golden, bound on |device - golden|)] per output part (complex: real, imag),
    from torch autograd in float64 on the tensors' device values."""
    as64 = lambda t: ttbw.to_torch(t).to(torch.complex128 if isinstance(t, ttbw.ComplexTensor) else torch.float64)  # noqa: E731
    g64, a64 = as64(g), as64(a).requires_grad_()
    scalar = isinstance(b, float)
    b64 = torch.tensor(b, dtype=torch.float64) if scalar else as64(b).requires_grad_()
    (a64 * b64).backward(g64)
    out = []
    for k, (operand, other) in enumerate(((a, b), (b, a))):
        if not mask[k] or (k == 1 and scalar):
            continue
        want = (a64 if k == 0 else b64).grad
        other64 = b64 if k == 0 else a64
        terms = (g64.abs() * other64.detach().abs()).expand(g64.shape)  # |grad * other| per term
        if want.is_complex():
            terms = 2 * terms
        shape = tuple(want.shape)
        total = terms.sum_to_size(shape) if shape != tuple(terms.shape) else terms
        summed = terms.numel() // max(want.numel(), 1)
        # the product's type: f32 if either side is f32 or bfloat8_b (which promotes as f32)
        sides = {dtype_name(g), "f32" if scalar else dtype_name(other)}
        u_prod = U["f32"] if sides & {"f32", "bfp8"} else U["bf16"]
        out_dtype = dtype_name(operand)
        for part in ((want.real, want.imag) if want.is_complex() else (want,)):
            bound = 2 * (u_prod + (summed + 1) * U["f32"]) * total + U[out_dtype] * part.abs()
            if out_dtype == "bfp8":  # shared exponent per 16 values: error relative to the block's max
                bound = bound + 2.0 ** -6 * part.abs().max()
            out.append((part.detach().numpy(), bound.numpy() + 1e-37))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_random_mix_against_torch_composite_equals_fused(seed):
    g, a, b, mask, memory, is_complex = random_call(seed)
    call = binary_call("mul_bw", g, a, b, mask, memory, None, None)
    fused, _ = run_on_device(call.ir(), call.inputs())
    composite, _ = run_on_device(call.ir(), call.inputs(), fuse=False)
    want = golden(g, a, b, mask)
    assert len(fused) == len(want)
    for x, (w, bound) in zip(fused, want):
        x = np.asarray(x, dtype=np.float64).reshape(w.shape)
        assert np.all(np.abs(x - w) <= bound), f"max excess {np.max(np.abs(x - w) - bound)}"
        if w.size > 1 and np.std(w) > 0:
            assert np.corrcoef(x.ravel(), w.ravel())[0, 1] >= 0.99
    for x, y in zip(fused, composite):
        assert np.array_equal(x, y, equal_nan=True)
