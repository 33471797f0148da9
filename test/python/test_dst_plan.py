"""The DST plan (ttbw.lowering.codegen.dst_plan): a shared subexpression computed once where
the DST holds it, every use computed again where it does not fit; slots within the DST. The
sections of a step (sections.py): a costly value read again, or an expression deeper than
the DST, computed in sections of their own and spilled to L1; each plan evaluated section by
section on numpy data gives the expression's value."""
from collections import Counter
from dataclasses import dataclass

import numpy as np

from ttbw.lowering.codegen import dst_plan, sections, select
from ttbw.lowering.codegen.dst_plan import Apply, Load
from ttbw.lowering.codegen.expr import Input, Rounded, Spilled, TileOp, children, op, with_children
from ttbw.lowering.codegen.sections import SectionKind

ROUND, SPILL, OUT = SectionKind.ROUND, SectionKind.SPILL, SectionKind.OUT
X = Input(0)
E = op("exp", X)
DEEP = op("mul", Input(1), op("mul", Input(2), op("mul", Input(3), E)))  # E at the bottom of a chain


def ops(steps, name):
    return sum(1 for step in steps if isinstance(step, Apply) and step.expr.name == name)


def slots_used(steps):
    return {step.slot for step in steps if isinstance(step, Load)} | \
        {step.out for step in steps if isinstance(step, Apply)}


def test_shared_subexpression_once():
    steps, result = dst_plan.plan(op("add", op("mul", E, E), E), 4)
    assert ops(steps, "exp") == 1 and result == 0
    assert [type(s) for s in steps] == [Load, Apply, Apply, Apply]


def test_no_room_to_hold_it_computes_every_use():
    expr = op("add", E, DEEP)
    need = select.dst_need(expr)
    steps, _ = dst_plan.plan(expr, need)  # holding exp(x) over the chain needs one slot more
    assert ops(steps, "exp") == 2 and max(slots_used(steps)) < need
    steps, _ = dst_plan.plan(expr, need + 1)
    assert ops(steps, "exp") == 1 and max(slots_used(steps)) <= need


def test_a_unary_op_overwrites_a_recomputed_copy():
    """log(exp(x)) * exp(x): log works in place, so exp(x) is computed for each use."""
    steps, _ = dst_plan.plan(op("mul", op("log", E), E), 4)
    assert ops(steps, "exp") == 2


def test_a_value_read_by_a_pending_op_is_not_overwritten():
    """exp(x) * log(exp(x)): the mul reads exp(x)'s slot after log's operand is computed, so
    log's last use cannot take the slot over: log gets its own copy, the slot is freed after."""
    steps, result = dst_plan.plan(op("mul", E, op("log", E)), 4)
    exp_slot = next(step.out for step in steps if isinstance(step, Apply) and step.expr == E)
    log = next(step for step in steps if isinstance(step, Apply) and step.expr.name == "log")
    assert log.out != exp_slot
    mul = steps[-1]
    assert mul.slots == (exp_slot, log.out) and result == mul.out


# ---- the sections of a step (ttbw.lowering.codegen.sections): values spilled to L1

G = Input(1)
FUNCTIONS = {"exp": np.exp, "log": lambda v: np.log(np.abs(v) + 1), "sigmoid": lambda v: 1 / (1 + np.exp(-v)),
             "abs": np.abs, "negative": np.negative}
BINARY = {"add": np.add, "mul": np.multiply, "sub": np.subtract}


def to_half(v):
    return v.astype(np.float16).astype(np.float64)


@dataclass(frozen=True)
class Pushed:
    """A spilled value named by the spill that pushed it (the same in every section)."""
    spill: int


def value(expr, env):
    """expr on the inputs `env` (numpy), its spilled / rounded leaves looked up in env."""
    if isinstance(expr, (Input, Spilled, Rounded)) and expr in env:
        return env[expr]
    if isinstance(expr, Rounded):
        return to_half(value(expr.value, env))
    if expr.name in BINARY:
        return BINARY[expr.name](*(value(a, env) for a in expr.args))
    return FUNCTIONS[expr.name](value(expr.args[0], env))


def pushed_as(expr, fifo):
    """expr with its spill leaves (positions in the FIFO) named by the spill that pushed them."""
    if isinstance(expr, Spilled):
        return Pushed(fifo[expr.page][1])
    if not isinstance(expr, TileOp):
        return expr
    return with_children(expr, tuple(pushed_as(c, fifo) for c in children(expr)))


def run(p, exprs):
    """Evaluates a plan's sections in order, the spill CB as the FIFO of p.pages pages the
    kernels make of it (a page read at its position from the front, the front pages popped
    before a section's pack, pushed onto the back); asserts each section fits and each output's
    value is the expression's; returns the op count over all sections."""
    rng = np.random.default_rng(0)
    env = {Input(i): rng.standard_normal(16) for i in range(8)}
    ops = Counter()
    results = {}
    fifo = []  # (the value, the number of the spill that pushed it)
    pushed = 0
    for s in p.sections:
        assert select.dst_need(s.body) <= 4
        steps, _ = dst_plan.plan(s.body, 4)
        ops.update(pushed_as(step.expr, fifo) for step in steps if isinstance(step, Apply))
        pages = {Spilled(k): v for k, (v, _) in enumerate(fifo)}
        v = value(s.body, {**env, **pages})
        del fifo[:s.pop_spills]
        if s.kind is SPILL:
            assert s.dest == len(fifo)
            fifo.append((v, pushed))
            pushed += 1
            assert len(fifo) <= p.pages
        elif s.kind is ROUND:
            env[Rounded(s.body)] = to_half(v)
        else:
            results[s.output] = v
    assert not fifo  # the next step starts at an empty CB
    for j, e in enumerate(exprs):
        plain = {k: v for k, v in env.items() if isinstance(k, Input)}
        assert np.array_equal(results[j], value(e, plain))
    return ops


