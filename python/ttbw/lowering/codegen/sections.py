"""The DST sections of one step: the expressions of a step's outputs (or of an epilogue) cut
into DST sections (tile_regs_acquire ... pack) whose results live in L1 between sections.

A section evaluates one body (dst_plan plans its slots) and packs its result: a rounding hop
("round", a) into a bf16 hop CB (the rounding), a spilled value into a page of the f32 spill
CB (exact: DST is fp32), an output's value into its target. Later sections read those as
leaves: ("round", body) unpacked from its hop CB, ("spill", page) copied from the spill CB
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
from functools import lru_cache
from typing import NamedTuple

from . import dst_plan, select

# A spilled value costs a pack, a reload per use and a section: about COSTLY cheap tile ops
# (add, mul, abs, where, ...); an SFPU function (FUNCTION_COST) alone is worth it.
COSTLY = 5
FUNCTION_COST = 8
_FUNCTIONS = {"exp", "expm1", "log", "log1p", "sqrt", "rsqrt", "recip", "tanh", "sigmoid", "erf", "erfc",
              "div", "pow"}


class Section(NamedTuple):
    body: tuple        # the expression the section evaluates (rounds and spills as leaves)
    kind: str          # round | spill | out
    output: int        # the output whose sequence of sections it is in
    dest: int | None   # round: its hop CB (0-based); spill: its position from the front; out: None
    pops: tuple        # hop CBs this section read last (popped before its pack)
    pop_spills: int    # spill pages popped from the CB's front before its pack (none read later)


class Plan(NamedTuple):
    sections: tuple    # in execution order; one "out" section per expression, the last of its output's
    hops: int          # bf16 hop CBs needed at once
    pages: int         # f32 spill pages (the most live at once)


@lru_cache(maxsize=256)
def plan(exprs: tuple, limit: int) -> Plan:
    """The sections evaluating `exprs` (one per output, in order; None: an output computed
    elsewhere, e.g. on the FPU) in `limit` DST tiles."""
    held = _held(exprs, limit)
    return _assign(held if held is not None else _spilled(exprs, limit))


def costly(expr) -> bool:
    """Worth a pack and a reload per use rather than computing it again: its tile ops cost
    more than COSTLY cheap ones (an SFPU function counts as FUNCTION_COST)."""
    return _cost(expr) >= COSTLY


def _cost(expr) -> int:
    if expr[0] in select.LEAVES or expr[0] == "round":
        return 0
    own = FUNCTION_COST if expr[0] in _FUNCTIONS else 1
    return own + sum(_cost(c) for c in select.children(expr))


def _held(exprs, limit):
    """[(body, kind, output, round node or None)], or None when a section does not fit or
    computes a costly value twice."""
    out = []
    computed = Counter()
    for j, e in enumerate(exprs):
        if e is None:
            continue
        for body, kind, node in [(r[1], "round", r) for r in select.rounds(e)] + [(e, "out", None)]:
            if select.dst_need(body) > limit:
                return None
            steps, _ = dst_plan.plan(body, limit)
            computed.update(step[1] for step in steps if step[0] == "op")
            out.append((body, kind, j, node))
    if any(n > 1 and costly(node) for node, n in computed.items()):
        return None
    return out


class _Dag:
    """The expressions' distinct subtrees (ids), read counts and the sections cut from them."""

    def __init__(self, limit: int):
        self.limit = limit
        self.ids: dict = {}
        self.nodes: list = []     # id -> (op tuple head, child ids) ; leaves: (expr, ())
        self.uses = Counter()
        self.done: dict = {}      # materialized id -> its leaf
        self.sections: list = []  # (body, kind, output, node leaf)
        self.pages = 0

    def intern(self, e) -> int:
        if e[0] in select.LEAVES:
            key = e
            kids = ()
        else:
            kids = tuple(self.intern(c) for c in select.children(e))
            key = (e[0], kids)
        i = self.ids.get(key)
        if i is None:
            i = self.ids[key] = len(self.nodes)
            self.nodes.append((e if not kids else e[0], kids))
            for c in kids:
                self.uses[c] += 1
        return i

    def build(self, i: int, output: int):
        """(body of node i as its reader sees it, DST tiles it needs); emits the sections of
        what it materializes."""
        if i in self.done:
            return self.done[i], 1
        head, kids = self.nodes[i]
        if not kids:
            return head, 1
        got = [list(self.build(c, output)) for c in kids]
        while _need([n for _, n in got]) > self.limit:  # spill the neediest operand
            k = max(range(len(got)), key=lambda k: (got[k][1], -k))
            got[k] = [self.materialize(kids[k], got[k][0], output), 1]
        body = (head, *(b for b, _ in got))
        if head == "round":
            leaf = ("round", body[1])
            self.sections.append((body[1], "round", output, leaf))
            self.done[i] = leaf
            return leaf, 1
        if self.uses[i] > 1 and costly(body):
            return self.materialize(i, body, output), 1
        return body, _need([n for _, n in got])

    def materialize(self, i: int, body, output: int):
        if i in self.done:
            return self.done[i]
        if body[0] == "spill" or body[0] == "round":  # already a leaf
            return body
        leaf = ("spill", self.pages)
        self.pages += 1
        self.sections.append((body, "spill", output, leaf))
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
        dag.sections.append((body, "out", j, None))
    return dag.sections


