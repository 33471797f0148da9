"""ttnn's complex_unary_backward family (conj_bw, polar_bw, real_bw, imag_bw, angle_bw) and
abs_bw's ComplexTensor form against torch autograd in complex128 on the same bf16 / f32 inputs,
on both backends (test_backward_complex.py's bounds: each part within 2 ulp of the golden's
magnitude, PCC >= 0.999): PyTorch's conjugate Wirtinger gradients, a real grad of a complex
input giving a complex input_grad, torch's 0 at z = 0 (angle, abs) and its NaN / inf elsewhere.

polar_bw's input packs polar's operands as abs + i angle (ttnn's); its golden takes them as
leaves of their own (ttbw's golden function: ttnn's reads them through the packed tensor's
views, whose backward turns an infinite gradient of one part into NaN in the other). Each of
its parts is a dot product, gr cos + gi sin and rho (gi cos - gr sin), which cancels: it is held
to the bound of a sum, 2 ulp of the sum of its terms' magnitudes (float64).
"""
import math
import warnings

import pytest
import torch

import ttbw
from backward_checks import pcc, ulp
from test_backward_complex import TORCH_DTYPE, check, crand, ct
from ttbw.execution.executor import device

SHAPE = (32, 64)
GEN = torch.Generator().manual_seed(31)
COMPLEX_GRAD = ("conj_bw", "polar_bw")
REAL_GRAD = ("real_bw", "imag_bw", "angle_bw", "abs_bw")
DTYPES = {"bf16": ttbw.bfloat16, "f32": ttbw.float32}
CASES = [(op, dtype, backend) for op in COMPLEX_GRAD + REAL_GRAD for dtype in DTYPES for backend in ("cpu", "device")]


def representable(values: torch.Tensor, dtype) -> torch.Tensor:
    return values.to(TORCH_DTYPE[dtype]).double()


def real_tensor(values: torch.Tensor, dtype) -> ttbw.Tensor:
    return ttbw.from_torch(values.to(TORCH_DTYPE[dtype]), dtype, layout=ttbw.TILE_LAYOUT)


def polar_input(dtype) -> torch.Tensor:
    """abs + i angle: |abs| log-uniform over 2^-12 .. 2^12 of either sign (and zeros), the angle
    over (-8, 8) (a few turns: sin / cos reduced)."""
    magnitude = torch.pow(2.0, torch.rand(SHAPE, generator=GEN, dtype=torch.float64) * 24 - 12)
    sign = torch.where(torch.rand(SHAPE, generator=GEN) < 0.5, -1.0, 1.0).double()
    rho = representable(sign * magnitude, dtype)
    rho[0, :4] = torch.tensor([0.0, -0.0, 0.0, -0.0])
    theta = representable(torch.rand(SHAPE, generator=GEN, dtype=torch.float64) * 16 - 8, dtype)
    return torch.complex(rho, theta)


def inputs(op, dtype):
    """(grad, input) as complex128 / float64 values representable in dtype; input zeros of
    every sign for the ops whose gradient divides by |z|."""
    x = polar_input(dtype) if op == "polar_bw" else crand(SHAPE, dtype)
    if op != "polar_bw":
        x[0, :4] = torch.tensor([complex(0.0, 0.0), complex(-0.0, 0.0), complex(0.0, -0.0), complex(-0.0, -0.0)],
                                dtype=torch.complex128)
    grad = crand(SHAPE, dtype) if op in COMPLEX_GRAD else representable(
        torch.randn(SHAPE, generator=GEN, dtype=torch.float64), dtype)
    return grad, x


def as_tensor(values, dtype):
    return ct(values, dtype) if values.is_complex() else real_tensor(values, dtype)


def run(op, grad, x, dtype, backend):
    """[input_grad] of the call; on the device one fused program (polar_bw's trees are beyond
    the fusion's limit: a program per generic, with a warning)."""
    before = device().programs_launched
    with warnings.catch_warnings():
        if op == "polar_bw":
            warnings.filterwarnings("ignore", "function @polar_bw is not one fused program")
        result = getattr(ttbw, op)(as_tensor(grad, dtype), as_tensor(x, dtype), backend=backend)
    if backend == "device" and op != "polar_bw":
        assert device().programs_launched - before == 1
    assert isinstance(result, list) and len(result) == 1 and isinstance(result[0], ttbw.ComplexTensor)
    return result[0]


def complex_golden(op, *arguments):
    """ttnn's golden of `op` as one complex tensor (ttnn's form joins its parts along the last dim)."""
    (joined,) = ttbw.get_golden_function(getattr(ttbw, op))(*arguments)
    return torch.complex(*joined.chunk(2, dim=-1))


def parts(z):
    """A complex result in ttnn's golden form: real and imaginary parts joined along the last dim."""
    return torch.cat((z.real, z.imag), dim=-1).double()


