"""ttnn's complex_unary_backward family (complex_unary_backward_nanobind.cpp): (grad_tensor,
input_tensor, *, memory_config=None) -> [input_grad], a ComplexTensor of the input's shape and
dtype. conj_bw and polar_bw take a ComplexTensor grad, real_bw, imag_bw and angle_bw a ttnn.Tensor
grad (their forward result is real); polar_bw's input packs polar's operands as abs + i angle.
abs_bw's ComplexTensor form is unary_backward_ops.abs_bw's. Their rules:
passes/derivatives_complex.py."""
from __future__ import annotations

from .op_factories import unary_backward

conj_bw = unary_backward("conj_bw", preallocated=False)
polar_bw = unary_backward("polar_bw", preallocated=False)
real_bw = unary_backward("real_bw", preallocated=False)
imag_bw = unary_backward("imag_bw", preallocated=False)
angle_bw = unary_backward("angle_bw", preallocated=False)
