"""The DST sections of one step: the expressions of a step's outputs (or of an epilogue) cut
into DST sections (tile_regs_acquire ... pack) whose results live in L1 between sections.

A section evaluates one body (dst_plan plans its slots) and packs its result: a rounding hop
(`Rounded`) into a bf16 hop CB (the rounding), a spilled value into a page of the f32 spill
CB (exact: DST is fp32), an output's value into its target. Later sections read those as
leaves: the `Rounded` node unpacked from its hop CB, a `Spilled` page copied from the spill CB
(tile `page` from its front: a section pops the front pages no later section reads).

Two plans, the first that works:
- held: the rounding hops only, each output on its own (the expression as it is, its shared
  subexpressions held in DST by dst_plan where they fit). Taken when every section fits the
  DST and no costly value is computed twice (in one output or in several).
- spilled: the expressions of all the step's outputs as one DAG; every costly value read more
  than once (`costly`: its tile ops worth more than a pack and a reload per use) is computed
  once, in a section of its own, and spilled; a section still needing more DST tiles than there are
  spills the neediest operand of its deepest node over the limit (Sethi-Ullman with
  spilling) until it fits. Sections are emitted children first, each with the output whose
  sections first need it (later outputs reload it).

A hop CB is free again once its last reader popped it, before that reader's own pack (a chain
of roundings takes one CB).
"""
from __future__ import annotations

from collections import Counter
from enum import Enum
from functools import lru_cache
from typing import NamedTuple

from . import dst_plan, select
from .expr import LEAVES, Expr, Rounded, Spilled, TileOp, children, with_children

# A spilled value costs a pack, a reload per use and a section: about COSTLY cheap tile ops
# (add, mul, abs, where, ...); an SFPU function (FUNCTION_COST) alone is worth it.
COSTLY = 5
FUNCTION_COST = 8
_FUNCTIONS = {"exp", "expm1", "log", "log1p", "sqrt", "rsqrt", "recip", "tanh", "sigmoid", "erf", "erfc",
              "div", "pow"}


class SectionKind(Enum):
    ROUND = "round"    # a rounding hop, packed to a bf16 hop CB
    SPILL = "spill"    # a value read again, packed to a page of the f32 spill CB
    OUT = "out"        # an output's value, packed to its target


class Section(NamedTuple):
    body: Expr         # the expression the section evaluates (rounds and spills as leaves)
    kind: SectionKind
    output: int        # the output whose sequence of sections it is in
    dest: int | None   # round: its hop CB (0-based); spill: its position from the front; out: None
    pops: tuple        # hop CBs this section read last (popped before its pack)
    pop_spills: int    # spill pages popped from the CB's front before its pack (none read later)


class _Cut(NamedTuple):
    """A section before its CBs are assigned: `node` the leaf its readers see (ROUND: the
    Rounded node, SPILL: its Spilled page; OUT: None)."""
    body: Expr
    kind: SectionKind
    output: int
    node: Expr | None


class Plan(NamedTuple):
    sections: tuple    # in execution order; one OUT section per expression, the last of its output's
    hops: int          # bf16 hop CBs needed at once
    pages: int         # f32 spill pages (the most live at once)


@lru_cache(maxsize=256)
def plan(exprs: tuple, limit: int) -> Plan:
    """The sections evaluating `exprs` (one per output, in order; None: an output computed
    elsewhere, e.g. on the FPU) in `limit` DST tiles."""
    held = _held(exprs, limit)
    return _assign(held if held is not None else _spilled(exprs, limit))


def costly(expr: Expr) -> bool:
    """Worth a pack and a reload per use rather than computing it again: its tile ops cost
    more than COSTLY cheap ones (an SFPU function counts as FUNCTION_COST)."""
    return _cost(expr) >= COSTLY


def _cost(expr: Expr) -> int:
    if not isinstance(expr, TileOp):
        return 0
    own = FUNCTION_COST if expr.name in _FUNCTIONS else 1
    return own + sum(_cost(c) for c in expr.args)


def _held(exprs, limit):
    """The cuts, or None when a section does not fit or computes a costly value twice."""
    out = []
    computed = Counter()
    for j, e in enumerate(exprs):
        if e is None:
            continue
        for body, kind, node in [(r.value, SectionKind.ROUND, r) for r in select.rounds(e)] + \
                [(e, SectionKind.OUT, None)]:
            if select.dst_need(body) > limit:
                return None
            steps, _ = dst_plan.plan(body, limit)
            computed.update(step.expr for step in steps if isinstance(step, dst_plan.Apply))
            out.append(_Cut(body, kind, j, node))
    if any(n > 1 and costly(node) for node, n in computed.items()):
        return None
    return out


