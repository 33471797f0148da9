"""Complex division on (real, imag) parts, for ttir-expand-complex: c10::complex's (PyTorch's)
scaled algorithm, so that quotients keep PyTorch's values where x · conj(y) / |y|² would
overflow or underflow, and its infinities and NaNs:

    (a + bi) / (c + di), |c| >= |d|:  r = d / c,  re = (a + b·r) / (c + d·r),  im = (b − a·r) / (c + d·r)
                         |c| <  |d|:  r = c / d,  re = (a·r + b) / (d + c·r),  im = (b·r − a) / (d + c·r)
                         c = d = 0:   re = a / |c|, im = b / |d|   (±inf, NaN for 0 / 0)

Both branches are one formula over selected operands (p, q = the larger and smaller of c, d;
s, t = a, b or b, a), the imaginary part negated in the second; a real dividend (b = 0, as
PyTorch's promotion) selects a or a·r. Every op is elementwise with
implicit broadcast; intermediates have the broadcast shape of what they read.
"""
from __future__ import annotations

from mlir import ir

from ttbw.dialect.tensor_types import broadcast_shapes

from .ir_build import full, tensor


class _Parts:
    """Creates TTIR ops over part tensors of element type `element` (results: broadcast shape)."""

    def __init__(self, element):
        self.element = element

    def op(self, name: str, *args, result_type=None) -> ir.Value:
        if result_type is None:
            shape = args[0].type.shape
            for arg in args[1:]:
                shape = broadcast_shapes(shape, arg.type.shape)
            result_type = tensor(shape, self.element)
        return ir.Operation.create(f"ttir.{name}", results=[result_type], operands=list(args)).result

    def full(self, number: float) -> ir.Value:
        return full([], self.element, number)


def quotient(a, b, c, d, part_type) -> tuple:
    """(re, im) of (a + bi) / (c + di); b None: a real dividend (a tensor or a number).
    Results of `part_type`."""
    f = _Parts(part_type.element_type)
    zero = f.full(0.0)
    abs_c, abs_d = f.op("abs", c), f.op("abs", d)
    big = f.op("ge", abs_c, abs_d)
    p, q = f.op("where", big, c, d), f.op("where", big, d, c)
    ratio = f.op("div", q, p)
    denominator = f.op("add", p, f.op("multiply", q, ratio))
    if b is None:  # b = 0: re = a or a·r, im = −a·r or −a (a number: a constant)
        minus_a = f.full(-a) if isinstance(a, float) else f.op("subtract", zero, a)
        a_ratio = ratio if a == 1.0 else f.op("multiply", f.full(a) if isinstance(a, float) else a, ratio)
        a = f.full(a) if isinstance(a, float) else a
        re = f.op("div", f.op("where", big, a, a_ratio), denominator)
        im = f.op("div", f.op("where", big, f.op("subtract", zero, a_ratio), minus_a),
                  denominator)
        b = zero
    else:
        s, t = f.op("where", big, a, b), f.op("where", big, b, a)
        re = f.op("div", f.op("add", s, f.op("multiply", t, ratio)), denominator)
        w = f.op("div", f.op("subtract", t, f.op("multiply", s, ratio)), denominator)
        im = f.op("where", big, w, f.op("neg", w))
    at_zero = f.op("multiply", f.op("eq", c, zero), f.op("eq", d, zero))  # 1 where c = d = 0
    return (f.op("where", at_zero, f.op("div", a, abs_c), re, result_type=part_type),
            f.op("where", at_zero, f.op("div", b, abs_d), im, result_type=part_type))


def reciprocal(c, d, part_type) -> tuple:
    """(re, im) of 1 / (c + di), as PyTorch's (1 + 0i) / (c + di)."""
    return quotient(1.0, None, c, d, part_type)
