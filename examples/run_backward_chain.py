"""A small layer's backward pass built from ttnn's backward ops, run by ttbw beside torch autograd.

    h = x * w + b        x (2, 3, 64, 96); w (1, 1, 64, 96) shared over the batch; b (1, 1, 1, 96) a bias
    y = gelu(h)          broadcast over the batch and the rows; bf16 TILE tensors

Given the loss gradient g = dL/dy, its backward is three calls, each one fused Tensix program:

    (dh,)    = gelu_bw(g, h)          dh = g * gelu'(h)
    dxw, db  = add_bw(dh, xw, b)      db summed over the broadcast dims back to b's shape
    dx, dw   = mul_bw(dxw, x, w)      dw summed over the batch back to w's shape

run on the emulated device and on the CPU reference path, each gradient compared with torch
autograd in float64 on the same bf16 values (the forward's h as ttbw got it), printing its largest
error in bf16 ulps of the magnitude of its terms (gelu' has a root; db and dw are sums) and its PCC. The chain passes bf16 gradients from call to call, as ttnn does,
so the later gradients carry the earlier ones' rounding.
"""
from __future__ import annotations

import math
import sys

import torch

import ttbw

SHAPES = {"x": (2, 3, 64, 96), "w": (1, 1, 64, 96), "b": (1, 1, 1, 96)}


def ulps(got: torch.Tensor, want: torch.Tensor, scale: torch.Tensor) -> float:
    """Largest |got - want| in bf16 ulps of scale (an ulp of the smallest normal below it)."""
    magnitude = scale.abs().clamp(min=2.0 ** -126)
    return float(((got - want).abs() / torch.exp2(torch.floor(torch.log2(magnitude)) - 7)).max())


def pcc(got: torch.Tensor, want: torch.Tensor) -> float:
    return float(torch.corrcoef(torch.stack([got.flatten(), want.flatten()]))[0, 1])


def torch_gradients(g, x, w, b, h):
    """dL/dx, dL/dw, dL/db by torch autograd in float64 with the forward's h taken as the bf16 h
    ttbw is given (straight through the rounding), the intermediate dL/dh; and per gradient
    the magnitude of its terms (gelu' = Phi(h) + h phi(h) has a root at h = -0.75, where any
    formula cancels; a summed gradient adds its terms)."""
    x, w, b = (t.double().requires_grad_() for t in (x, w, b))
    exact = x * w + b
    rounded = exact + (h.double() - exact).detach()
    rounded.retain_grad()
    # gelu as 0.5 h erfc(-h / sqrt2): torch's own gelu backward computes 0.5 (1 + erf) and loses
    # Phi(h) below h = -8 even in float64.
    (0.5 * rounded * torch.special.erfc(-rounded * math.sqrt(0.5))).backward(g.double())
    h64 = h.double()
    pdf = torch.exp(-0.5 * h64 * h64) / math.sqrt(2.0 * math.pi)
    terms = g.double().abs() * (0.5 * torch.special.erfc(-h64 * math.sqrt(0.5)) + h64.abs() * pdf)
    scales = {"dh": terms, "dx": terms * w.detach().abs(), "db": terms.sum_to_size(b.shape),
              "dw": (terms * x.detach().abs()).sum_to_size(w.shape)}
    grads = {"dh": rounded.grad, "dx": x.grad, "dw": w.grad, "db": b.grad}
    return grads, scales


def main(backend: str) -> None:
    gen = torch.Generator().manual_seed(0)
    x, w, b = (torch.randn(s, generator=gen).to(torch.bfloat16) for s in SHAPES.values())
    xw = x * w
    h = xw + b
    g = torch.randn(h.shape, generator=gen).to(torch.bfloat16)
    device = ttbw.open_device(device_id=0)
    tt = {name: ttbw.from_torch(t, layout=ttbw.TILE_LAYOUT, device=device)
          for name, t in (("g", g), ("x", x), ("w", w), ("b", b), ("xw", xw), ("h", h))}

    (dh,) = ttbw.gelu_bw(tt["g"], tt["h"], backend=backend)
    dxw, db = ttbw.add_bw(dh, tt["xw"], tt["b"], backend=backend)
    dx, dw = ttbw.mul_bw(dxw, tt["x"], tt["w"], backend=backend)

    want, scales = torch_gradients(g, x, w, b, h)
    print(f"==== backend={backend!r}: gelu_bw -> add_bw -> mul_bw beside torch autograd (float64)")
    for name, got in (("dh", dh), ("db", db), ("dx", dx), ("dw", dw)):
        value = ttbw.to_torch(got).double()
        print(f"  {name}: shape {list(value.shape)}, max error {ulps(value, want[name], scales[name]):.2f} bf16 ulp "
              f"of |terms|, PCC {pcc(value, want[name]):.6f}")


if __name__ == "__main__":
    for name in sys.argv[1:] or ["device", "cpu"]:
        main(name)
