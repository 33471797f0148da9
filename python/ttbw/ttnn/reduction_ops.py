"""ttnn's moreh sum / mean backward ops, compiled by ttbw, with the keywords of tt-metal's
nanobind bindings: `moreh_sum_backward(output_grad, *, input=None, dim=None, keepdim=False,
input_grad=None, memory_config=None, compute_kernel_config=None)` and
`moreh_mean_backward(output_grad, *, dim, keepdim, input_grad_shape=None, input_grad=None,
memory_config=None, compute_kernel_config=None)`. The gradient is output_grad broadcast back over
the reduced dims (`ttir.reshape` to the kept shape, then times a `ttir.full` 1 of the input's
shape, or divided by one of the number of elements reduced for the mean: f32, one rounding). Beyond ttnn's arguments every op takes
`backend="device" | "cpu"`.
"""
from __future__ import annotations

from dataclasses import dataclass

from .call_args import common_device, gradient_output, refuse_options, tensor_argument
from .ttir_function import FunctionBuilder, run
from .types import DataType, MemoryConfig


@dataclass(frozen=True)
class _GradientLike:
    """What the gradient is made like: the input's shape, output_grad's data type and memory."""
    shape: tuple
    dtype: DataType
    memory: MemoryConfig

    def memory_config(self) -> MemoryConfig:
        return self.memory


def _dims(op: str, dim, rank: int) -> list[int]:
    """The reduced dims, sorted, non-negative (None: every dim)."""
    if dim is None:
        return list(range(rank))
    dims = [dim] if isinstance(dim, int) and not isinstance(dim, bool) else dim
    if not isinstance(dims, (list, tuple)) or any(isinstance(d, bool) or not isinstance(d, int) for d in dims):
        raise TypeError(f"{op}: dim must be an int, a list of ints or None, got {dim!r}")
    for d in dims:
        if not -rank <= d < rank:
            raise ValueError(f"{op}: dim {d} is out of range for rank {rank} (expected {-rank} .. {rank - 1})")
    if len({d % rank for d in dims}) != len(dims):
        raise ValueError(f"{op}: dim {list(dims)} names a dim twice")
    return sorted(d % rank for d in dims)


def _backward(op, grad, shape, dim, keepdim, preallocated, memory_config, compute_kernel_config, backend,
              mean: bool):
    refuse_options(op, {"compute_kernel_config": compute_kernel_config})
    if not isinstance(keepdim, bool):
        raise TypeError(f"{op}: keepdim must be a bool, got {type(keepdim).__name__}")
    shape = tuple(shape)
    dims = _dims(op, dim, len(shape))
    kept = tuple(1 if i in dims else d for i, d in enumerate(shape))
    want = kept if keepdim else tuple(d for i, d in enumerate(shape) if i not in dims)
    if tuple(grad.shape) != want and not (not want and tuple(grad.shape) in ((1,), (1, 1))):
        raise ValueError(f"{op}: output_grad has shape {list(grad.shape)}; reducing {list(shape)} over dims "
                         f"{dims} with keepdim={keepdim} gives {list(want)}")
    device = common_device(op, {"output_grad": grad, "input_grad": preallocated})
    f = FunctionBuilder(op)
    g = f.argument("grad", grad)
    value = f.reshape(g, kept)
    # broadcast back by an implicitly broadcast op with a constant of the input's shape: g * 1, or
    # g / count for the mean (in f32: one rounding), exact otherwise
    count = 1
    for i in dims:
        count *= shape[i]
    if mean:
        value = f.typecast(value, value.like("", element="f32"))
    if mean or kept != shape:
        fill = float(count) if mean else 1.0
        constant = f.op("full", [], value.like(f.fresh(), shape),
                        f"fill_value = {fill!r} : f32, shape = array<i32: {', '.join(str(d) for d in shape)}>")
        value = f.op("div" if mean else "multiply", [value, constant], value.like(f.fresh(), shape))
    like = _GradientLike(shape, grad.dtype, grad.memory_config())
    output = gradient_output(f, op, "input_grad", value, like, preallocated, memory_config)
    return run(f, [output], backend, device)[0]


def moreh_sum_backward(output_grad, *, input=None, dim=None, keepdim=False, input_grad=None,  # noqa: A002
                       memory_config=None, compute_kernel_config=None, backend: str = "device"):
    """ttnn.moreh_sum_backward: output_grad broadcast back to the input's shape (from `input` or
    `input_grad`; one of them is needed)."""
    op = "moreh_sum_backward"
    grad = tensor_argument(op, "output_grad", output_grad)
    x = tensor_argument(op, "input", input, optional=True)
    pre = tensor_argument(op, "input_grad", input_grad, optional=True)
    like = x if x is not None else pre
    if like is None:
        raise ValueError(f"{op}: pass input or input_grad (the gradient's shape comes from one of them)")
    return _backward(op, grad, like.shape, dim, keepdim, pre, memory_config, compute_kernel_config, backend,
                     mean=False)


def moreh_mean_backward(output_grad, *, dim, keepdim, input_grad_shape=None, input_grad=None, memory_config=None,
                        compute_kernel_config=None, backend: str = "device"):
    """ttnn.moreh_mean_backward: output_grad / (elements reduced), broadcast back to the input's
    shape (`input_grad_shape`, or `input_grad`'s)."""
    op = "moreh_mean_backward"
    grad = tensor_argument(op, "output_grad", output_grad)
    pre = tensor_argument(op, "input_grad", input_grad, optional=True)
    if input_grad_shape is None and pre is None:
        raise ValueError(f"{op}: pass input_grad_shape or input_grad (the gradient's shape)")
    shape = tuple(input_grad_shape) if input_grad_shape is not None else tuple(pre.shape)
    if pre is not None and tuple(pre.shape) != shape:
        raise ValueError(f"{op}: input_grad has shape {list(pre.shape)}, input_grad_shape {list(shape)}")
    return _backward(op, grad, shape, dim, keepdim, pre, memory_config, compute_kernel_config, backend, mean=True)
