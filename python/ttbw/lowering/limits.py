"""Sizes no Tensix program can run, refused at the op before anything is lowered.

Two limits (the second is checked again for a whole lowered function, whose buffers live at
once: `host_plan`). Kernels take their runtime and compile-time arguments as 32-bit words, and a
tensor's tile, row and element indices are among them, so a tensor must hold fewer than 2**32
elements (counted padded to whole tiles in TILE layout). And what one op reads and writes must
fit in the emulated device's DRAM together: DRAM_BANKS banks of DRAM_BANK_BYTES.
(A tensor with no elements is no limit: it gets no buffer and no program, `empty.py`.)
"""
from __future__ import annotations

import math

from ttbw.support.diagnostics import Diagnostic, DiagnosticError, source_loc
from ttbw.dialect.tensor_types import TypeRuleError, describe
from ttbw.dialect.ops import walk_ops
from ttbw.target.device_model import DRAM_BANK_BYTES, DRAM_BANKS, DRAM_BYTES
from ttbw.target.formats import DataFormat

MAX_ELEMENTS = 2**32 - 1  # the largest index a 32-bit runtime argument holds, plus one
TILE = 32


def refuse_unrunnable_sizes(module) -> None:
    """Raises a DiagnosticError at every ttir op of `module` whose tensors break a limit."""
    errors = []
    for op in walk_ops(module.operation):
        if op.name.startswith("ttir."):
            problem = _problem(op)
            if problem is not None:
                error = Diagnostic("error", source_loc(op.location), f"'{op.name}' op: unsupported: {problem}")
                if error not in errors:  # the ops of one backward op's decomposition share its location
                    errors.append(error)
    if errors:
        raise DiagnosticError(errors)


def _problem(op) -> str | None:
    total = 0
    values = [("operand", i, v) for i, v in enumerate(op.operands)]
    values += [("result", i, v) for i, v in enumerate(op.results)]
    for kind, index, value in values:
        try:
            tensor = describe(value.type)
        except TypeRuleError:  # not a tensor of the dialect (a scalar): nothing on the device
            continue
        elements, size = _footprint(tensor)
        if elements > MAX_ELEMENTS:
            return (f"{kind} {index} ({value.type}) has {elements} elements{_padded(tensor)}; the kernels' "
                    f"32-bit runtime arguments index at most {MAX_ELEMENTS} elements per tensor")
        total += size
    return dram_problem(total, "its tensors")


def dram_problem(total: int, what: str) -> str | None:
    """Why `total` bytes of `what` cannot live on the device at once (None when they can)."""
    if total > DRAM_BYTES:
        return (f"{what} take {total} bytes ({_human(total)}) on the device, more than the emulated "
                f"device's DRAM holds: {DRAM_BYTES} bytes ({DRAM_BANKS} banks of {_human(DRAM_BANK_BYTES)})")
    return None


def _footprint(tensor) -> tuple[int, int]:
    """(elements as stored, bytes) of a tensor on the device; a complex one is two tensors."""
    shape = tensor.shape or (1,)
    fmt = DataFormat.parse(tensor.data_type)
    parts = 2 if tensor.is_complex else 1
    if tensor.layout == "tile":
        rows = shape[-2] if len(shape) > 1 else 1
        tiles = math.prod(shape[:-2]) * -(-rows // TILE) * -(-shape[-1] // TILE)
        return tiles * TILE * TILE, parts * tiles * fmt.tile_bytes
    elements = math.prod(shape)
    return elements, parts * elements * fmt.element_bytes


def _padded(tensor) -> str:
    return " (padded to whole tiles)" if tensor.layout == "tile" else ""


def _human(size: int) -> str:
    for unit, scale in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} bytes"
