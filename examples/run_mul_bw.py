"""Runs ttbw.mul_bw on the seed's example and on a broadcast and a complex case,
beside torch autograd: on the emulated Tensix device (one fused program per call)
and on the CPU reference path."""
from __future__ import annotations

import sys

import torch

import ttbw


def pcc(x: torch.Tensor, y: torch.Tensor) -> float:
    x, y = x.flatten().double(), y.flatten().double()
    if torch.equal(x, y):
        return 1.0
    return float(torch.corrcoef(torch.stack([x, y]))[0, 1])


def show(name: str, got, want) -> None:
    got = ttbw.to_torch(got)
    if got.is_complex():
        got, want = torch.view_as_real(got), torch.view_as_real(want)
    exact = torch.equal(got.to(want.dtype), want)
    print(f"  {name}: shape {list(got.shape)}, PCC {pcc(got, want):.6f}"
          f"{' (bit-exact)' if exact else ''}")
    if got.numel() <= 4:
        print(f"    ttbw  {got.flatten().tolist()}\n    torch {want.flatten().tolist()}")


def autograd(grad, a, b):
    a = a.detach().clone().requires_grad_()
    if not isinstance(b, torch.Tensor):
        return torch.autograd.grad(a * b, (a,), grad)
    b = b.detach().clone().requires_grad_()
    return torch.autograd.grad(a * b, (a, b), grad)


def main(backend: str) -> None:
    print(f"==== backend={backend!r}")
    device = ttbw.open_device(device_id=0)
    gen = torch.Generator().manual_seed(0)

    print("seed example: 2x2 bf16, tensor b and scalar 4")
    t = torch.tensor([[1, 2], [3, 4]], dtype=torch.bfloat16)
    tt = ttbw.from_torch(t, layout=ttbw.TILE_LAYOUT, device=device)
    for name, got, want in zip(("grad_a", "grad_b"), ttbw.mul_bw(tt, tt, tt, backend=backend), autograd(t, t, t)):
        show(name, got, want)
    show("grad_a (scalar)", ttbw.mul_bw(tt, tt, 4, backend=backend)[0], autograd(t, t, 4.0)[0])

    print("broadcast on both sides: a (1,3,32,1) * b (1,1,32,64), bf16")
    g, a, b = (torch.randn(s, generator=gen).to(torch.bfloat16)
               for s in ((1, 3, 32, 64), (1, 3, 32, 1), (1, 1, 32, 64)))
    got = ttbw.mul_bw(*(ttbw.from_torch(x, device=device, layout=ttbw.TILE_LAYOUT) for x in (g, a, b)), backend=backend)
    for name, x, y in zip(("grad_a", "grad_b"), got, autograd(g, a, b)):
        show(name, x, y)

    print("complex (1,1,32,64) f32")
    z = [torch.complex(torch.randn((1, 1, 32, 64), generator=gen), torch.randn((1, 1, 32, 64), generator=gen))
         for _ in range(3)]
    to_tt = lambda v: ttbw.complex_tensor(ttbw.from_torch(v.real.contiguous(), layout=ttbw.TILE_LAYOUT),
                                          ttbw.from_torch(v.imag.contiguous(), layout=ttbw.TILE_LAYOUT))
    got = ttbw.mul_bw(*(to_tt(v) for v in z), backend=backend)
    for name, x, y in zip(("grad_a", "grad_b"), got, autograd(*z)):
        show(name, x, y)


if __name__ == "__main__":
    for backend in sys.argv[1:] or ["device", "cpu"]:
        main(backend)
