"""ttnn.pearson_correlation_coefficient(expected, actual): the PCC ttnn's tests compare a result
with its golden by (ttnn/operations/comparison.py's rules): `expected` a torch tensor, `actual` a
ttnn or torch tensor; complex values as their (real, imag) pairs; two all-NaN tensors agree (1.0),
one all-NaN or one all-zero tensor beside another does not (0.0); infinities and NaNs count as 0;
equal tensors 1.0; else the correlation of the flattened values in float64."""
from __future__ import annotations

from .tensor import ComplexTensor, Tensor


def pearson_correlation_coefficient(expected, actual) -> float:
    import torch

    from .conversions import to_torch

    if isinstance(actual, (Tensor, ComplexTensor)):
        actual = to_torch(actual)
    if not isinstance(expected, torch.Tensor):
        raise ValueError(f"pearson_correlation_coefficient: expected must be a torch.Tensor, got "
                         f"{type(expected).__name__}")
    if not isinstance(actual, torch.Tensor):
        raise TypeError(f"pearson_correlation_coefficient: actual must be a ttnn.Tensor or a torch.Tensor, got "
                        f"{type(actual).__name__}")
    x, y = (torch.view_as_real(t) if t.is_complex() else t for t in (expected, actual))
    if x.numel() != y.numel():
        raise ValueError(f"pearson_correlation_coefficient: expected has {x.numel()} values, actual {y.numel()}")
    x, y = x.detach().double().flatten(), y.detach().double().flatten()
    x_nan, y_nan = bool(torch.isnan(x).all()), bool(torch.isnan(y).all())
    if x_nan or y_nan:
        return 1.0 if x_nan and y_nan else 0.0
    if bool(x.bool().any()) != bool(y.bool().any()):  # one of them all zero
        return 0.0
    x, y = (torch.where(torch.isfinite(t), t, torch.zeros_like(t)) for t in (x, y))
    if torch.equal(x, y):
        return 1.0
    dx, dy = x - x.mean(), y - y.mean()
    norm = float(torch.sqrt((dx * dx).sum()) * torch.sqrt((dy * dy).sum()))
    return float((dx * dy).sum()) / norm if norm > 0 else 0.0  # a constant beside another tensor
