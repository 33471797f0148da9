"""psi (digamma) and the Hurwitz zeta function zeta(s, x) = sum_k (x + k)^-s (psi^(m) = (-1)^(m+1)
m! zeta(m + 1, x)) built from TTIR ops, for lgamma_bw, digamma_bw, polygamma_bw and
multigammaln_bw (passes/derivatives_special.py). Each takes and returns GradientBuilder
expressions; the polynomials' coefficients come from passes/special_series.py.
"""
from __future__ import annotations

import math
from functools import lru_cache

from . import special_series as series
from .approximations import horner, rounded_to_integer
from .exact_arith import f32, two_sum

_TOLERANCE = 2.0 ** -28  # the polynomials' truncation, relative to their smallest value


class _Digamma:
    """psi on x > 0 by ranges, each without cancellation: (0, R - 1/2) psi(x + 1) - 1 / x; [R -
    1/2, R + 1/2) psi(R_f + t) = c + t Q(t), t = x - R_f exact (R_f: the float32 next to psi's
    root R = 1.4616...; Q economized from psi's Taylor series: relative accuracy at the root);
    [R + 1/2, R + 3/2) P(x - 2), [R + 3/2, A) P(x - 1 - 2) + 1 / (x - 1) (a shift into
    that window, where psi is positive as the shift's term: a shift into the root's window would
    cancel); from A = R + 5/2 on the asymptotic series ln x - 1 / (2x) - sum_k B_2k / (2k x^2k), truncated below
    2^-28."""

    def __init__(self):
        root = f32(series.digamma_root())
        self.root = root
        taylor = series.digamma_taylor(root, 40)
        self.root_value = taylor[0]
        self.near = series.economize(taylor[1:], -0.5, 0.5, _TOLERANCE * 0.39)
        # economized around the window's middle, evaluated in x - 2 (exact): Horner's terms
        # then keep the sign of their sum, where around the middle they cancel (3.6 ulp, not 1.8)
        middle = series.economize(series.digamma_taylor(root + 1.0, 40), -0.5, 0.5, _TOLERANCE * 0.39)
        self.next = series.shifted(middle, 2.0 - (root + 1.0))
        self.asymptotic_from = root + 2.5
        numbers = series.bernoulli(40)
        terms = []
        for k in range(1, 20):
            term = float(numbers[2 * k]) / (2 * k)
            terms.append(term)
            if abs(term) * self.asymptotic_from ** (-2 * k - 2) * 19 < _TOLERANCE:
                break
        self.asymptotic = tuple(terms)


@lru_cache(maxsize=None)
def _digamma() -> _Digamma:
    return _Digamma()


def _digamma_parts(d, x, minus_ln2: bool = False, half=None):
    """(p, low) with psi(x) = p - low / x for x > 0 (low: 1.0 below the root's window, where
    psi(x) = psi(x + 1) - 1 / x: the caller divides its g by x, in range where g / x is); with
    `minus_ln2`, p is psi(x) - ln 2 - low / x, the constant taken into the polynomials' and the
    logarithm's (ln(x / 2), or ln(`half`) given as x / 2 where x may overflow) exactly, where psi(x)
    - ln 2 would cancel (multigammaln_bw)."""
    k = _digamma()
    offset = math.log(2.0) if minus_ln2 else 0.0
    one = d.constant(1.0)
    low = d.lt(x, d.constant(k.root - 0.5))
    # the root's window: x itself, or x + 1 below it
    t = d.add(x, d.where(low, d.constant(1.0 - k.root), d.constant(-k.root)))
    near = d.add(d.constant(k.root_value - offset), d.multiply(t, horner(d, t, k.near)))
    # the next window, x or x - 1 (exact) in [R + 1/2, R + 3/2)
    high = d.ge(x, d.constant(k.root + 1.5))
    r = d.where(high, d.subtract(x, one), x)
    following = horner(d, d.subtract(r, d.constant(2.0)), (k.next[0] - offset,) + k.next[1:])
    following = d.where(high, d.add(following, d.reciprocal(r)), following)
    # the asymptotic series
    w = d.reciprocal(x)
    z = d.multiply(w, w)
    logarithm = d.log((d.multiply(x, d.constant(0.5)) if half is None else half) if minus_ln2 else x)
    far = d.subtract(logarithm, d.add(d.multiply(w, d.constant(0.5)), d.multiply(z, horner(d, z, k.asymptotic))))
    middle = d.lt(x, d.constant(k.root + 0.5))
    return d.where(middle, near, d.where(d.lt(x, d.constant(k.asymptotic_from)), following, far)), low


