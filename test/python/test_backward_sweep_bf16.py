"""Exhaustive bf16 sweep of the unary backward ops on the emulated device: every one of the
65,536 bf16 bit patterns as x (finite values, +-0, +-inf and NaNs), once with grad = 1 and
once with a seeded random grad, in ONE call per op (the two halves of one (2, 256, 256)
tensor: one compile per op, its kernels cached), against the float64 golden rounded once to
bf16 (round-to-nearest-even from float64 itself, no float32 step).

The measure is the distance in bf16 steps between the result and the rounded golden: 0 is
correctly rounded. Bounds: 0 for the ops whose gradient is grad itself, 0, or grad times
+-1 / a comparison (EXACT); 1 for the others; an op that cannot meet it is in SLACK with its
measured maximum and why. NaN where the golden is NaN and nowhere else; an infinity only where
the golden rounds to that infinity; a result and a golden both below TINY (2^-112: computed
from an intermediate below float32's normal range, which the device flushes) agree.

The goldens are torch autograd in float64 (ttbw.get_golden_function(op), the ttnn helpers'
goldens, run in float64), except where torch's own float64 formula cancels: then the same
derivative written without the cancellation (STABLE; e.g. softsign's composite g / (1 + |x|) -
g |x| / (1 + |x|)^2 loses everything beyond |x| = 2^26), and trigamma's and polygamma's below 0,
where torch's float64 reduction is inexact: the reflection with an exact one (reflection_terms).

`pytest -s` prints the table of worst distances (README's op table).
"""
from __future__ import annotations

import math

import pytest
import torch

import ttbw

SHAPE = (2, 256, 256)
TINY = 2.0 ** -112


def all_bf16() -> torch.Tensor:
    """The 65,536 bf16 values, in bit-pattern order."""
    return torch.arange(-32768, 32768, dtype=torch.int32).to(torch.int16).view(torch.bfloat16)


def inputs():
    """(g, x) of SHAPE: x every bf16 twice; g 1 over the first copy, random normal over the second."""
    x = all_bf16().repeat(2).reshape(SHAPE)
    gen = torch.Generator().manual_seed(24)
    g = torch.cat([torch.ones(65536, dtype=torch.float64), torch.randn(65536, generator=gen, dtype=torch.float64)])
    return g.to(torch.bfloat16).reshape(SHAPE), x


def round_to_bf16(values: torch.Tensor) -> torch.Tensor:
    """float64 -> bf16 rounded once, to nearest even (torch's own cast goes through float32)."""
    finite = torch.isfinite(values) & (values != 0)
    exponent = torch.floor(torch.log2(values.abs().where(finite, torch.ones_like(values))))
    spacing = torch.pow(2.0, (exponent - 7).clamp_min(-133))
    rounded = torch.where(finite, torch.round(values / spacing) * spacing, values)
    return rounded.to(torch.bfloat16)  # exact now (or beyond the range: inf)


def ordered(values: torch.Tensor) -> torch.Tensor:
    """bf16 values as integers in their order (+-0 the same), for distances in bf16 steps."""
    bits = values.view(torch.int16).to(torch.int64) & 0xFFFF
    return torch.where(bits >= 0x8000, 0x8000 - bits, bits)


def distance(got: torch.Tensor, want: torch.Tensor) -> torch.Tensor:
    """bf16 steps between `got` (bf16) and float64 `want` rounded once; 0 for the same NaN-ness or
    infinity, inf where one is NaN or infinite and the other is not, 0 where both are below TINY."""
    rounded = round_to_bf16(want)
    steps = (ordered(got) - ordered(rounded)).abs().double()
    nan_got, nan_want = torch.isnan(got), torch.isnan(want)
    inf_got, inf_want = torch.isinf(got), torch.isinf(rounded)
    special = nan_got | nan_want | inf_got | inf_want
    agree = (nan_got & nan_want) | (inf_got & inf_want & (got.double() == rounded.double()))
    tiny = (got.double().abs() < TINY) & (want.abs() < TINY)
    steps = torch.where(tiny, 0.0, steps)
    return torch.where(special, torch.where(agree, 0.0, math.inf), steps)


