"""Reading ttir ops from Python: walking IR and the backward ops' operands, results and attributes.

The rules themselves are checked by the dialect's C++ verifiers (TTIRVerify.cpp) whenever
IR is verified; these helpers read ops that verified.
"""
from __future__ import annotations

import re
from typing import NamedTuple

MEMORY_BUFFERS = ("dram", "l1")
MEMORY_LAYOUTS = ("interleaved",)
MEMORY_CONFIG = "ttir.memory_config"  # function result attribute: where that result lives
MEMORY_CONFIG_PATTERN = re.compile(r'#ttir\.memory_config<"([^"]*)", "([^"]*)">')


class BackwardSignature(NamedTuple):
    """The operands and results of a class of backward ops (dialect/TTIRBackwardOps.td). A
    NamedTuple, not a dataclass: cheaper for ttbw-opt's start-up."""
    operands: tuple  # every operand, in order: grad, the forward op's operands, preallocated results
    forward: tuple  # the forward op's operands (scalar ones: those in `scalar_allowed`)
    gradients: tuple  # (result name, operand it is the gradient of), in result order
    takes_mask: bool  # has are_required_outputs
    scalar_allowed: tuple = ()

    @property
    def results(self) -> tuple:
        return tuple(name for name, _ in self.gradients)

    @property
    def segmented(self) -> bool:
        """Whether the ops carry operand / result segment sizes (ODS needs them for more than
        one optional operand)."""
        return len(self.operands) - len(self.forward) - 1 > 1

    def read(self, op, operand_values: list, result_values: list) -> tuple[dict, dict]:
        """(operands, results) of `op` by name (None: absent), from its segment sizes or, for
        a class without them, by position (only trailing operands and results are optional)."""
        return (_by_name(op, "operandSegmentSizes", self.operands, operand_values),
                _by_name(op, "resultSegmentSizes", self.results, result_values))


BINARY_BACKWARD = BackwardSignature(
    operands=("grad", "input", "other", "input_grad", "other_grad"), forward=("input", "other"),
    gradients=(("input_grad", "input"), ("other_grad", "other")), takes_mask=True,
    scalar_allowed=("other",))
WHERE_BACKWARD = BackwardSignature(
    operands=("grad", "condition", "input", "other", "input_grad", "other_grad"),
    forward=("condition", "input", "other"),
    gradients=(("input_grad", "input"), ("other_grad", "other")), takes_mask=True)
ADDCMUL_BACKWARD = BackwardSignature(
    operands=("grad", "input", "tensor1", "tensor2"), forward=("input", "tensor1", "tensor2"),
    gradients=(("input_grad", "input"), ("tensor1_grad", "tensor1"), ("tensor2_grad", "tensor2")),
    takes_mask=False)
CLAMP_TENSOR_BACKWARD = BackwardSignature(
    operands=("grad", "input", "min", "max", "input_grad"), forward=("input", "min", "max"),
    gradients=(("input_grad", "input"),), takes_mask=False)
LERP_BACKWARD = BackwardSignature(
    operands=("grad", "input", "end", "weight"), forward=("input", "end", "weight"),
    gradients=(("input_grad", "input"), ("end_grad", "end")), takes_mask=False, scalar_allowed=("weight",))
# the normalizations (TTIRNormBackwardOps.td): gamma optional; gamma_grad / beta_grad of its shape
# (layer_norm_bw's, also batch_norm_bw's)
LAYER_NORM_BACKWARD = BackwardSignature(
    operands=("grad", "input", "mean", "rstd", "gamma"), forward=("input", "mean", "rstd", "gamma"),
    gradients=(("input_grad", "input"), ("gamma_grad", "gamma"), ("beta_grad", "gamma")), takes_mask=False)
RMS_NORM_BACKWARD = BackwardSignature(
    operands=("grad", "input", "rms", "gamma"), forward=("input", "rms", "gamma"),
    gradients=(("input_grad", "input"), ("gamma_grad", "gamma")), takes_mask=False)
UNARY_BACKWARD = BackwardSignature(
    operands=("grad", "input", "input_grad"), forward=("input",),
    gradients=(("input_grad", "input"),), takes_mask=False)


def optional_results_form(name: str, operands: list, gamma, attrs: str, results: list) -> str:
    """The custom form of ttbw's backward ops of optional results (the normalizations'), from the
    op name on: `ttir.<name> %a, %b gamma(%w : W) {attrs} : A, B -> <result> R ...`. operands,
    gamma (or None): (SSA name, type text) pairs; results: (result name, type text) pairs."""
    weight = f" gamma({gamma[0]} : {gamma[1]})" if gamma is not None else ""
    attr_dict = f" {{{attrs}}}" if attrs else ""
    return (f"ttir.{name} {', '.join(n for n, _ in operands)}{weight}{attr_dict} : "
            f"{', '.join(t for _, t in operands)} -> " + " ".join(f"{key} {t}" for key, t in results))


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


def _by_name(op, attr_name: str, names, values) -> dict:
    if attr_name not in op.attributes:
        return {name: values[i] if i < len(values) else None for i, name in enumerate(names)}
    sizes = list(op.attributes[attr_name])
    out, i = {}, 0
    for name, size in zip(names, sizes):
        out[name] = values[i] if size else None
        i += size
    return out


def required_outputs(op, count: int) -> tuple:
    """A backward op's are_required_outputs (all when absent)."""
    if "are_required_outputs" not in op.attributes:
        return (True,) * count
    attr = op.attributes["are_required_outputs"]
    return tuple(bool(attr[i]) for i in range(count))


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