def reflection_point(d, x):
    """For x < 0: (v, flip) with v = min(r, 1 - r) in [0, 1/2] exactly for r = x - floor(x) (v = 0
    from |x| = 2^23 on, where every float32 is an integer) and flip = 1.0 where r > 1/2 (then v =
    1 - r): m = x - 2 round(x / 2) in [-1, 1] is exact, r = m mod 1."""
    m = d.subtract(x, d.multiply(rounded_to_integer(d, d.multiply(x, d.constant(0.5))), d.constant(2.0)))
    a = d.abs(m)
    v = d.minimum(a, d.subtract(d.constant(1.0), a))
    v = d.where(d.lt(d.abs(x), d.constant(2.0 ** 23)), v, d.constant(0.0))
    flip = d.ne(d.gt(a, d.constant(0.5)), d.lt(m, d.constant(0.0)))
    return v, flip


class _CotPi:
    """pi cot(pi v) = 1 / v - 1 / (1 - v) + W(v) on [0, 1/2], W(v) = psi(2 - v) - psi(1 + v) (the
    partial fractions beyond the two nearest poles): W(1/2 + t) = t E(t^2), E economized from
    -2 psi^(k)(3/2) / k! (k odd)."""

    def __init__(self):
        taylor = series.digamma_taylor(1.5, 40)
        self.even = series.economize([-2.0 * c for c in taylor[1::2]], 0.0, 0.25, _TOLERANCE * 0.5)


@lru_cache(maxsize=None)
def _cot_pi() -> _CotPi:
    return _CotPi()


def _cot_times(d, g, x):
    """(g pi cot(pi x), v) for x < 0 (reflection_point's v): +-(g / v) ((1 - 2v) / (1 - v)) + g W(v)
    (_CotPi; 1 - 2v exact, the pole's term as g / v: in range where the result is)."""
    v, flip = reflection_point(d, x)
    t = d.subtract(v, d.constant(0.5))
    pole = d.multiply(d.div(g, v), d.div(d.subtract(d.constant(1.0), d.add(v, v)), d.subtract(d.constant(1.0), v)))
    cot = d.add(pole, d.multiply(g, d.multiply(t, horner(d, d.multiply(t, t), _cot_pi().even))))
    return d.where(flip, d.neg(cot), cot), v


def digamma_times(d, g, x):
    """g psi(x) (torch's values: -inf g at +0, +inf g at -0, NaN at the negative integers and -inf).
    x < 0 by the reflection psi(x) = psi(1 - x) - pi cot(pi x) (_cot_times); near psi's negative
    roots (one in each unit interval) psi(1 - x) and pi cot(pi x) cancel."""
    negative = d.lt(x, d.constant(0.0))
    y, y_tail = two_sum(d, d.constant(1.0), d.neg(x))
    p, low = _digamma_parts(d, d.where(negative, y, x))
    # 1 - x's rounding (x in (-1, 0), or 1 - x past a power of two) times psi'(y) ~ w + w^2 / 2 + w^3 / 6,
    # w = 1 / y (y >= 1: within 1.3%): 7 ulp of the terms at x = -0.503, where psi(1 - x) is near its root
    w = d.reciprocal(y)
    slope = d.multiply(w, horner(d, w, (1.0, 0.5, 1.0 / 6.0)))
    p = d.add(p, d.where(negative, d.multiply(y_tail, slope), d.constant(0.0)))
    gp = d.multiply(g, p)
    positive = d.subtract(gp, d.where(low, d.div(g, x), d.constant(0.0)))
    cot, v = _cot_times(d, g, x)
    reflected = d.where(d.eq(v, d.constant(0.0)), _nan(d), d.subtract(gp, cot))
    return d.where(negative, reflected, positive)


def _nan(d):
    return d.sqrt(d.constant(-1.0))


