"""Normalization backward ops, compiled by ttbw: ttnn's `moreh_layer_norm_backward` (the keywords
of tt-metal's nanobind binding) and `rmsnorm_bw` (tt-train's `rmsnorm_bw(input, gamma, rms,
dL_dout)`, a ttbw name). Each call compiles the dialect's `ttir.layer_norm_bw` /
`ttir.rms_norm_bw` (their rules: passes/derivatives_norm.py), computed in f32, each gradient
rounded once into its data type; over the normalized dims (N elements, x̂ = (x - mean) rstd,
dy = g γ):

    layer norm:  dx = rstd (dy - sum(dy) / N - x̂ sum(dy x̂) / N)     dγ = Σ_rows g x̂    dβ = Σ_rows g
    RMS norm:    dx = (dy - x sum(dy x) / (N rms²)) / rms            dγ = Σ_rows g x / rms

dx reads its sums back over the dims they reduce (the codegen's read-back walk); dγ and dβ sum
over the other dims: a function (one program) for dx, one for the weight gradients. mean / rstd
(layer norm) have the input's leading dims only (ttnn's logical shape
`input.shape[:-normalized_dims]`): the function takes them viewed with the normalized dims as 1s
(the op's form, torch's). Beyond the API's arguments every op takes `backend="device" | "cpu"`.
"""
from __future__ import annotations

from ttbw.dialect.ops import optional_results_form

from .call_args import common_device, gradient_output, refuse_options, tensor_argument
from .ttir_function import FunctionBuilder, Value, run


def _backward_op(f: FunctionBuilder, name: str, operands: list[Value], gamma: Value | None, normalized_dims: int,
                 results: dict[str, Value]) -> dict[str, Value]:
    """`ttir.<name>` of the requested `results` (name -> its type), in its custom form."""
    text = optional_results_form(name, [(v.name, v.type) for v in operands],
                                 (gamma.name, gamma.type) if gamma is not None else None,
                                 f"normalized_dims = {normalized_dims} : i32",
                                 [(key, value.type) for key, value in results.items()])
    return dict(zip(results, f.op_group(text, list(results.values()))))


def _check_shape(op: str, name: str, tensor, shape) -> None:
    if tensor is not None and tuple(tensor.shape) != tuple(shape):
        raise ValueError(f"{op}: {name} must have logical shape {list(shape)}, got {list(tensor.shape)}")


