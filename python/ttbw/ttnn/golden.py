"""ttnn's golden functions: `get_golden_function(op)` / `attach_golden_function(op, golden_function)`,
with a torch golden attached to every backward op, called as tt-metal's tests call them:
`golden(grad, input, [other, ...], *params, **params)` -> the list of torch gradients (the
op's params by position in the op's order, or by name; ttnn's extra keywords, such as device,
memory_config or are_required_outputs, are ignored). Each golden is torch autograd of the
forward op in the tensors' own dtype, as ttnn's `ttnn/operations/*_backward.py`; a complex
gradient (of a ComplexTensor input) in ttnn's form: its real and imaginary parts joined along
the last dim.
"""
from __future__ import annotations

from numbers import Number

from . import backward_ops, binary_backward_ops, complex_backward_ops, unary_backward_ops


def attach_golden_function(operation, golden_function):
    """Attaches `golden_function` to `operation` (a ttbw op), as ttnn's attach_golden_function."""
    if not callable(golden_function):
        raise TypeError(f"golden_function must be callable, got {type(golden_function).__name__}")
    operation.golden_function = golden_function
    return operation


def get_golden_function(operation):
    """The golden function attached to `operation`; RuntimeError when it has none (ttnn's)."""
    golden = getattr(operation, "golden_function", None)
    if golden is None:
        raise RuntimeError(f"{getattr(operation, '__name__', operation)} does not have a golden function")
    return golden


def _autograd(forward, params: tuple = (), defaults: tuple = ()):
    """The golden of an op whose forward is `forward(*tensors, *param values)`: tensors are the
    arguments after grad up to the first number or None; `params` the op's parameter names
    (given by position after the tensors, or by name; `defaults` per name)."""
    def golden(grad, *arguments, **keywords):
        import torch

        count = next((i for i, a in enumerate(arguments) if not isinstance(a, torch.Tensor)), len(arguments))
        tensors, rest = arguments[:count], arguments[count:]
        values = dict(zip(params, defaults))
        values.update(zip(params, rest))
        values.update({name: keywords[name] for name in params if name in keywords})
        leaves = [t.detach().clone().requires_grad_(t.is_floating_point() or t.is_complex()) for t in tensors]
        wanted = [leaf for leaf in leaves if leaf.requires_grad]
        result = forward(*leaves, *(values[name] for name in params))
        grads = torch.autograd.grad(result, wanted, grad, allow_unused=True)
        return [torch.zeros_like(leaf) if g is None else g for leaf, g in zip(wanted, grads)]
    return golden


def _zeros(grad, *arguments, **keywords):
    import torch

    return [torch.zeros_like(grad)]


def _binary(operation):
    """a op b, or a op scalar (one gradient then), as ttnn's binary goldens."""
    def forward(a, b, *rest):
        return operation(a, b, *rest)

    def golden(grad, a, b, *arguments, **keywords):
        import torch

        if isinstance(b, Number):
            (ga,) = _autograd(lambda x, *rest: operation(x, b, *rest), *_extras(keywords, arguments))(grad, a)
            return [ga]
        return _autograd(forward, *_extras(keywords, arguments))(grad, a, b)
    return golden


def _extras(keywords: dict, arguments: tuple):
    """(params, defaults) of a binary golden's extra arguments: alpha, or a rounding mode."""
    names = [name for name in ("alpha", "round_mode", "rounding_mode") if name in keywords]
    if names:
        return tuple(names), tuple(keywords[name] for name in names)
    return (("alpha",), arguments[:1]) if arguments else ((), ())


