"""Normalization backward ops, compiled by ttbw: ttnn's `moreh_layer_norm_backward` (the keywords
of tt-metal's nanobind binding) and `rmsnorm_bw` (tt-train's `rmsnorm_bw(input, gamma, rms,
dL_dout)`, a ttbw name). Each is TTIR functions of tt-mlir ops (`ttir_function`), in f32,
each gradient rounded once into its data type; over the normalized dims (N elements, x̂ = (x -
mean) rstd, dy = g γ):

    layer norm:  dx = rstd (dy - sum(dy) / N - x̂ sum(dy x̂) / N)     dγ = Σ_rows g x̂    dβ = Σ_rows g
    RMS norm:    dx = (dy - x sum(dy x) / (N rms²)) / rms            dγ = Σ_rows g x / rms

dx reads its sums back over the dims they reduce: one program (the codegen's read-back walk);
dγ and dβ sum over the other dims: a second function, one program. mean / rstd (layer norm) have
the input's leading dims only (ttnn's logical shape `input.shape[:-normalized_dims]`): the
function takes them viewed with the normalized dims as 1s. Beyond the API's arguments every op
takes `backend="device" | "cpu"`.
"""
from __future__ import annotations

import math

from .matmul_ops import _device, _gradient, _refuse_options, _tensor
from .ttir_function import FunctionBuilder, run


def _elementwise(f: FunctionBuilder, name: str, *operands):
    shape = max((v.shape for v in operands), key=lambda s: sum(d != 1 for d in s))
    return f.op(name, list(operands), operands[0].like(f.fresh(), shape))


def _f32(f: FunctionBuilder, v):
    return f.typecast(v, v.like("", element="f32"))


def _count(f: FunctionBuilder, like, count: int):
    """`count` as an f32 scalar (a rank-0 `ttir.full`: the programs' runtime scalar)."""
    return f.op("full", [], like.like(f.fresh(), (), "f32"), f"fill_value = {float(count)!r} : f32, shape = array<i32>")


def _check_shape(op: str, name: str, tensor, shape) -> None:
    if tensor is not None and tuple(tensor.shape) != tuple(shape):
        raise ValueError(f"{op}: {name} must have logical shape {list(shape)}, got {list(tensor.shape)}")


def moreh_layer_norm_backward(output_grad, input, mean, rstd, normalized_dims, *, gamma=None,  # noqa: A002
                              input_grad=None, gamma_grad=None, beta_grad=None, memory_config=None,
                              compute_kernel_config=None, backend: str = "device"):
    """ttnn.moreh_layer_norm_backward: [input_grad, gamma_grad, beta_grad], each computed when its
    tensor is passed (written in place), else None (as ttnn)."""
    op = "moreh_layer_norm_backward"
    g, x = _tensor(op, "output_grad", output_grad), _tensor(op, "input", input)
    m, r = _tensor(op, "mean", mean), _tensor(op, "rstd", rstd)
    gam = _tensor(op, "gamma", gamma, optional=True)
    outs = {name: _tensor(op, name, t, optional=True)
            for name, t in (("input_grad", input_grad), ("gamma_grad", gamma_grad), ("beta_grad", beta_grad))}
    _refuse_options(op, {"compute_kernel_config": compute_kernel_config})
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
    device = _device(op, {"output_grad": g, "input": x, "mean": m, "rstd": r, "gamma": gam, **outs})
    kept = lead + (1,) * normalized_dims
    dims = set(range(len(lead), len(shape)))

    def start():
        f = FunctionBuilder(op)
        gv, xv = _f32(f, f.argument("output_grad", g)), _f32(f, f.argument("input", x))
        mv, rv = _f32(f, f.argument("mean", m, kept)), _f32(f, f.argument("rstd", r, kept))
        xhat = _elementwise(f, "multiply", _elementwise(f, "subtract", xv, mv), rv)
        return f, gv, xhat, rv

    results = [None, None, None]
    if outs["input_grad"] is not None:
        f, gv, xhat, rv = start()
        dy = gv if gam is None else _elementwise(f, "multiply", gv, _f32(f, f.argument(
            "gamma", gam, (1,) * len(lead) + normalized)))
        n = _count(f, f.sum(dy, dims), math.prod(normalized))
        mean_dy = _elementwise(f, "div", f.sum(dy, dims), n)
        mean_dy_xhat = _elementwise(f, "div", f.sum(_elementwise(f, "multiply", dy, xhat), dims), n)
        inner = _elementwise(f, "subtract", _elementwise(f, "subtract", dy, mean_dy),
                             _elementwise(f, "multiply", xhat, mean_dy_xhat))
        dx = _elementwise(f, "multiply", rv, inner)
        output = _gradient(f, op, "input_grad", dx, outs["input_grad"], outs["input_grad"], memory_config)
        results[0] = run(f, [output], backend, device)[0]
    wanted = [k for k, name in ((1, "gamma_grad"), (2, "beta_grad")) if outs[name] is not None]
    if wanted:
        f, gv, xhat, _ = start()
        sums = {1: lambda: _elementwise(f, "multiply", gv, xhat), 2: lambda: gv}
        outputs = []
        for k in wanted:
            name = ("gamma_grad", "beta_grad")[k - 1]
            value = f.reshape(f.sum(sums[k](), set(range(len(lead)))), normalized)
            outputs.append(_gradient(f, op, name, value, outs[name], outs[name], memory_config))
        for k, t in zip(wanted, run(f, outputs, backend, device)):
            results[k] = t
    return results


