"""The normalizations' derivative rules (ttir.layer_norm_bw, ttir.rms_norm_bw, ttir.batch_norm_bw;
PyTorch's native_layer_norm_backward and native_batch_norm_backward), over the trailing
`normalized_dims` dims of the input (batch norm: every dim but the channels, whose γ and statistics
are constant over the normalized dims): N elements, dy = g γ (g without γ). In f32, each gradient
rounded once:

    layer norm:  x̂ = (x - mean) rstd    dx = rstd (dy - sum(dy) / N - x̂ sum(dy x̂) / N)
                 dγ = g x̂    dβ = g      (the decomposition's sum_to sums them over the rows)
    RMS norm:    dx = (dy - x sum(dy x) / (N rms²)) / rms    dγ = g x / rms

The x̂ form is PyTorch's up to rounding: its CPU kernel folds mean and rstd into per-row
coefficients of x (dx = a dy + b x + c), which cancels where |x| >> |x - mean|; x̂ does not.
"""
from __future__ import annotations

import math


def _normalized(x) -> tuple[tuple, float]:
    """The normalized dims of the op's input and their element count: the trailing
    `normalized_dims`, or (ttir.batch_norm_bw, which has no such attribute) every dim but the
    channels, dim 1."""
    shape = list(x.input.value.type.shape)
    trailing = x.attr("normalized_dims")
    dims = tuple(range(len(shape) - trailing, len(shape))) if trailing is not None else \
        tuple(d for d in range(len(shape)) if d != 1)
    return dims, float(math.prod(shape[d] for d in dims))


def _scaled_grad(d, x):
    return x.grad if x.gamma is None else d.multiply(x.grad, x.gamma)


def _xhat(d, x):
    return d.multiply(d.subtract(x.input, x.mean), x.rstd)


def layer_norm_input_grad(d, x):
    dims, count = _normalized(x)
    dy, xhat, n = _scaled_grad(d, x), _xhat(d, x), d.constant(count)
    mean_dy = d.div(d.sum(dy, dims), n)
    mean_dy_xhat = d.div(d.sum(d.multiply(dy, xhat), dims), n)
    return d.multiply(x.rstd, d.subtract(d.subtract(dy, mean_dy), d.multiply(xhat, mean_dy_xhat)))


def layer_norm_gamma_grad(d, x):
    return d.multiply(x.grad, _xhat(d, x))


def layer_norm_beta_grad(d, x):
    return x.grad


def rms_norm_input_grad(d, x):
    dims, count = _normalized(x)
    dy = _scaled_grad(d, x)
    total = d.sum(d.multiply(dy, x.input), dims)
    scale = d.multiply(d.constant(count), d.multiply(x.rms, x.rms))
    return d.div(d.subtract(dy, d.multiply(x.input, d.div(total, scale))), x.rms)


def rms_norm_gamma_grad(d, x):
    return d.div(d.multiply(x.grad, x.input), x.rms)