def _goldens():
    import torch

    F = torch.nn.functional

    def div(a, b, *rest):
        mode = rest[0] if rest and isinstance(rest[0], str) and rest[0] != "None" else None  # ttnn's "None" too
        return torch.div(a, b, rounding_mode=mode)

    def where(condition, a, b):
        return torch.where(condition.bool(), a, b)

    def addcmul(a, b, c, value=1.0):
        return torch.addcmul(a, b, c, value=value)

    def div_no_nan(x, scalar):
        return torch.zeros_like(x) * x if scalar == 0 else x / scalar

    def rdiv(x, scalar, round_mode=None):
        return scalar / x if round_mode in (None, "None") else torch.zeros_like(x) * x

    unary = {
        "neg_bw": torch.neg, "relu_bw": torch.relu, "silu_bw": F.silu, "tanh_bw": torch.tanh,
        "sigmoid_bw": torch.sigmoid, "exp_bw": torch.exp, "log_bw": torch.log, "sqrt_bw": torch.sqrt,
        "rsqrt_bw": torch.rsqrt, "reciprocal_bw": torch.reciprocal, "square_bw": torch.square,
        "hardsigmoid_bw": F.hardsigmoid, "hardswish_bw": F.hardswish, "relu6_bw": F.relu6, "selu_bw": F.selu,
        "relu_squared_bw": lambda x: torch.relu(x) ** 2,
        "abs_bw": torch.abs, "softsign_bw": F.softsign, "tanhshrink_bw": F.tanhshrink,
        "log_sigmoid_bw": F.logsigmoid, "frac_bw": torch.frac,
        **{f"{name}_bw": getattr(torch, name) for name in (
            "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh", "log10",
            "log1p", "log2", "exp2", "expm1", "erf", "erfc", "rad2deg", "deg2rad", "logit", "lgamma", "digamma",
            "erfinv", "i0")},
        "multigammaln_bw": lambda x: torch.mvlgamma(x, 4),  # ttnn's fixed order p = 4
    }
    # complex_unary_backward (abs_bw's golden takes a complex input too)
    unary.update({"conj_bw": torch.conj, "real_bw": torch.real, "imag_bw": torch.imag, "angle_bw": torch.angle})
    goldens = {name: _autograd(forward) for name, forward in unary.items()}
    goldens["polar_bw"] = _polar_golden
    goldens.update({name: _zeros for name in ("sign_bw", "trunc_bw", "floor_bw", "ceil_bw", "round_bw", "fill_bw",
                                              "fill_zero_bw")})
    with_params = {  # name -> (forward(x, *params), params, defaults)
        "hardtanh_bw": (F.hardtanh, ("min", "max"), (-1.0, 1.0)),
        "hardshrink_bw": (F.hardshrink, ("lambd",), (0.5,)),
        "softshrink_bw": (F.softshrink, ("lambd",), (0.5,)),
        "leaky_relu_bw": (F.leaky_relu, ("negative_slope",), (0.01,)),
        "elu_bw": (F.elu, ("alpha",), (1.0,)),
        "celu_bw": (F.celu, ("alpha",), (1.0,)),
        "threshold_bw": (F.threshold, ("threshold", "value"), ()),
        "softplus_bw": (F.softplus, ("beta", "threshold"), (1.0, 20.0)),
        "logiteps_bw": (torch.logit, ("eps",), (0.0,)),
        "rdiv_bw": (rdiv, ("scalar", "round_mode"), (None, None)),
        "pow_bw": (torch.pow, ("exponent",), ()),
        "rpow_bw": (lambda x, base: torch.pow(base, x), ("exponent",), ()),
        "div_no_nan_bw": (div_no_nan, ("scalar",), ()),
        "gelu_bw": (lambda x, approximate: F.gelu(x, approximate=approximate), ("approximate",), ("none",)),
        "polygamma_bw": (lambda x, n: torch.polygamma(int(n), x), ("n",), ()),
    }
    goldens.update({name: _autograd(*spec) for name, spec in with_params.items()})
    goldens["threshold_bw"] = _threshold_golden(goldens["threshold_bw"])
    goldens.update({
        "mul_bw": _binary(torch.mul),
        "add_bw": _binary(lambda a, b, alpha=1.0: torch.add(a, b, alpha=alpha)),
        "sub_bw": _binary(lambda a, b, alpha=1.0: torch.sub(a, b, alpha=alpha)),
        "div_bw": _binary(div),
        "addalpha_bw": _binary(lambda a, b, alpha=1.0: torch.add(a, b, alpha=alpha)),
        "subalpha_bw": _binary(lambda a, b, alpha=1.0: torch.sub(a, b, alpha=alpha)),
        "where_bw": lambda grad, c, a, b, *rest, **keywords: _autograd(where)(grad, c.bool(), a, b),
        "addcmul_bw": lambda grad, a, b, c, value=1.0, *rest, **keywords: _autograd(addcmul, ("value",))(
            grad, a, b, c, keywords.get("alpha", value)),
    })
    binary = {
        "rsub_bw": lambda a, b: b - a, "squared_difference_bw": lambda a, b: (a - b) ** 2,
        "min_bw": torch.minimum, "max_bw": torch.maximum, "atan2_bw": torch.atan2, "hypot_bw": torch.hypot,
        "xlogy_bw": torch.xlogy, "logaddexp_bw": torch.logaddexp, "logaddexp2_bw": torch.logaddexp2,
        "ldexp_bw": torch.ldexp, "remainder_bw": torch.remainder, "fmod_bw": torch.fmod,
    }
    goldens.update({name: _binary(forward) for name, forward in binary.items()})
    goldens["addcdiv_bw"] = lambda grad, a, b, c, value=1.0, *rest, **keywords: _autograd(
        lambda x, y, z, v: torch.addcdiv(x, y, z, value=v), ("value",))(grad, a, b, c, keywords.get("alpha", value))
    goldens["lerp_bw"] = _lerp_golden
    goldens["clamp_bw"] = goldens["clip_bw"] = _clamp_golden
    goldens["repeat_bw"] = lambda grad, input_tensor, shape, *rest, **keywords: _autograd(
        lambda x: x.repeat(list(shape)))(grad, input_tensor)
    goldens["prod_bw"] = _prod_golden
    goldens["concat_bw"] = _autograd(lambda a, b, dim: torch.concat((a, b), dim), ("dim",), (0,))
    goldens["assign_bw"] = _assign_golden
    goldens["bias_gelu_bw"] = _bias_gelu_golden
    return goldens


