"""Shared by the matmul tests: float64 goldens of ttir.matmul / linear on the same inputs and the
issue's bound: within `ulps` (bf16: 2, f32: 4) ulp of max(|golden|, sum |a * b|) in the result's
dtype, where sum |a * b| = |a| @ |b| in float64 (the products' magnitudes)."""
from __future__ import annotations

import torch

from backward_checks import ulp

ULPS = {torch.bfloat16: 2.0, torch.float32: 4.0}


def operand(x: torch.Tensor, transposed: bool) -> torch.Tensor:
    """x as matmul reads it: a transposed operand swaps its last two dims (vectors never)."""
    return x.transpose(-1, -2) if transposed and x.dim() > 1 else x


def golden(a, b, transpose_a=False, transpose_b=False, bias=None):
    """(value, scale) in float64: the product (plus the bias) and sum |terms| (|bias| included)."""
    a64, b64 = operand(a.double(), transpose_a), operand(b.double(), transpose_b)
    value, scale = a64 @ b64, a64.abs() @ b64.abs()
    if a.dim() == 1 and b.dim() == 1:
        value, scale = value.reshape(1), scale.reshape(1)
    if bias is not None:
        value, scale = value + bias.double(), scale + bias.double().abs()
    return value, scale


def check_product(got: torch.Tensor, value: torch.Tensor, scale: torch.Tensor, dtype: torch.dtype) -> None:
    assert tuple(got.shape) == tuple(value.shape), (got.shape, value.shape)
    error = (got.double() - value).abs()
    bound = ULPS[dtype] * ulp(torch.maximum(scale, value.abs()), dtype)
    bad = ~(error <= bound)
    assert not bad.any(), (f"{int(bad.sum())} of {bad.numel()} elements off by more than {ULPS[dtype]} ulp of "
                           f"max(|golden|, sum |a*b|): got {got.double()[bad][:4].tolist()}, "
                           f"want {value[bad][:4].tolist()}")
