"""ttnn's binary_backward family beyond backward_ops.py's first ops, each with the signature
ttnn's nanobind bindings give it (binary_backward_nanobind.cpp): most take memory_config only
(no are_required_outputs, no preallocated results, no scalar form); rsub_bw takes the outputs'
keywords; remainder_bw / fmod_bw a scalar form; assign_bw and bias_gelu_bw their two
overloads; concat_bw its dim and the outputs' keywords. Their rules: passes/derivatives_binary.py
(bias_gelu: passes/derivatives.py)."""
from __future__ import annotations

from .backward_call import binary_call, check_backend_and_queue, is_number
from .op_factories import APPROXIMATIONS, MISSING, binary_backward, i32_attribute, one_of


def _memory_config_only(op: str, scalar_form: bool = False):
    return binary_backward(op, scalar_form=scalar_form, outputs=False, overload_names=False)


rsub_bw = binary_backward("rsub_bw", scalar_form=False, overload_names=False)
squared_difference_bw = _memory_config_only("squared_difference_bw")
min_bw = _memory_config_only("min_bw")
max_bw = _memory_config_only("max_bw")
atan2_bw = _memory_config_only("atan2_bw")
hypot_bw = _memory_config_only("hypot_bw")
xlogy_bw = _memory_config_only("xlogy_bw")
logaddexp_bw = _memory_config_only("logaddexp_bw")
logaddexp2_bw = _memory_config_only("logaddexp2_bw")
ldexp_bw = _memory_config_only("ldexp_bw")
remainder_bw = _memory_config_only("remainder_bw", scalar_form=True)
fmod_bw = _memory_config_only("fmod_bw", scalar_form=True)


def assign_bw(grad_tensor, input_tensor_a=MISSING, input_tensor_b=MISSING, *, input_tensor=MISSING,
              are_required_outputs=MISSING, memory_config=None, input_a_grad=None, input_b_grad=MISSING, queue_id=0,
              backend: str = "device"):
    """ttnn.assign_bw: (grad_tensor, input_tensor, *, memory_config=None, input_a_grad=None) ->
    [grad]; (grad_tensor, input_tensor_a, input_tensor_b, *, are_required_outputs=[True, True],
    memory_config=None, input_a_grad=None, input_b_grad=None) -> [grad, grad] (None where not
    requested). The one-tensor form is the op with other = input, other_grad not requested."""
    check_backend_and_queue(backend, queue_id)
    a_name, a = one_of("assign_bw", "input_tensor_a", {"input_tensor_a": input_tensor_a, "input_tensor": input_tensor})
    if input_tensor_b is MISSING:
        for name, value in (("are_required_outputs", are_required_outputs), ("input_b_grad", input_b_grad)):
            if value is not MISSING:
                raise TypeError(f"assign_bw() with one input tensor takes no {name} (ttnn's overload "
                                "assign_bw(grad_tensor, input_tensor, *, memory_config=None, input_a_grad=None))")
        call = binary_call("assign_bw", grad_tensor, a, a, (True, False), memory_config, input_a_grad,
                           names={"input": a_name, "other": a_name, "input_grad": "input_a_grad"})
        return call.run(backend)[:1]
    if a_name == "input_tensor":
        raise TypeError("assign_bw() with two input tensors takes input_tensor_a, not input_tensor")
    call = binary_call("assign_bw", grad_tensor, a, input_tensor_b,
                       (True, True) if are_required_outputs is MISSING else are_required_outputs, memory_config,
                       input_a_grad, None if input_b_grad is MISSING else input_b_grad,
                       names={"input_grad": "input_a_grad", "other_grad": "input_b_grad"})
    return call.run(backend)


def bias_gelu_bw(grad_tensor, input_tensor_a=MISSING, input_tensor_b=MISSING, *, input_tensor=MISSING, bias=MISSING,
                 approximate="none", memory_config=None, queue_id=0, backend: str = "device"):
    """ttnn.bias_gelu_bw: gelu(a + b)'s gradients, (grad_tensor, input_tensor_a, input_tensor_b, *,
    approximate="none" | "tanh", memory_config=None) -> [grad, grad] (each summed to its operand's
    shape), or with a scalar bias (grad_tensor, input_tensor, bias, ...) -> [grad]. ttnn's
    `variant=` (ttnn.GeluVariant) is not supported: approximate= picks the same two."""
    check_backend_and_queue(backend, queue_id)
    a_name, a = one_of("bias_gelu_bw", "input_tensor_a",
                       {"input_tensor_a": input_tensor_a, "input_tensor": input_tensor})
    b_name, b = one_of("bias_gelu_bw", "input_tensor_b", {"input_tensor_b": input_tensor_b, "bias": bias})
    if b_name == "bias" and not is_number(b):
        raise TypeError(f"bias must be a number, got {type(b).__name__}")
    if not isinstance(approximate, str):
        raise TypeError(f"approximate must be a str ('none' or 'tanh'), got {type(approximate).__name__}")
    if approximate not in APPROXIMATIONS:
        raise ValueError(f"approximate must be 'none' or 'tanh', got {approximate!r}")
    attributes = {"approximate": f'"{approximate}"'} if approximate != "none" else {}
    call = binary_call("bias_gelu_bw", grad_tensor, a, b, attributes=attributes, memory_config=memory_config,
                       names={"input": a_name, "other": b_name})
    return call.run(backend)


def concat_bw(grad_tensor, input_tensor_a, input_tensor_b, dim=0, *, are_required_outputs=(True, True),
              memory_config=None, input_a_grad=None, input_b_grad=None, queue_id=0, backend: str = "device"):
    """ttnn.concat_bw: concat([a, b], dim)'s gradients, grad's parts along `dim` (a's size there,
    then b's) -> [grad_a, grad_b] (None where not requested). Each part is a window of grad its
    program reads (ttir.slice_static), no copy of grad."""
    check_backend_and_queue(backend, queue_id)
    call = binary_call("concat_bw", grad_tensor, input_tensor_a, input_tensor_b, are_required_outputs, memory_config,
                       input_a_grad, input_b_grad, attributes={"dim": i32_attribute("dim", dim, signed=True)},
                       names={"input_grad": "input_a_grad", "other_grad": "input_b_grad"})
    return call.run(backend)
