"""Sibling reductions over three and four different sets of dims in one program (the cross
walk's units, middle and inner loops; each reduction's partial per middle step, in a FIFO, per
unit or per step): seeded random shapes, bf16 and f32, on the emulated device, against torch
in float64 on the same inputs."""
import random

import pytest
import torch

from backward_checks import check_gradient
from ttbw.driver.compiler import run_on_device

SIZES = [1, 2, 3, 17, 32, 33, 64, 70]
TYPES = {torch.bfloat16: "bf16", torch.float32: "f32"}


def ty(shape, dtype) -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{TYPES[dtype]}>"


def random_case(seed: int, groups: int):
    """(x shape, y shape, kept dims of each sum, dtype): every dim of the space is kept by all
    sums (U), belongs to one of two classes (A, B), or, one of the last two dims within one tile,
    is summed by all (C: the in-tile sum of a sum keeping both A and B). The sums keep U plus
    distinct subsets of {A, B}."""
    rng = random.Random(seed)
    while True:
        rank = rng.randint(2, 4)
        shape = [rng.choice(SIZES) for _ in range(rank)]
        roles = [rng.choice("UAB") for _ in range(rank)]
        c = rng.choice([rank - 2, rank - 1])
        shape[c], roles[c] = rng.choice([2, 17, 32]), "C"
        if all(any(r == role and s > 1 for r, s in zip(roles, shape)) for role in "AB"):
            break
    subsets = rng.sample([(), ("A",), ("B",), ("A", "B")], groups)
    kept = [[d for d in range(rank) if roles[d] == "U" or roles[d] in s] for s in subsets]
    y_shape = [s if rng.random() < 0.6 else 1 for s in shape]
    return tuple(shape), tuple(y_shape), kept, rng.choice(list(TYPES))


def function(x_shape, y_shape, kept, dtype) -> tuple[str, list]:
    """TTIR: each sum (keep_dim) of x * y over the dims it does not keep; its result shapes."""
    rank = len(x_shape)
    outs = [tuple(s if d in k else 1 for d, s in enumerate(x_shape)) for k in kept]
    lines = [f"  %p = \"ttir.multiply\"(%x, %y) : ({ty(x_shape, dtype)}, {ty(y_shape, dtype)}) -> {ty(x_shape, dtype)}"]
    for i, (k, out) in enumerate(zip(kept, outs)):
        dims = ", ".join(f"{d} : i32" for d in range(rank) if d not in k)
        lines.append(f"  %s{i} = \"ttir.sum\"(%p) {{dim_arg = [{dims}], keep_dim = true}} : "
                     f"({ty(x_shape, dtype)}) -> {ty(out, dtype)}")
    results = ", ".join(ty(o, dtype) for o in outs)
    text = (f"func.func @f(%x: {ty(x_shape, dtype)}, %y: {ty(y_shape, dtype)}) -> ({results}) {{\n"
            + "\n".join(lines) + f"\n  return {', '.join(f'%s{i}' for i in range(len(kept)))} : {results}\n}}\n")
    return text, outs


@pytest.mark.parametrize("groups", [3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_random_sibling_reductions_one_program(seed, groups):
    x_shape, y_shape, kept, dtype = random_case(seed, groups)
    gen = torch.Generator().manual_seed(seed)
    x, y = torch.randn(x_shape, generator=gen).to(dtype), torch.randn(y_shape, generator=gen).to(dtype)
    text, outs = function(x_shape, y_shape, kept, dtype)
    got, stats = run_on_device(text, [x.float().numpy(), y.float().numpy()])
    assert stats.programs_launched == 1, (x_shape, y_shape, kept)
    terms = (x * y).double()  # the product as TTIR rounds it, then summed
    for value, shape in zip(got, outs):
        check_gradient(torch.from_numpy(value).to(dtype).reshape(shape), terms,
                       torch.empty(shape, dtype=dtype), ulps=2.0 if dtype == torch.bfloat16 else 64.0)
