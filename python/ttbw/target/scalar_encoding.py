"""The runtime-arg encoding of an f32 scalar: three u32 args a kernel decodes exactly.

tt-mlir's EmitC turns `arith.bitcast i32->f32` into a value conversion, so a scalar cannot
travel as its bit pattern; it travels as (m, n_up, n_down) with f32(value) = m * 2^(n_up - n_down).
Shared by the codegen (constant scalars) and the executor (runtime scalars).
"""
from __future__ import annotations

import math

import numpy as np


class ScalarEncodingError(ValueError):
    """A scalar the encoding cannot carry (NaN)."""


def scalar_args(value: float) -> list[int]:
    """(m, n_up, n_down) with f32(value) = m * 2^(n_up - n_down), |m| < 2^24 (m as u32 bits)."""
    with np.errstate(over="ignore"):
        v = float(np.float32(value))
    if math.isnan(v):
        raise ScalarEncodingError(f"device backend: a scalar operand must not be NaN, got {value}")
    if math.isinf(v):  # +-1 * 2^200 overflows to +-inf in the kernel's f32 arithmetic
        return [(1 if v > 0 else -1) & 0xFFFFFFFF, 200, 0]
    if v == 0.0:
        return [0, 0, 0]
    frac, exp = math.frexp(v)  # v = frac * 2^exp, 0.5 <= |frac| < 1
    m = int(frac * (1 << 24))  # exact: an f32 has 24 significant bits
    e = exp - 24
    return [m & 0xFFFFFFFF, max(e, 0), max(-e, 0)]
