"""Tensor printing in ttnn's format: values as nested rows, then shape, dtype and layout.

    ttnn.Tensor([[ 1.00000,  2.00000],
                 [ 3.00000,  4.00000]], shape=Shape([2, 2]), dtype=DataType::BFLOAT16, layout=Layout::TILE)

Profile "short" (the default) shows the first and last two entries of a dimension longer than
four, "full" everything, "empty" `...`; values switch to scientific notation when their
magnitudes span more than 1000x, exceed 1e8 or fall below 1e-4 (ttnn's rule).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

PREFIX = "ttnn.Tensor("
PROFILES = {"empty": 0, "short": 4, "full": None}
SCI_MODES = {"default": None, "enable": True, "disable": False}


@dataclass
class PrintOptions:
    profile: str = "short"
    sci_mode: bool | None = None  # None: chosen from the values
    precision: int = 5


OPTIONS = PrintOptions()


def set_printoptions(profile: str | None = None, sci_mode=None, precision: int | None = None) -> None:
    """ttnn.set_printoptions: profile "short" | "full" | "empty"; sci_mode True / False /
    "default" | "enable" | "disable"; precision: digits after the point."""
    if profile is not None:
        if not isinstance(profile, str) or profile.lower() not in PROFILES:
            raise ValueError(f"set_printoptions: profile must be one of {', '.join(PROFILES)}, got {profile!r}")
        OPTIONS.profile = profile.lower()
    if sci_mode is not None:
        if isinstance(sci_mode, str) and sci_mode.lower() in SCI_MODES:
            sci_mode = SCI_MODES[sci_mode.lower()]
        elif not isinstance(sci_mode, bool):
            raise ValueError(f"set_printoptions: sci_mode must be a bool or one of {', '.join(SCI_MODES)}, "
                             f"got {sci_mode!r}")
        OPTIONS.sci_mode = sci_mode
    if precision is not None:
        if isinstance(precision, bool) or not isinstance(precision, int) or not 0 <= precision <= 20:
            raise ValueError(f"set_printoptions: precision must be an int in 0..20, got {precision!r}")
        OPTIONS.precision = precision


def tensor_string(values: np.ndarray | None, shape, dtype, layout) -> str:
    """ttnn's string of a tensor; `values` None: a deallocated tensor."""
    tail = f", shape={shape!r}, dtype=DataType::{dtype.name}, layout=Layout::{layout.name})"
    if values is None:
        return f"{PREFIX}<buffer is not allocated>{tail}"
    if OPTIONS.profile == "empty":
        return f"{PREFIX}...{tail}"
    scientific = OPTIONS.sci_mode if OPTIONS.sci_mode is not None else _needs_scientific(values)
    out: list[str] = []
    _rows(out, np.asarray(values, dtype=np.float64), 0, 0, scientific)
    return PREFIX + "".join(out) + tail


def _needs_scientific(values: np.ndarray) -> bool:
    magnitudes = np.abs(values[np.isfinite(values) & (values != 0)]).astype(np.float64)
    if magnitudes.size == 0:
        return False
    low, high = magnitudes.min(), magnitudes.max()
    return bool(high / low > 1000.0 or high > 1.0e8 or low < 1.0e-4)


def _datum(value: float, scientific: bool) -> str:
    p = OPTIONS.precision
    return f"{value:{p + 7}.{p}e}" if scientific else f"{value:{p + 3}.{p}f}"


def _rows(out: list[str], values: np.ndarray, dim: int, outer_index: int, scientific: bool) -> None:
    """One dimension (ttnn's to_string_row_major): rows of the innermost dimension are
    separated by a newline, outer blocks by a blank line, each indented under its bracket."""
    rank = values.ndim
    spaces = " " * (len(PREFIX) + dim)
    before, after = (" ", " ") if rank == 1 else (spaces + " ", "\n" if rank == 2 else "\n\n")
    separator = " " if rank == 1 else after
    if dim > 0 and outer_index > 0:
        out.append(spaces)
    if rank == 0:
        out.append(_datum(float(values), scientific))
        return
    out.append("[")
    size, limit = values.shape[0], PROFILES[OPTIONS.profile]
    index = 0
    while True:
        if limit is not None and size > limit and index == limit // 2:
            out.append(f"{before}...,{after}")
            index = size - limit // 2
        if index >= size:
            break
        if rank > 1:
            _rows(out, values[index], dim + 1, index, scientific)
        else:
            out.append(_datum(float(values[index]), scientific))
        if index < size - 1:
            out.append("," + separator)
        index += 1
    out.append("]")
