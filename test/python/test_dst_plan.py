"""The DST plan (ttbw.lowering.codegen.dst_plan): a shared subexpression computed once where
the DST holds it, every use computed again where it does not fit; slots within the DST. The
sections of a step (sections.py): a costly value read again, or an expression deeper than
the DST, computed in sections of their own and spilled to L1; each plan evaluated section by
section on numpy data gives the expression's value."""
from collections import Counter

import numpy as np

from ttbw.lowering.codegen import dst_plan, sections, select

X = ("in", 0)
E = ("exp", X)
DEEP = ("mul", ("in", 1), ("mul", ("in", 2), ("mul", ("in", 3), E)))  # E at the bottom of a chain


def ops(steps, name):
    return sum(1 for step in steps if step[0] == "op" and step[1][0] == name)


def slots_used(steps):
    return {step[2] for step in steps if step[0] == "leaf"} | {step[3] for step in steps if step[0] == "op"}


def test_shared_subexpression_once():
    steps, result = dst_plan.plan(("add", ("mul", E, E), E), 4)
    assert ops(steps, "exp") == 1 and result == 0
    assert [s[0] for s in steps] == ["leaf", "op", "op", "op"]


def test_no_room_to_hold_it_computes_every_use():
    expr = ("add", E, DEEP)
    need = select.dst_need(expr)
    steps, _ = dst_plan.plan(expr, need)  # holding exp(x) over the chain needs one slot more
    assert ops(steps, "exp") == 2 and max(slots_used(steps)) < need
    steps, _ = dst_plan.plan(expr, need + 1)
    assert ops(steps, "exp") == 1 and max(slots_used(steps)) <= need


def test_a_unary_op_overwrites_a_recomputed_copy():
    """log(exp(x)) * exp(x): log works in place, so exp(x) is computed for each use."""
    steps, _ = dst_plan.plan(("mul", ("log", E), E), 4)
    assert ops(steps, "exp") == 2


def test_a_value_read_by_a_pending_op_is_not_overwritten():
    """exp(x) * log(exp(x)): the mul reads exp(x)'s slot after log's operand is computed, so
    log's last use cannot take the slot over: log gets its own copy, the slot is freed after."""
    steps, result = dst_plan.plan(("mul", E, ("log", E)), 4)
    exp_slot = next(step[3] for step in steps if step[0] == "op" and step[1] == E)
    log = next(step for step in steps if step[0] == "op" and step[1][0] == "log")
    assert log[3] != exp_slot
    mul = steps[-1]
    assert mul[2] == [exp_slot, log[3]] and result == mul[3]


# ---- the sections of a step (ttbw.lowering.codegen.sections): values spilled to L1

G = ("in", 1)
FUNCTIONS = {"exp": np.exp, "log": lambda v: np.log(np.abs(v) + 1), "sigmoid": lambda v: 1 / (1 + np.exp(-v)),
             "abs": np.abs, "negative": np.negative, "round": lambda v: v.astype(np.float16).astype(np.float64)}
BINARY = {"add": np.add, "mul": np.multiply, "sub": np.subtract}


def value(expr, env):
    """expr on the inputs `env` (numpy), its spilled / rounded leaves looked up in env."""
    if expr[0] == "in":
        return env[expr]
    if expr[0] in ("spill", "round") and expr in env:
        return env[expr]
    if expr[0] in BINARY:
        return BINARY[expr[0]](value(expr[1], env), value(expr[2], env))
    return FUNCTIONS[expr[0]](value(expr[1], env))


def pushed_as(expr, fifo):
    """expr with its spill leaves (positions in the FIFO) named by the spill that pushed them:
    the same value in every section."""
    if expr[0] == "spill":
        return ("spill", f"pushed {fifo[expr[1]][1]}")
    if expr[0] in select.LEAVES or expr[0] == "round":
        return expr
    return (expr[0], *(pushed_as(c, fifo) for c in select.children(expr)))


def run(p, exprs):
    """Evaluates a plan's sections in order, the spill CB as the FIFO of p.pages pages the
    kernels make of it (a page read at its position from the front, the front pages popped
    before a section's pack, pushed onto the back); asserts each section fits and each output's
    value is the expression's; returns the op count over all sections."""
    rng = np.random.default_rng(0)
    env = {("in", i): rng.standard_normal(16) for i in range(8)}
    ops = Counter()
    results = {}
    fifo = []  # (the value, the number of the spill that pushed it)
    pushed = 0
    for s in p.sections:
        assert select.dst_need(s.body) <= 4
        steps, _ = dst_plan.plan(s.body, 4)
        ops.update(pushed_as(step[1], fifo) for step in steps if step[0] == "op")
        pages = {("spill", k): v for k, (v, _) in enumerate(fifo)}
        v = value(s.body, {**env, **pages})
        del fifo[:s.pop_spills]
        if s.kind == "spill":
            assert s.dest == len(fifo)
            fifo.append((v, pushed))
            pushed += 1
            assert len(fifo) <= p.pages
        elif s.kind == "round":
            env[("round", s.body)] = FUNCTIONS["round"](v)
        else:
            results[s.output] = v
    assert not fifo  # the next step starts at an empty CB
    for j, e in enumerate(exprs):
        plain = {k: v for k, v in env.items() if k[0] == "in"}
        assert np.array_equal(results[j], value(e, plain))
    return ops


