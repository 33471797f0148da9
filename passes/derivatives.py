"""The derivative rules of ttbw's backward ops (PyTorch's derivatives.yaml), driving
ttir-decompose-backward.

RULES maps an op name to its Rule: the signature class of the op (dialect/ops.py) and, per
gradient it computes, a function `(d, x) -> expression`. `d` is the GradientBuilder
(passes/gradient_builder.py: methods named after the TTIR ops they create); `x` gives the
op's operands by name (`x.grad`, `x.input`, `x.other`; a scalar operand as a rank-0 f32
tensor) and its attributes (`x.attr("alpha", 1.0)`). A rule says nothing else: masks,
preallocated results, memory_config, broadcast reduction (PyTorch's sum_to rule) and the
precision are the pass's (passes/decompose_backward.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ttbw.dialect.ops import (ADDCMUL_BACKWARD, BINARY_BACKWARD, UNARY_BACKWARD, WHERE_BACKWARD,
                              BackwardSignature)


@dataclass(frozen=True)
class Rule:
    signature: BackwardSignature
    gradients: dict  # result name -> Callable[[GradientBuilder, Operands], Expression]


def _rule(signature: BackwardSignature, **gradients: Callable) -> Rule:
    assert set(gradients) == set(signature.results), gradients
    return Rule(signature, gradients)


RULES = {
    # a * b: g * conj(b), g * conj(a)
    "ttir.mul_bw": _rule(BINARY_BACKWARD,
                         input_grad=lambda d, x: d.multiply(x.grad, d.conj(x.other)),
                         other_grad=lambda d, x: d.multiply(x.grad, d.conj(x.input))),
    # a + b: g, g
    "ttir.add_bw": _rule(BINARY_BACKWARD,
                         input_grad=lambda d, x: x.grad,
                         other_grad=lambda d, x: x.grad),
    # a - b: g, -g
    "ttir.sub_bw": _rule(BINARY_BACKWARD,
                         input_grad=lambda d, x: x.grad,
                         other_grad=lambda d, x: d.neg(x.grad)),
    # a / b: g / b, -g * ((a / b) / b) (PyTorch's form: its infinities and NaNs at b = 0);
    # with a rounding mode the quotient is piecewise constant: zeros, as PyTorch.
    "ttir.div_bw": _rule(BINARY_BACKWARD,
                         input_grad=lambda d, x: (d.full_like(x.grad, 0.0) if x.attr("round_mode")
                                                  else d.div(x.grad, x.other)),
                         other_grad=lambda d, x: (d.full_like(x.grad, 0.0) if x.attr("round_mode")
                                                  else d.neg(d.multiply(x.grad, d.div(d.div(x.input, x.other),
                                                                                      x.other))))),
    # a + alpha * b: g, alpha * g
    "ttir.addalpha_bw": _rule(BINARY_BACKWARD,
                              input_grad=lambda d, x: x.grad,
                              other_grad=lambda d, x: d.multiply(x.grad, d.constant(x.attr("alpha", 1.0)))),
    # a - alpha * b: g, -alpha * g
    "ttir.subalpha_bw": _rule(BINARY_BACKWARD,
                              input_grad=lambda d, x: x.grad,
                              other_grad=lambda d, x: d.multiply(x.grad, d.constant(-x.attr("alpha", 1.0)))),
    # where(c, a, b): where(c, g, 0), where(c, 0, g)
    "ttir.where_bw": _rule(WHERE_BACKWARD,
                           input_grad=lambda d, x: d.where(x.condition, x.grad, d.constant(0.0)),
                           other_grad=lambda d, x: d.where(x.condition, d.constant(0.0), x.grad)),
    # a + v * t1 * t2: g, g * (t2 * v), g * (t1 * v)
    "ttir.addcmul_bw": _rule(ADDCMUL_BACKWARD,
                             input_grad=lambda d, x: x.grad,
                             tensor1_grad=lambda d, x: d.multiply(x.grad, d.multiply(x.tensor2, d.constant(x.attr("value", 1.0)))),
                             tensor2_grad=lambda d, x: d.multiply(x.grad, d.multiply(x.tensor1, d.constant(x.attr("value", 1.0))))),
    # -x: -g
    "ttir.neg_bw": _rule(UNARY_BACKWARD,
                         input_grad=lambda d, x: d.neg(x.grad)),
}
