"""Double-precision values and expansions of the special functions the gamma-family and Bessel /
erfinv rules approximate (passes/polygamma.py, passes/erfinv_bessel.py): Bernoulli numbers, the
Hurwitz zeta function zeta(s, a) and digamma psi(a) for a > 0 (Euler-Maclaurin after shifting a to
at least 16: error below 1e-16 relative), their Taylor coefficients at a point, I1, erfinv,
Chebyshev fits and economization. Pure Python, computed once per process where a rule first asks (lru_cache);
test/python/test_special_series.py checks them against mpmath.
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

_SHIFT = 16  # Euler-Maclaurin's tail starts at a + _SHIFT
_TERMS = 12  # Bernoulli terms of the tail (the 12th is below 1e-27 relative at 16)


@lru_cache(maxsize=None)
def bernoulli(count: int) -> tuple:
    """B_0 .. B_(count - 1) as Fractions (B_1 = -1/2), by the recurrence sum C(n+1, k) B_k = 0."""
    values = [Fraction(1)]
    for n in range(1, count):
        values.append(-sum(math.comb(n + 1, k) * values[k] for k in range(n)) / (n + 1))
    return tuple(values)


def rising(s: float, count: int) -> float:
    """s (s + 1) ... (s + count - 1)."""
    product = 1.0
    for k in range(count):
        product *= s + k
    return product


def hurwitz_zeta(s: int, a: float) -> float:
    """zeta(s, a) = sum_k (a + k)^-s for s >= 2, a > 0."""
    shift = max(_SHIFT, s)
    head = sum((a + k) ** -s for k in range(shift))
    b = a + shift
    tail = b ** (1 - s) / (s - 1) + 0.5 * b ** -s
    numbers = bernoulli(2 * _TERMS + 1)
    for j in range(1, _TERMS + 1):
        tail += float(numbers[2 * j]) / math.factorial(2 * j) * rising(s, 2 * j - 1) * b ** (-s - 2 * j + 1)
    return head + tail


def digamma(a: float) -> float:
    """psi(a) for a > 0."""
    head = -sum(1.0 / (a + k) for k in range(_SHIFT))
    b = a + _SHIFT
    numbers = bernoulli(2 * _TERMS + 1)
    tail = math.log(b) - 0.5 / b - sum(float(numbers[2 * j]) / (2 * j) * b ** (-2 * j) for j in range(1, _TERMS + 1))
    return head + tail


def polygamma(m: int, a: float) -> float:
    """psi^(m)(a) for a > 0: psi for m = 0, else (-1)^(m+1) m! zeta(m + 1, a)."""
    return digamma(a) if m == 0 else (-1) ** (m + 1) * math.factorial(m) * hurwitz_zeta(m + 1, a)


@lru_cache(maxsize=None)
def digamma_root() -> float:
    """The positive root of psi (1.4616321449683622...), by Newton's method."""
    root = 1.46
    for _ in range(6):
        root -= digamma(root) / polygamma(1, root)
    return root


def digamma_taylor(center: float, count: int) -> tuple:
    """psi(center + t) = sum_k c_k t^k, k < count: c_k = psi^(k)(center) / k!."""
    return tuple(polygamma(k, center) / math.factorial(k) for k in range(count))


def zeta_taylor(s: int, center: float, count: int) -> tuple:
    """zeta(s, center + t) = sum_k c_k t^k, k < count: c_k = (-1)^k (s)_k / k! zeta(s + k, center)."""
    return tuple((-1) ** k * rising(s, k) / math.factorial(k) * hurwitz_zeta(s + k, center) for k in range(count))


def bessel_i1(x: float) -> float:
    """I1(x) for 0 <= x < 700: its power series (all terms positive)."""
    z, term, total, k = 0.25 * x * x, 0.5 * x, 0.0, 0
    while term > 1e-18 * total or k < 4:
        total += term
        k += 1
        term *= z / (k * (k + 1))
    return total


