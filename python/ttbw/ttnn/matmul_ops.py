"""ttnn's matmul ops, compiled by ttbw: `matmul`, `linear` and the moreh backward ops
`moreh_matmul_backward`, `moreh_linear_backward`, `moreh_bmm_backward`, with the keywords of
tt-metal's nanobind bindings. Each call is one TTIR function (`ttir_function`): the forward ops
one `ttir.matmul` / `ttir.linear`; a backward op its gradients, PyTorch's rules written in TTIR:

    Y = A B:         dA = sum_to(dY B^T, A),  dB = sum_to(A^T dY, B)   (broadcast batch dims summed)
    Y = X W^T + b:   dX = dY W,  dW = sum_to(dY^T X, W),  db = sum_to(dY, b)

each product accumulated in f32 and rounded once into the gradient's data type (a product summed
further stays f32 until its sum is rounded; on the device the sum over a product's batch dims is
folded into the contraction: `ttbw.lowering.contraction_fusion`). Beyond ttnn's arguments every op takes
`backend="device" | "cpu"`.
"""
from __future__ import annotations

import re

from .backward_call import required_outputs
from .call_args import broadcast_shape, common_device, gradient_output, refuse_options, tensor_argument
from .tensor import Tensor, check_dtype, check_memory_config
from .ttir_function import FunctionBuilder, Output, run

_UNSUPPORTED = ("program_config", "activation", "compute_kernel_config", "core_grid", "output_tile", "global_cb",
                "sub_device_id")


# the verifier's words for the operands (ttbw's 'a', tt-mlir's "Input A", "A[-1]", "input A(", "Bias")
_OPERAND_WORDS = re.compile(r"'(a|b|bias)'|\bInput ([AB])\b|\binput ([AB])\(|\b([AB])(\[|\()|\b(Bias)\b")


def _renamed(error: ValueError, names: dict) -> ValueError:
    """A verifier message in the caller's argument names ('a', Input A -> input_tensor_a, ...)."""
    def name(m):
        if m.group(1):
            return names[m.group(1)]
        if m.group(2) or m.group(3):
            return names[(m.group(2) or m.group(3)).lower()] + ("(" if m.group(3) else "")
        if m.group(4):
            return names[m.group(4).lower()] + m.group(5)
        return names["bias"]
    message = _OPERAND_WORDS.sub(name, str(error))
    try:
        return type(error)(message)
    except Exception:
        return ValueError(message)


def _forward(op: str, a, b, bias, transpose_a, transpose_b, memory_config, dtype, optional_output_tensor,
             backend, options):
    names = {"a": "input_tensor_a", "b": "input_tensor_b", "bias": "bias"}
    a, b = tensor_argument(op, names["a"], a), tensor_argument(op, names["b"], b)
    bias = tensor_argument(op, "bias", bias, optional=True)
    out = tensor_argument(op, "optional_output_tensor", optional_output_tensor, optional=True)
    refuse_options(op, options)
    for name, flag in (("transpose_a", transpose_a), ("transpose_b", transpose_b)):
        if not isinstance(flag, bool):
            raise TypeError(f"{op}: {name} must be a bool, got {type(flag).__name__}")
    memory_config = check_memory_config(memory_config, "memory_config")
    dtype = check_dtype(dtype, "dtype") if dtype is not None else out.dtype if out is not None else a.dtype
    if a.dtype.element != b.dtype.element or (bias is not None and bias.dtype.element != a.dtype.element):
        raise ValueError(f"{op}: input_tensor_a ({a.dtype}), input_tensor_b ({b.dtype})"
                         f"{f' and bias ({bias.dtype})' if bias is not None else ''} must hold the same element "
                         f"type (bfloat16 / bfloat8_b, or float32)")
    device = common_device(op, {"input_tensor_a": a, "input_tensor_b": b, "bias": bias})
    f = FunctionBuilder(op)
    x, y = f.argument("a", a), f.argument("b", b)
    z = f.argument("bias", bias) if bias is not None else None
    shape = _product_shape(a.shape, b.shape, transpose_a, transpose_b)
    if shape is None:  # the verifier says why, in the caller's names
        shape = (1,)
    if z is not None:
        shape = broadcast_shape(shape, tuple(bias.shape)) or shape
        result = f.linear(x, y, z, shape, transpose_a=transpose_a, transpose_b=transpose_b)
    else:
        widen = dtype.element == "f32" and x.element != "f32"
        result = f.matmul(x, y, shape, transpose_a=transpose_a, transpose_b=transpose_b,
                          element="f32" if widen else None)
    result = f.typecast(result, result.like("", dtype=dtype))
    if out is not None and tuple(out.shape) != tuple(shape):
        raise ValueError(f"{op}: optional_output_tensor has shape {list(out.shape)}, the result {list(shape)}")
    output = Output(result, dtype, memory_config or (out.memory_config() if out else a.memory_config()), out)
    try:
        return run(f, [output], backend, device)[0]
    except ValueError as error:
        raise _renamed(error, names) from None


