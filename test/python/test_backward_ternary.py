"""where_bw and addcmul_bw against torch autograd in float64 on the same bf16 inputs: broadcast
of each operand, masks and preallocated outputs (where_bw), f32 and bfloat8_b inputs, edge
values, both backends."""
import random
import warnings

import pytest
import torch

import ttbw
from backward_checks import check_gradient, gradient_terms, rand, tensor
from ttbw.execution.executor import device

GEN = torch.Generator().manual_seed(12)
BACKENDS = ["cpu", "device"]
# (first, second, third) operand shapes; grad has their broadcast shape
SHAPES = [
    ((1, 1, 32, 32), (1, 1, 32, 32), (1, 1, 32, 32)),  # no broadcast
    ((1, 1, 1, 64), (1, 2, 32, 64), (1, 2, 32, 64)),   # row (of the first)
    ((1, 2, 32, 64), (1, 1, 32, 1), (1, 2, 32, 64)),   # column (of the second)
    ((1, 2, 32, 32), (1, 2, 32, 32), (1, 1, 1, 1)),    # scalar-like (of the third)
    ((32, 1), (2, 1, 64), (64,)),                      # every operand broadcast, cross-rank
]
SHAPE_IDS = ["none", "row", "column", "scalar-like", "all-cross-rank"]


def one_program(backend, call):
    """call(), on the device one fused program whatever the broadcast (three gradients each summed
    over its own dims: cross reductions over three sets of dims)."""
    before = device().programs_launched
    result = call()
    if backend == "device":
        assert device().programs_launched - before == 1
    return result


def condition(shape):
    return (torch.rand(shape, generator=GEN) > 0.5).to(torch.bfloat16)


def where_forward(c, a, b):
    return torch.where(c != 0, a, b)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("shapes", SHAPES, ids=SHAPE_IDS)
def test_where_bw(shapes, backend):
    c_shape, a_shape, b_shape = shapes
    g = rand(torch.broadcast_shapes(*shapes), generator=GEN)
    c, a, b = condition(c_shape), rand(a_shape, generator=GEN), rand(b_shape, generator=GEN)
    grads = one_program(backend, lambda: ttbw.where_bw(tensor(g), tensor(c), tensor(a), tensor(b), backend=backend))
    terms = gradient_terms(where_forward, g, [c, a, b])
    for got, term, operand in zip(grads, terms[1:], (a, b)):
        check_gradient(ttbw.to_torch(got), term, operand)


@pytest.mark.parametrize("backend", BACKENDS)
def test_where_bw_masks_preallocated_names(backend):
    g, c = rand((2, 32, 64), generator=GEN), condition((2, 32, 64))
    a, b = rand((2, 32, 64), generator=GEN), rand((1, 32, 1), generator=GEN)
    terms = gradient_terms(where_forward, g, [c, a, b])
    target = tensor(torch.zeros(1, 32, 1, dtype=torch.bfloat16))
    none, got = ttbw.where_bw(tensor(g), input_tensor_a=tensor(c), input_tensor_b=tensor(a),
                              input_tensor_c=tensor(b), are_required_outputs=[False, True],
                              input_b_grad=target, backend=backend)
    assert none is None and got is target
    check_gradient(ttbw.to_torch(target), terms[2], b)
    only, none = ttbw.where_bw(tensor(g), tensor(c), tensor(a), tensor(b), are_required_outputs=[True, False],
                               memory_config=ttbw.L1_MEMORY_CONFIG, backend=backend)
    assert none is None and only.memory_config() == ttbw.L1_MEMORY_CONFIG
    check_gradient(ttbw.to_torch(only), terms[1], a)


def test_where_bw_misuse():
    g = tensor(rand((32, 32), generator=GEN))
    with pytest.raises(ValueError, match="other_tensor of shape 3x32 is not broadcast-compatible"):
        ttbw.where_bw(g, g, g, tensor(rand((3, 32), generator=GEN)))
    with pytest.raises(TypeError, match="missing required argument: 'other_tensor'"):
        ttbw.where_bw(g, g, g)
    with pytest.raises(ValueError, match="exactly two bools"):
        ttbw.where_bw(g, g, g, g, are_required_outputs=[True])