@pytest.mark.parametrize("op, dtype, backend", CASES, ids=[f"{o}-{d}-{b}" for o, d, b in CASES])
def test_against_autograd(op, dtype, backend):
    dtype = DTYPES[dtype]
    grad, x = inputs(op, dtype)
    got = run(op, grad, x, dtype, backend)
    want = complex_golden(op, grad, x)
    assert want.dtype == torch.complex128
    if op in ("angle_bw", "abs_bw"):
        assert bool((want[0, :4] == 0).all())  # torch's 0 at z = 0, whatever the zeros' signs
    if op == "polar_bw":
        check_polar(got, want, grad, x, dtype)
    else:
        check(got, want, x, dtype)
    assert (got.real.dtype, got.imag.dtype, tuple(got.imag.shape)) == (dtype, dtype, SHAPE)


def check_polar(got: ttbw.ComplexTensor, want: torch.Tensor, grad: torch.Tensor, x: torch.Tensor, dtype) -> None:
    """Each part of polar_bw's gradient within 2 ulp of the float64 sum of its dot product's
    terms' magnitudes: |gr cos| + |gi sin| and |rho| (|gi cos| + |gr sin|); NaN and infinities
    where the golden has them."""
    got = ttbw.to_torch(got).to(torch.complex128)
    rho, theta = x.real, x.imag
    cos, sin = torch.cos(theta), torch.sin(theta)
    scales = {"real": (grad.real * cos).abs() + (grad.imag * sin).abs(),
              "imag": rho.abs() * ((grad.imag * cos).abs() + (grad.real * sin).abs())}
    for part, scale in scales.items():
        g, w = getattr(got, part), getattr(want, part)
        same = (torch.isnan(g) & torch.isnan(w)) | (g == w)
        bad = ~same & ~((g - w).abs() <= 2.0 * ulp(scale, TORCH_DTYPE[dtype]))
        assert not bad.any(), (part, int(bad.sum()), g[bad][:4].tolist(), w[bad][:4].tolist())
        finite = torch.isfinite(w)
        if int(finite.sum()) > 1:
            assert pcc(g[finite], w[finite]) >= 0.999


INF, NAN = math.inf, math.nan
# x values and (real) grads: zeros, infinities and NaN in each part, tiny and huge finite values
EDGE_X = [0j, complex(-0.0, 0.0), complex(0.0, -0.0), complex(INF, 0.0), complex(1.0, -INF), complex(NAN, 1.0),
          complex(-INF, INF), complex(3.0, 4.0), complex(2.0 ** -60, -(2.0 ** -61)), complex(2.0 ** 60, 2.0 ** 62),
          complex(0.0, -2.5), complex(-1.5, 0.0)]
EDGE_G = [1.0, -2.0, 0.0, INF, -INF, NAN]
EDGE_POLAR = [complex(0.0, 1.0), complex(-0.0, 2.0), complex(-2.0, 1.0), complex(INF, 1.0), complex(NAN, 1.0),
              complex(1.0, INF), complex(0.0, INF), complex(3.0, NAN), complex(2.0 ** -60, 0.5),
              complex(2.0 ** 10, -3.0)]
EDGE_GC = [complex(1.0, 2.0), complex(0.0, 0.0), complex(INF, 1.0), complex(-1.0, -INF), complex(NAN, 1.0),
           complex(2.0 ** 110, -(2.0 ** 111)), complex(3e38, -3e38)]


def edge_grid(xs, gs):
    """Every (x, g) pair, padded to one tile row's worth of elements."""
    pairs = [(x, g) for x in xs for g in gs]
    x = torch.tensor([p[0] for p in pairs], dtype=torch.complex128)
    g = torch.tensor([p[1] for p in pairs], dtype=torch.complex128 if any(
        isinstance(p[1], complex) for p in pairs) else torch.float64)
    return g.reshape(1, -1), x.reshape(1, -1)


@pytest.mark.parametrize("backend", ["cpu", "device"])
@pytest.mark.parametrize("op", REAL_GRAD + COMPLEX_GRAD)
def test_edge_values(op, backend):
    """torch's values at zeros, infinities and NaNs (NaN where torch's is, in each part), f32;
    the golden rounded to f32 (a product beyond its range is inf there)."""
    xs, gs = (EDGE_POLAR, EDGE_GC) if op == "polar_bw" else (EDGE_X, EDGE_GC if op == "conj_bw" else EDGE_G)
    grad, x = edge_grid(xs, gs)
    dtype = ttbw.float32
    got = run(op, grad, x, dtype, backend)
    want = complex_golden(op, grad, x)
    want = want.to(torch.complex64).to(torch.complex128)
    if op == "polar_bw":
        check_polar(got, want, grad, x, dtype)
    else:
        check(got, want, x, dtype)


