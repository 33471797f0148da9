"""ttir-cleanup: dead-code elimination and CSE for ttir ops.

IRDL ops carry no traits, so upstream canonicalize/cse cannot know they are
pure. Every ttir op is: an op whose results are unused is dropped, and two ops
with the same name, operands, attributes and result types are merged.
"""
from __future__ import annotations

from ttbw.dialect.verifier import walk_ops

PURE_DIALECT = "ttir."


def run(module, options) -> None:
    _cse(module)
    _dce(module)


def _is_pure(op) -> bool:
    # mul_bw is pure too, but a backward op left in the IR is kept for the
    # passes that lower it; tensor.from_elements comes from scalar operands.
    return (op.name.startswith(PURE_DIALECT) and op.name != "ttir.mul_bw") or \
        op.name == "tensor.from_elements"


def _cse(module) -> None:
    for op in list(walk_ops(module.operation)):
        for region in op.regions:
            for block in region.blocks:
                seen = {}
                for child in list(block.operations):
                    child = child.operation
                    if not _is_pure(child):
                        continue
                    attributes = tuple((n, str(child.attributes[n])) for n in sorted(child.attributes))
                    key = (child.name, tuple(child.operands), attributes,
                           tuple(str(r.type) for r in child.results))
                    twin = seen.get(key)
                    if twin is None:
                        seen[key] = child
                        continue
                    for old, new in zip(child.results, twin.results):
                        old.replace_all_uses_with(new)
                    child.erase()


def _dce(module) -> None:
    changed = True
    while changed:
        changed = False
        for op in reversed(list(walk_ops(module.operation))):
            if _is_pure(op) and all(not list(r.uses) for r in op.results):
                op.erase()
                changed = True
