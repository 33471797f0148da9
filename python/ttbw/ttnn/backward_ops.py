"""ttnn's backward ops, compiled by ttbw: each one a wrapper from its signature class's
factory (op_factories.py). An op is also a dialect op (dialect/TTIRBackwardOps.td) and a
derivative rule (passes/derivatives.py)."""
from __future__ import annotations

from .op_factories import addc_backward, binary_backward, lerp_backward, unary_backward, where_backward
from .backward_call import compile_cache_size  # noqa: F401  (the API's compile cache, for tests)

# binary: (grad_tensor, input_tensor_a, input_tensor_b | scalar) -> [grad_a, grad_b]
mul_bw = binary_backward("mul_bw", complex_form=True)
add_bw = binary_backward("add_bw", complex_form=True, complex_alpha=True)
sub_bw = binary_backward("sub_bw", complex_form=True, complex_alpha=True)
div_bw = binary_backward("div_bw", complex_form=True, rounding_mode=True)
addalpha_bw = binary_backward("addalpha_bw", scalar_form=False, alpha=True,
                              preallocated_aliases=("input_a_grad", "input_b_grad"))
subalpha_bw = binary_backward("subalpha_bw", scalar_form=False, alpha=True)

# ternary
where_bw = where_backward()
addcmul_bw = addc_backward("addcmul_bw")
addcdiv_bw = addc_backward("addcdiv_bw")
lerp_bw = lerp_backward()

# unary: (grad_tensor, input_tensor) -> [input_grad]
# (ttnn binds input_grad= for these, memory_config only for the others)
neg_bw = unary_backward("neg_bw")
gelu_bw = unary_backward("gelu_bw", approximate=True)
silu_bw = unary_backward("silu_bw")
tanh_bw = unary_backward("tanh_bw")
exp_bw = unary_backward("exp_bw")
sqrt_bw = unary_backward("sqrt_bw")
rsqrt_bw = unary_backward("rsqrt_bw")
relu_bw = unary_backward("relu_bw", preallocated=False)
sigmoid_bw = unary_backward("sigmoid_bw", preallocated=False)
log_bw = unary_backward("log_bw", preallocated=False)
reciprocal_bw = unary_backward("reciprocal_bw", preallocated=False)  # also ComplexTensors
square_bw = unary_backward("square_bw", preallocated=False)