def _stable_goldens():
    """op -> golden(g, x, **params) in float64 where torch's formula cancels (see the module's doc)."""
    def sigmoid_times(g, x):
        return g * torch.sigmoid(x) * torch.sigmoid(-x)
    def gelu_slope(g, x, approximate="none"):
        if approximate == "tanh":  # the slope of x s(w), w = 2u: torch's 1 + tanh(u) is 0 below x = -5
            w = math.sqrt(8.0 / math.pi) * (x + 0.044715 * x ** 3)
            dw = math.sqrt(8.0 / math.pi) * (1.0 + 3.0 * 0.044715 * x ** 2)
            return g * (torch.sigmoid(w) + x * dw * torch.sigmoid(w) * torch.sigmoid(-w))
        # Phi as erfc: torch's 1 + erf loses Phi below x = -8 (Phi(-8.4) = 2e-17, below 1's ulp)
        return g * (0.5 * torch.special.erfc(-x * math.sqrt(0.5))
                    + x * torch.exp(-0.5 * x * x) / math.sqrt(2.0 * math.pi))
    return {
        "digamma_bw": lambda g, x: g * polygamma_reflected(1, x),
        "polygamma_bw": lambda g, x, n: g * polygamma_reflected(n + 1, x),
        "gelu_bw": gelu_slope,
        "softsign_bw": lambda g, x: g / (1.0 + x.abs()) ** 2,
        "tanhshrink_bw": lambda g, x: g * torch.tanh(x) ** 2,
        "expm1_bw": lambda g, x: g * torch.exp(x),
        "sigmoid_bw": sigmoid_times,
        "tanh_bw": lambda g, x: 4.0 * sigmoid_times(g, 2.0 * x),
    }


def _cot_derivative(k: int) -> list:
    """d^k/du^k cot(u) as a polynomial in c = cot(u) (coefficients of c^0, c^1, ...): Q_0 = c,
    Q_(k+1) = -(1 + c^2) Q_k'(c); (-1)^k Q_k has no negative coefficient."""
    q = [0.0, 1.0]
    for _ in range(k):
        slope = [i * q[i] for i in range(1, len(q))]
        q = [0.0] * (len(slope) + 2)
        for i, a in enumerate(slope):
            q[i] -= a
            q[i + 2] -= a
    return q


def reflection_terms(m: int, x: torch.Tensor) -> tuple:
    """The two terms psi^(m)(x) is the sum of below 0, in float64 for float32 x: psi(1 - x) and -pi
    cot(pi x) (m = 0); (-1)^(m+1) m! T(r) and -(-1)^(m+1) m! (-1)^s zeta(s, 1 - x) (m >= 1, s = m +
    1; zeta(s, x) = T(r) - (-1)^s zeta(s, 1 - x)), T(r) = sum_j (r + j)^-s = (-1)^(s-1) / (s - 1)!
    pi^s Q_(s-1)(cot(pi r)) with r's distance v to the integers exact (the smaller of x - floor(x)
    and ceil(x) - x) and cot(pi v) from v or 1/2 - v, also exact (+inf at the integers)."""
    s = m + 1
    floor, ceil = x - torch.floor(x), torch.ceil(x) - x
    v = torch.minimum(floor, ceil)
    sign = torch.where(floor <= ceil, 1.0, (-1.0) ** s)
    c = torch.where(v < 0.25, 1.0 / torch.tan(math.pi * v), torch.tan(math.pi * (0.5 - v)))
    q = torch.zeros_like(c)
    for a in reversed(_cot_derivative(s - 1)):
        q = q * c + a
    t = torch.where(v == 0, math.inf, (-1.0) ** (s - 1) / math.factorial(s - 1) * math.pi ** s * q)
    if m == 0:
        return torch.digamma(1.0 - x), -sign * t
    scale = (-1.0) ** (m + 1) * math.factorial(m)
    return scale * sign * t, -scale * (-1.0) ** s * torch.special.zeta(float(s), 1.0 - x)


def polygamma_reflected(m: int, x: torch.Tensor) -> torch.Tensor:
    """psi^(m)(x), m >= 1, in float64 for float32 x: torch's above 0, the reflection below
    (reflection_terms): torch's float64 below 0 computes sin(pi x) of the rounded pi x (trigamma:
    6.6e32 at x = -1, the pole) or sums (x + k)^-s through the poles (polygamma: every digit lost
    at x = -7.9e6); +inf at the non-positive integers, torch's values at +-inf."""
    first, second = reflection_terms(m, x)
    result = torch.where(x >= 0, torch.polygamma(m, x.clamp_min(0.0)), first + second)
    result = torch.where(x == -math.inf, math.nan if m == 1 else (-1.0) ** (m + 1) * math.inf, result)
    result = torch.where(x == math.inf, 0.0 if m == 1 else math.nan, result)
    return torch.where(torch.isnan(x), math.nan, result)


