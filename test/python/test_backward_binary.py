"""The binary backward ops (add_bw, ...) against torch autograd in float64 on the same bf16
inputs: ttnn's broadcast matrix on both backends, masks, preallocated outputs, scalar forms,
f32 and bfloat8_b inputs, edge values. mul_bw has its own files (test_mul_bw_numerics.py,
test_device_mul_bw.py, ...)."""
import pytest
import torch

import ttbw
from backward_checks import BROADCAST_MATRIX, MATRIX_IDS, check_gradient, gradient_terms, rand, tensor

GEN = torch.Generator().manual_seed(11)

# case -> (ttbw op, torch forward of (a, b), the op's extra keyword arguments)
OPS = {
    "add_bw": (ttbw.add_bw, lambda a, b: a + b, {}),
    "sub_bw": (ttbw.sub_bw, lambda a, b: a - b, {}),
    "div_bw": (ttbw.div_bw, lambda a, b: a / b, {}),
    "div_bw-trunc": (ttbw.div_bw, lambda a, b: torch.div(a, b, rounding_mode="trunc"), {"rounding_mode": "trunc"}),
    "div_bw-floor": (ttbw.div_bw, lambda a, b: torch.div(a, b, rounding_mode="floor"), {"round_mode": "floor"}),
    "div_bw-None": (ttbw.div_bw, lambda a, b: a / b, {"round_mode": "None"}),  # ttnn's tests spell None so
    "addalpha_bw": (ttbw.addalpha_bw, lambda a, b: a + 2.5 * b, {"alpha": 2.5}),
    "subalpha_bw": (ttbw.subalpha_bw, lambda a, b: a - 0.75 * b, {"alpha": 0.75}),
}
SCALAR_FORMS = ["add_bw", "sub_bw", "div_bw", "div_bw-floor"]
BACKENDS = ["cpu", "device"]


def call_and_check(op, g, a, b, backend, table=OPS, **kwargs):
    function, forward, extra = table[op]
    kwargs = {**extra, **kwargs}
    b_arg = tensor(b) if isinstance(b, torch.Tensor) else b
    grads = function(tensor(g), tensor(a), b_arg, backend=backend, **kwargs)
    terms = gradient_terms(forward, g, [a, b])
    operands = [a, b] if isinstance(b, torch.Tensor) else [a]
    assert len(grads) == len(operands)
    for got, term, operand in zip(grads, terms, operands):
        check_gradient(ttbw.to_torch(got), term, operand)
    return grads


def operands(op, a_shape, b_shape, dtype=torch.bfloat16):
    """grad, a, b of these shapes; a divisor b away from zero (division by zero: test_edge_values)."""
    grad_shape = torch.broadcast_shapes(a_shape, b_shape)
    low = 0.5 if op.startswith("div") else None
    return (rand(grad_shape, dtype, generator=GEN), rand(a_shape, dtype, generator=GEN),
            rand(b_shape, dtype, generator=GEN, low=low))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("shapes", BROADCAST_MATRIX, ids=MATRIX_IDS)
@pytest.mark.parametrize("op", list(OPS))
def test_broadcast_matrix(op, shapes, backend):
    call_and_check(op, *operands(op, *shapes), backend)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op", list(OPS))
def test_masks_and_preallocated(op, backend):
    g, a, b = operands(op, (2, 32, 64), (1, 32, 1))
    function, forward, extra = OPS[op]
    only_a = function(tensor(g), tensor(a), tensor(b), are_required_outputs=[True, False], backend=backend, **extra)
    assert len(only_a) == 2 and only_a[1] is None
    terms = gradient_terms(forward, g, [a, b])
    check_gradient(ttbw.to_torch(only_a[0]), terms[0], a)
    target = tensor(torch.zeros(1, 32, 1, dtype=torch.bfloat16))
    only_b = function(tensor(g), tensor(a), tensor(b), are_required_outputs=[False, True], other_grad=target,
                      backend=backend, **extra)
    assert only_b[0] is None and only_b[1] is target
    check_gradient(ttbw.to_torch(target), terms[1], b)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op", SCALAR_FORMS)
def test_scalar_form(op, backend):
    g, a = rand((2, 32, 32), generator=GEN), rand((2, 32, 32), generator=GEN)
    grads = call_and_check(op, g, a, -3.5, backend)
    assert len(grads) == 1
    function, _, extra = OPS[op]
    (by_keyword,) = function(tensor(g), tensor(a), scalar=-3.5, backend=backend, **extra)
    assert torch.equal(ttbw.to_torch(by_keyword), ttbw.to_torch(grads[0]))


@pytest.mark.parametrize("op", ["addalpha_bw", "subalpha_bw"])
def test_no_scalar_form(op):
    g = tensor(rand((32, 32), generator=GEN))
    with pytest.raises(TypeError, match="has no scalar form"):
        OPS[op][0](g, g, 2.0)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op", list(OPS))
def test_f32(op, backend):
    call_and_check(op, *operands(op, (3, 32, 32), (32, 1), torch.float32), backend)


@pytest.mark.parametrize("op", list(OPS))
def test_bfloat8_b(op):
    g, a, b = operands(op, (1, 2, 32, 64), (1, 1, 32, 64))
    function, forward, extra = OPS[op]
    grads = function(*(tensor(t, ttbw.bfloat8_b) for t in (g, a, b)), **extra)
    quantised = [ttbw.to_torch(tensor(t, ttbw.bfloat8_b)).to(torch.bfloat16) for t in (g, a, b)]
    terms = gradient_terms(forward, quantised[0], quantised[1:])
    for got, term, operand in zip(grads, terms, quantised[1:]):
        assert got.dtype is ttbw.bfloat8_b
        check_gradient(ttbw.to_torch(got).to(torch.bfloat16), term, operand, min_pcc=0.99, ulps=float("inf"))


