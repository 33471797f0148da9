"""Sizes the device cannot run, refused at the op before anything is lowered.

Three limits, all of the target device (`ttbw.target.device_model`: one Wormhole chip, 12 DRAM
banks of 1 GiB, 1464 KiB of L1 per core):
- Kernels take their runtime and compile-time arguments as 32-bit words, and a tensor's tile,
  row and element indices are among them, so a tensor must hold fewer than 2**32 elements
  (counted padded to whole tiles in TILE layout).
- What one op reads and writes must fit in the device's DRAM together; so must a whole lowered
  function's buffers, which live at once (`buffers_problem`, called by `host_plan` and again by
  the executor before it allocates anything).
- A result in L1 (memory_config L1) is interleaved over the grid's cores: its share of each
  core, with those of the other L1 results, must fit in one core's L1. At the op, before the
  grid is known, on the largest grid (what no grid can hold); `buffers_problem` on the real one.
(A tensor with no elements is no limit: it gets no buffer and no program, `empty.py`.)
"""
from __future__ import annotations

import math

from ttbw.support.diagnostics import Diagnostic, DiagnosticError, source_loc
from ttbw.support.host_memory import human_bytes as human
from ttbw.dialect.tensor_types import TypeRuleError, describe
from ttbw.dialect.ops import MEMORY_CONFIG, OpRuleError, parse_memory_config, walk_ops
from ttbw.target.device_model import DRAM_BANK_BYTES, DRAM_BANKS, DRAM_BYTES, L1_BYTES, MAX_GRID
from ttbw.target.formats import DataFormat

MAX_ELEMENTS = 2**32 - 1  # the largest index a 32-bit runtime argument holds, plus one
TILE = 32
L1_ALIGN = 16  # an L1 buffer's pages are this aligned in each core (the device's allocator)


def refuse_unrunnable_sizes(module) -> None:
    """Raises a DiagnosticError at every ttir op of `module` whose tensors break a limit, and
    at the op computing an L1 result of a function whose L1 results no core's L1 holds."""
    errors = []

    def refuse(op, problem: str) -> None:
        error = Diagnostic("error", source_loc(op.location), f"'{op.name}' op: unsupported: {problem}")
        if error not in errors:  # the ops of one backward op's decomposition share its location
            errors.append(error)

    for op in walk_ops(module.operation):
        if op.name.startswith("ttir."):
            problem = _problem(op)
            if problem is not None:
                refuse(op, problem)
        elif op.name == "func.func":
            found = _l1_results_problem(op)
            if found is not None:
                refuse(*found)
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
        elements, size, _pages, _page = footprint(tensor)
        if elements > MAX_ELEMENTS:
            return (f"{kind} {index} ({value.type}) has {elements} elements{_padded(tensor)}; the kernels' "
                    f"32-bit runtime arguments index at most {MAX_ELEMENTS} elements per tensor")
        total += size
    return dram_problem(total, "its tensors")


def _l1_results_problem(func):
    """(the op computing the largest L1 result, why) when `func`'s results in L1 cannot fit in
    one core's L1 even on the largest grid; None when they can."""
    from mlir import ir

    if "res_attrs" not in func.attributes or not func.regions[0].blocks:
        return None
    ret = list(func.regions[0].blocks[0].operations)[-1].operation
    shares = []
    for k, value in enumerate(ret.operands):
        entry = ir.DictAttr(func.attributes["res_attrs"][k])
        try:
            if MEMORY_CONFIG not in entry or parse_memory_config(str(entry[MEMORY_CONFIG]))[0] != "l1":
                continue
            _, _, pages, page = footprint(describe(value.type))
        except (OpRuleError, TypeRuleError):  # refused by the host plan, with its message
            continue
        owner = value.owner.operation if hasattr(value.owner, "operation") else func
        shares.append((l1_share(pages, page, MAX_GRID * MAX_GRID), k, value.type, owner))
    if not shares:
        return None
    share, k, type_, owner = max(shares, key=lambda s: s[0])
    what = (f"result {k} ({type_}) in L1" if len(shares) == 1
            else f"the {len(shares)} results in L1 (the largest: result {k}, {type_})")
    problem = l1_problem(sum(s[0] for s in shares), what, MAX_GRID * MAX_GRID)
    return None if problem is None else (owner, problem)


def buffers_problem(buffers, cores: int) -> str | None:
    """Why a function's device buffers (`ttbw.target.host_program.BufferSpec`s, all live at
    once) cannot be allocated on a grid of `cores` cores (None when they can)."""
    dram = sum(b.bytes for b in buffers if b.memory == "dram")
    problem = dram_problem(dram, "the function's buffers")
    if problem is None:
        l1 = sum(l1_share(b.num_pages, b.page_size, cores) for b in buffers if b.memory == "l1")
        problem = l1_problem(l1, "the function's L1 buffers", cores)
    return problem


def dram_problem(total: int, what: str) -> str | None:
    """Why `total` bytes of `what` cannot live on the device at once (None when they can)."""
    if total > DRAM_BYTES:
        return (f"{what} take {total} bytes ({human(total)}) on the device, more than the device's DRAM holds: "
                f"{DRAM_BYTES} bytes ({DRAM_BANKS} banks of {human(DRAM_BANK_BYTES)})")
    return None


def l1_problem(per_core: int, what: str, cores: int) -> str | None:
    """Why `per_core` bytes of `what` in each of `cores` cores' L1 do not fit (None when they do)."""
    if per_core > L1_BYTES:
        return (f"{what}: {per_core} bytes ({human(per_core)}) of each core's L1 on {cores} cores, more than "
                f"a core's L1 holds: {L1_BYTES} bytes ({human(L1_BYTES)})")
    return None


def l1_share(pages: int, page_size: int, cores: int) -> int:
    """Bytes of each core's L1 an L1 buffer of `pages` pages takes, interleaved over `cores`."""
    return -(-pages // max(cores, 1)) * -(-page_size // L1_ALIGN) * L1_ALIGN


def footprint(tensor) -> tuple[int, int, int, int]:
    """(elements as stored, bytes, pages, bytes per page) of a tensor (`describe`) on the device;
    a complex one is two tensors (twice the pages)."""
    shape = tensor.shape or (1,)
    fmt = DataFormat.parse(tensor.data_type)
    parts = 2 if tensor.is_complex else 1
    if tensor.layout == "tile":
        rows = shape[-2] if len(shape) > 1 else 1
        tiles = math.prod(shape[:-2]) * -(-rows // TILE) * -(-shape[-1] // TILE)
        return tiles * TILE * TILE, parts * tiles * fmt.tile_bytes, parts * tiles, fmt.tile_bytes
    elements = math.prod(shape)
    rows = math.prod(shape[:-1])
    return elements, parts * elements * fmt.element_bytes, parts * rows, shape[-1] * fmt.element_bytes


def _padded(tensor) -> str:
    return " (padded to whole tiles)" if tensor.layout == "tile" else ""
