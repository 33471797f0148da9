"""bfloat8_b results whose tiles have padding, on the device: a 16-element block of a tile's
row shares one exponent, padding included, so the padding must not hold what the expression
makes of the zero padding of the inputs (g / 0 = inf, log's 1 / 0): it would flush the
block's valid values to 0. Each gradient is torch autograd's on the quantized inputs, rounded
to bf16 and block-quantized: the device gives exactly that (the rule's f32 result is rounded
once to bf16, then quantized), for widths that are not multiples of 16 or 32."""
import pytest
import torch

import ttbw

SHAPES = [(32, 20), (20, 32), (3, 40, 70), (1, 1)]


def quantized(t: torch.Tensor) -> torch.Tensor:
    return ttbw.to_torch(ttbw.from_torch(t.float(), ttbw.bfloat8_b, layout=ttbw.TILE_LAYOUT)).double()


def autograd(forward, g, operands):
    leaves = [o.clone().requires_grad_() for o in operands]
    return torch.autograd.grad(forward(*leaves), leaves, g)


OPS = {  # op -> (call on ttbw tensors, torch forward, positive operands)
    "log_bw": (lambda g, x: ttbw.log_bw(g, x), torch.log),
    "reciprocal_bw": (lambda g, x: ttbw.reciprocal_bw(g, x), torch.reciprocal),
    "rsqrt_bw": (lambda g, x: ttbw.rsqrt_bw(g, x), torch.rsqrt),
    "div_bw": (lambda g, a, b: ttbw.div_bw(g, a, b), lambda a, b: a / b),
    "mul_bw": (lambda g, a, b: ttbw.mul_bw(g, a, b), lambda a, b: a * b),
}


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("op", list(OPS))
def test_padding_never_flushes_a_block(op, shape):
    call, forward = OPS[op]
    gen = torch.Generator().manual_seed(3)
    arity = 2 if op.endswith(("log_bw", "reciprocal_bw", "rsqrt_bw")) else 3
    values = [torch.randn(shape, generator=gen, dtype=torch.float64)]
    values += [torch.rand(shape, generator=gen, dtype=torch.float64) + 0.5 for _ in range(arity - 1)]
    tensors = [ttbw.from_torch(v.float(), ttbw.bfloat8_b, layout=ttbw.TILE_LAYOUT) for v in values]
    stored = [ttbw.to_torch(t).double() for t in tensors]
    grads = call(*tensors)
    wants = autograd(forward, stored[0], stored[1:])
    for got, want in zip(grads, wants):
        assert got.dtype is ttbw.bfloat8_b and tuple(got.shape) == shape
        expected = quantized(want.to(torch.bfloat16))
        assert torch.equal(ttbw.to_torch(got).double(), expected), (
            f"{op} {shape}: {int((ttbw.to_torch(got).double() != expected).sum())} of {expected.numel()} differ")
