"""f32 and bf16 accuracy of the complex_unary_backward family and abs_bw's complex form on the
emulated device: z's real part bench_unary_f32.py's stratified sample (every binade of float32's range,
both signs: 130,048 values), its imaginary part the same values in a random order (every ratio of
the parts), a random normal grad (complex for conj_bw / polar_bw), in one call per op. The worst
error of either part in f32 ulps of the float64 golden's magnitude |golden| (test_backward_complex's
bound; 0 for the exact conj / real / imag), and where both parts of z lie in [2^-20, 2^20] (the
"core" column). polar_bw (z = abs + i angle, the angle's binades up to 2^16, where sin / cos's
reduction is exact): each part in ulps of the sum of its dot product's terms' magnitudes (the
bound of a sum), |gr cos| + |gi sin| and |abs| (|gi cos| + |gr sin|). bf16: the same values
rounded to bf16 (bf16's range: binades from 2^-126 to 2^127 too), the worst error in bf16 ulps of
that scale. Printed, not asserted.
Run: .venv/bin/python bench/bench_complex_f32.py [OP ...]
"""
from __future__ import annotations

import sys
import warnings
from pathlib import Path

import torch

import ttbw

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_unary_f32 import SHAPE, TINY, stratified  # noqa: E402

OPS = ["conj_bw", "real_bw", "imag_bw", "angle_bw", "abs_bw", "polar_bw"]
CORE = (2.0 ** -20, 2.0 ** 20)


BITS = {torch.float32: 23, torch.bfloat16: 7}


def part_ulps(got: torch.Tensor, want: torch.Tensor, scale: torch.Tensor, dtype) -> torch.Tensor:
    """|got - want| in ulps of `scale` in `dtype`; 0 where both are NaN, the same infinity (want
    rounded to dtype) or both below TINY (the device flushes there)."""
    same = (torch.isnan(got) & torch.isnan(want)) | (torch.isinf(got) & (got == want.to(dtype).double()))
    spacing = torch.pow(2.0, torch.floor(torch.log2(scale.abs().clamp_min(2.0 ** -126))) - BITS[dtype])
    error = ((got - want).abs() / spacing).nan_to_num(nan=float("inf"))
    error = torch.where((want.abs() < TINY) & (got.abs() < TINY), 0.0, error)
    return torch.where(same, 0.0, error)


def complex_tensor(z: torch.Tensor, dtype) -> ttbw.ComplexTensor:
    return ttbw.complex_tensor(*(ttbw.from_torch(p.to(dtype).reshape(SHAPE).contiguous(), layout=ttbw.TILE_LAYOUT)
                                 for p in (z.real, z.imag)))


def inputs(gen):
    """(z, polar's z, real grad, complex grad), float64 values of float32s."""
    re = stratified(gen).double()
    im = re[torch.randperm(re.numel(), generator=gen)]
    angle = stratified(gen).double()
    angle = angle[angle.abs() < 2.0 ** 16]
    polar_z = torch.complex(re[torch.randperm(re.numel(), generator=gen)][:angle.numel()], angle)
    polar_z = torch.cat([polar_z, polar_z[:re.numel() - angle.numel()]])  # SHAPE's element count
    g = torch.randn(re.shape, generator=gen, dtype=torch.float64).float().double()
    gc = torch.complex(g, torch.randn(re.shape, generator=gen, dtype=torch.float64).float().double())
    return torch.complex(re, im), polar_z, g, gc


def rounded(z: torch.Tensor, dtype) -> torch.Tensor:
    if z.is_complex():
        return torch.complex(z.real.to(dtype).double(), z.imag.to(dtype).double())
    return z.to(dtype).double()


def in_core(z: torch.Tensor) -> torch.Tensor:
    return (z.real.abs() >= CORE[0]) & (z.real.abs() <= CORE[1]) & (z.imag.abs() >= CORE[0]) & (z.imag.abs() <= CORE[1])


def worst(op, grad, x, dtype) -> tuple:
    """(worst, worst in the core) of op's error in ulps of dtype, on grad and x rounded to dtype."""
    function = getattr(ttbw, op)
    grad, x = rounded(grad, dtype), rounded(x, dtype)
    tgrad = complex_tensor(grad, dtype) if grad.is_complex() else ttbw.from_torch(
        grad.to(dtype).reshape(SHAPE), layout=ttbw.TILE_LAYOUT)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "function @polar_bw is not one fused program")
        (got,) = function(tgrad, complex_tensor(x, dtype))
    got = ttbw.to_torch(got).to(torch.complex128).flatten()
    (want,) = ttbw.get_golden_function(function)(grad, x)
    if op == "polar_bw":
        cos, sin = torch.cos(x.imag), torch.sin(x.imag)
        scales = ((grad.real * cos).abs() + (grad.imag * sin).abs(),
                  x.real.abs() * ((grad.imag * cos).abs() + (grad.real * sin).abs()))
    else:
        scales = (want.abs(), want.abs())
    error = torch.maximum(part_ulps(got.real, want.real, scales[0], dtype),
                          part_ulps(got.imag, want.imag, scales[1], dtype))
    return float(error.max()), float(error[in_core(x)].max())


def main(ops) -> None:
    z, polar_z, g, gc = inputs(torch.Generator().manual_seed(7))
    print(f"{'op':10s} {'worst f32 ulp':>14s} {'core':>8s} {'worst bf16 ulp':>15s} {'core':>8s}")
    for op in ops:
        grad = gc if op in ("conj_bw", "polar_bw") else g
        x = polar_z if op == "polar_bw" else z
        f32, bf16 = worst(op, grad, x, torch.float32), worst(op, grad, x, torch.bfloat16)
        print(f"{op:10s} {f32[0]:14.3g} {f32[1]:8.3g} {bf16[0]:15.3g} {bf16[1]:8.3g}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or OPS)