def matmul(input_tensor_a, input_tensor_b, *, transpose_a=False, transpose_b=False, memory_config=None, dtype=None,
           program_config=None, activation=None, compute_kernel_config=None, core_grid=None, output_tile=None,
           optional_output_tensor=None, global_cb=None, sub_device_id=None, backend: str = "device"):
    """ttnn.matmul: input_tensor_a x input_tensor_b (batched, broadcast batch dims)."""
    options = dict(zip(_UNSUPPORTED, (program_config, activation, compute_kernel_config, core_grid, output_tile,
                                      global_cb, sub_device_id)))
    return _forward("matmul", input_tensor_a, input_tensor_b, None, transpose_a, transpose_b, memory_config, dtype,
                    optional_output_tensor, backend, options)


def linear(input_tensor_a, input_tensor_b, *, bias=None, transpose_a=False, transpose_b=False, memory_config=None,
           dtype=None, program_config=None, activation=None, compute_kernel_config=None, core_grid=None,
           output_tile=None, optional_output_tensor=None, global_cb=None, sub_device_id=None,
           backend: str = "device"):
    """ttnn.linear: input_tensor_a x input_tensor_b + bias (broadcast)."""
    options = dict(zip(_UNSUPPORTED, (program_config, activation, compute_kernel_config, core_grid, output_tile,
                                      global_cb, sub_device_id)))
    return _forward("linear", input_tensor_a, input_tensor_b, bias, transpose_a, transpose_b, memory_config, dtype,
                    optional_output_tensor, backend, options)


# ----------------------------------------------------------------------------- backward


def _rank_at_least(op: str, name: str, tensor: Tensor, rank: int) -> None:
    if len(tensor.shape) < rank:
        raise ValueError(f"{op}: {name} must have rank >= {rank}, got shape {list(tensor.shape)}")


def _check_grad(op: str, grad: Tensor, want) -> None:
    if tuple(grad.shape) != tuple(want):
        raise ValueError(f"{op}: output_grad has shape {list(grad.shape)}; the forward result's shape is {list(want)}")