class _Multigamma:
    """The root of f(x) = sum_(i < 4) psi(x - i / 2) (2.35...) and f's polynomial in t = x - R_f
    within 0.4 of it (R_f the root's float32: f = c + t Q(t), Q economized from f's Taylor series
    sum_i psi^(k)(R_f - i / 2) / k!)."""
    width = 0.4

    def __init__(self):
        def f(x, k=0):
            return sum(series.polygamma(k, x - i / 2.0) for i in range(4))
        root = 2.4
        for _ in range(8):
            root -= f(root) / f(root, 1)
        self.root = f32(root)
        taylor = [f(self.root, k) / math.factorial(k) for k in range(40)]
        self.value = taylor[0]
        self.slope = series.economize(taylor[1:], -self.width, self.width, _TOLERANCE * 0.9)


@lru_cache(maxsize=None)
def _multigamma() -> _Multigamma:
    return _Multigamma()


def multigammaln_times(d, g, x):
    """g sum_(i < 4) psi(x - i / 2) by Legendre's duplication: 4 psi(y) + 2 / y + 1 / (x - 1) - 4 ln 2,
    y = 2x - 3 = 2 (x - 3/2) (one psi), as 4 (psi(y) - ln 2) (_digamma_parts' minus_ln2: no cancellation of the
    constant) with psi's pole term -4 / y and 2 / y as one (2 - 4) / y; within 0.4 of f's root
    (x = 2.35) f's own polynomial (_Multigamma). x < 3/2: psi(y) by the reflection (torch's values:
    -inf at 3/2 and 1, NaN at the other half-integers below and for -2^-53 <= x <= 2^-54; psi(1 - y) and pi
    cot(pi y) cancel near f's roots there)."""
    k = _multigamma()
    one, zero = d.constant(1.0), d.constant(0.0)
    half = d.subtract(x, d.constant(1.5))
    y = d.add(half, half)  # inf from x = 2^127 on: its psi's logarithm takes x - 3/2
    negative = d.lt(y, zero)
    p, low = _digamma_parts(d, d.where(negative, d.subtract(one, y), y), minus_ln2=True,
                            half=d.where(negative, d.multiply(d.subtract(one, y), d.constant(0.5)), half))
    four_gp = d.multiply(d.multiply(g, p), d.constant(4.0))
    rest = d.div(g, d.subtract(x, one))
    pole = d.div(d.multiply(g, d.subtract(d.constant(2.0), d.multiply(low, d.constant(4.0)))), y)
    positive = d.add(four_gp, d.add(pole, rest))
    cot, v = _cot_times(d, g, d.add(x, x))  # cot(pi y) = cot(2 pi x): exact where y = 2x - 3 rounds
    reflected = d.add(d.subtract(four_gp, d.multiply(cot, d.constant(4.0))), d.add(d.div(d.add(g, g), y), rest))
    reflected = d.where(d.eq(v, zero), _nan(d), reflected)
    result = d.where(negative, reflected, positive)
    t = d.subtract(x, d.constant(k.root))
    near = d.multiply(g, d.add(d.constant(k.value), d.multiply(t, horner(d, t, k.slope))))
    inside = d.le(d.subtract(d.abs(t), d.constant(k.width)), zero)
    result = d.where(inside, near, result)
    # torch's float64 x - 1 rounds to the pole -1 for -2^-53 <= x <= 2^-54: psi(-1) = NaN there
    rounds_to_pole = d.multiply(d.le(x, d.constant(2.0 ** -54)), d.ge(x, d.constant(-(2.0 ** -53))))
    result = d.where(rounds_to_pole, _nan(d), result)
    return d.where(d.eq(x, one), d.div(d.neg(g), zero), result)