def _prod_golden(grad, input_tensor, *arguments, all_dimensions=None, dim=None, **keywords):
    """[input_grad] of torch.prod over `dim` (keep-dim) or every dim, by ttnn.prod_bw's keywords."""
    reduced = unary_backward_ops.prod_reduced_dim(all_dimensions, dim)
    forward = (lambda x: x.prod().reshape([1] * x.dim())) if reduced is None else \
        (lambda x: x.prod(reduced, keepdim=True))
    return _autograd(forward)(grad, input_tensor)


def _clamp_golden(grad, input_tensor, min=None, max=None, *arguments, **keywords):
    """[input_grad] of torch.clamp, for number or tensor bounds (a tensor bound's gradient left
    out, as ttnn's)."""
    import torch

    x = input_tensor.detach().clone().requires_grad_()
    (input_grad,) = torch.autograd.grad(torch.clamp(x, min, max), x, grad)
    return [input_grad]


def _polar_golden(grad, input_tensor, *arguments, **keywords):
    """[grad_abs + i grad_angle] of torch.polar(abs, angle), the input packed as abs + i angle
    (ttnn's). The gradients of abs and angle as leaves of their own: ttnn's golden reads them
    through the packed tensor's real / imag views, whose backward turns an infinite gradient of one
    part into NaN in the other."""
    import torch

    grads = _autograd(torch.polar)(grad, input_tensor.real, input_tensor.imag)
    return [torch.complex(*grads)]


def _lerp_golden(grad, a, b, weight=None, *arguments, **keywords):
    """[grad_a, grad_b] of torch.lerp (a tensor weight's gradient left out, as ttnn's)."""
    import torch

    weight = keywords.get("scalar", keywords.get("input_tensor_c", weight))
    return _autograd(lambda x, y: torch.lerp(x, y, weight))(grad, a, b)


def _assign_golden(grad, a, b=None, *arguments, **keywords):
    """[grad] for one tensor, [grad, grad] for two (the gradients of a + b)."""
    if b is None or isinstance(b, Number):
        return _autograd(lambda x: x * 1)(grad, a)
    return _autograd(lambda x, y: x + y)(grad, a, b)


def _bias_gelu_golden(grad, a, b, *arguments, approximate="none", **keywords):
    """gelu(a + b)'s gradients ([grad] for a number b)."""
    import torch

    def forward(x, y=b):
        return torch.nn.functional.gelu(x + y, approximate=approximate)
    if isinstance(b, Number):
        return _autograd(forward)(grad, a)
    return _autograd(lambda x, y: forward(x, y))(grad, a, b)


def _threshold_golden(golden):
    """threshold_bw's golden also takes ttnn's binding names min / max for threshold / value."""
    def threshold(grad, input_tensor, *arguments, **keywords):
        renamed = {"min": "threshold", "max": "value"}
        return golden(grad, input_tensor, *arguments,
                      **{renamed.get(name, name): value for name, value in keywords.items()})
    return threshold


def _complex_parts(golden):
    """The golden with each complex gradient in ttnn's form, its real and imaginary parts joined
    along the last dim (what tt-metal's complex tests compare a ComplexTensor result with)."""
    def parts(*arguments, **keywords):
        import torch

        return [torch.cat((g.real, g.imag), dim=-1) if isinstance(g, torch.Tensor) and g.is_complex() else g
                for g in golden(*arguments, **keywords)]
    return parts


def _attach_all() -> None:
    for name, golden in _goldens().items():
        operation = (getattr(backward_ops, name, None) or getattr(binary_backward_ops, name, None)
                     or getattr(complex_backward_ops, name, None) or getattr(unary_backward_ops, name))
        attach_golden_function(operation, _complex_parts(golden))


_attach_all()
