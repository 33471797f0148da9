"""The DST plan (ttbw.lowering.codegen.dst_plan): a shared subexpression computed once where
the DST holds it, every use computed again where it does not fit; slots within the DST."""
from ttbw.lowering.codegen import dst_plan, select

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