class _Zeta:
    """zeta(s, y) for y > 0 and one s >= 2 by upward shifts (positive terms: no cancellation):
    sum_(k < j) (y + k)^-s + A(y + j), j the shifts that bring y to at least `start`, A the
    asymptotic series z^(1-s) (1 / (s - 1) + 1 / (2z) + sum_k B_2k (s)_(2k-1) / (2k)! z^-2k),
    truncated below 2^-28 (`start` and the term count: the fewest tile ops, a shift costing
    ~6, a term 2). The reflection's W(v) = zeta(s, 1 + v) + (-1)^s zeta(s, 2 - v), v in [0,
    1/2], as t^(s mod 2) E(t^2), t = v - 1/2 (E economized from the Taylor series at 3/2), and
    for odd s, whose v^-s - (1 - v)^-s cancels near v = 1/2, T(v) / (1 - 2v) there (T = v^-s +
    (-1)^s (1 - v)^-s + W(v)) as a polynomial R(t^2) for |t| <= 1/8."""

    def __init__(self, s: int):
        numbers = series.bernoulli(60)
        best = None
        for start in range(2, 24):
            terms = []
            for k in range(1, 28):
                term = float(numbers[2 * k]) / math.factorial(2 * k) * series.rising(s, 2 * k - 1)
                if abs(term) * start ** (-2 * k) * (s - 1) < _TOLERANCE:
                    break
                terms.append(term)
            else:
                continue
            cost = 6 * start + 2 * len(terms)
            if best is None or cost < best[0]:
                best = (cost, start, tuple(terms))
        _, self.start, self.terms = best
        taylor = series.zeta_taylor(s, 1.5, 40)
        parity = s % 2
        self.reflection = series.economize([2.0 * c for c in taylor[parity::2]], 0.0, 0.25, _TOLERANCE)
        if parity:
            # T(1/2 + t) / (-2t): (1/2 + t)^-s - (1/2 - t)^-s = 2^(s+1) sum_(k odd) C(-s, k) (2t)^k, and W
            own = [2.0 ** (s + 1) * (-1) ** k * math.comb(s + k - 1, k) * 2.0 ** k if k % 2 else 0.0
                   for k in range(40)]
            total = [own[k] + (2.0 * taylor[k] if k % 2 else 0.0) for k in range(40)]
            self.middle = series.economize([-0.5 * c for c in total[1::2]], 0.0, 1.0 / 64.0, _TOLERANCE)


@lru_cache(maxsize=None)
def _zeta(s: int) -> _Zeta:
    return _Zeta(s)


def _zeta_parts(d, s: int, y, tail=None):
    """(shifts, z, factor, first) with zeta(s, y) = y^-s first + shifts + z^(1-s) factor / (s - 1)
    for y > 0: `first` 1.0 below the series' start (the caller adds y^-s, the pole's term,
    range-safely), `shifts` the other shifts' terms (smallest first), z^(1-s) factor = (s - 1)
    A(z), z = y + j, factor = 1 + (s - 1) (1 / (2z) + ...) (the caller's (s - 1)! / (s - 1) =
    (s - 2)! is exact: no rounded 1 / (s - 1), and a leading 1 the other terms are damped
    against). `tail`: y's own rounding (y + tail exact), taken into A's argument."""
    k = _zeta(s)
    j, inside = None, []
    for shift in range(k.start):
        here = d.add(y, d.constant(float(shift))) if shift else y
        mask = d.lt(here, d.constant(float(k.start)))
        inside.append((here, mask))
        j = mask if j is None else d.add(j, mask)
    # z = y + j and its rounding e (y + j crosses a power of two: 2.5 ulp of zeta(12, 7.7)),
    # A(z + e) = A(z) (1 - (s - 1) e / z (1 + 1 / (2z)))
    z, e = two_sum(d, y, j)
    if tail is not None:
        e = d.add(e, tail)
    w = d.reciprocal(z)
    inner = d.add(d.constant(0.5 * (s - 1)), d.multiply(w, horner(d, d.multiply(w, w), [(s - 1) * c for c in k.terms])))
    factor = d.add(d.constant(1.0), d.multiply(w, inner))
    slope = d.multiply(d.multiply(e, w), d.add(d.constant(float(s - 1)), d.multiply(w, d.constant(0.5 * (s - 1)))))
    factor = d.subtract(factor, d.multiply(factor, slope))
    shifts = None
    for here, mask in reversed(inside[1:]):
        term = d.where(mask, d.pow(here, d.constant(float(-s))), d.constant(0.0))
        shifts = term if shifts is None else d.add(shifts, term)
    return shifts, z, factor, inside[0][1]


def _times_power(d, g, p, s: int, large: bool = False):
    """g p^-s for p >= 0 without p^-s leaving float32's range where g p^-s need not: (g / p) / p
    for s = 2; else g pow(p, -s), or (g h) h with h = pow(p, -s / 2) where p^-s would overflow
    (p small) or, `large` (p >= 1), underflow (p large)."""
    if s == 2 and not large:
        return d.div(d.div(g, p), p)
    h = d.pow(p, d.constant(-0.5 * s))
    if large:
        outside = d.gt(p, d.constant(2.0 ** (120.0 / s)))
    else:
        outside = d.lt(p, d.constant(2.0 ** (-120.0 / s)))
    return d.where(outside, d.multiply(d.multiply(g, h), h), d.multiply(g, d.pow(p, d.constant(float(-s)))))