def _matmul_gradients(op, grad, a, b, mask, preallocated, memory_configs, backend, names):
    """[dA, dB] of A B (rank >= 2, broadcast batch dims), None where not required."""
    tensors = {"output_grad": grad, names[0]: a, names[1]: b}
    for name, t in tensors.items():
        _rank_at_least(op, name, t, 2)
    shape = _product_shape(a.shape, b.shape, False, False)
    if shape is None:
        raise ValueError(f"{op}: {names[0]} {list(a.shape)} and {names[1]} {list(b.shape)} cannot be multiplied")
    _check_grad(op, grad, shape)
    device = common_device(op, tensors)
    f = FunctionBuilder(op)
    g, x, y = f.argument("grad", grad), f.argument("a", a), f.argument("b", b)
    outputs = []
    batch = tuple(shape[:-2])
    if mask[0]:
        full = f.matmul(g, y, batch + (shape[-2], a.shape[-1]), transpose_b=True, element="f32")
        outputs.append(gradient_output(f, op, f"{names[0]}_grad", f.sum_to(full, a.shape), a, preallocated[0],
                                 memory_configs[0]))
    if mask[1]:
        full = f.matmul(x, g, batch + (b.shape[-2], shape[-1]), transpose_a=True, element="f32")
        outputs.append(gradient_output(f, op, f"{names[1]}_grad", f.sum_to(full, b.shape), b, preallocated[1],
                                 memory_configs[1]))
    results = iter(run(f, outputs, backend, device) if outputs else [])
    return [next(results) if wanted else None for wanted in mask]


def moreh_matmul_backward(output_grad, input_a, input_b, *, are_required_outputs=(True, True), input_a_grad=None,
                          input_b_grad=None, memory_config=None, compute_kernel_config=None, backend: str = "device"):
    """ttnn.moreh_matmul_backward -> [input_a_grad, input_b_grad] (None where not required)."""
    op = "moreh_matmul_backward"
    grad, a, b = (tensor_argument(op, n, v) for n, v in (("output_grad", output_grad), ("input_a", input_a),
                                                  ("input_b", input_b)))
    pre = [tensor_argument(op, "input_a_grad", input_a_grad, True), tensor_argument(op, "input_b_grad", input_b_grad, True)]
    refuse_options(op, {"compute_kernel_config": compute_kernel_config})
    mask, _ = required_outputs(are_required_outputs, 2)
    return _matmul_gradients(op, grad, a, b, mask, pre, [memory_config] * 2, backend, ("input_a", "input_b"))


def moreh_bmm_backward(output_grad, input, mat2, *, are_required_outputs=(True, True), input_grad=None,  # noqa: A002
                       mat2_grad=None, input_grad_memory_config=None, mat2_grad_memory_config=None,
                       compute_kernel_config=None, backend: str = "device"):
    """ttnn.moreh_bmm_backward (input [b, m, k], mat2 [b, k, n]) -> [input_grad, mat2_grad]."""
    op = "moreh_bmm_backward"
    grad, a, b = (tensor_argument(op, n, v) for n, v in (("output_grad", output_grad), ("input", input), ("mat2", mat2)))
    for name, t in (("input", a), ("mat2", b)):
        if len(t.shape) != 3:
            raise ValueError(f"{op}: {name} must have rank 3 (batch, rows, columns), got shape {list(t.shape)}")
    if a.shape[0] != b.shape[0]:
        raise ValueError(f"{op}: input and mat2 must have the same batch size, got {a.shape[0]} and {b.shape[0]}")
    pre = [tensor_argument(op, "input_grad", input_grad, True), tensor_argument(op, "mat2_grad", mat2_grad, True)]
    refuse_options(op, {"compute_kernel_config": compute_kernel_config})
    mask, _ = required_outputs(are_required_outputs, 2)
    return _matmul_gradients(op, grad, a, b, mask, pre, [input_grad_memory_config, mat2_grad_memory_config],
                             backend, ("input", "mat2"))


