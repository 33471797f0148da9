"""The derivative rules of ttnn's complex_unary_backward family (conj, real, imag, angle, polar)
and of abs_bw's complex form: PyTorch's conjugate Wirtinger gradients (its derivatives.yaml,
checked against torch autograd in complex128). For a real loss L and a complex x, x's gradient
is dL/d re(x) + i dL/d im(x), and a complex result's grad is that of the result; a real result
(real, imag, angle, abs) has a real grad and a complex input_grad.

GRADIENTS maps an op name to its input_grad rule `(d, x) -> expression`; COMPLEX_FORMS the rules
of ops whose real form is another module's (derivatives.py picks by the input's type). A rule
reads a complex operand by its parts (d.real, d.imag) and builds its gradient from them
(d.complex), so that a part can take a real rule: angle(z) = atan2(im z, re z) and |z| =
hypot(re z, im z) take atan2_bw's and hypot_bw's gradients (derivatives_binary.py).
"""
from __future__ import annotations

from .approximations import sin_cos
from .derivatives_binary import At, atan2_gradient, hypot_gradient
from .exact_arith import product_error, two_sum, veltkamp

_BIG = 2.0 ** 100  # beyond it a grad part is scaled by 2^-64 (exact) for polar_bw's splits


def _parts(d, z):
    return d.real(z), d.imag(z)


def _at_zero(d, zr, zi):
    """1 where z = 0 (either zero's sign), else 0: a 0-1 product is exact."""
    zero = d.constant(0.0)
    return d.multiply(d.eq(zr, zero), d.eq(zi, zero))


def _angle(d, x):
    """i g / conj(z) = g (-zi + i zr) / |z|^2, PyTorch's where(z == 0, 0, g z / |z|^2 i):
    atan2_bw's gradients of atan2(zi, zr) (< 1.5 ulp, no overflow of |z|^2); 0 at z = 0 whatever
    g; elsewhere NaN in both parts for a non-finite g or part of z (PyTorch's product by i
    meets inf * 0), by (g - g) + (zr - zr) + (zi - zi)."""
    zr, zi = _parts(d, x.input)
    at = At(x.grad, zi, zr)
    origin, zero = _at_zero(d, zr, zi), d.constant(0.0)
    spread = d.add(_nan_unless_finite(d, zr, zi), d.subtract(x.grad, x.grad))
    return d.complex(d.where(origin, zero, d.subtract(atan2_gradient(d, at, "other"), spread)),
                     d.where(origin, zero, d.subtract(atan2_gradient(d, at, "input"), spread)))


def _nan_unless_finite(d, zr, zi):
    """0 where both parts are finite, NaN elsewhere."""
    return d.add(d.subtract(zr, zr), d.subtract(zi, zi))


def complex_abs(d, x):
    """g sgn(z) = g z / |z|: hypot_bw's gradients of hypot(zr, zi). PyTorch's edges: at z = 0
    g (0 + 0i) (0, NaN for an infinite g); a non-finite part of z makes both parts NaN (its
    g (sr + i si) multiplies each part of sgn(z) = z / |z| into both)."""
    zr, zi = _parts(d, x.input)
    at = At(x.grad, zr, zi)
    origin = _at_zero(d, zr, zi)
    zero = d.multiply(x.grad, d.constant(0.0))  # g 0 - 0 0 and g 0 + 0 0: -0 and +0 for a negative g
    spread = _nan_unless_finite(d, zr, zi)
    return d.complex(d.where(origin, zero, d.subtract(hypot_gradient(d, at, "input"), spread)),
                     d.where(origin, d.add(zero, d.constant(0.0)),
                             d.subtract(hypot_gradient(d, at, "other"), spread)))


def _dot(d, a, b, b_tail, c, e, e_tail):
    """a (b + b_tail) + c (e + e_tail) rounded once (up to the tails' own products): Dekker's
    exact errors of a b and c e and TwoSum's of their sum added before the last rounding (the two
    products cancel where g is orthogonal to w: PyTorch's real(conj(g) w) then loses every bit).
    `a`, `b`, `c`, `e` are (value, Veltkamp split) pairs."""
    (a, a_split), (b, b_split), (c, c_split), (e, e_split) = a, b, c, e
    p, q = d.multiply(a, b), d.multiply(c, e)
    head, error = two_sum(d, p, q)
    tail = d.add(d.add(product_error(d, p, a_split, b_split), product_error(d, q, c_split, e_split)),
                 d.add(error, d.add(d.multiply(a, b_tail), d.multiply(c, e_tail))))
    return d.add(head, tail)


def _polar(d, x):
    """PyTorch's polar_backward of r = polar(rho, theta) = rho e^(i theta), the input packed as
    rho + i theta (ttnn's): grad_abs = Re(conj(g) sgn(r)) = sgn(rho) (gr cos + gi sin), grad_angle
    = Re(conj(g) i r) = rho (gi cos - gr sin), each dot product compensated (_dot) with sin / cos
    to their tails (approximations.sin_cos), so that neither cancels (both are within ~1 ulp of
    themselves where PyTorch's chain is within |g| / |result| ulp). A grad part beyond 2^100 (the
    splits overflow from 2^116): g scaled by 2^-64, each part back by 2^64 last (exact; 0 at
    rho = 0). PyTorch's values where its chain is not finite: for an infinite or NaN rho NaN in
    both parts (sgn(r) is inf / inf, r i meets inf * 0), by + (rho - rho); a non-finite g part:
    the plain dots."""
    rho, theta = _parts(d, x.input)
    gr, gi = _parts(d, x.grad)
    sin, cos, sin_tail, cos_tail = sin_cos(d, theta, tails=True)
    big = d.gt(d.add(d.abs(gr), d.abs(gi)), d.constant(_BIG))
    down, up = d.constant(2.0 ** -64), d.constant(2.0 ** 64)
    sr, si = ((v, veltkamp(d, v)) for v in (d.where(big, d.multiply(p, down), p) for p in (gr, gi)))
    c, s = ((v, veltkamp(d, v)) for v in (cos, sin))
    minus_s = (d.neg(sin), tuple(d.neg(h) for h in s[1]))
    sign = d.add(d.sign(rho), d.subtract(rho, rho))

    def unscaled(v):
        return d.where(big, d.multiply(v, up), v)

    finite_g = d.eq(_nan_unless_finite(d, gr, gi), d.constant(0.0))
    along = d.where(finite_g, unscaled(d.multiply(sign, _dot(d, sr, c, cos_tail, si, s, sin_tail))),
                    d.multiply(sign, d.add(d.multiply(gr, cos), d.multiply(gi, sin))))
    across = d.where(finite_g, unscaled(d.multiply(rho, _dot(d, si, c, cos_tail, sr, minus_s, d.neg(sin_tail)))),
                     d.multiply(rho, d.subtract(d.multiply(gi, cos), d.multiply(gr, sin))))
    return d.complex(along, d.add(across, d.subtract(rho, rho)))


GRADIENTS = {
    # conj(x): conj(g)
    "ttir.conj_bw": lambda d, x: d.conj(x.grad),
    # re(x), im(x): g + 0i, 0 + i g (the zero exact whatever g)
    "ttir.real_bw": lambda d, x: d.complex(x.grad, d.full_like(x.grad, 0.0)),
    "ttir.imag_bw": lambda d, x: d.complex(d.full_like(x.grad, 0.0), x.grad),
    "ttir.angle_bw": _angle,
    "ttir.polar_bw": _polar,
}

COMPLEX_FORMS = {"ttir.abs_bw": complex_abs}
