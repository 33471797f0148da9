"""passes/special_series.py: the double-precision special functions and expansions the gamma-family,
erfinv and I1 rules' coefficients come from, against mpmath at 40 digits; the polynomial tools
(Chebyshev fits, economization, shifts) on functions with known values."""
import math

import mpmath
import pytest

from ttbw.passes import special_series as series

mpmath.mp.dps = 40


def _close(got, want, rel=1e-14):
    return abs(got - float(want)) <= rel * abs(float(want))


def test_bernoulli_numbers():
    numbers = series.bernoulli(20)
    assert all(_close(float(numbers[k]), mpmath.bernoulli(k)) for k in (0, 2, 4, 10, 18))
    assert numbers[1] == -0.5 and numbers[3] == 0 and numbers[19] == 0


@pytest.mark.parametrize("s", [2, 3, 7, 12, 30])
@pytest.mark.parametrize("a", [0.05, 0.5, 1.0, 1.5, 2.46, 7.3, 100.0])
def test_hurwitz_zeta(s, a):
    with mpmath.workdps(80):  # mpmath's zeta(30, 100) at 40 digits is 2.5e-11 off
        assert _close(series.hurwitz_zeta(s, a), mpmath.zeta(s, a))


@pytest.mark.parametrize("a", [1e-3, 0.3, 1.0, 1.4616, 1.5, 2.46, 7.3, 1e5])
def test_digamma_and_polygamma(a):
    # psi's absolute error stays ~1e-16 where it passes through its root
    assert abs(series.digamma(a) - float(mpmath.digamma(a))) <= 1e-15 * max(1.0, abs(float(mpmath.digamma(a))))
    for m in (1, 2, 5):
        assert _close(series.polygamma(m, a), mpmath.polygamma(m, a))


def test_digamma_root():
    assert abs(series.digamma_root() - float(mpmath.findroot(mpmath.digamma, 1.46))) < 1e-15


@pytest.mark.parametrize("center", [1.5, 2.46])
def test_taylor_coefficients(center):
    for k, c in enumerate(series.digamma_taylor(center, 12)):
        assert _close(c, mpmath.polygamma(k, center) / mpmath.factorial(k), 1e-13)
    for k, c in enumerate(series.zeta_taylor(3, center, 12)):
        assert _close(c, mpmath.diff(lambda a: mpmath.zeta(3, a), center, k) / mpmath.factorial(k), 1e-12)


@pytest.mark.parametrize("x", [1e-5, 0.5, 3.0, 8.0, 39.9, 40.0, 100.0, 700.0])
def test_bessel_i1(x):
    if x < 700.0:
        assert _close(series.bessel_i1(x), mpmath.besseli(1, x))
    assert _close(series.bessel_i1_scaled(x), mpmath.sqrt(x) * mpmath.exp(-x) * mpmath.besseli(1, x))


@pytest.mark.parametrize("x", [1e-30, -0.3, 0.5, 0.51, 0.9, 0.999, 1 - 2.0 ** -24])
def test_erfinv(x):
    assert _close(series.erfinv(x), mpmath.erfinv(x), 1e-13)


def test_polynomial_tools():
    # exp on [0, 1]: a degree-10 Chebyshev fit, and its Taylor series economized to the same error
    fit = series.chebyshev_fit(math.exp, 0.0, 1.0, 10)
    assert max(abs(sum(c * (2 * v - 1) ** k for k, c in enumerate(fit)) - math.exp(v))
               for v in [i / 200 for i in range(201)]) < 1e-13
    taylor = [1.0 / math.factorial(k) for k in range(25)]
    short = series.economize(taylor, 0.0, 1.0, 1e-9)
    assert len(short) < 12
    assert max(abs(sum(c * v ** k for k, c in enumerate(short)) - math.exp(v)) for v in [i / 200 for i in range(201)]) \
        < 1.1e-9
    # p(t + 2) for p = 1 + t^2: 5 + 4t + t^2
    assert series.shifted([1.0, 0.0, 1.0], 2.0) == (5.0, 4.0, 1.0)
