"""Shared by the layer-norm backward tests (the API's, the torch importer's): inputs with their
forward statistics, and float64 goldens with the scales of the issue's bound (sum |terms|)."""
from __future__ import annotations

import torch

EPS = 1e-5


def layer_norm_case(shape, nd, dtype, seed=1):
    gen = torch.Generator().manual_seed(seed)
    x = (torch.randn(shape, generator=gen, dtype=torch.float64) * 2 + 0.5).to(dtype)
    normalized = shape[-nd:]
    gamma = (torch.rand(normalized, generator=gen, dtype=torch.float64) * 2 - 1.05).to(dtype)
    g = torch.randn(shape, generator=gen, dtype=torch.float64).to(dtype)
    dims = list(range(-nd, 0))
    mean = x.double().mean(dims, keepdim=True)
    rstd = ((x.double() - mean) ** 2).mean(dims, keepdim=True).add(EPS).rsqrt()
    return x, gamma, g, mean.to(dtype), rstd.to(dtype)


def layer_norm_golden(x, gamma, g, mean, rstd, nd, affine):
    """([dx, dγ, dβ], their sum |terms| scales): torch's native_layer_norm_backward in float64."""
    normalized = list(x.shape[-nd:])
    weight = gamma.double() if affine else None
    dx, dgamma, dbeta = torch.ops.aten.native_layer_norm_backward(
        g.double(), x.double(), normalized, mean.double(), rstd.double(), weight, torch.zeros(normalized).double(),
        [True, affine, True])
    dims = list(range(-nd, 0))
    lead = tuple(range(x.dim() - nd))
    xhat = (x.double() - mean.double()) * rstd.double()
    dy = (g.double() * gamma.double() if affine else g.double()).abs()
    dx_scale = rstd.double() * (dy + dy.mean(dims, keepdim=True)
                                + xhat.abs() * (dy * xhat.abs()).mean(dims, keepdim=True))
    terms = (g.double() * xhat).abs()
    scales = [dx_scale, terms.sum(lead) if lead else terms, g.double().abs().sum(lead) if lead else g.double().abs()]
    return [dx, dgamma, dbeta], scales


def batch_norm_case(shape, dtype, seed=1, param_dtype=None):
    """x, γ (C,), g, and the forward's batch statistics save_mean / save_invstd (C,) in γ's dtype
    (`param_dtype`, x's by default), as torch's native_batch_norm gives them (float32 statistics
    for a bf16 input with float32 parameters)."""
    param_dtype = param_dtype or dtype
    gen = torch.Generator().manual_seed(seed)
    x = (torch.randn(shape, generator=gen, dtype=torch.float64) * 2 + 0.5).to(dtype)
    gamma = (torch.rand(shape[1], generator=gen, dtype=torch.float64) * 2 - 1.05).to(param_dtype)
    g = torch.randn(shape, generator=gen, dtype=torch.float64).to(dtype)
    dims = [0] + list(range(2, len(shape)))
    mean = x.double().mean(dims)
    invstd = x.double().var(dims, unbiased=False).add(EPS).rsqrt()
    return x, gamma, g, mean.to(param_dtype), invstd.to(param_dtype)


def batch_norm_golden(x, gamma, g, mean, invstd, affine):
    """([dx, dγ, dβ], their sum |terms| scales): torch's native_batch_norm_backward (training) in
    float64."""
    weight = gamma.double() if affine else None
    dx, dgamma, dbeta = torch.ops.aten.native_batch_norm_backward(
        g.double(), x.double(), weight, None, None, mean.double(), invstd.double(), True, EPS, [True, True, True])
    dims = [0] + list(range(2, x.dim()))
    kept = [1, x.shape[1]] + [1] * (x.dim() - 2)
    m, r = mean.double().reshape(kept), invstd.double().reshape(kept)
    xhat = (x.double() - m) * r
    dy = (g.double() * gamma.double().reshape(kept) if affine else g.double()).abs()
    dx_scale = r * (dy + dy.mean(dims, keepdim=True) + xhat.abs() * (dy * xhat.abs()).mean(dims, keepdim=True))
    scales = [dx_scale, (g.double() * xhat).abs().sum(dims), g.double().abs().sum(dims)]
    return [dx, dgamma, dbeta], scales