def moreh_linear_backward(output_grad, input, weight, are_required_outputs=(True, True, True), bias=None,  # noqa: A002
                          input_grad=None, weight_grad=None, bias_grad=None, input_grad_memory_config=None,
                          weight_grad_memory_config=None, bias_grad_memory_config=None, compute_kernel_config=None,
                          backend: str = "device"):
    """ttnn.moreh_linear_backward (Y = input weight^T + bias, weight [out, in], bias [1, out] or
    [1, 1]) -> [input_grad, weight_grad, bias_grad]: one function, every gradient requested."""
    op = "moreh_linear_backward"
    grad, x, w = (tensor_argument(op, n, v) for n, v in (("output_grad", output_grad), ("input", input), ("weight", weight)))
    bias = tensor_argument(op, "bias", bias, True)
    pre = [tensor_argument(op, n, v, True) for n, v in (("input_grad", input_grad), ("weight_grad", weight_grad),
                                               ("bias_grad", bias_grad))]
    refuse_options(op, {"compute_kernel_config": compute_kernel_config})
    mask, _ = required_outputs(are_required_outputs, 3)
    _rank_at_least(op, "input", x, 1)
    if len(w.shape) != 2 or w.shape[1] != x.shape[-1]:
        raise ValueError(f"{op}: weight must be [out_features, in_features] = [*, {x.shape[-1]}], got "
                         f"{list(w.shape)}")
    out_features = w.shape[0]
    _check_grad(op, grad, tuple(x.shape[:-1]) + (out_features,))
    bias_like = bias if bias is not None else pre[2]
    if bias_like is not None and tuple(bias_like.shape) not in ((1, out_features), (1, 1), (out_features,)):
        raise ValueError(f"{op}: bias must be [1, {out_features}] or [1, 1], got {list(bias_like.shape)}")
    device = common_device(op, {"output_grad": grad, "input": x, "weight": w, "bias": bias})
    f = FunctionBuilder(op)
    g, xv, wv = f.argument("grad", grad), f.argument("input", x), f.argument("weight", w)
    outputs, wanted = [], [mask[0], mask[1], mask[2] and bias_like is not None]
    if wanted[0]:
        dx = f.matmul(g, wv, tuple(x.shape), element="f32")
        outputs.append(gradient_output(f, op, "input_grad", dx, x, pre[0], input_grad_memory_config))
    if wanted[1]:
        lhs, rhs = (g, xv) if len(x.shape) > 1 else (f.reshape(g, (1, out_features)), f.reshape(xv, (1, x.shape[-1])))
        per_item = f.matmul(lhs, rhs, tuple(x.shape[:-2]) + (out_features, x.shape[-1]), transpose_a=True,
                            element="f32")
        outputs.append(gradient_output(f, op, "weight_grad", f.sum_to(per_item, w.shape), w, pre[1],
                                 weight_grad_memory_config))
    if wanted[2]:
        flat = g if len(x.shape) > 1 else f.reshape(g, (1, out_features))
        if (pre[2] if pre[2] is not None else bias_like).dtype.element == "f32":  # summed in f32: rounded once (no bf16 sum first)
            flat = f.typecast(flat, flat.like("", element="f32"))
        outputs.append(gradient_output(f, op, "bias_grad", f.sum_to(flat, bias_like.shape), bias_like, pre[2],
                                 bias_grad_memory_config))
    results = iter(run(f, outputs, backend, device) if outputs else [])
    return [next(results) if w else None for w in wanted]


# ------------------------------------------------------------------------------- shapes


def _product_shape(a, b, transpose_a: bool, transpose_b: bool):
    """The shape of matmul(a, b) by tt-mlir's rules, or None where they refuse it."""
    a, b = list(a), list(b)
    if not a or not b:
        return None
    if len(a) > 1 and transpose_a:
        a[-1], a[-2] = a[-2], a[-1]
    if len(b) > 1 and transpose_b:
        b[-1], b[-2] = b[-2], b[-1]
    a_mat = a if len(a) > 1 else [1] + a
    b_mat = b if len(b) > 1 else b + [1]
    if a_mat[-1] != b_mat[-2]:
        return None
    batch = broadcast_shape(tuple(a_mat[:-2]), tuple(b_mat[:-2]))
    if batch is None:
        return None
    shape = batch + ((a_mat[-2],) if len(a) > 1 else ()) + ((b_mat[-1],) if len(b) > 1 else ())
    return shape or (1,)