def bessel_i1_scaled(x: float) -> float:
    """sqrt(x) e^-x I1(x) for x > 0: the power series below 40, the asymptotic series
    sum_k (-1)^k a_k / x^k / sqrt(2 pi) beyond (truncated at its smallest term, < e^-80)."""
    if x < 40.0:
        return math.sqrt(x) * math.exp(-x) * bessel_i1(x)
    total, term, k = 0.0, 1.0, 0
    while abs(term) > 1e-18:
        total += term
        k += 1
        term *= -(4.0 - (2 * k - 1) ** 2) / (8.0 * k * x)
    return total / math.sqrt(2.0 * math.pi)


def erfinv(x: float, tail: float | None = None) -> float:
    """erfinv(x) for |x| < 1 by Newton's method on erf (erfc beyond 1/2, on 1 - |x|: `tail` where
    the caller has it more exactly than 1 - |x| rounds, e.g. erfc's inverse of a tiny q)."""
    a = abs(x)
    q = 1.0 - a if tail is None else tail
    y = math.sqrt(-math.log(q * (2.0 - q))) * 0.9 if a > 0.0 else 0.0
    for _ in range(100):
        residual = math.erf(y) - a if a <= 0.5 else q - math.erfc(y)  # erf(y) - a
        step = residual * 0.5 * math.sqrt(math.pi) * math.exp(y * y)
        y -= step
        if abs(step) <= 1e-17 * max(y, 1e-300):
            break
    return math.copysign(y, x)


def chebyshev_fit(function, low: float, high: float, degree: int) -> tuple:
    """The monomial coefficients (in u = (2 v - low - high) / (high - low), |u| <= 1) of the degree
    `degree` interpolant of `function` at the Chebyshev nodes of [low, high]."""
    n = degree + 1
    nodes = [math.cos(math.pi * (k + 0.5) / n) for k in range(n)]
    values = [function(0.5 * (high - low) * u + 0.5 * (high + low)) for u in nodes]
    cheb = [2.0 / n * sum(v * math.cos(math.pi * j * (k + 0.5) / n) for k, v in enumerate(values)) for j in range(n)]
    cheb[0] *= 0.5
    return tuple(_monomials(cheb))


def _monomials(cheb) -> list:
    """sum_j cheb_j T_j(u) in monomials of u: T_0 = 1, T_1 = u, T_(j+1) = 2 u T_j - T_(j-1)."""
    previous, current = [1.0], [0.0, 1.0]
    coefficients = [0.0] * len(cheb)
    coefficients[0] = cheb[0]
    if len(cheb) > 1:
        coefficients[1] = cheb[1]
    for j in range(2, len(cheb)):
        following = [0.0] * (j + 1)
        for i, c in enumerate(current):
            following[i + 1] += 2.0 * c
        for i, c in enumerate(previous):
            following[i] -= c
        for i, c in enumerate(following):
            coefficients[i] += cheb[j] * c
        previous, current = current, following
    return coefficients


def economize(coefficients, low: float, high: float, tolerance: float) -> tuple:
    """A lower-degree polynomial for sum_k c_k t^k on [low, high] (a power series truncated far
    enough): Chebyshev economization on the interval, dropping the highest Chebyshev terms while
    their sum stays below `tolerance` (an absolute error on the interval)."""
    middle, width = 0.5 * (low + high), 0.5 * (high - low)
    centred = shifted(coefficients, middle)
    n = len(centred)
    scaled = [c * width ** k for k, c in enumerate(centred)]  # in u = (t - middle) / width
    # u = cos v: u^k = 2^-k sum_j C(k, j) cos((k - 2j) v) = 2^-k sum_j C(k, j) T_|k-2j|(u)
    cheb = [0.0] * n
    for k, c in enumerate(scaled):
        for j in range(k + 1):
            cheb[abs(k - 2 * j)] += c * math.comb(k, j) * 2.0 ** -k
    degree, dropped = n - 1, 0.0
    while degree > 0 and dropped + abs(cheb[degree]) <= tolerance:
        dropped += abs(cheb[degree])
        degree -= 1
    monomial = _monomials(cheb[:degree + 1])  # back to monomials in u, then in t
    return shifted([c / width ** k for k, c in enumerate(monomial)], -middle)


def shifted(coefficients, offset: float) -> tuple:
    """The coefficients of p(t + offset) for p(t) = sum_k c_k t^k."""
    return tuple(sum(c * math.comb(k, j) * offset ** (k - j) for k, c in enumerate(coefficients) if k >= j)
                 for j in range(len(coefficients)))