def rmsnorm_bw(input_tensor, gamma_tensor, rms_tensor, dL_dout_tensor, *, memory_config=None,
               backend: str = "device"):
    """[input_grad, gamma_grad] of y = x / rms γ over the last dim (rms = sqrt(mean(x²) + eps) from
    the forward, of the input's shape with the last dim 1; γ of the last dim, with any leading 1s)."""
    op = "rmsnorm_bw"
    x, gam = _tensor(op, "input_tensor", input_tensor), _tensor(op, "gamma_tensor", gamma_tensor)
    rms, g = _tensor(op, "rms_tensor", rms_tensor), _tensor(op, "dL_dout_tensor", dL_dout_tensor)
    shape = tuple(x.shape)
    if not shape:
        raise ValueError(f"{op}: input_tensor must have rank >= 1")
    _check_shape(op, "dL_dout_tensor", g, shape)
    _check_shape(op, "rms_tensor", rms, shape[:-1] + (1,))
    if len(gam.shape) > len(shape) or not gam.shape or tuple(gam.shape)[-1] != shape[-1] \
            or any(d != 1 for d in tuple(gam.shape)[:-1]):
        raise ValueError(f"{op}: gamma_tensor must have shape [{shape[-1]}] (or leading 1s), got {list(gam.shape)}")
    device = _device(op, {"input_tensor": x, "gamma_tensor": gam, "rms_tensor": rms, "dL_dout_tensor": g})

    def start():
        f = FunctionBuilder(op)
        xv, gv = _f32(f, f.argument("input", x)), _f32(f, f.argument("dL_dout", g))
        return f, xv, gv, _f32(f, f.argument("rms", rms))

    f, xv, gv, rv = start()
    dy = _elementwise(f, "multiply", gv, _f32(f, f.argument("gamma", gam, (1,) * (len(shape) - 1) + (shape[-1],))))
    total = f.sum(_elementwise(f, "multiply", dy, xv), {len(shape) - 1})
    scale = _elementwise(f, "multiply", _count(f, total, shape[-1]), _elementwise(f, "multiply", rv, rv))
    dx = _elementwise(f, "div", _elementwise(f, "subtract", dy, _elementwise(
        f, "multiply", xv, _elementwise(f, "div", total, scale))), rv)
    input_grad = run(f, [_gradient(f, op, "input_grad", dx, x, None, memory_config)], backend, device)[0]
    f, xv, gv, rv = start()
    terms = _elementwise(f, "div", _elementwise(f, "multiply", gv, xv), rv)
    dgamma = f.reshape(f.sum_to(terms, (shape[-1],)), tuple(gam.shape))
    gamma_grad = run(f, [_gradient(f, op, "gamma_grad", dgamma, gam, None, memory_config)], backend, device)[0]
    return [input_grad, gamma_grad]
