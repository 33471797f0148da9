"""ttnn's backward ops, compiled by ttbw: each one a wrapper from its signature class's
factory (backward_api.py). An op is also a dialect op (dialect/TTIRBackwardOps.td) and a
derivative rule (passes/derivatives.py)."""
from __future__ import annotations

from .backward_api import addcmul_backward, binary_backward, unary_backward, where_backward
from .backward_call import compile_cache_size  # noqa: F401  (the API's compile cache, for tests)

# binary: (grad_tensor, input_tensor_a, input_tensor_b | scalar) -> [grad_a, grad_b]
mul_bw = binary_backward("mul_bw", complex_form=True)
add_bw = binary_backward("add_bw")
sub_bw = binary_backward("sub_bw")
div_bw = binary_backward("div_bw", rounding_mode=True)
addalpha_bw = binary_backward("addalpha_bw", scalar_form=False, alpha=True,
                              preallocated_aliases=("input_a_grad", "input_b_grad"))
subalpha_bw = binary_backward("subalpha_bw", scalar_form=False, alpha=True)

# ternary
where_bw = where_backward()
addcmul_bw = addcmul_backward()

# unary: (grad_tensor, input_tensor) -> [input_grad]
neg_bw = unary_backward("neg_bw")

