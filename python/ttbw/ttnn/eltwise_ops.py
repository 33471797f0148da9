"""ttnn's forward elementwise ops that backward code calls around the gradients, compiled by
ttbw: `pow` in ttnn's three forms (tensor ** number, tensor ** tensor, number ** tensor). Each
call is one TTIR function (`ttir_function`): the operands widened to f32, one `ttir.pow`
(correctly rounded in f32; exponents 0.5 / -0.5 `ttir.sqrt` / `rsqrt`, as torch computes them),
rounded once into the result's data type.
The result keeps the (first) tensor operand's layout. Beyond ttnn's arguments: `backend`."""
from __future__ import annotations

import math

from .backward_call import check_backend_and_queue, describe_kind
from .call_args import broadcast_shape, common_device, tensor_argument
from .tensor import Tensor, check_memory_config
from .ttir_function import FunctionBuilder, Output, Value, run
from .types import DRAM_MEMORY_CONFIG


# exponents torch's pow computes by another function, whose edge values differ from C's pow
_ROOTS = {0.5: "sqrt", -0.5: "rsqrt"}


def _number(op: str, name: str, value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{op}: {name} must be a ttnn.Tensor, an int or a float, got {describe_kind(value)}")
    return float(value)


def pow(input_tensor, exponent, *, memory_config=None, output_tensor=None, queue_id=0,  # noqa: A001 (ttnn's name)
        backend: str = "device"):
    """ttnn.pow: input_tensor ** exponent, elementwise; either operand may be a number (not both)."""
    op = "pow"
    check_backend_and_queue(backend, queue_id)
    memory_config = check_memory_config(memory_config, "memory_config")
    out = tensor_argument(op, "output_tensor", output_tensor, optional=True)
    if isinstance(input_tensor, Tensor):
        base = tensor_argument(op, "input_tensor", input_tensor)
        power = tensor_argument(op, "exponent", exponent) if isinstance(exponent, Tensor) else None
        number = None if power is not None else _number(op, "exponent", exponent)
    else:
        power = tensor_argument(op, "exponent", exponent)  # number ** tensor: the tensor is the exponent
        base, number = None, _number(op, "input_tensor", input_tensor)
    if number is not None and math.isnan(number) and backend == "device":
        raise ValueError(f"pow: {'exponent' if base is not None else 'input_tensor'} is NaN; a kernel's scalar "
                         f"cannot carry a NaN (its runtime args encode m * 2^e), backend='cpu' can")
    tensors = [t for t in (base, power) if t is not None]
    shape = tuple(tensors[0].shape) if len(tensors) == 1 else broadcast_shape(tuple(base.shape), tuple(power.shape))
    if shape is None:
        raise ValueError(f"{op}: input_tensor {list(base.shape)} and exponent {list(power.shape)} do not broadcast")
    first = tensors[0]
    dtype = out.dtype if out is not None else first.dtype
    if out is not None and tuple(out.shape) != shape:
        raise ValueError(f"{op}: output_tensor has shape {list(out.shape)}, the result {list(shape)}")
    device = common_device(op, {"input_tensor": base, "exponent": power, "output_tensor": out})
    f = FunctionBuilder(op)
    operands = []
    for role, tensor in (("base", base), ("exponent", power)):
        if tensor is None:
            operands.append(f.full(number))
        else:
            value = f.argument(role, tensor)
            operands.append(f.typecast(value, Value("", value.shape, "f32", "f32", value.layout)))
    layout = first.layout.ir_name
    result = Value(f.fresh(), shape, "f32", "f32", layout)
    if base is not None and number in _ROOTS:  # torch's sqrt / rsqrt for these: -0 ** 0.5 = -0, -inf ** 0.5 NaN
        result = f.op(_ROOTS[number], operands[:1], result)
    else:
        result = f.op("pow", operands, result)
    rounded = f.typecast(result, Value("", shape, dtype.element, dtype.ir_name, layout))
    memory = memory_config or (out.memory_config() if out is not None else first.memory_config())
    return run(f, [Output(rounded, dtype, memory or DRAM_MEMORY_CONFIG, out)], backend, device)[0]