@pytest.mark.parametrize("backend", BACKENDS)
def test_where_bw_edge_values(backend):
    g = rand((32, 32), generator=GEN)
    g[0, :4] = torch.tensor([float("inf"), -float("inf"), float("nan"), -0.0])
    c = condition((32, 32))
    c[0, :4] = torch.tensor([float("nan"), 0.0, -0.0, 1.0])  # NaN is nonzero: true
    a, b = rand((32, 32), generator=GEN), rand((32, 1), generator=GEN)
    grads = ttbw.where_bw(tensor(g), tensor(c), tensor(a), tensor(b), backend=backend)
    terms = gradient_terms(where_forward, g, [c, a, b])
    for got, term, operand in zip(grads, terms[1:], (a, b)):
        check_gradient(ttbw.to_torch(got), term, operand)


def addcmul_forward(value):
    return lambda a, t1, t2: a + value * t1 * t2


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("shapes", SHAPES, ids=SHAPE_IDS)
def test_addcmul_bw(shapes, backend):
    g = rand(torch.broadcast_shapes(*shapes), generator=GEN)
    a, t1, t2 = (rand(s, generator=GEN) for s in shapes)
    grads = one_program(backend, lambda: ttbw.addcmul_bw(tensor(g), tensor(a), tensor(t1), tensor(t2), 0.75,
                                                         backend=backend))
    assert len(grads) == 3
    terms = gradient_terms(addcmul_forward(0.75), g, [a, t1, t2])
    for got, term, operand in zip(grads, terms, (a, t1, t2)):
        check_gradient(ttbw.to_torch(got), term, operand)


@pytest.mark.parametrize("backend", BACKENDS)
def test_addcmul_bw_f32_value_keyword(backend):
    g, a, t1, t2 = (rand(s, torch.float32, generator=GEN) for s in ((2, 32, 32), (2, 32, 32), (32, 32), (2, 1, 32)))
    grads = ttbw.addcmul_bw(tensor(g), tensor(a), tensor(t1), tensor(t2), value=-3.0,
                            memory_config=ttbw.L1_MEMORY_CONFIG, backend=backend)
    terms = gradient_terms(addcmul_forward(-3.0), g, [a, t1, t2])
    for got, term, operand in zip(grads, terms, (a, t1, t2)):
        assert got.memory_config() == ttbw.L1_MEMORY_CONFIG
        check_gradient(ttbw.to_torch(got), term, operand)


@pytest.mark.parametrize("backend", BACKENDS)
def test_addcmul_bw_huge_value_stays_in_range(backend):
    """value = -3e38, tensor2 = 2.3125: t2 v overflows float32 where g t2 v (-1.8e38) does not; the
    product in a range-safe order (found by test/fuzz: -inf before), bf16 and f32."""
    for dtype in (torch.bfloat16, torch.float32):
        g, a, t1, t2 = (torch.tensor([[v]], dtype=dtype) for v in (0.263671875, 6.6875, -1.2109375, 2.3125))
        grads = ttbw.addcmul_bw(tensor(g), tensor(a), tensor(t1), tensor(t2), value=-3e38, backend=backend)
        terms = gradient_terms(addcmul_forward(-3e38), g, [a, t1, t2])
        for got, term, operand in zip(grads, terms, (a, t1, t2)):
            assert torch.isfinite(ttbw.to_torch(got)).all()
            check_gradient(ttbw.to_torch(got), term, operand)


def test_bfloat8_b():
    shapes = ((1, 2, 32, 64), (1, 2, 32, 64), (1, 1, 32, 64))
    g, c, a, b = rand(shapes[0], generator=GEN), condition(shapes[0]), *(rand(s, generator=GEN) for s in shapes[1:])
    quantised = [ttbw.to_torch(tensor(t, ttbw.bfloat8_b)).to(torch.bfloat16) for t in (g, c, a, b)]
    grads = ttbw.where_bw(*(tensor(t, ttbw.bfloat8_b) for t in (g, c, a, b)))
    terms = gradient_terms(where_forward, quantised[0], quantised[1:])
    for got, term, operand in zip(grads, terms[1:], quantised[2:]):
        assert got.dtype is ttbw.bfloat8_b
        check_gradient(ttbw.to_torch(got).to(torch.bfloat16), term, operand, min_pcc=0.99, ulps=float("inf"))
    grads = ttbw.addcmul_bw(*(tensor(t, ttbw.bfloat8_b) for t in (g, a, a, b)), 0.5)
    terms = gradient_terms(addcmul_forward(0.5), quantised[0], [quantised[2], quantised[2], quantised[3]])
    for got, term, operand in zip(grads, terms, (quantised[2], quantised[2], quantised[3])):
        check_gradient(ttbw.to_torch(got).to(torch.bfloat16), term, operand, min_pcc=0.99, ulps=float("inf"))


