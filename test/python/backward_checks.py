"""Shared by the backward-op tests: torch autograd goldens in float64 on the same inputs,
the issue's error bounds, ttnn's broadcast matrix.

Bounds (issue #11): a gradient not summed over broadcast dims within 2 ulp of its float64
golden in the output's data type (bf16 or f32); a gradient summed over broadcast dims within
2 ulp of sum|terms| (the float64 sum of the terms' magnitudes); PCC >= 0.999 in both cases.
"""
from __future__ import annotations

import torch

import ttbw

TILE = ttbw.TILE_LAYOUT
MANTISSA_BITS = {torch.bfloat16: 7, torch.float32: 23}

# ttnn's broadcast matrix (backward-ops.md): (input shape, other shape), grad = their broadcast.
BROADCAST_MATRIX = [
    ((1, 1, 32, 32), (1, 1, 32, 32)),   # no broadcast
    ((1, 3, 32, 32), (1, 1, 32, 32)),   # channel, of other
    ((1, 1, 32, 32), (1, 3, 32, 32)),   # channel, of input
    ((1, 1, 32, 64), (1, 1, 1, 64)),    # row
    ((1, 1, 32, 64), (1, 1, 32, 1)),    # column
    ((1, 2, 32, 32), (1, 1, 1, 1)),     # scalar-like, other
    ((1, 1, 1, 1), (1, 2, 32, 32)),     # scalar-like, input
    ((2, 32, 64), (64,)),               # cross-rank, other
    ((32,), (2, 1, 32, 32)),            # cross-rank, input
    ((1, 3, 32, 1), (1, 1, 32, 64)),    # both sides
]
MATRIX_IDS = ["none", "channel-b", "channel-a", "row", "column", "scalar-like-b", "scalar-like-a",
              "cross-rank-b", "cross-rank-a", "both-sides"]


def ulp(values: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """The spacing of `dtype` at float64 `values` (at the smallest normal for tiny values)."""
    tiny = torch.finfo(dtype).tiny
    exponent = torch.floor(torch.log2(values.abs().clamp_min(tiny)))
    return torch.pow(2.0, exponent - MANTISSA_BITS[dtype])


def sum_to(terms: torch.Tensor, shape) -> torch.Tensor:
    """PyTorch's sum_to: sum the leading dims, then every dim where `shape` has 1."""
    lead = terms.dim() - len(shape)
    if lead:
        terms = terms.sum(dim=tuple(range(lead)))
    return terms.sum_to_size(shape) if len(shape) else terms.reshape(())


def gradient_terms(forward, grad: torch.Tensor, operands: list) -> list:
    """Per-element gradient terms of each operand (None for a non-tensor), at grad's shape, in
    float64: autograd of `forward` through each operand expanded to grad's shape."""
    leaves = [o.double().expand(grad.shape).clone().requires_grad_() if isinstance(o, torch.Tensor) else o
              for o in operands]
    out = forward(*leaves)
    wanted = [leaf for leaf in leaves if isinstance(leaf, torch.Tensor) and leaf.requires_grad]
    grads = iter(torch.autograd.grad(out, wanted, grad.double(), allow_unused=True))
    terms = []
    for leaf in leaves:
        if isinstance(leaf, torch.Tensor) and leaf.requires_grad:
            g = next(grads)
            terms.append(torch.zeros_like(leaf) if g is None else g)
        else:
            terms.append(None)
    return terms


def pcc(x: torch.Tensor, y: torch.Tensor) -> float:
    x, y = x.double().flatten(), y.double().flatten()
    finite = torch.isfinite(x) & torch.isfinite(y)
    x, y = x[finite], y[finite]
    if torch.equal(x, y):
        return 1.0
    if x.numel() < 2:
        return 1.0 if torch.allclose(x, y, rtol=2 ** -7) else 0.0
    return float(torch.corrcoef(torch.stack([x, y]))[0, 1])


def check_gradient(got: torch.Tensor, terms: torch.Tensor, operand: torch.Tensor, *, min_pcc=0.999,
                   ulps: float = 2.0, magnitudes: torch.Tensor | None = None) -> None:
    """`got` (the operand's gradient, its dtype) against float64 `terms` summed to its shape.
    `magnitudes`: per term, the sum of the magnitudes of its formula's parts, where the
    derivative has a root (silu, gelu: near it any formula cancels); the ulp is taken at their
    sum, as at the sum of |terms| of a summed gradient."""
    dtype = operand.dtype
    assert tuple(got.shape) == tuple(operand.shape), (got.shape, operand.shape)
    want = sum_to(terms, operand.shape)
    summed = terms.numel() != want.numel()
    scale = sum_to((terms if magnitudes is None else magnitudes).abs(), operand.shape) \
        if summed or magnitudes is not None else want
    got64 = got.double()
    rounded = want.to(dtype).double()  # beyond dtype's range: its infinity
    same = (torch.isnan(got64) & torch.isnan(want)) | (got64 == want) | (torch.isinf(rounded) & (got64 == rounded))
    error = (got64 - want).abs()
    bad = ~same & ~(error <= ulps * ulp(scale, dtype))  # NaN errors are bad too
    assert not bad.any(), (f"{'summed ' if summed else ''}gradient off by more than {ulps} ulp at "
                           f"{int(bad.sum())} of {bad.numel()} elements: got {got64[bad][:4].tolist()}, "
                           f"want {want[bad][:4].tolist()}")
    if got.numel() > 1:
        assert pcc(got, want) >= min_pcc


def tensor(t: torch.Tensor, dtype=None) -> ttbw.Tensor:
    return ttbw.from_torch(t, dtype=dtype, layout=TILE)


def rand(shape, dtype=torch.bfloat16, *, generator, low=None) -> torch.Tensor:
    """Normal values (bf16 by default); with `low`, magnitudes at least `low` (divisors)."""
    values = torch.randn(shape, generator=generator, dtype=torch.float64)
    if low is not None:
        values = torch.where(values < 0, values - low, values + low)
    return values.to(dtype)