def test_a_plan_that_fits_is_one_section():
    expr = op("add", op("mul", E, E), E)
    p = sections.plan((expr,), 4)
    assert [s.kind for s in p.sections] == [OUT] and p.pages == 0
    assert run(p, [expr])[E] == 1


def test_a_costly_value_computed_again_is_spilled_once():
    """log(exp(x)) * exp(x): held in DST, log would need a recomputed exp(x); spilled, exp(x) is
    computed once, reloaded by each reader, popped by the last one."""
    expr = op("mul", op("log", E), E)
    p = sections.plan((expr,), 4)
    assert [(s.kind, s.dest) for s in p.sections] == [(SPILL, 0), (OUT, None)] and p.pages == 1
    assert p.sections[0].body == E and p.sections[-1].pop_spills == 1
    assert run(p, [expr])[E] == 1


def test_cheap_shared_values_are_computed_again():
    """|x| read twice: recomputing one abs is cheaper than a pack and a reload."""
    expr = op("mul", op("negative", op("abs", X)), op("abs", X))
    assert sections.costly(op("exp", X)) and not sections.costly(op("abs", X))
    assert [s.kind for s in sections.plan((expr,), 4).sections] == [OUT]


def balanced(depth, k=0):
    if depth == 0:
        return Input(k % 8)
    names = ("add", "mul", "sub")
    return op(names[(depth + k) % 3], balanced(depth - 1, 2 * k), balanced(depth - 1, 2 * k + 1))


def test_an_expression_deeper_than_the_dst_is_cut_into_sections():
    expr = balanced(5)
    assert select.dst_need(expr) == 6
    p = sections.plan((expr,), 4)
    spills = sum(s.kind is SPILL for s in p.sections)
    assert 2 <= p.pages <= spills and sum(s.pop_spills for s in p.sections) == spills
    run(p, [expr])


def test_a_value_several_outputs_read_is_computed_once():
    """sigmoid(x) in both outputs: spilled in the first output's sections, popped by the second."""
    t = op("sigmoid", X)
    exprs = (op("mul", G, t), op("add", G, t))
    p = sections.plan(exprs, 4)
    assert [(s.kind, s.output) for s in p.sections] == [(SPILL, 0), (OUT, 0), (OUT, 1)]
    assert [s.pop_spills for s in p.sections] == [0, 0, 1]
    assert run(p, list(exprs))[t] == 1


def test_rounding_hops_reuse_their_cb():
    """A hop's CB is free once its last reader popped it (before that reader's pack): a chain of
    roundings takes one bf16 CB, a section reading two hops two."""
    r1 = Rounded(op("exp", X))
    r2 = Rounded(op("add", r1, G))
    r3 = Rounded(op("mul", r2, Rounded(op("log", X))))
    expr = op("sub", r3, X)
    p = sections.plan((expr,), 4)
    assert [(s.kind, s.dest, s.pops) for s in p.sections] == [
        (ROUND, 0, ()), (ROUND, 0, (0,)), (ROUND, 1, ()), (ROUND, 0, (0, 1)), (OUT, None, (0,))]
    assert p.hops == 2
    run(p, [expr])


def test_a_dag_computes_each_costly_value_once():
    """A DAG whose tree is exponential in its depth (each level reads the last one three
    times, through functions): every costly value is computed once, each section fits."""
    v = X
    for level in range(6):
        v = op("add", op("mul", op("sigmoid", v), G), op("log", op("sub", v, op("sigmoid", v))))
    p = sections.plan((v,), 4)
    ops = run(p, [v])
    assert all(n == 1 for node, n in ops.items() if sections.costly(node))
    assert p.pages <= 3 * 6


def test_a_spilled_page_is_popped_once_read_last():
    """A chain of spilled values, each read only by the next two levels: the spill CB holds the
    two live ones, not all eleven (the front page is popped by its last reader)."""
    v = X
    for level in range(6):
        v = op("add", op("mul", op("sigmoid", v), G), op("log", op("sub", v, op("sigmoid", v))))
    p = sections.plan((v,), 4)
    spills = [s for s in p.sections if s.kind is SPILL]
    assert len(spills) == 11 and p.pages == 2
    assert sum(s.pop_spills for s in p.sections) == 11
    run(p, [v])


def test_a_rounding_hop_of_two_held_outputs_is_popped_by_each():
    """Held plans compute a (cheap) hop per output: each output's section pops its own copy
    (the CB has one page: an unpopped tile would block the next push). A costly one is
    computed once, for both."""
    r = Rounded(op("add", X, G))
    p = sections.plan((op("add", r, G), op("mul", r, G)), 4)
    assert [(s.kind, s.output, s.dest, s.pops) for s in p.sections] == [
        (ROUND, 0, 0, ()), (OUT, 0, None, (0,)), (ROUND, 1, 0, ()), (OUT, 1, None, (0,))]
    r = Rounded(op("exp", X))
    p = sections.plan((op("add", r, G), op("mul", r, G)), 4)
    assert [(s.kind, s.output, s.dest, s.pops) for s in p.sections] == [
        (ROUND, 0, 0, ()), (OUT, 0, None, ()), (OUT, 1, None, (0,))]
