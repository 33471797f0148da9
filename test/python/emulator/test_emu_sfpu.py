"""The emulator's SFPU tile ops beyond mul / add / sub (ttbw_emu/sfpu_ops.h): kernels written
as TTKernel, translated by the real tt-mlir, run against torch in float64. In fp32 DST mode
each op is correctly rounded (within 1 fp32 ulp of torch's float64 value rounded); in 16-bit
mode within one bf16 ulp of the exactly rounded result; edge values (0, negatives, infinities, NaN) as torch."""
import math

import pytest
import torch

from emu_helpers import ulp_distance
from ttbw.execution.emulator import examples
from ttbw.ttmlir import translate_kernels

MUL = ('"ttkernel.mul_binary_tile_init"() : () -> ()\n'
       '      "ttkernel.mul_binary_tile"(%c0, %c1, %c0) : (i32, i32, i32) -> ()')

# op -> (torch reference in float64, input domain, fp32 ulp bound): every op is correctly
# rounded (evaluated in double, rounded once: 0 ulp measured), 1 ulp allows the double rounding
UNARY = {
    "exp": (torch.exp, "any", 1), "log": (torch.log, "positive", 1), "recip": (torch.reciprocal, "any", 0),
    "sqrt": (torch.sqrt, "positive", 0), "rsqrt": (torch.rsqrt, "positive", 1), "tanh": (torch.tanh, "any", 1),
    "sigmoid": (torch.sigmoid, "any", 1), "erf": (torch.erf, "any", 1), "erfc": (torch.erfc, "any", 1),
    "silu": (torch.nn.functional.silu, "any", 1), "square": (torch.square, "any", 0),
    "negative": (torch.neg, "any", 0), "relu": (torch.relu, "any", 0), "abs": (torch.abs, "any", 0),
    "sign": (torch.sign, "any", 0), "log1p": (torch.log1p, "positive", 1), "expm1": (torch.expm1, "any", 1),
    "gtz": (lambda x: (x > 0).double(), "any", 0), "ltz": (lambda x: (x < 0).double(), "any", 0),
    "gez": (lambda x: (x >= 0).double(), "any", 0), "lez": (lambda x: (x <= 0).double(), "any", 0),
    "eqz": (lambda x: (x == 0).double(), "any", 0), "nez": (lambda x: (x != 0).double(), "any", 0),
}
BINARY = {
    "div_binary": (torch.div, 0), "power_binary": (torch.pow, 1),
    "binary_max": (torch.maximum, 0), "binary_min": (torch.minimum, 0),
}
TEMPLATED = {  # tt-metal's function templates, called with their defaults
    "exp": ("exp", torch.exp, 1),
    # fast_and_approx: the tanh form 0.5 x (1 + tanh(u)), as x sigmoid(2u) (torch's formula
    # cancels to 0 for x < -5 even in float64), u in double: correctly rounded too
    "gelu": ("gelu", lambda x: x * torch.sigmoid(gelu_2u(x)), 1),
}


def gelu_2u(x):
    return 2 * math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)


def sources(op: str, binary: bool):
    text = (examples.EXAMPLES_DIR / "eltwise_mul_sfpu.mlir").read_text()
    call = f'"ttkernel.{op}_tile"(%c0, %c1, %c0) : (i32, i32, i32) -> ()' if binary \
        else f'"ttkernel.{op}_tile"(%c0) : (i32) -> ()'
    assert MUL in text
    text = text.replace(MUL, f'"ttkernel.{op}_tile_init"() : () -> ()\n      {call}')
    return {k.name: k.cpp for k in translate_kernels(text, f"<{op}>")}


def inputs(domain: str, seed: int, shape=(2, 64, 64)):
    x = torch.randn(shape, generator=torch.Generator().manual_seed(seed)) * 2
    if domain == "positive":
        x = x.abs() + 1e-3
    flat = x.view(-1)
    flat[:6] = torch.tensor([0.0, -0.0, math.inf, -math.inf, math.nan, -1.0])
    return x


def run(device, op, a, b=None, dtype="f32", fp32_dest=True):
    A, B, C = (device.allocate(a.shape, dtype) for _ in range(3))
    A.write(a), B.write(b if b is not None else a)
    stats = device.run(examples.eltwise_binary("eltwise_mul_sfpu", A, B, C, fp32_dest=fp32_dest,
                                               sources=sources(op, b is not None)))
    return torch.from_numpy(C.read()), stats


def check(got: torch.Tensor, want: torch.Tensor, ulps, dtype=torch.float32):
    """`ulps`: the bound in ulps of dtype."""
    want = want.to(dtype)
    got = got.to(dtype)
    assert torch.equal(got.isnan(), want.isnan())
    finite = ~want.isnan()
    assert (ulp_distance(got[finite], want[finite]) <= ulps).all()


@pytest.mark.parametrize("op", sorted(UNARY))
def test_unary_fp32(device, op):
    ref, domain, ulps = UNARY[op]
    x = inputs(domain, seed=len(op))
    got, stats = run(device, op, x)
    check(got, ref(x.double()), ulps)
    assert stats.ops[f"{op}_tile"] == 8  # (2, 64, 64): one call per tile


@pytest.mark.parametrize("op", sorted(BINARY))
def test_binary_fp32(device, op):
    ref, ulps = BINARY[op]
    a, b = inputs("any", seed=1), inputs("any", seed=2)
    if op == "power_binary":
        a = a.abs()
    got, stats = run(device, op, a, b)
    check(got, ref(a.double(), b.double()), ulps)
    assert stats.ops[f"{op}_tile"] == 8


@pytest.mark.parametrize("name", sorted(TEMPLATED))
def test_templated_defaults(device, name):
    op, ref, ulps = TEMPLATED[name]
    x = inputs("any", seed=9)
    got, _ = run(device, op, x)
    check(got, ref(x.double()), ulps)


@pytest.mark.parametrize("op", ["exp", "rsqrt", "sigmoid"])
def test_16_bit_dst_rounds_to_bf16(device, op):
    ref, domain, _ = UNARY[op]
    x = inputs(domain, seed=4).bfloat16().float()
    got, _ = run(device, op, x, dtype="bf16", fp32_dest=False)
    check(got, ref(x.double()), 1, torch.bfloat16)


def test_signed_zeros_as_torch_and_ieee(device):
    """relu keeps -0 (torch's clamp_min); max / min order -0 < +0 (IEEE 754-2019)."""
    z = torch.zeros((1, 32, 32))
    neg, pos = -z, z
    got, _ = run(device, "relu", neg)
    assert torch.signbit(got).all()
    for op, a, b, negative in [("binary_max", neg, pos, False), ("binary_max", pos, neg, False),
                               ("binary_min", neg, pos, True), ("binary_min", pos, neg, True)]:
        got, _ = run(device, op, a, b)
        assert bool(torch.signbit(got).all()) == negative and bool(torch.signbit(got).any()) == negative
