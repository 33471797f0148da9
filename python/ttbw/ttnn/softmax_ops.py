"""ttnn's moreh softmax-family backward ops, compiled by ttbw, with the keywords of tt-metal's
nanobind bindings: `moreh_softmax_backward`, `moreh_softmin_backward`,
`moreh_logsoftmax_backward` (output_tensor, output_grad_tensor, dim, *, input_grad_tensor=None,
op=..., strategy=..., memory_config=None, compute_kernel_config=None). Each call is one TTIR
function of the dialect's `ttir.softmax_bw` / `softmin_bw` / `log_softmax_bw`, whose rules
(passes/derivatives.py) are PyTorch's from the forward output y:

    softmax:     dx = y (g - sum(g y, dim))
    softmin:     dx = y (sum(g y, dim) - g)        (softmin(x) = softmax(-x))
    logsoftmax:  dx = g - exp(y) sum(g, dim)

computed in f32 and rounded once into the gradient's data type. Beyond ttnn's arguments every op
takes `backend="device" | "cpu"`.
"""
from __future__ import annotations

from .call_args import common_device, gradient_output, refuse_options, tensor_argument
from .ttir_function import FunctionBuilder, run

SOFTMAX, SOFTMIN, LOGSOFTMAX = "softmax", "softmin", "logsoftmax"
_TTIR = {SOFTMAX: "softmax_bw", SOFTMIN: "softmin_bw", LOGSOFTMAX: "log_softmax_bw"}  # the dialect's ops


def _dim(op: str, dim, rank: int) -> int:
    if isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError(f"{op}: dim must be an int, got {type(dim).__name__}")
    if not -rank <= dim < rank:
        raise ValueError(f"{op}: dim {dim} is out of range for rank {rank} (expected {-rank} .. {rank - 1})")
    return dim % rank


def _backward(kind: str, op: str, output_tensor, output_grad_tensor, dim, input_grad_tensor, memory_config,
              compute_kernel_config, backend):
    y = tensor_argument(op, "output_tensor", output_tensor)
    grad = tensor_argument(op, "output_grad_tensor", output_grad_tensor)
    pre = tensor_argument(op, "input_grad_tensor", input_grad_tensor, optional=True)
    refuse_options(op, {"compute_kernel_config": compute_kernel_config})
    if tuple(grad.shape) != tuple(y.shape):
        raise ValueError(f"{op}: output_grad_tensor has shape {list(grad.shape)}, output_tensor {list(y.shape)}; "
                         f"they must match")
    if not y.shape:
        raise ValueError(f"{op}: output_tensor must have rank >= 1")
    axis = _dim(op, dim, len(y.shape))
    device = common_device(op, {"output_tensor": y, "output_grad_tensor": grad})
    f = FunctionBuilder(op)
    yv, gv = f.argument("output", y), f.argument("grad", grad)
    dx = f.op(_TTIR[kind], [gv, yv], yv.like(f.fresh()), f"dim = {axis} : i32")
    output = gradient_output(f, op, "input_grad_tensor", dx, y, pre, memory_config)
    return run(f, [output], backend, device)[0]


def _make(kind: str):
    op = f"moreh_{kind}_backward"

    def backward(output_tensor, output_grad_tensor, dim, *, input_grad_tensor=None, op=None, strategy=None,
                 memory_config=None, compute_kernel_config=None, backend: str = "device"):
        # op / strategy: ttnn's kernel choices (the op is the function's; ttbw picks the program)
        return _backward(kind, backward.__name__, output_tensor, output_grad_tensor, dim, input_grad_tensor,
                         memory_config, compute_kernel_config, backend)

    backward.__name__ = backward.__qualname__ = op
    backward.__doc__ = f"ttnn.{op}: the gradient of {kind} from its output (see the module's rules)."
    return backward


moreh_softmax_backward = _make(SOFTMAX)
moreh_softmin_backward = _make(SOFTMIN)
moreh_logsoftmax_backward = _make(LOGSOFTMAX)