# (g, a, b) whose gradients are in range while a product or quotient of two of them is not
# (issue 26): g / b overflows, (a / b) / b does not; (a / b) / b overflows, g / b does not;
# (a / b) / b underflows, g / b does not
NEAR_RANGE_ENDS = [(3e38, 0.25, 0.5), (1e30, 1e-20, 1e-10), (1e-20, 1e20, 1e-10), (1e20, 1e-20, 1e10)]
EDGE_OPS = {**OPS, "mul_bw": (ttbw.mul_bw, lambda a, b: a * b, {})}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("op", list(EDGE_OPS))
def test_edge_values(op, dtype, backend):
    g = rand((32, 8), dtype, generator=GEN)
    for row, value in enumerate((float("inf"), -float("inf"), float("nan"), 0.0, -0.0, 1e38, -1e-38)):
        g[row, row] = value  # one special value per row: the row sums see one each
    a = rand((32, 8), dtype, generator=GEN)
    b = rand((32, 1), dtype, generator=GEN)
    b[3:6] = torch.tensor([0.0, -0.0, float("inf")]).reshape(3, 1)  # division by zero and by inf
    a[3, 0] = 0.0  # 0 / 0
    for row, (g_value, a_value, b_value) in enumerate(NEAR_RANGE_ENDS, start=8):
        g[row, row - 8], a[row, row - 8], b[row, 0] = g_value, a_value, b_value
    call_and_check(op, g, a, b, backend, table=EDGE_OPS)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
def test_div_bw_other_grad_in_range_whatever_g(dtype, backend):
    """-g a / b^2 multiplied in an order whose partial product stays in range for every g, a,
    b whose gradient does (was chosen by a and b alone: q / b = 4e38 overflowed at g = 0.3, a =
    1.1e-39, b = -1.6e-39, whose gradient is -1.4e38; found by test/fuzz), each factor the
    middle one by magnitude once."""
    cases = [(0.3, 1.1e-39, -1.6e-39), (3e38, 0.25, 0.5), (1e-30, 1e30, 1e-4), (2.0, 3e-39, 1e-19),
             (1e30, 1e-20, 1e-10), (0.5, -7.0, 3.0)]
    g, a, b = (torch.tensor([c[i] for c in cases], dtype=torch.float64).to(dtype) for i in range(3))
    call_and_check("div_bw", g, a, b, backend)


@pytest.mark.parametrize("backend", BACKENDS)
def test_div_bw_other_grad_rounded_once(backend):
    """f32 -g a / b^2 within half an ulp in range (each order of its three roundings reaches 2.2:
    -g (q / b) was 2.12 ulp off at the first triple, found by test/fuzz), and near the window's
    edges (t = g / b, q = a / b, b at 2^+-50) within the bound either way."""
    gen = torch.Generator().manual_seed(26)
    g, a, b = (torch.randn(4096, generator=gen, dtype=torch.float64) for _ in range(3))
    b = torch.where(b < 0, b - 0.01, b + 0.01)
    edges = [(-0.4633989632129669, -0.14780138432979584, 0.5261646509170532), (2.0 ** 49, 1.0, 1.5),
             (1.0, 2.0 ** -49, 0.75), (3.0, 5.0, 2.0 ** 50), (3.0, 5.0, 2.0 ** -51), (1e-20, 3.0, 1e-8)]
    g, a, b = (torch.cat([t, torch.tensor([e[i] for e in edges], dtype=torch.float64)]).float()
               for i, t in enumerate((g, a, b)))
    _, other_grad = ttbw.div_bw(tensor(g), tensor(a), tensor(b), backend=backend)
    term = -(g.double() * a.double() / b.double() ** 2)
    within = (g.double() / b.double()).abs().clamp(min=1e-300).log2().abs().le(50) & \
        (a.double() / b.double()).abs().log2().abs().le(50) & b.double().abs().log2().abs().le(50)
    got = ttbw.to_torch(other_grad)
    check_gradient(got[within], term[within], b[within], ulps=0.5 + 2.0 ** -20)
    check_gradient(got, term, b)


@pytest.mark.parametrize("op", list(OPS))
def test_memory_config_and_names(op):
    g, a, b = operands(op, (32, 32), (1, 32))
    function, _, extra = OPS[op]
    ga, gb = function(tensor(g), input_tensor=tensor(a), other_tensor=tensor(b),
                      memory_config=ttbw.L1_MEMORY_CONFIG, **extra)
    assert ga.memory_config() == ttbw.L1_MEMORY_CONFIG and gb.memory_config() == ttbw.L1_MEMORY_CONFIG
    with pytest.raises(ValueError, match="input_tensor_b of shape 3x32 is not broadcast-compatible"):
        function(tensor(g), tensor(a), tensor(rand((3, 32), generator=GEN)), **extra)
    with pytest.raises(TypeError, match=rf"{op.split('-')[0]}\(\) missing required argument: 'input_tensor_b'"):
        function(tensor(g), tensor(a), **extra)


def test_div_golden_takes_round_mode_spelled_none():
    """ttnn's tests pass round_mode="None" to div_bw's golden as to the op: true division."""
    g, a, b = torch.randn(2, 3, generator=GEN), torch.randn(2, 3, generator=GEN), torch.randn(2, 3, generator=GEN) + 3
    golden = ttbw.get_golden_function(ttbw.div_bw)
    for got, want in zip(golden(g, a, b, round_mode="None"), golden(g, a, b)):
        assert torch.equal(got, want)