def test_polar_golden_keeps_infinities():
    """polar_bw's golden: torch.polar's gradients of abs and angle as leaves (an infinite grad
    part gives -inf in the angle's gradient, which the packed tensor's imag view makes NaN)."""
    grad = torch.tensor([complex(INF, 1.0)], dtype=torch.complex128)
    x = torch.tensor([complex(2.0, 1.0)], dtype=torch.complex128)
    want = complex_golden("polar_bw", grad, x)
    assert want.real.item() == INF and want.imag.item() == -INF
    leaf = x.clone().requires_grad_()
    torch.polar(leaf.real, leaf.imag).backward(grad)
    assert math.isnan(leaf.grad.imag.item())


def test_memory_config_and_dtype():
    """memory_config places the ComplexTensor result; its dtype is the input's (bf16 grad, f32 input)."""
    grad, x = inputs("angle_bw", ttbw.bfloat16)
    (got,) = ttbw.angle_bw(real_tensor(grad, ttbw.bfloat16), ct(x, ttbw.float32), memory_config=ttbw.L1_MEMORY_CONFIG)
    assert got.real.memory_config() is ttbw.L1_MEMORY_CONFIG and got.imag.dtype is ttbw.float32
    want = complex_golden("angle_bw", grad, x)
    check(got, want, x, ttbw.float32)


REAL = ttbw.from_torch(torch.ones(32, 32), ttbw.bfloat16, layout=ttbw.TILE_LAYOUT)
CPLX = ttbw.complex_tensor(REAL, REAL)


@pytest.mark.parametrize("call, error, message", [
    (lambda: ttbw.conj_bw(REAL, REAL), ValueError,
     r"real tensors are not supported: conj_bw takes complex tensors \(ttnn's ComplexTensor\)"),
    (lambda: ttbw.polar_bw(REAL, CPLX), ValueError,
     r"complex and real operands cannot be mixed \(grad_tensor is real, input_tensor is complex\); polar_bw is "
     r"defined for all-complex tensors"),
    (lambda: ttbw.real_bw(REAL, REAL), ValueError,
     r"real tensors are not supported: real_bw takes a real grad_tensor and complex operands"),
    (lambda: ttbw.angle_bw(CPLX, CPLX), ValueError,
     r"grad_tensor must be real and every operand complex \(grad_tensor is complex, input_tensor is complex\); "
     r"angle_bw is defined for a real grad_tensor of complex operands"),
    (lambda: ttbw.abs_bw(CPLX, CPLX), ValueError, r"abs_bw is defined for a real grad_tensor of complex operands or "
     r"all-real tensors"),
    (lambda: ttbw.imag_bw(REAL, ttbw.complex_tensor(*(ttbw.from_torch(torch.ones(3, 32), ttbw.bfloat16),) * 2)),
     ValueError, r"input_tensor of shape 3x32 is not broadcast-compatible with grad_tensor of shape 32x32"),
    (lambda: ttbw.imag_bw(REAL, CPLX, input_grad=CPLX), TypeError, r"unexpected keyword argument 'input_grad'"),
    (lambda: ttbw.conj_bw(CPLX, torch.ones(2)), TypeError, r"input_tensor must be a ttnn.Tensor or ComplexTensor"),
])
def test_refused(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_as_tt_metal_tests_call_them():
    """tt-metal's complex_ops tests: ttnn.Tensor parts placed on a device in L1, memory_config=,
    the golden called with the torch input requiring grad."""
    with ttbw.manage_device(device_id=0) as dev:
        def on_device(values):
            return ttbw.Tensor(values, ttbw.bfloat16).to(ttbw.TILE_LAYOUT).to(dev, ttbw.L1_MEMORY_CONFIG)

        def values(low, high):  # bf16 values, as float32
            return (torch.rand(1, 1, 32, 64, generator=GEN) * (high - low) + low).bfloat16().float()

        in_data = torch.complex(values(-90, 90), values(0, 2 * math.pi))  # ttnn's: abs, angle in (0, 2 pi)
        in_data.requires_grad = True
        input_tensor = ttbw.complex_tensor(on_device(in_data.real.detach()), on_device(in_data.imag.detach()))
        grad_data = torch.complex(values(-50, 50), values(-60, 60))
        grad_tensor = ttbw.complex_tensor(on_device(grad_data.real), on_device(grad_data.imag))
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "function @polar_bw is not one fused program")
            (tt_dev,) = ttbw.polar_bw(grad_tensor, input_tensor, memory_config=ttbw.L1_MEMORY_CONFIG)
        assert tt_dev.real.device() is dev and tt_dev.real.memory_config() is ttbw.L1_MEMORY_CONFIG
        (golden,) = ttbw.get_golden_function(ttbw.polar_bw)(grad_data, in_data)  # ttnn's form: parts joined
        assert pcc(parts(ttbw.to_torch(tt_dev)), golden.detach().double()) >= 0.999
        real_grad = on_device(grad_data.real)
        (tt_abs,) = ttbw.abs_bw(real_grad, input_tensor, memory_config=ttbw.L1_MEMORY_CONFIG)
        (golden_abs,) = ttbw.get_golden_function(ttbw.abs_bw)(grad_data.real, in_data)
        assert pcc(parts(ttbw.to_torch(tt_abs)), golden_abs.double()) >= 0.999
