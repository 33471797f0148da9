"""The random-argument fuzzer of the Python API (`ttbw.mul_bw`, `from_torch`, `complex_tensor`).

A case is drawn from a seed: shapes of rank 0-4 with random broadcasting, dtypes per operand
(bf16 / f32 / bfloat8_b), layouts, complex, scalar b (0, -0, subnormal, huge, inf, NaN),
masks, memory configs, preallocated results, backend; values normal or salted with
infinities, NaNs, subnormals, huge magnitudes, signed zeros. Some cases break one argument on
purpose (a wrong type, shapes that do not broadcast, ...), which must raise TypeError or
ValueError. The call runs in a forked child; the oracle:

- only TypeError / ValueError escape, with a message and no "internal error";
- a deliberately broken argument is refused;
- an accepted call returns the operands' shapes, and values within torch's thresholds against
  torch autograd on the same (stored) inputs: NaN exactly where torch has NaN, the same
  infinities; without a reduction bf16 bit-exact and f32 within 1 ULP; with a reduction (or
  complex) within 2 ULP (bf16) / 1 ULP (f32) of the float64 golden, or else within the sum's
  condition bound 4 eps sum|terms| (64 eps for f32 sums); bfloat8_b within a step of its block.
"""
from __future__ import annotations

import math
import random

VALUE_KINDS = ("normal", "normal", "normal", "zeros", "inf", "nan", "subnormal", "huge")
DIMS = (1, 1, 2, 3, 17, 31, 32, 33, 64, 65)
SCALARS = (2.5, -1.0, 0.0, -0.0, 1e-40, 1e-45, 3.0e38, 1e39, math.inf, -math.inf, math.nan, 7, 1e-320)
BROKEN = ("grad_list", "b_string", "b_bool", "b_complex_number", "mask_short", "mask_ints", "mask_none",
          "memory_string", "backend", "shapes", "prealloc_shape", "prealloc_type", "dtype_int")


def draw(rng: random.Random, kinds=VALUE_KINDS) -> dict:
    rank = rng.randint(0, 4)
    shape = [rng.choice(DIMS) for _ in range(rank)]
    a_shape, b_shape = list(shape), list(shape)
    for target in rng.sample([a_shape, b_shape], rng.randint(0, 2)):
        for d in range(rank):
            if rng.random() < 0.4:
                target[d] = 1
    if rank and rng.random() < 0.2:
        b_shape = b_shape[rng.randint(1, rank):]
    complex_ = rng.random() < 0.1
    dtypes = [rng.choice(["bf16", "f32"])] * 3 if complex_ else [rng.choice(["bf16", "bf16", "f32", "f32", "bfp8"])
                                                                for _ in range(3)]
    layouts = ["row_major" if rng.random() < 0.2 and d != "bfp8" and not complex_ else "tile" for d in dtypes]
    from golden import value_kind

    scalars = [x for x in SCALARS if value_kind(x) in kinds + ("zero",)]
    scalar = None if complex_ or rng.random() > 0.15 else rng.choice(scalars)
    return {
        "seed": rng.getrandbits(32), "a_shape": a_shape, "b_shape": b_shape, "complex": complex_,
        "dtypes": dtypes, "layouts": layouts, "scalar": scalar,
        "mask": rng.choice([(True, True)] * 4 + [(True, False), (False, True), (False, False)]),
        "memory": rng.choice([None, None, None, "l1", "dram"]),
        "prealloc": [rng.random() < 0.1, rng.random() < 0.1],
        "backend": rng.choice(["device", "device", "cpu"]),
        "values": rng.choice(kinds),
        "broken": rng.choice(BROKEN) if rng.random() < 0.15 else None,
    }


def _values(torch, shape, kind, gen):
    x = torch.randn(shape, generator=gen, dtype=torch.float64)
    if kind == "zeros":
        return torch.where(torch.rand(shape, generator=gen) < 0.5, torch.zeros(shape) * -1.0, x)
    special = {"inf": math.inf, "nan": math.nan, "subnormal": 3e-39, "huge": 2.0e38}.get(kind)
    if special is None:
        return x
    salt = torch.rand(shape, generator=gen) < 0.2
    value = torch.full(shape, special, dtype=torch.float64)
    if kind in ("inf", "subnormal", "huge"):
        value = value * torch.where(torch.rand(shape, generator=gen) < 0.5, -1.0, 1.0).double()
    if kind == "subnormal":
        value = value * torch.rand(shape, generator=gen).double()
    return torch.where(salt, value, x)