def _assign(sections) -> Plan:
    """CBs / pages and the pops of each section. A rounding hop computed again (by another
    output's sections, as held plans do) is a new value: each computed one is popped by its
    own last reader. The spill CB is a FIFO: a section pops the pages at its front that no
    later section reads (before its pack), and reads a page at its position from the front
    then, so the CB holds the most pages live at once, not every spilled value."""
    readers = [_direct_leaves(body) for body, *_ in sections]
    current, last, last_read = {}, {}, {}  # last: hop section -> its last reader, in first-read order
    for s, ((rounds, spills), (_, kind, _, node)) in enumerate(zip(readers, sections)):
        for r in rounds:
            last[current[r]] = s
        for page in spills:
            last_read[page] = s
        if kind == "round":
            current[node] = s
    cb_of, free, count = {}, [], 0
    front = pushed = pages = 0  # spill pages popped / pushed so far, the most live at once
    renamed = {}  # a rounding hop's leaf -> the leaf of its section's renumbered body
    out = []
    for s, (body, kind, j, node) in enumerate(sections):
        pops = [h for h in last if last[h] == s]
        freed = sorted(cb_of[h] for h in pops)
        body = _from_front(body, front, renamed)
        if kind == "round":
            renamed[node] = ("round", body)
        dest, popped = None, 0
        while front + popped < pushed and last_read.get(front + popped, -1) <= s:
            popped += 1
        front += popped
        if kind == "round":  # the CBs this section popped are free for its own pack
            free += freed
            freed = []
            if free:
                dest = min(free)
                free.remove(dest)
            else:
                dest, count = count, count + 1
            cb_of[s] = dest
        elif kind == "spill":  # pushed onto the back, after its pops
            dest, pushed = pushed - front, pushed + 1
            pages = max(pages, pushed - front)
        free += freed
        out.append(Section(body, kind, j, dest, tuple(cb_of[h] for h in pops), popped))
    assert front == pushed, "every spilled page is read"  # the next step starts at an empty CB
    return Plan(tuple(out), count, pages)


def _from_front(expr, front: int, renamed: dict):
    """expr with each spilled page numbered by its position from the CB's front (`front`
    pages popped) and each rounding hop it reads named as its section (`renamed`) is."""
    if expr[0] == "spill":
        return ("spill", expr[1] - front)
    if expr[0] == "round":
        return renamed.get(expr, expr)
    if expr[0] in select.LEAVES:
        return expr
    return (expr[0], *(_from_front(c, front, renamed) for c in select.children(expr)))


def _direct_leaves(expr):
    """(the rounding hops, the spill pages) a section evaluating expr reads."""
    rounds, spills = [], []
    stack = [expr]
    while stack:
        e = stack.pop()
        if e[0] == "round":
            if e not in rounds:
                rounds.append(e)
        elif e[0] == "spill":
            if e[1] not in spills:
                spills.append(e[1])
        else:
            stack.extend(reversed(select.children(e)))
    return rounds, spills
