"""The DST plan of one DST section's expression (`expr` trees; sections.py cuts a
step into sections): which tile op runs on which DST slots, in order, with each shared
subexpression computed once where the DST holds it.

A subtree that occurs more than once (equal nodes: the same value, e.g. tanh-gelu's exp of
2u, sigmoid_bw's t) keeps its slot until its last use, which takes the slot over; earlier uses
read it in place. The tile ops write their result over an operand (unary ops over their only
one, binary ops and where over the lowest slot they own, else into a free slot), so a unary
op on a value still needed later gets a recomputed copy. Each node evaluates its neediest
operand first (select.dst_need) and frees the slots it consumed; a subtree whose held value
would leave too few slots is computed for each use (with none held the Sethi-Ullman order fits:
dst_need).

A plan is a list of steps: a `Load` of a leaf (an input, a rounding hop, a spilled value, the
partial, the scalar, a literal) into a slot, an `Apply` of a node's tile op.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from . import select
from .expr import LEAVES, Expr, Rounded, TileOp, children

_LEAVES = (*LEAVES, Rounded)  # a section reads its rounding hops unpacked


@dataclass(frozen=True)
class Load:
    """Leaf `expr` read into DST slot `slot`."""
    expr: Expr
    slot: int


@dataclass(frozen=True)
class Apply:
    """`expr`'s tile op on its operands' `slots`, its result in slot `out`."""
    expr: TileOp
    slots: tuple
    out: int


class _Full(Exception):
    """The held values left no free DST slot."""


def plan(expr: Expr, limit: int) -> tuple[list, int]:
    """(steps, result slot) computing expr in `limit` DST slots. The shared subtrees are held
    greedily, the largest first, each where the plan still fits and leaves the result no higher
    than computing every use would (a masked sum takes the two slots above it)."""
    unshared = best = _Planner(expr, limit, set()).run()
    counts = Counter()
    _uses(expr, counts, None)
    chosen: set = set()
    for node in sorted((n for n, c in counts.items() if c > 1), key=_size, reverse=True):
        try:
            trial = _Planner(expr, limit, chosen | {node}).run()
        except _Full:
            continue
        if trial[1] <= unshared[1]:
            chosen.add(node)
            best = trial
    return best


def _size(expr) -> int:
    return 1 + sum(_size(child) for child in children(expr))


def _uses(expr, counts: Counter, shared) -> None:
    """How many times each operation node is read, a held node's operands counted once
    (`shared`: the nodes held, None: every node)."""
    if isinstance(expr, _LEAVES):
        return
    held = shared is None or expr in shared
    if held:
        counts[expr] += 1
    if not held or counts[expr] == 1:
        for child in children(expr):
            _uses(child, counts, shared)


class _Planner:
    def __init__(self, expr, limit: int, shared: set):
        self.expr, self.free, self.steps = expr, list(range(limit)), []
        self.remaining = Counter()  # uses not yet served of each held node
        _uses(expr, self.remaining, shared)
        self.held: dict = {}  # shared node -> the slot holding its value
        self.pins = Counter()  # slot -> operands gathered for an op not yet emitted that read it

    def run(self) -> tuple[list, int]:
        slot, _ = self.request(self.expr, own=True)
        return self.steps, slot

    def new(self) -> int:
        if not self.free:
            raise _Full
        self.free.sort()
        return self.free.pop(0)

    def request(self, e, own: bool) -> tuple[int, bool]:
        """(slot of e's value, whether the requester owns it: may overwrite and must free it);
        `own`: the requester overwrites it (a unary op)."""
        if isinstance(e, _LEAVES):
            slot = self.new()
            self.steps.append(Load(e, slot))
            return slot, True
        self.remaining[e] -= 1
        if e in self.held:
            slot = self.held[e]
            if self.remaining[e] <= 0 and not self.pins[slot]:  # the last use takes the slot over
                del self.held[e]
                return slot, True
            if not own:
                return slot, False
        slot = self.compute(e)
        if self.remaining[e] > 0 and not own and e not in self.held:
            self.held[e] = slot
            return slot, False
        return slot, True

    def compute(self, e) -> int:
        args = children(e)
        unary = e.name in select.UNARY
        order = sorted(range(len(args)), key=lambda k: -select.dst_need(args[k]))
        got = [None] * len(args)
        for k in order:
            got[k] = self.request(args[k], own=unary)
            if not got[k][1]:  # read in place by this op: no later operand may overwrite it
                self.pins[got[k][0]] += 1
        slots = [slot for slot, _ in got]
        owned = [slot for slot, mine in got if mine]
        out = min(owned) if owned else self.new()
        self.steps.append(Apply(e, tuple(slots), out))
        self.free.extend(slot for slot in owned if slot != out)
        for slot, mine in got:
            if not mine:
                self.pins[slot] -= 1
        for node, slot in list(self.held.items()):  # values whose last use was a pinned read
            if self.remaining[node] <= 0 and not self.pins[slot]:
                del self.held[node]
                self.free.append(slot)
        return out