STABLE = _stable_goldens()
# op (pytest id) -> (ttbw op, params); the ops with parameters at one non-default setting too
CASES = {
    "clamp_bw": ("clamp_bw", {"min": -0.5, "max": 2.0}),
    "clamp_bw-min": ("clamp_bw", {"min": -0.5}),
    "clip_bw": ("clip_bw", {"max": 1.5}),
    "hardtanh_bw": ("hardtanh_bw", {}),
    "hardshrink_bw": ("hardshrink_bw", {}),
    "softshrink_bw": ("softshrink_bw", {"lambd": 1.5}),
    "leaky_relu_bw": ("leaky_relu_bw", {}),
    "elu_bw": ("elu_bw", {"alpha": 0.5}),
    "celu_bw": ("celu_bw", {"alpha": 2.0}),
    "selu_bw": ("selu_bw", {}),
    "threshold_bw": ("threshold_bw", {"threshold": 1.0, "value": 5.0}),
    "softplus_bw": ("softplus_bw", {}),
    "softplus_bw-beta": ("softplus_bw", {"beta": 2.0, "threshold": 10.0}),
    "hardsigmoid_bw": ("hardsigmoid_bw", {}),
    "hardswish_bw": ("hardswish_bw", {}),
    "relu6_bw": ("relu6_bw", {}),
    "relu_squared_bw": ("relu_squared_bw", {}),
    "abs_bw": ("abs_bw", {}),
    "sign_bw": ("sign_bw", {}),
    "softsign_bw": ("softsign_bw", {}),
    "tanhshrink_bw": ("tanhshrink_bw", {}),
    "log_sigmoid_bw": ("log_sigmoid_bw", {}),
    "sin_bw": ("sin_bw", {}),
    "cos_bw": ("cos_bw", {}),
    "tan_bw": ("tan_bw", {}),
    "asin_bw": ("asin_bw", {}),
    "acos_bw": ("acos_bw", {}),
    "atan_bw": ("atan_bw", {}),
    "sinh_bw": ("sinh_bw", {}),
    "cosh_bw": ("cosh_bw", {}),
    "asinh_bw": ("asinh_bw", {}),
    "acosh_bw": ("acosh_bw", {}),
    "atanh_bw": ("atanh_bw", {}),
    "log10_bw": ("log10_bw", {}),
    "log1p_bw": ("log1p_bw", {}),
    "log2_bw": ("log2_bw", {}),
    "exp2_bw": ("exp2_bw", {}),
    "expm1_bw": ("expm1_bw", {}),
    "erf_bw": ("erf_bw", {}),
    "erfc_bw": ("erfc_bw", {}),
    "rad2deg_bw": ("rad2deg_bw", {}),
    "deg2rad_bw": ("deg2rad_bw", {}),
    "frac_bw": ("frac_bw", {}),
    "trunc_bw": ("trunc_bw", {}),
    "floor_bw": ("floor_bw", {}),
    "ceil_bw": ("ceil_bw", {}),
    "round_bw": ("round_bw", {}),
    "fill_bw": ("fill_bw", {}),
    "fill_zero_bw": ("fill_zero_bw", {}),
    "rdiv_bw": ("rdiv_bw", {"scalar": 3.0}),
    "pow_bw": ("pow_bw", {"exponent": 2.5}),
    "pow_bw-3": ("pow_bw", {"exponent": 3.0}),
    "rpow_bw": ("rpow_bw", {"exponent": 2.0}),
    "rpow_bw-half": ("rpow_bw", {"exponent": 0.5}),
    "logit_bw": ("logit_bw", {}),
    "logiteps_bw": ("logiteps_bw", {"eps": 0.125}),
    "div_no_nan_bw": ("div_no_nan_bw", {"scalar": 7.0}),
    # the first ops
    "neg_bw": ("neg_bw", {}),
    "relu_bw": ("relu_bw", {}),
    "exp_bw": ("exp_bw", {}),
    "log_bw": ("log_bw", {}),
    "sqrt_bw": ("sqrt_bw", {}),
    "rsqrt_bw": ("rsqrt_bw", {}),
    "reciprocal_bw": ("reciprocal_bw", {}),
    "square_bw": ("square_bw", {}),
    "sigmoid_bw": ("sigmoid_bw", {}),
    "tanh_bw": ("tanh_bw", {}),
    "silu_bw": ("silu_bw", {}),
    "gelu_bw": ("gelu_bw", {}),
    "gelu_bw-tanh": ("gelu_bw", {"approximate": "tanh"}),
    # the special functions
    "lgamma_bw": ("lgamma_bw", {}),
    "digamma_bw": ("digamma_bw", {}),
    "polygamma_bw": ("polygamma_bw", {"n": 1}),
    "polygamma_bw-4": ("polygamma_bw", {"n": 4}),
    "polygamma_bw-9": ("polygamma_bw", {"n": 9}),
    "erfinv_bw": ("erfinv_bw", {}),
    "i0_bw": ("i0_bw", {}),
    "multigammaln_bw": ("multigammaln_bw", {}),
}
# gradients that are grad, 0, or grad times +-1 / a 0-1 test: correctly rounded (distance 0)
EXACT = {"clamp_bw", "clip_bw", "hardtanh_bw", "hardshrink_bw", "softshrink_bw", "threshold_bw", "relu6_bw",
         "abs_bw", "sign_bw", "frac_bw", "trunc_bw", "floor_bw", "ceil_bw", "round_bw", "fill_bw", "fill_zero_bw",
         "neg_bw", "relu_bw"}
