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

class Step(NamedTuple):  # NamedTuples, not dataclasses: cheaper for ttbw-opt's start-up
    name: str
    result_types: list
    attributes: dict | None
    operands: tuple  # positions in a replay's values: the leaves, then each step's results
    single: bool  # one result


class Template(NamedTuple):
    steps: tuple
    replacements: tuple  # a position in the values per replacement, or None (nothing replaces it)

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
        first = [len(leaves)]  # the position of each created op's first result
        for op in created:
            first.append(first[-1] + len(op.results))

        def position(value):
            leaf = _index(leaves, value)
            if leaf is not None:
                return leaf
            return first[next(i for i, op in enumerate(created) if op == value.owner.operation)] + \
                value.result_number

        steps = tuple(Step(op.name, list(op.results.types), {n: op.attributes[n] for n in op.attributes} or None,
                           tuple(position(v) for v in op.operands), len(op.results) == 1) for op in created)
        return Template(steps, tuple(None if v is None else position(v) for v in replacements))

    def replay(self, leaves: list, location, insertion_point) -> list:
        """The replacement values, computed from `leaves` by new ops at `insertion_point`."""
        create = ir.Operation.create
        values = list(leaves)  # then each new op's results, read once
        for name, result_types, attributes, operands, single in self.steps:
            op = create(name, results=result_types, operands=[values[i] for i in operands],
                        attributes=attributes, loc=location, ip=insertion_point)
            if single:
                values.append(op.result)
            else:
                values += op.results
        return [None if r is None else values[r] for r in self.replacements]


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