def test_addcmul_bw_misuse():
    g = tensor(rand((32, 32), generator=GEN))
    with pytest.raises(TypeError, match="missing required argument: 'alpha'"):
        ttbw.addcmul_bw(g, g, g, g)
    with pytest.raises(TypeError, match="alpha must be a number"):
        ttbw.addcmul_bw(g, g, g, g, "2")
    with pytest.raises(ValueError, match="input_tensor_c of shape 3x32 is not broadcast-compatible"):
        ttbw.addcmul_bw(g, g, g, tensor(rand((3, 32), generator=GEN)), 1.0)


# Every operand broadcast, the gradients' tile axes in three classes by the sums keeping them
# (one the cross walk's middle loop, the others its inner loop, a FIFO over the fastest axes a
# sum keeps): one program each (a random broadcast sweep found them lowered op by op).
SWEEP = [
    ("addcmul_bw", ((3, 1, 1), (3, 64, 96), (1, 96))), ("addcmul_bw", ((3, 64, 1), (1, 1, 64, 1), (96,))),
    ("addcmul_bw", ((1, 96), (64, 1), (3, 1, 96))), ("addcmul_bw", ((1, 64, 1), (1, 96), (1, 3, 64, 1))),
    ("addcmul_bw", ((96,), (2, 1, 64, 96), (1, 1, 64, 1))), ("addcmul_bw", ((64, 1), (3, 64, 1), (96,))),
    ("where_bw", ((3, 64, 1), (1, 1, 64, 1), (96,))), ("where_bw", ((1, 3, 1, 1), (96,), (2, 1, 64, 1))),
    ("where_bw", ((1, 64, 1), (2, 1, 1, 96), (2, 3, 1, 1))),
    ("addcmul_bw", ((96,), (64, 96), (3, 64, 1))),          # a FIFO per middle step
    ("addcmul_bw", ((1, 64, 1), (1, 3, 1, 1), (3, 1, 96))),  # the inner loop's classes reordered
]


@pytest.mark.parametrize("op, shapes", SWEEP)
def test_three_classes_of_summed_axes_one_program(op, shapes):
    g = rand(torch.broadcast_shapes(*shapes), generator=GEN)
    if op == "where_bw":
        operands = [condition(shapes[0]), *(rand(s, generator=GEN) for s in shapes[1:])]
        grads = one_program("device", lambda: ttbw.where_bw(tensor(g), *map(tensor, operands)))
        terms, wrt = gradient_terms(where_forward, g, operands)[1:], operands[1:]
    else:
        operands = [rand(s, generator=GEN) for s in shapes]
        grads = one_program("device", lambda: ttbw.addcmul_bw(tensor(g), *map(tensor, operands), 0.75))
        terms, wrt = gradient_terms(addcmul_forward(0.75), g, operands), operands
    for got, term, operand in zip(grads, terms, wrt):
        check_gradient(ttbw.to_torch(got), term, operand)


FULL = (2, 3, 64, 96)
def ternary_ir(op, shapes) -> str:
    def t(shape):
        return f"tensor<{'x'.join(map(str, shape))}xbf16>"
    g = t(torch.broadcast_shapes(*shapes))
    types = ", ".join(t(s) for s in shapes)
    if op == "where_bw":
        results = f"{t(shapes[1])}, {t(shapes[2])}"
        body = (f"%r:2 = ttir.where_bw %g, %c, %a, %b : {g}, {types} -> input_grad {t(shapes[1])} "
                f"other_grad {t(shapes[2])}\n  return %r#0, %r#1 : {results}")
    else:
        results = types
        body = (f"%r:3 = ttir.addcmul_bw %g, %c, %a, %b {{value = 0.5 : f32}} : {g}, {types} -> {types}\n"
                f"  return %r#0, %r#1, %r#2 : {results}")
    args = ", ".join(f"%{n}: {t(s)}" for n, s in zip("cab", shapes))
    return f"func.func @f(%g: {g}, {args}) -> ({results}) {{\n  {body}\n}}\n"


@pytest.mark.parametrize("seed", range(3))
def test_random_broadcasts_compile_to_one_program(seed):
    """Random broadcast triples (each dim of 2x3x64x96 kept or 1, ranks 1-4): one program each."""
    rng = random.Random(seed)
    for _ in range(10):
        shapes = tuple(tuple(d if rng.random() < 0.5 else 1 for d in FULL[4 - rng.randint(1, 4):]) for _ in range(3))
        for op in ("where_bw", "addcmul_bw"):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                programs = ttbw.compile(ternary_ir(op, shapes)).programs
            assert len(programs) == 1, (op, shapes, [str(w.message) for w in caught])