def test_a_plan_that_fits_is_one_section():
    expr = ("add", ("mul", E, E), E)
    p = sections.plan((expr,), 4)
    assert [s.kind for s in p.sections] == ["out"] and p.pages == 0
    assert run(p, [expr])[E] == 1


def test_a_costly_value_computed_again_is_spilled_once():
    """log(exp(x)) * exp(x): held in DST, log would need a recomputed exp(x); spilled, exp(x) is
    computed once, reloaded by each reader, popped by the last one."""
    expr = ("mul", ("log", E), E)
    p = sections.plan((expr,), 4)
    assert [(s.kind, s.dest) for s in p.sections] == [("spill", 0), ("out", None)] and p.pages == 1
    assert p.sections[0].body == E and p.sections[-1].pop_spills == 1
    assert run(p, [expr])[E] == 1


def test_cheap_shared_values_are_computed_again():
    """|x| read twice: recomputing one abs is cheaper than a pack and a reload."""
    expr = ("mul", ("negative", ("abs", X)), ("abs", X))
    assert sections.costly(("exp", X)) and not sections.costly(("abs", X))
    assert [s.kind for s in sections.plan((expr,), 4).sections] == ["out"]


def balanced(depth, k=0):
    if depth == 0:
        return ("in", k % 8)
    ops = ("add", "mul", "sub")
    return (ops[(depth + k) % 3], balanced(depth - 1, 2 * k), balanced(depth - 1, 2 * k + 1))


def test_an_expression_deeper_than_the_dst_is_cut_into_sections():
    expr = balanced(5)
    assert select.dst_need(expr) == 6
    p = sections.plan((expr,), 4)
    spills = sum(s.kind == "spill" for s in p.sections)
    assert 2 <= p.pages <= spills and sum(s.pop_spills for s in p.sections) == spills
    run(p, [expr])


def test_a_value_several_outputs_read_is_computed_once():
    """sigmoid(x) in both outputs: spilled in the first output's sections, popped by the second."""
    t = ("sigmoid", X)
    exprs = (("mul", G, t), ("add", G, t))
    p = sections.plan(exprs, 4)
    assert [(s.kind, s.output) for s in p.sections] == [("spill", 0), ("out", 0), ("out", 1)]
    assert [s.pop_spills for s in p.sections] == [0, 0, 1]
    assert run(p, list(exprs))[t] == 1


def test_rounding_hops_reuse_their_cb():
    """A hop's CB is free once its last reader popped it (before that reader's pack): a chain of
    roundings takes one bf16 CB, a section reading two hops two."""
    r1 = ("round", ("exp", X))
    r2 = ("round", ("add", r1, G))
    r3 = ("round", ("mul", r2, ("round", ("log", X))))
    expr = ("sub", r3, X)
    p = sections.plan((expr,), 4)
    assert [(s.kind, s.dest, s.pops) for s in p.sections] == [
        ("round", 0, ()), ("round", 0, (0,)), ("round", 1, ()), ("round", 0, (0, 1)), ("out", None, (0,))]
    assert p.hops == 2
    run(p, [expr])


def test_a_dag_computes_each_costly_value_once():
    """A DAG whose tree is exponential in its depth (each level reads the last one three
    times, through functions): every costly value is computed once, each section fits."""
    v = X
    for level in range(6):
        v = ("add", ("mul", ("sigmoid", v), G), ("log", ("sub", v, ("sigmoid", v))))
    p = sections.plan((v,), 4)
    ops = run(p, [v])
    assert all(n == 1 for node, n in ops.items() if sections.costly(node))
    assert p.pages <= 3 * 6


def test_a_spilled_page_is_popped_once_read_last():
    """A chain of spilled values, each read only by the next two levels: the spill CB holds the
    two live ones, not all eleven (the front page is popped by its last reader)."""
    v = X
    for level in range(6):
        v = ("add", ("mul", ("sigmoid", v), G), ("log", ("sub", v, ("sigmoid", v))))
    p = sections.plan((v,), 4)
    spills = [s for s in p.sections if s.kind == "spill"]
    assert len(spills) == 11 and p.pages == 2
    assert sum(s.pop_spills for s in p.sections) == 11
    run(p, [v])


def test_a_rounding_hop_of_two_held_outputs_is_popped_by_each():
    """Held plans compute a (cheap) hop per output: each output's section pops its own copy
    (the CB has one page: an unpopped tile would block the next push). A costly one is
    computed once, for both."""
    r = ("round", ("add", X, G))
    p = sections.plan((("add", r, G), ("mul", r, G)), 4)
    assert [(s.kind, s.output, s.dest, s.pops) for s in p.sections] == [
        ("round", 0, 0, ()), ("out", 0, None, (0,)), ("round", 1, 0, ()), ("out", 1, None, (0,))]
    r = ("round", ("exp", X))
    p = sections.plan((("add", r, G), ("mul", r, G)), 4)
    assert [(s.kind, s.output, s.dest, s.pops) for s in p.sections] == [
        ("round", 0, 0, ()), ("out", 0, None, ()), ("out", 1, None, (0,))]
