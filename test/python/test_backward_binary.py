"""The binary backward ops (add_bw, ...) against torch autograd in float64 on the same bf16
inputs: ttnn's broadcast matrix on both backends, masks, preallocated outputs, scalar forms,
f32 and bfloat8_b inputs, edge values. mul_bw has its own files (test_mul_bw_numerics.py,
test_device_mul_bw.py, ...)."""
import pytest
import torch

import ttbw
from backward_checks import BROADCAST_MATRIX, MATRIX_IDS, check_gradient, gradient_terms, rand, tensor

GEN = torch.Generator().manual_seed(11)

# op -> (ttbw op, torch forward of (a, b), extra keyword arguments)
OPS = {
    "add_bw": (ttbw.add_bw, lambda a, b: a + b, {}),
}
BACKENDS = ["cpu", "device"]


def call_and_check(op, g, a, b, backend, **kwargs):
    function, forward, extra = OPS[op]
    kwargs = {**extra, **kwargs}
    b_arg = tensor(b) if isinstance(b, torch.Tensor) else b
    grads = function(tensor(g), tensor(a), b_arg, backend=backend, **kwargs)
    terms = gradient_terms(lambda x, y: forward(x, y, **_forward_kwargs(kwargs)), g, [a, b])
    operands = [a, b] if isinstance(b, torch.Tensor) else [a]
    assert len(grads) == len(operands)
    for got, term, operand in zip(grads, terms, operands):
        check_gradient(ttbw.to_torch(got), term, operand)
    return grads


def _forward_kwargs(kwargs):
    return {k: v for k, v in kwargs.items() if k in ("alpha", "rounding_mode")}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("shapes", BROADCAST_MATRIX, ids=MATRIX_IDS)
@pytest.mark.parametrize("op", list(OPS))
def test_broadcast_matrix(op, shapes, backend):
    a_shape, b_shape = shapes
    grad_shape = torch.broadcast_shapes(a_shape, b_shape)
    call_and_check(op, rand(grad_shape, generator=GEN), rand(a_shape, generator=GEN),
                   rand(b_shape, generator=GEN), backend)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op", list(OPS))
def test_masks_and_preallocated(op, backend):
    g, a, b = (rand(s, generator=GEN) for s in ((2, 32, 64), (2, 32, 64), (1, 32, 1)))
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
@pytest.mark.parametrize("op", list(OPS))
def test_scalar_form(op, backend):
    g, a = rand((2, 32, 32), generator=GEN), rand((2, 32, 32), generator=GEN)
    grads = call_and_check(op, g, a, 3.5, backend)
    assert len(grads) == 1


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op", list(OPS))
def test_f32(op, backend):
    g, a, b = (rand(s, torch.float32, generator=GEN) for s in ((3, 32, 32), (3, 32, 32), (32, 1)))
    call_and_check(op, g, a, b, backend)


@pytest.mark.parametrize("op", list(OPS))
def test_bfloat8_b(op):
    g, a, b = (rand(s, generator=GEN) for s in ((1, 2, 32, 64), (1, 2, 32, 64), (1, 1, 32, 64)))
    function, forward, extra = OPS[op]
    grads = function(*(tensor(t, ttbw.bfloat8_b) for t in (g, a, b)), **extra)
    quantised = [ttbw.to_torch(tensor(t, ttbw.bfloat8_b)).to(torch.bfloat16) for t in (g, a, b)]
    terms = gradient_terms(forward, quantised[0], quantised[1:])
    for got, term, operand in zip(grads, terms, quantised[1:]):
        assert got.dtype is ttbw.bfloat8_b
        check_gradient(ttbw.to_torch(got).to(torch.bfloat16), term, operand, min_pcc=0.99, ulps=float("inf"))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op", list(OPS))
def test_edge_values(op, backend):
    g = rand((32, 8), generator=GEN)
    for row, value in enumerate((float("inf"), -float("inf"), float("nan"), 0.0, -0.0, 1e38, -1e-38)):
        g[row, row] = value  # one special value per row: the row sums see one each
    a = rand((32, 8), generator=GEN)
    b = rand((32, 1), generator=GEN)
    call_and_check(op, g, a, b, backend)


@pytest.mark.parametrize("op", list(OPS))
def test_memory_config_and_names(op):
    g, a = rand((32, 32), generator=GEN), rand((32, 32), generator=GEN)
    function, _, extra = OPS[op]
    ga, gb = function(tensor(g), input_tensor=tensor(a), other_tensor=tensor(a),
                      memory_config=ttbw.L1_MEMORY_CONFIG, **extra)
    assert ga.memory_config() == ttbw.L1_MEMORY_CONFIG and gb.memory_config() == ttbw.L1_MEMORY_CONFIG
    with pytest.raises(ValueError, match="input_tensor_b of shape 3x32 is not broadcast-compatible"):
        function(tensor(g), tensor(a), tensor(rand((3, 32), generator=GEN)), **extra)
    with pytest.raises(TypeError, match=rf"{op}\(\) missing required argument: 'input_tensor_b'"):
        function(tensor(g), tensor(a), **extra)
