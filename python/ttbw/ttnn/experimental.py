"""`ttnn.experimental`: ttnn's fused gelu backward, `ttnn.experimental.gelu_bw`. The same
derivative rule and program as `ttnn.gelu_bw`; ttnn's binding names the gradient
`grad_output_tensor` and returns the input gradient itself, not a list."""
from types import SimpleNamespace

from . import backward_ops
from .golden import attach_golden_function, get_golden_function
from .op_factories import unary_backward

_gelu_bw = unary_backward("gelu_bw", approximate=True, grad_name="grad_output_tensor")


def gelu_bw(grad_output_tensor, input_tensor, *, approximate="none", memory_config=None, input_grad=None,
            queue_id=0, backend: str = "device"):
    """ttnn.experimental.gelu_bw: gelu's input gradient (written into `input_grad` when given)."""
    return _gelu_bw(grad_output_tensor, input_tensor, approximate=approximate, memory_config=memory_config,
                    input_grad=input_grad, queue_id=queue_id, backend=backend)[0]


attach_golden_function(gelu_bw, get_golden_function(backward_ops.gelu_bw))
experimental = SimpleNamespace(gelu_bw=gelu_bw)