class _Dag:
    """The expressions' distinct subtrees (ids), read counts and the sections cut from them."""

    def __init__(self, limit: int):
        self.limit = limit
        self.ids: dict = {}
        self.nodes: list = []     # id -> (its node, child ids); a leaf's: ()
        self.uses = Counter()
        self.done: dict = {}      # materialized id -> its leaf
        self.sections: list = []  # the _Cuts, in execution order
        self.pages = 0

    def intern(self, e: Expr) -> int:
        if isinstance(e, LEAVES):
            key = e
            kids = ()
        else:
            kids = tuple(self.intern(c) for c in children(e))
            key = with_children(e, kids)  # the node over its children's ids
        i = self.ids.get(key)
        if i is None:
            i = self.ids[key] = len(self.nodes)
            self.nodes.append((e, kids))
            for c in kids:
                self.uses[c] += 1
        return i

    def build(self, i: int, output: int):
        """(body of node i as its reader sees it, DST tiles it needs); emits the sections of
        what it materializes."""
        if i in self.done:
            return self.done[i], 1
        node, kids = self.nodes[i]
        if not kids:
            return node, 1
        got = [list(self.build(c, output)) for c in kids]
        while _need([n for _, n in got]) > self.limit:  # spill the neediest operand
            k = max(range(len(got)), key=lambda k: (got[k][1], -k))
            got[k] = [self.materialize(kids[k], got[k][0], output), 1]
        body = with_children(node, tuple(b for b, _ in got))
        if isinstance(body, Rounded):
            self.sections.append(_Cut(body.value, SectionKind.ROUND, output, body))
            self.done[i] = body
            return body, 1
        if self.uses[i] > 1 and costly(body):
            return self.materialize(i, body, output), 1
        return body, _need([n for _, n in got])

    def materialize(self, i: int, body, output: int):
        if i in self.done:
            return self.done[i]
        if isinstance(body, (Spilled, Rounded)):  # already a leaf
            return body
        leaf = Spilled(self.pages)
        self.pages += 1
        self.sections.append(_Cut(body, SectionKind.SPILL, output, leaf))
        self.done[i] = leaf
        return leaf


def _need(needs) -> int:
    needs = sorted(needs, reverse=True)
    return max([1] + [n + k for k, n in enumerate(needs)])


def _spilled(exprs, limit):
    dag = _Dag(limit)
    roots = [(j, dag.intern(e)) for j, e in enumerate(exprs) if e is not None]
    for j, root in roots:
        body, _ = dag.build(root, j)  # a leaf when the value itself was spilled (read by another output)
        dag.sections.append(_Cut(body, SectionKind.OUT, j, None))
    return dag.sections


def _assign(sections) -> Plan:
    """CBs / pages and the pops of each section. A rounding hop computed again (by another
    output's sections, as held plans do) is a new value: each computed one is popped by its
    own last reader. The spill CB is a FIFO: a section pops the pages at its front that no
    later section reads (before its pack), and reads a page at its position from the front
    then, so the CB holds the most pages live at once, not every spilled value."""
    readers = [_direct_leaves(cut.body) for cut in sections]
    current, last, last_read = {}, {}, {}  # last: hop section -> its last reader, in first-read order
    for s, ((rounds, spills), cut) in enumerate(zip(readers, sections)):
        for r in rounds:
            last[current[r]] = s
        for page in spills:
            last_read[page] = s
        if cut.kind is SectionKind.ROUND:
            current[cut.node] = s
    cb_of, free, count = {}, [], 0
    front = pushed = pages = 0  # spill pages popped / pushed so far, the most live at once
    renamed = {}  # a rounding hop's leaf -> the leaf of its section's renumbered body
    out = []
    for s, (body, kind, j, node) in enumerate(sections):
        pops = [h for h in last if last[h] == s]
        freed = sorted(cb_of[h] for h in pops)
        body = _from_front(body, front, renamed)
        if kind is SectionKind.ROUND:
            renamed[node] = Rounded(body)
        dest, popped = None, 0
        while front + popped < pushed and last_read.get(front + popped, -1) <= s:
            popped += 1
        front += popped
        if kind is SectionKind.ROUND:  # the CBs this section popped are free for its own pack
            free += freed
            freed = []
            if free:
                dest = min(free)
                free.remove(dest)
            else:
                dest, count = count, count + 1
            cb_of[s] = dest
        elif kind is SectionKind.SPILL:  # pushed onto the back, after its pops
            dest, pushed = pushed - front, pushed + 1
            pages = max(pages, pushed - front)
        free += freed
        out.append(Section(body, kind, j, dest, tuple(cb_of[h] for h in pops), popped))
    assert front == pushed, "every spilled page is read"  # the next step starts at an empty CB
    return Plan(tuple(out), count, pages)


def _from_front(expr: Expr, front: int, renamed: dict) -> Expr:
    """expr with each spilled page numbered by its position from the CB's front (`front`
    pages popped) and each rounding hop it reads named as its section (`renamed`) is."""
    if isinstance(expr, Spilled):
        return Spilled(expr.page - front)
    if isinstance(expr, Rounded):
        return renamed.get(expr, expr)
    if isinstance(expr, LEAVES):
        return expr
    return with_children(expr, tuple(_from_front(c, front, renamed) for c in children(expr)))


def _direct_leaves(expr):
    """(the rounding hops, the spill pages) a section evaluating expr reads."""
    rounds, spills = [], []
    stack = [expr]
    while stack:
        e = stack.pop()
        if isinstance(e, Rounded):
            if e not in rounds:
                rounds.append(e)
        elif isinstance(e, Spilled):
            if e.page not in spills:
                spills.append(e.page)
        else:
            stack.extend(reversed(children(e)))
    return rounds, spills