# op -> (measured maximum distance, why it exceeds 1)
SLACK: dict = {}
# op -> the |x| up to which the bound holds (passes/approximations.py: the sin / cos reduction is
# exact below REDUCTION_LIMIT = 2^16 pi/2; bf16 values beyond it are not checked)
REDUCTION_LIMIT = 2.0 ** 16 * math.pi / 2.0
DOMAINS = {"sin_bw": REDUCTION_LIMIT, "cos_bw": REDUCTION_LIMIT, "tan_bw": REDUCTION_LIMIT}
# op -> where its bound holds otherwise: multigammaln_bw on x > 3/2 (torch's mvlgamma domain, (p - 1) / 2;
# ttnn's: x > 2.5)
WHERE = {"multigammaln_bw": lambda x: x > 1.5}


def golden(op: str, params: dict, g: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    if op in STABLE:
        return STABLE[op](g, x, **params)
    (grad,) = ttbw.get_golden_function(getattr(ttbw, op))(g, x, **params)
    return grad


_WORST: dict = {}


@pytest.fixture(scope="module")
def sweep_inputs():
    g, x = inputs()
    device = [ttbw.from_torch(t, layout=ttbw.TILE_LAYOUT) for t in (g, x)]
    return g, x, device


@pytest.mark.parametrize("case", list(CASES))
def test_sweep(case, sweep_inputs):
    """Every bf16 x, grad 1 and random: within the op's bound of the rounded float64 golden."""
    g, x, (g_tensor, x_tensor) = sweep_inputs
    op, params = CASES[case]
    (result,) = getattr(ttbw, op)(g_tensor, x_tensor, **params)
    got = ttbw.to_torch(result)
    want = golden(op, params, g.double(), x.double())
    steps = distance(got, want)
    if op in DOMAINS:
        steps = torch.where(x.double().abs() < DOMAINS[op], steps, 0.0)
    if op in WHERE:
        steps = torch.where(WHERE[op](x.double()), steps, 0.0)
    worst = float(steps.max())
    _WORST[case] = worst
    bound = 0.0 if op in EXACT else SLACK.get(case, (1.0,))[0]
    bad = steps > bound
    assert not bool(bad.any()), _describe(case, steps, bad, got, want, g, x)


def _describe(case, steps, bad, got, want, g, x, count=6) -> str:
    order = torch.argsort(torch.where(bad, steps, -1.0).flatten(), descending=True)[:count]
    rows = [f"x={x.flatten()[i].item():.6g} g={g.flatten()[i].item():.4g} got={got.flatten()[i].item():.6g} "
            f"want={want.flatten()[i].item():.6g} ({steps.flatten()[i].item()} steps)" for i in order]
    return f"{case}: {int(bad.sum())} of {bad.numel()} beyond the bound:\n  " + "\n  ".join(rows)


def test_golden_matches_torch_where_exact():
    """The STABLE goldens equal torch autograd in float64 where torch's formula does not cancel."""
    gen = torch.Generator().manual_seed(3)
    x = torch.empty(4000, dtype=torch.float64).uniform_(-6.0, 6.0, generator=gen)
    g = torch.randn(x.shape, generator=gen, dtype=torch.float64)
    for op, params in [(op, params) for op, params in CASES.values() if op in STABLE]:
        (want,) = ttbw.get_golden_function(getattr(ttbw, op))(g, x, **params)
        exact = x.abs() <= (4.5 if op == "gelu_bw" else 6.0)  # tanh-gelu's 1 + tanh(u): 1e-5 off at x = -6
        assert torch.allclose(STABLE[op](g, x, **params)[exact], want[exact], rtol=1e-9, atol=1e-300), (op, params)


def teardown_module():
    if _WORST:
        print("\nworst bf16 distance (steps from the rounded float64 golden):")
        for case, worst in sorted(_WORST.items()):
            print(f"  {case:20s} {worst:g}")