def _times_constant(d, g, c: float):
    """g c; g itself for c = 1, -g for c = -1 (no op to round)."""
    return g if c == 1.0 else d.neg(g) if c == -1.0 else d.multiply(g, d.constant(c))


def polygamma_times(d, g, x, m: int):
    """g psi^(m)(x) for m >= 1: (-1)^(m+1) m! g zeta(m + 1, x), torch's values at the poles
    (sign(g) inf at the non-positive integers and -inf; trigamma NaN at -inf, polygamma NaN at
    +inf). x < 0 by zeta(s, x) = T(r) - (-1)^s zeta(s, 1 - x), T(r) = sum over all integers j of
    (r + j)^-s with signs (-1)^s for j < 0, r = x - floor(x) (reflection_point's v, flip: T(1 - v)
    = (-1)^s T(v)), T(v) = v^-s + (-1)^s (1 - v)^-s + W(v) (_Zeta), 1 - 2v exact. 1 - x and 1 - v
    round (x in (-1, 0), or 1 - x past a power of two): their tails correct the terms they enter,
    which dominate for odd s near the half-integers (s ulp there). The pole's term g v^-s (x^-s
    for x > 0) range-safely (_times_power)."""
    s = m + 1
    k = _zeta(s)
    sign = (-1.0) ** (m + 1)
    parity = -1.0 if s % 2 else 1.0
    big = _times_constant(d, g, sign * math.factorial(m))  # g (-1)^(m+1) m!
    small = _times_constant(d, g, sign * math.factorial(m - 1))  # the same over s - 1
    one, zero = d.constant(1.0), d.constant(0.0)
    negative = d.lt(x, zero)
    reflected_y, y_tail = two_sum(d, one, d.neg(x))
    y = d.where(negative, reflected_y, d.abs(x))
    y_tail = d.where(negative, y_tail, zero)
    shifts, z, factor, first = _zeta_parts(d, s, y, y_tail)
    # z^(1-s) leaves float32's normal range where (s - 2)! g z^(1-s) does not from s = 9 on
    if s >= 9:
        tail = _times_power(d, d.multiply(small, factor), z, s - 1, large=True)
    else:
        tail = d.multiply(d.multiply(small, factor), d.pow(z, d.constant(1.0 - s)))
    positive = d.add(d.where(first, _times_power(d, big, y, s), zero), d.add(d.multiply(big, shifts), tail))
    # x < 0: zeta(s, 1 - x) with 1 - x's tail in its terms below the series' start:
    # d/dy of y^-s and of the shifts' terms ~ -s / y and -s / (y + 5/4)
    head = d.where(first, d.pow(y, d.constant(float(-s))), zero)
    slope = d.add(d.div(head, y), d.div(shifts, d.add(y, d.constant(1.25))))
    terms = d.subtract(d.add(head, shifts), d.multiply(d.multiply(y_tail, d.constant(float(s))), slope))
    zeta_y = d.add(d.multiply(big, terms), tail)
    v, flip = reflection_point(d, x)
    flip = d.multiply(flip, d.ne(v, zero))  # the pole's sign at the integers: +, as torch's
    u, u_tail = two_sum(d, one, d.neg(v))
    twice = d.subtract(one, d.add(v, v))  # 1 - 2v, exact
    t = d.subtract(v, d.constant(0.5))
    tt = d.multiply(t, t)
    w = horner(d, tt, k.reflection)
    w = d.multiply(t, w) if s % 2 else w
    far_pole = d.pow(u, d.constant(float(-s)))
    far_pole = d.multiply(far_pole, d.subtract(one, d.multiply(d.constant(float(s)), d.div(u_tail, u))))
    near = d.add(d.multiply(big, d.add(d.multiply(far_pole, d.constant(parity)), w)), _times_power(d, big, v, s))
    if s % 2:
        middle = d.multiply(big, d.multiply(twice, horner(d, tt, k.middle)))
        near = d.where(d.ge(v, d.constant(0.375)), middle, near)
    near = d.where(flip, d.multiply(near, d.constant(parity)), near)
    reflected = d.subtract(near, d.multiply(zeta_y, d.constant(parity)))
    result = d.where(negative, reflected, positive)
    if s == 2:
        return d.where(d.eq(x, d.constant(math.inf)), d.multiply(g, zero), result)
    return d.where(d.eq(x, d.constant(-math.inf)), d.div(big, zero), result)