def moreh_layer_norm_backward(output_grad, input, mean, rstd, normalized_dims, *, gamma=None,  # noqa: A002
                              input_grad=None, gamma_grad=None, beta_grad=None, memory_config=None,
                              compute_kernel_config=None, backend: str = "device"):
    """ttnn.moreh_layer_norm_backward: [input_grad, gamma_grad, beta_grad], each computed when its
    tensor is passed (written in place), else None (as ttnn)."""
    op = "moreh_layer_norm_backward"
    g, x = tensor_argument(op, "output_grad", output_grad), tensor_argument(op, "input", input)
    m, r = tensor_argument(op, "mean", mean), tensor_argument(op, "rstd", rstd)
    gam = tensor_argument(op, "gamma", gamma, optional=True)
    outs = {name: tensor_argument(op, name, t, optional=True)
            for name, t in (("input_grad", input_grad), ("gamma_grad", gamma_grad), ("beta_grad", beta_grad))}
    refuse_options(op, {"compute_kernel_config": compute_kernel_config})
    shape = tuple(x.shape)
    if isinstance(normalized_dims, bool) or not isinstance(normalized_dims, int):
        raise TypeError(f"{op}: normalized_dims must be an int, got {type(normalized_dims).__name__}")
    if not 1 <= normalized_dims <= len(shape):
        raise ValueError(f"{op}: normalized_dims {normalized_dims} is out of range for an input of rank "
                         f"{len(shape)} (expected 1 .. {len(shape)})")
    lead, normalized = shape[:-normalized_dims], shape[-normalized_dims:]
    _check_shape(op, "output_grad", g, shape)
    _check_shape(op, "mean", m, lead)
    _check_shape(op, "rstd", r, lead)
    _check_shape(op, "gamma", gam, normalized)
    _check_shape(op, "input_grad", outs["input_grad"], shape)
    _check_shape(op, "gamma_grad", outs["gamma_grad"], normalized)
    _check_shape(op, "beta_grad", outs["beta_grad"], normalized)
    device = common_device(op, {"output_grad": g, "input": x, "mean": m, "rstd": r, "gamma": gam, **outs})
    kept = lead + (1,) * normalized_dims
    computed = {}
    # dx reads its row sums back, dγ / dβ sum over the rows: one function (one program) each
    for group in (("input_grad",), ("gamma_grad", "beta_grad")):
        wanted = [name for name in group if outs[name] is not None]
        if not wanted:
            continue
        f = FunctionBuilder(op)
        gv, xv = f.argument("output_grad", g), f.argument("input", x)
        mv, rv = f.argument("mean", m, kept), f.argument("rstd", r, kept)
        gamma_value = f.argument("gamma", gam) if gam is not None else None
        like = gamma_value or xv
        types = {"input_grad": xv.like(""), "gamma_grad": like.like("", normalized),
                 "beta_grad": like.like("", normalized)}
        values = _backward_op(f, "layer_norm_bw", [gv, xv, mv, rv], gamma_value, normalized_dims,
                              {name: types[name] for name in wanted})
        outputs = [gradient_output(f, op, name, values[name], outs[name], outs[name], memory_config) for name in wanted]
        computed.update(zip(wanted, run(f, outputs, backend, device)))
    return [computed.get(name) for name in ("input_grad", "gamma_grad", "beta_grad")]


def rmsnorm_bw(input_tensor, gamma_tensor, rms_tensor, dL_dout_tensor, *, memory_config=None,
               backend: str = "device"):
    """[input_grad, gamma_grad] of y = x / rms γ over the last dim (rms = sqrt(mean(x²) + eps) from
    the forward, of the input's shape with the last dim 1; γ of the last dim, with any leading 1s)."""
    op = "rmsnorm_bw"
    x, gam = tensor_argument(op, "input_tensor", input_tensor), tensor_argument(op, "gamma_tensor", gamma_tensor)
    rms, g = tensor_argument(op, "rms_tensor", rms_tensor), tensor_argument(op, "dL_dout_tensor", dL_dout_tensor)
    shape = tuple(x.shape)
    if not shape:
        raise ValueError(f"{op}: input_tensor must have rank >= 1")
    _check_shape(op, "dL_dout_tensor", g, shape)
    _check_shape(op, "rms_tensor", rms, shape[:-1] + (1,))
    if len(gam.shape) > len(shape) or not gam.shape or tuple(gam.shape)[-1] != shape[-1] \
            or any(d != 1 for d in tuple(gam.shape)[:-1]):
        raise ValueError(f"{op}: gamma_tensor must have shape [{shape[-1]}] (or leading 1s), got {list(gam.shape)}")
    device = common_device(op, {"input_tensor": x, "gamma_tensor": gam, "rms_tensor": rms, "dL_dout_tensor": g})

    results = []
    # dx reads its row sums back, dγ sums over the rows: one function (one program) each
    for name in ("input_grad", "gamma_grad"):
        f = FunctionBuilder(op)
        gv, xv = f.argument("dL_dout", g), f.argument("input", x)
        rv, gamma_value = f.argument("rms", rms), f.argument("gamma", gam, (shape[-1],))
        value = _backward_op(f, "rms_norm_bw", [gv, xv, rv], gamma_value, 1,
                             {name: (xv if name == "input_grad" else gamma_value).like("")})[name]
        if name == "gamma_grad":
            value = f.reshape(value, tuple(gam.shape))
        output = gradient_output(f, op, name, value, x if name == "input_grad" else gam, None, memory_config)
        results += run(f, [output], backend, device)
    return results
