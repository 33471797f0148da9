"""Reading ttir ops from Python: walking IR and mul_bw's operands, results and attributes.

The rules themselves are checked by the dialect's C++ verifiers (TTIRVerify.cpp) whenever
IR is verified; these helpers read ops that verified.
"""
from __future__ import annotations

import re

MEMORY_BUFFERS = ("dram", "l1")
MEMORY_LAYOUTS = ("interleaved",)
MEMORY_CONFIG_PATTERN = re.compile(r'#ttir\.memory_config<"([^"]*)", "([^"]*)">')
MUL_BW_OPERANDS = ("grad", "input", "other", "input_grad", "other_grad")
MUL_BW_RESULTS = ("input_grad", "other_grad")


class OpRuleError(Exception):
    """One broken rule of an op (the message names the rule)."""


def walk_ops(op, name: str | None = None) -> list:
    """Every operation nested in `op` (pre-order), as ir.Operation; with `name`, those of
    that name. Collected before anything changes the IR."""
    from mlir import ir

    found = []
    if name is None:
        def collect(child):
            found.append(child)
            return ir.WalkResult.ADVANCE
    else:
        def collect(child):
            if child.name == name:
                found.append(child)
            return ir.WalkResult.ADVANCE

    op.walk(collect, ir.WalkOrder.PRE_ORDER)
    return found[1:] if found and found[0] == op else found


def segments(op, attr_name: str, names, values) -> dict:
    """Maps segment names to their value (or None) using <attr_name> sizes."""
    sizes = list(op.attributes[attr_name])
    out, i = {}, 0
    for name, size in zip(names, sizes):
        out[name] = values[i] if size else None
        i += size
    return out


def required_outputs(op) -> tuple[bool, bool]:
    """mul_bw's are_required_outputs (both when absent)."""
    if "are_required_outputs" not in op.attributes:
        return (True, True)
    attr = op.attributes["are_required_outputs"]
    return (bool(attr[0]), bool(attr[1]))


def memory_config(op) -> tuple[str, str] | None:
    if "memory_config" not in op.attributes:
        return None
    return parse_memory_config(str(op.attributes["memory_config"]))


def parse_memory_config(attr: str) -> tuple[str, str]:
    """(buffer, layout) of a `#ttir.memory_config<...>` attribute's text; OpRuleError if unknown."""
    match = MEMORY_CONFIG_PATTERN.fullmatch(attr)
    if match is None:
        raise OpRuleError(
            f"unknown memory_config {attr}; expected "
            '#ttir.memory_config<"dram"|"l1", "interleaved">')
    buffer, layout = match.groups()
    if buffer not in MEMORY_BUFFERS:
        raise OpRuleError(
            f"unknown memory_config buffer type \"{buffer}\"; expected dram or l1")
    if layout not in MEMORY_LAYOUTS:
        raise OpRuleError(
            f"unsupported memory_config memory layout \"{layout}\"; expected interleaved")
    return buffer, layout