def run_case(spec: dict) -> dict:
    """In the child: build the call, run it, judge it. Returns {"failure": (kind, detail) | None, ...}."""
    import torch

    import ttbw

    torch.set_num_threads(1)
    gen = torch.Generator().manual_seed(spec["seed"])
    dtype_of = {"bf16": ttbw.bfloat16, "f32": ttbw.float32, "bfp8": ttbw.bfloat8_b}
    layout_of = {"tile": ttbw.TILE_LAYOUT, "row_major": ttbw.ROW_MAJOR_LAYOUT}
    g_shape = list(torch.broadcast_shapes(tuple(spec["a_shape"]), tuple(spec["b_shape"])))
    broken = spec["broken"]
    if broken == "shapes" and (not g_shape or spec["scalar"] is not None):
        broken = spec["broken"] = None  # nothing to break: a rank-0 or scalar operand
    if broken == "shapes":
        spec = {**spec, "b_shape": [d + 1 for d in g_shape]}

    def tensor(shape, i):
        def part():
            return ttbw.from_torch(_values(torch, shape, spec["values"], gen).float(), dtype_of[spec["dtypes"][i]],
                                   layout=layout_of[spec["layouts"][i]])
        return ttbw.complex_tensor(part(), part()) if spec["complex"] else part()

    try:
        g = tensor(g_shape, 0)
        a = tensor(g_shape if spec["scalar"] is not None else spec["a_shape"], 1)
        b = spec["scalar"] if spec["scalar"] is not None else tensor(spec["b_shape"], 2)
    except (TypeError, ValueError) as error:
        return {"failure": _refusal_problem(error), "outcome": "refused at from_torch"}
    kwargs = {"are_required_outputs": spec["mask"], "backend": spec["backend"]}
    if spec["memory"]:
        kwargs["memory_config"] = ttbw.L1_MEMORY_CONFIG if spec["memory"] == "l1" else ttbw.DRAM_MEMORY_CONFIG
    operands = (a, b)
    for i, name in enumerate(("input_grad", "other_grad")):
        if spec["prealloc"][i] and not isinstance(operands[i], (int, float)):
            kwargs[name] = _like(ttbw, operands[i], spec["values"] == "zeros")
    args = [g, a, b]
    args, kwargs = _break(ttbw, broken, args, kwargs, g)
    try:
        result = ttbw.mul_bw(*args, **kwargs)
    except (TypeError, ValueError) as error:
        return {"failure": _refusal_problem(error), "outcome": "refused"}
    except Exception as error:  # noqa: BLE001 - the oracle: nothing else may escape
        return {"failure": ("exception", f"{type(error).__name__}: {_short(error)}"), "outcome": "exception"}
    if broken is not None:
        return {"failure": ("accepted a broken argument", broken), "outcome": "accepted"}
    from golden import compare

    failure = compare(torch, ttbw, spec, g, a, b, result)
    return {"failure": failure, "outcome": "accepted"}


def _like(ttbw, value, exact):
    import torch

    def part(t):
        return ttbw.from_torch(torch.zeros(tuple(t.shape)), t.dtype, layout=t.layout)
    if isinstance(value, ttbw.ComplexTensor):
        return ttbw.complex_tensor(part(value.real), part(value.imag))
    return part(value)


def _break(ttbw, broken, args, kwargs, g):
    import torch

    if broken == "grad_list":
        args[0] = [[1.0]]
    elif broken == "b_string":
        args[2] = "2.0"
    elif broken == "b_bool":
        args[2] = True
    elif broken == "b_complex_number":
        args[2] = 1 + 2j
    elif broken == "mask_short":
        kwargs["are_required_outputs"] = [True]
    elif broken == "mask_ints":
        kwargs["are_required_outputs"] = (1, 0)
    elif broken == "mask_none":
        kwargs["are_required_outputs"] = None
    elif broken == "memory_string":
        kwargs["memory_config"] = "L1"
    elif broken == "backend":
        kwargs["backend"] = "gpu"
    elif broken == "prealloc_shape":
        kwargs["input_grad"] = ttbw.from_torch(torch.zeros(3, 5, 7))
    elif broken == "prealloc_type":
        kwargs["input_grad"] = torch.zeros(3)
    elif broken == "dtype_int":
        args[1] = 3
    return args, kwargs


def _short(error) -> str:
    return str(error).splitlines()[0][:200] if str(error) else ""


def _refusal_problem(error):
    message = str(error)
    if not message.strip():
        return ("refusal without a message", type(error).__name__)
    if "internal error" in message or "Traceback" in message:
        return ("internal error", _short(error))
    return None
