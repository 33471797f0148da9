"""passes/slope_roots.py: the roots of gelu's, tanh-gelu's and silu's slopes and the slopes' Taylor
coefficients there, from double-precision power series, against mpmath at 40 digits."""
import mpmath
import pytest

from ttbw.passes import slope_roots

mpmath.mp.dps = 40


def _gelu(x):
    return x * mpmath.ncdf(x)


def _gelu_tanh(x):
    return x / (1 + mpmath.exp(-mpmath.sqrt(8 / mpmath.pi) * (x + mpmath.mpf("0.044715") * x ** 3)))


def _silu(x):
    return x / (1 + mpmath.exp(-x))


@pytest.mark.parametrize("series,exact,guess", [(slope_roots.gelu, _gelu, -0.75),
                                                (slope_roots.gelu_tanh, _gelu_tanh, -0.75),
                                                (slope_roots.silu, _silu, -1.28)], ids=["gelu", "gelu-tanh", "silu"])
def test_root_and_coefficients(series, exact, guess):
    root = slope_roots.slope_root(series, guess)
    r = mpmath.findroot(lambda x: mpmath.diff(exact, x), guess)
    assert abs(mpmath.mpf(root.hi) + mpmath.mpf(root.lo) - r) < 1e-15
    # the slope's t^k coefficient is the forward's (k + 1)-th derivative over k!
    for k, c in enumerate(root.coefficients, start=1):
        want = mpmath.diff(exact, r, k + 1) / mpmath.factorial(k)
        assert abs(c - want) <= 1e-10 * abs(want) + 1e-14, k
    # the truncation the degree was chosen by: the first dropped term is small at the window's edge
    dropped = mpmath.diff(exact, r, len(root.coefficients) + 2) / mpmath.factorial(len(root.coefficients) + 1)
    assert abs(dropped) * root.width ** len(root.coefficients) <= 2.0 ** -29 * abs(root.coefficients[0])
