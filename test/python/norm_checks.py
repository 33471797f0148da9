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
