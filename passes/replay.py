"""Rewrites recorded once per op signature and replayed on every op that shares it.

A decomposition rewrites thousands of ops with a handful of signatures (operand and result
types, attributes). Building each rewrite with the generated op classes costs dozens of
binding calls per op; replaying what the first op of a signature produced costs one
`Operation.create` per new op. A pass keys its rewrite on everything the rewrite reads
except the leaf values themselves, so a replay builds exactly what its builder would:

    template = templates.get(key)
    if template is None:   # build with the pass's own code, then record what it built
        replacements = build(leaves)
        templates[key] = Template.record(leaves, replacements)
    else:
        replacements = template.replay(leaves, location, insertion_point)

The new ops are found from the replacement values back to the leaves, so a builder must
build from the leaves only (no other existing value) and create no op that no replacement
depends on. A rewrite whose leaves are not distinct values records no template (None): which
of two equal leaves it read is unknown, so a replay on distinct ones could read the wrong one
(mul_bw(g, a, a) replayed onto mul_bw(g, a, b) gave g·a for both gradients).
"""
from __future__ import annotations

from typing import NamedTuple

from mlir import ir

LEAF, NEW = 0, 1  # a reference: (LEAF, leaf index) or (NEW, step index, result number)


class Step(NamedTuple):  # NamedTuples, not dataclasses: cheaper for ttbw-opt's start-up
    name: str
    result_types: list
    attributes: dict
    operands: tuple  # references


class Template(NamedTuple):
    steps: tuple
    replacements: tuple  # a reference per replacement value, or None (nothing replaces it)

    @staticmethod
    def record(leaves: list, replacements: list) -> "Template | None":
        """The ops that compute `replacements` (values or None) from `leaves`; None when two
        leaves are the same value."""
        if any(leaves[j] == leaves[i] for i in range(len(leaves)) for j in range(i)):
            return None
        created = []
        pending = [v for v in replacements if v is not None]
        while pending:
            value = pending.pop()
            if _index(leaves, value) is not None:
                continue
            op = value.owner.operation
            if not any(op == seen for seen in created):
                created.append(op)
                pending += list(op.operands)
        created.sort(key=_BlockOrder)

        def reference(value):
            leaf = _index(leaves, value)
            if leaf is not None:
                return (LEAF, leaf)
            return (NEW, next(i for i, op in enumerate(created) if op == value.owner.operation),
                    value.result_number)

        steps = tuple(Step(op.name, list(op.results.types), {n: op.attributes[n] for n in op.attributes},
                           tuple(reference(v) for v in op.operands)) for op in created)
        return Template(steps, tuple(None if v is None else reference(v) for v in replacements))

    def replay(self, leaves: list, location, insertion_point) -> list:
        """The replacement values, computed from `leaves` by new ops at `insertion_point`."""
        create = ir.Operation.create
        results: list = []  # per step, its results as values (read once)

        def value(reference):
            return leaves[reference[1]] if reference[0] == LEAF else results[reference[1]][reference[2]]

        for step in self.steps:
            op = create(step.name, results=step.result_types, operands=[value(r) for r in step.operands],
                        attributes=step.attributes or None, loc=location, ip=insertion_point)
            results.append([op.result] if len(step.result_types) == 1 else list(op.results))
        return [None if r is None else value(r) for r in self.replacements]


def _index(values: list, value) -> int | None:
    for i, candidate in enumerate(values):
        if candidate == value:
            return i
    return None


class _BlockOrder:
    """Sort key: the order of ops in their (common) block."""

    def __init__(self, op):
        self.op = op

    def __lt__(self, other: "_BlockOrder") -> bool:
        return self.op.is_before_in_block(other.op)
