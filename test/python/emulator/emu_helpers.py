"""Helpers for the emulator tests: torch references and ULP distances."""

import numpy as np
import torch


def as_torch(x: np.ndarray, dtype=torch.bfloat16) -> torch.Tensor:
    return torch.from_numpy(np.ascontiguousarray(x)).to(dtype)


def ulp_distance(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Distance in units in the last place between same-dtype bf16 or f32 tensors."""
    int_t = {torch.bfloat16: torch.int16, torch.float32: torch.int32}[a.dtype]
    def ordered(t):
        i = t.contiguous().view(int_t).to(torch.int64)
        sign_bit = 1 << (torch.iinfo(int_t).bits - 1)
        return torch.where(i < 0, -(i + sign_bit), i)
    return (ordered(a) - ordered(b)).abs()


def pcc(a, b) -> float:
    a = np.asarray(a, dtype=np.float64).ravel()
    b = np.asarray(b, dtype=np.float64).ravel()
    return float(np.corrcoef(a, b)[0, 1])
