"""The random-call fuzzer of every backward op of the API with a golden (`ttbw.*_bw`: unary,
binary, where_bw, addcmul_bw; repeat_bw, prod_bw and concat_bw with their own grad shapes, prod_bw's values
finite, as torch's division path differs from its zero-safe one at an infinite or NaN element)
against torch autograd in float64, and of its size limits.

A case is drawn from a seed: an op, its parameters (at their edges too), shapes of rank 0-4
(operands broadcast against grad for the binary and ternary ops, a scalar b for the binary
ops that have the form), bf16 or f32, TILE / ROW_MAJOR per operand, a memory config, masks
and preallocated results where ttnn binds them, the backend; values in the op's domain,
salted with zeros, infinities, NaNs, subnormals, huge magnitudes or values outside the
domain. Some cases break one argument on purpose (TypeError / ValueError expected); some are
too large for the device (ValueError naming the tensor expected).

The oracle reuses the backward-op tests' goldens and bounds (test/python: backward_checks,
test_backward_sweep_bf16): each gradient's terms are the op's golden
(`ttbw.get_golden_function`, or the sweep's STABLE form where torch's float64 formula
cancels) at grad's shape, the ulp taken at the sum of the magnitudes of the terms' parts where
the derivative has a root (test_backward_unary's TERMS: silu, gelu), in float64 on the stored inputs, summed to the operand's shape;
`check_gradient` then wants NaN exactly where the golden is NaN, the infinity where it rounds
to one, else within the bound: 2 ulp for bf16 (issue 11), for f32 2 ulp where the rule is
arithmetic and 4 where it is transcendental. Results and goldens both below TINY (2^-112: from
an intermediate below f32's normal range, which the device flushes) agree, and sin / cos / tan
are compared where the argument reduction holds (the sweep's DOMAINS); as in golden.py, a sum whose terms' magnitudes add up past f32's range is not
compared (the accumulator overflows or not depending on the order of the terms).
"""
from __future__ import annotations

import math
import random
import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

DIMS = (1, 1, 2, 3, 7, 31, 32, 33, 64)
VALUE_KINDS = ("normal", "zeros", "inf", "nan", "subnormal", "huge", "outside", "normal", "normal")
SPECIAL = {"inf": math.inf, "nan": math.nan, "subnormal": 3e-39, "huge": 2.0e38}
TINY = 2.0 ** -112
# the op's input domain: how a standard-normal x is moved into it
DOMAIN = {"positive": ("log_bw", "sqrt_bw", "rsqrt_bw", "log10_bw", "log2_bw"),
          "unit": ("asin_bw", "acos_bw", "atanh_bw", "erfinv_bw"), "above_one": ("acosh_bw",),
          "above_minus_one": ("log1p_bw",), "open_unit": ("logit_bw",), "nonzero": ("reciprocal_bw", "rdiv_bw")}
# f32 bound: 2 ulp where the rule is arithmetic (or exact), 4 where it is transcendental
ARITHMETIC = {"neg_bw", "relu_bw", "square_bw", "reciprocal_bw", "abs_bw", "sign_bw", "hardsigmoid_bw",
              "hardswish_bw", "relu6_bw", "softsign_bw", "rad2deg_bw", "deg2rad_bw", "frac_bw", "trunc_bw",
              "floor_bw", "ceil_bw", "round_bw", "fill_bw", "fill_zero_bw", "clamp_bw", "clip_bw", "hardtanh_bw",
              "hardshrink_bw", "softshrink_bw", "leaky_relu_bw", "threshold_bw", "div_no_nan_bw", "rdiv_bw",
              "mul_bw", "add_bw", "sub_bw", "div_bw", "addalpha_bw", "subalpha_bw", "where_bw", "addcmul_bw",
              "rsqrt_bw", "sqrt_bw"}
# ops whose rule rounds a scaled argument (beta x, x / alpha) to f32 before an exponential, as
# torch's f32 kernels do: that rounding's relative error 2^-24 grows |argument| times in the
# result, beyond any rule's control (softplus beta = 2.783 at x = -12.3: 34 ulp); allowed on top
# of the bound, in ulps
# torch's own result at a NaN input depends on its kernel path: the vectorized loop gives 0
# (shrink, hardtanh, relu6, logit with eps) or NaN (elu family, hardswish), the scalar tail of the same
# call g or NaN (a 217-element golden differs at its last element; hardswish_backward of 300 NaNs
# is g at one, logit_backward's with eps NaN at 12); ttbw follows the vectorized path, so NaN
# inputs are not judged for these ops
NAN_INPUT_BY_KERNEL = {"hardshrink_bw", "softshrink_bw", "hardtanh_bw", "elu_bw", "celu_bw", "selu_bw",
                       "hardswish_bw", "logiteps_bw", "relu6_bw"}
SCALED_ARGUMENT = {"softplus_bw": lambda x, p: x * p.get("beta", 1.0), "celu_bw": lambda x, p: x / p.get("alpha", 1.0)}
SCALAR_FORM = ("mul_bw", "add_bw", "sub_bw", "div_bw")
# ops whose grad is not the inputs' shape (repeat: the input repeated; prod: keep-dim; concat:
# its two inputs joined along a dim)
REDUCING = ("repeat_bw", "prod_bw", "concat_bw")
BINARY = ("mul_bw", "add_bw", "sub_bw", "div_bw", "addalpha_bw", "subalpha_bw")
BROKEN = ("param_string", "param_nan", "prealloc_shape", "grad_list", "shapes")
PARAM_EDGES = (0.0, -0.0, 1e-30, 3e38, -3e38, 1.0, -1.0)


def _params(rng: random.Random, op: str) -> dict:
    """The op's own arguments: ordinary values, sometimes an edge (the op must refuse or handle it)."""
    def value(low, high):
        return rng.choice(PARAM_EDGES) if rng.random() < 0.1 else round(rng.uniform(low, high), 3)
    if op in ("clamp_bw", "clip_bw"):
        low, high = sorted([value(-2, 2), value(-2, 2)])
        return rng.choice([{"min": low, "max": high}, {"min": low}, {"max": high}])
    if op == "hardtanh_bw":
        low, high = sorted([value(-2, 2), value(-2, 2)])
        return {"min": low, "max": high}
    single = {"hardshrink_bw": ("lambd", 0, 2), "softshrink_bw": ("lambd", 0, 2),
              "leaky_relu_bw": ("negative_slope", -1, 1), "elu_bw": ("alpha", -2, 2), "celu_bw": ("alpha", 0.1, 3),
              "logiteps_bw": ("eps", 0, 0.49), "pow_bw": ("exponent", -3, 4), "rpow_bw": ("exponent", 0.1, 4),
              "div_no_nan_bw": ("scalar", -4, 4), "addalpha_bw": ("alpha", -3, 3), "subalpha_bw": ("alpha", -3, 3)}
    if op in single:
        name, low, high = single[op]
        drawn = value(low, high)
        if op == "pow_bw" and rng.random() < 0.5:
            drawn = float(rng.randint(-2, 4))  # integer exponents: odd / even powers of negative x
        return {name: drawn}
    if op == "threshold_bw":
        return {"threshold": value(-2, 2), "value": value(-5, 5)}
    if op == "softplus_bw":
        return {"beta": value(0.25, 4), "threshold": value(1, 30)}
    if op == "rdiv_bw":
        return {"scalar": value(-4, 4), "round_mode": rng.choice([None, None, "trunc", "floor"])}
    if op == "gelu_bw":
        return {"approximate": rng.choice(["none", "tanh"])}
    if op == "polygamma_bw":  # ttnn's orders 1 .. 10, sometimes one outside (refused)
        return {"n": rng.choice([0, 11]) if rng.random() < 0.1 else rng.randint(1, 10)}
    if op == "div_bw":
        return rng.choice([{}, {}, {"rounding_mode": "trunc"}, {"round_mode": "floor"}])
    if op == "addcmul_bw":
        return {"alpha": value(-3, 3)}
    return {}


def ops() -> list[str]:
    """Every backward op of the API with a golden function (the moreh ops have their own tests)."""
    import ttbw
    import ttbw.ttnn.golden  # noqa: F401  (attaches the goldens)

    return sorted(name for name in dir(ttbw) if name.endswith("_bw")
                  and getattr(getattr(ttbw, name), "golden_function", None) is not None)


def draw(rng: random.Random, op_names: list[str], index: int) -> dict:
    """Case `index` of a campaign: the value kinds in turn (a short budget sees each), every
    25th case from the 4th too large for the device."""
    op = rng.choice(op_names)
    rank = rng.randint(0, 4)
    grad_shape = [rng.choice(DIMS) for _ in range(rank)]
    operands = 3 if op == "addcmul_bw" else 3 if op == "where_bw" else 2 if op in BINARY + ("concat_bw",) else 1
    shapes = []
    for _ in range(operands):
        shape = [1 if op not in ("neg_bw",) and rng.random() < 0.3 and operands > 1 else d for d in grad_shape]
        if operands > 1 and rank and rng.random() < 0.2:
            shape = shape[rng.randint(1, rank):]  # a lower rank, broadcast from the left
        shapes.append(shape if operands > 1 else list(grad_shape))
    dtype = rng.choice(["bf16", "f32"])
    scalar = None
    if op in SCALAR_FORM and rng.random() < 0.2:
        scalar = rng.choice([2.5, -0.5, 0.0, 3e38, 1e-40, math.inf, math.nan, 7])
    preallocated = op in BINARY or op in ("where_bw", "concat_bw") or op in _preallocated_unary()
    params, values = _params(rng, op), VALUE_KINDS[index % len(VALUE_KINDS)]
    if op in REDUCING:
        grad_shape, params = _reducing(rng, op, shapes)
        if op == "prod_bw" and values not in ("normal", "zeros"):
            # torch's float64 division path (no zero in the tensor) gives NaN at an infinite or NaN
            # element itself, its zero-safe path (and ttbw) the others' product: judged in the op's test
            values = "normal"
    return {
        "op": op, "seed": rng.getrandbits(32), "grad_shape": grad_shape, "shapes": shapes, "dtype": dtype,
        "layouts": [rng.choice(["tile", "tile", "row_major"]) for _ in range(operands + 1)],
        "params": params, "scalar": scalar,
        "mask": rng.choice([(True, True)] * 4 + [(True, False), (False, True)])
        if op in BINARY + ("where_bw", "concat_bw") else None,
        "memory": rng.choice([None, None, "l1", "dram"]),
        "prealloc": preallocated and rng.random() < 0.15,
        "backend": rng.choice(["device", "device", "cpu"]),
        "values": values,
        "broken": rng.choice(BROKEN) if rng.random() < 0.1 else None,
        "too_large": index % 25 == 3,
    }


def _reducing(rng: random.Random, op: str, shapes: list) -> tuple:
    """(grad's shape, the op's params) of a reducing op over inputs of `shapes` (concat_bw's two
    made to match but along its dim, in place)."""
    shape = shapes[0]
    if op == "concat_bw":
        shape[:] = [rng.choice(DIMS) for _ in range(max(1, len(shape)))]
        dim = rng.randrange(-len(shape), len(shape))
        other = list(shape)
        other[dim] = rng.choice(DIMS)
        shapes[1] = other
        joined = list(shape)
        joined[dim] += other[dim]
        return joined, {"dim": dim}
    if op == "repeat_bw":
        repeats = [rng.choice((1, 1, 2, 3)) for _ in range(len(shape) + rng.randint(0, 1))]
        lead = len(repeats) - len(shape)
        return [r * (1 if i < lead else shape[i - lead]) for i, r in enumerate(repeats)], {"shape": repeats}
    dim = rng.choice([None, *range(-len(shape), len(shape))])
    kept = [1] * len(shape) if dim is None else [1 if i == dim % len(shape) else s for i, s in enumerate(shape)]
    return kept, {"dim": dim}


def _preallocated_unary() -> tuple:
    return ("neg_bw", "gelu_bw", "silu_bw", "tanh_bw", "exp_bw", "sqrt_bw", "rsqrt_bw", "pow_bw", "fill_bw")


def _domain(torch, op: str, x):
    for kind, names in DOMAIN.items():
        if op in names:
            if kind == "positive":
                return x.abs() + 0.05
            if kind == "unit":
                return torch.tanh(x) * 0.99
            if kind == "above_one":
                return 1.05 + x.abs()
            if kind == "above_minus_one":
                return x.abs() - 0.95
            if kind == "open_unit":
                return torch.sigmoid(x) * 0.98 + 0.01
            if kind == "nonzero":
                return torch.where(x < 0, x - 0.25, x + 0.25)
    if op == "gelu_bw":
        return x.clamp(-7.5, 7.5)  # below -8 torch's float64 1 + erf cancels (test_backward_unary)
    if op == "div_bw":
        return x
    return x * 3.0


def _values(torch, op, shape, kind, gen, divisor=False):
    x = torch.randn(shape, generator=gen, dtype=torch.float64)
    x = _domain(torch, "div_bw" if divisor else op, x)
    if divisor:
        x = torch.where(x < 0, x - 0.5, x + 0.5)
    if kind == "normal":
        return x
    salt = torch.rand(shape, generator=gen) < 0.15
    if kind == "zeros":
        value = torch.where(torch.rand(shape, generator=gen) < 0.5, 0.0, -0.0).double()
    elif kind == "outside":  # the domain's other side (NaN or an infinity from torch)
        value = -x - 2.0 * torch.sign(x)
    else:
        value = torch.full(shape, SPECIAL[kind], dtype=torch.float64)
        if kind != "nan":
            value = value * torch.where(torch.rand(shape, generator=gen) < 0.5, -1.0, 1.0).double()
        if kind == "subnormal":
            value = value * torch.rand(shape, generator=gen).double()
    return torch.where(salt, value, x)


def run_case(spec: dict) -> dict:
    """In the child: build the call, run it, judge it. Returns {"failure": (kind, detail) | None, "outcome"}."""
    import torch

    import ttbw

    torch.set_num_threads(1)
    op, broken = spec["op"], spec["broken"]
    if spec["too_large"]:
        return _too_large(torch, ttbw, spec)
    gen = torch.Generator().manual_seed(spec["seed"])
    dtype = {"bf16": torch.bfloat16, "f32": torch.float32}[spec["dtype"]]
    layouts = [ttbw.TILE_LAYOUT if name == "tile" else ttbw.ROW_MAJOR_LAYOUT for name in spec["layouts"]]
    shapes = [tuple(s) for s in spec["shapes"]]
    grad_shape = tuple(torch.broadcast_shapes(*shapes)) if len(shapes) > 1 and op not in REDUCING \
        else tuple(spec["grad_shape"])
    if broken == "shapes":
        if len(shapes) == 1 or not grad_shape:
            broken = None
        else:
            shapes[-1] = tuple(d + 1 for d in grad_shape)
    scalar = spec["scalar"]
    stored = [_values(torch, op, grad_shape, "normal", gen).to(dtype)]
    for i, shape in enumerate(shapes):
        if op == "where_bw" and i == 0:  # the condition: 0 / 1, or any number (nonzero is true)
            stored.append((torch.rand(shape, generator=gen) < 0.5).double().to(dtype))
        elif i == 1 and scalar is not None:
            stored.append(scalar)
        else:
            stored.append(_values(torch, op, shape, spec["values"], gen, divisor=op == "div_bw" and i == 1).to(dtype))
    try:
        args = [ttbw.from_torch(t, layout=layouts[i]) if torch.is_tensor(t) else t for i, t in enumerate(stored)]
    except (TypeError, ValueError) as error:
        return {"failure": _refusal_problem(error), "outcome": "refused at from_torch"}
    kwargs = {"backend": spec["backend"], **_kwargs(spec)}
    if spec["memory"]:
        kwargs["memory_config"] = ttbw.L1_MEMORY_CONFIG if spec["memory"] == "l1" else ttbw.DRAM_MEMORY_CONFIG
    if spec["mask"] is not None:
        kwargs["are_required_outputs"] = tuple(spec["mask"])
    targets = _preallocate(torch, ttbw, spec, stored, kwargs)
    args, kwargs = _break(ttbw, torch, broken, args, kwargs, spec)
    function = getattr(ttbw, op)
    try:
        result = function(*args, **kwargs)
    except (TypeError, ValueError) as error:
        return {"failure": _refusal_problem(error), "outcome": "refused", "message": _short(error)}
    except Exception as error:  # noqa: BLE001 - the oracle: nothing else may escape
        return {"failure": ("exception", f"{op}: {type(error).__name__}: {_short(error)}"), "outcome": "exception"}
    if broken is not None:
        return {"failure": ("accepted a broken argument", f"{op}: {broken}"), "outcome": "accepted"}
    return {"failure": _compare(torch, ttbw, spec, stored, result, targets), "outcome": "accepted"}


def _kwargs(spec: dict) -> dict:
    params = dict(spec["params"])
    if spec["op"] == "addcmul_bw":
        return {"value": params["alpha"]}
    if spec["op"] in ("addalpha_bw", "subalpha_bw"):
        return {"alpha": params["alpha"]}
    return params


def _preallocate(torch, ttbw, spec, stored, kwargs) -> dict:
    """Preallocated results where the spec asks (zeros of the operand's shape): name -> tensor."""
    if not spec["prealloc"]:
        return {}
    names = ("input_a_grad", "input_b_grad") if spec["op"] == "concat_bw" else \
        ("input_grad", "other_grad") if spec["op"] in BINARY + ("where_bw",) else ("input_grad",)
    first = 2 if spec["op"] == "where_bw" else 1
    targets = {}
    for index, (name, operand) in enumerate(zip(names, stored[first:]), start=first):
        if torch.is_tensor(operand):
            layout = ttbw.TILE_LAYOUT if spec["layouts"][index] == "tile" else ttbw.ROW_MAJOR_LAYOUT
            targets[name] = kwargs[name] = ttbw.from_torch(torch.zeros(operand.shape, dtype=operand.dtype),
                                                           layout=layout)
    return targets


def _break(ttbw, torch, broken, args, kwargs, spec):
    if broken == "param_string":
        name = next(iter(_kwargs(spec)), None)
        if name is None or name in ("approximate", "round_mode", "rounding_mode"):
            args[0] = [[1.0]]
        else:
            kwargs[name] = "2.0"
    elif broken == "param_nan":
        name = next((n for n, v in _kwargs(spec).items() if isinstance(v, float)), None)
        if name is None:
            kwargs["memory_config"] = "L1"
        else:
            kwargs[name] = math.nan
    elif broken == "prealloc_shape":
        name = "input_grad"
        if spec["op"] in ("relu_bw", "sigmoid_bw", "log_bw", "reciprocal_bw", "square_bw") or (
                spec["op"] not in BINARY + ("where_bw",) + _preallocated_unary()):
            kwargs["backend"] = "gpu"  # no preallocated form: break another argument
        else:
            kwargs[name] = ttbw.from_torch(torch.zeros(3, 5, 7))
    elif broken == "grad_list":
        args[0] = [[1.0]]
    return args, kwargs


def _too_large(torch, ttbw, spec) -> dict:
    """Results in L1 that no core's L1 holds (4096 x 6144 f32: 96 MiB over 64 cores of 1.4 MiB):
    a ValueError naming the tensor, before anything is compiled or allocated."""
    op = "neg_bw"
    t = ttbw.from_torch(torch.zeros(4096, 6144), ttbw.float32, layout=ttbw.TILE_LAYOUT)
    try:  # (the device's limit: the cpu backend runs on the host)
        getattr(ttbw, op)(t, t, memory_config=ttbw.L1_MEMORY_CONFIG)
    except ValueError as error:
        if "input_grad (shape 4096x6144, float32)" in str(error):
            return {"failure": None, "outcome": "refused (too large)"}
        return {"failure": ("too large, refused without naming the tensor", _short(error)), "outcome": "refused"}
    except Exception as error:  # noqa: BLE001
        return {"failure": ("too large: exception", f"{type(error).__name__}: {_short(error)}"), "outcome": "exception"}
    return {"failure": ("too large, accepted", op), "outcome": "accepted"}


def _compare(torch, ttbw, spec, stored, result, targets):
    from backward_checks import check_gradient, sum_to
    from test_backward_special_functions import TERMS as SPECIAL_TERMS
    from test_backward_sweep_bf16 import DOMAINS, STABLE
    from test_backward_unary import TERMS

    op, params = spec["op"], spec["params"]
    golden = ttbw.get_golden_function(getattr(ttbw, op))
    grad = stored[0].double()
    first = 2 if op == "where_bw" else 1  # where_bw: no gradient of the condition
    operands = stored[first:]
    wide = [o.double().expand(grad.shape) if torch.is_tensor(o) and op not in REDUCING else
            o.double() if torch.is_tensor(o) else o for o in stored[1:]]
    if op in STABLE:
        terms = [STABLE[op](grad, wide[0], **_golden_params(spec))]
    else:
        terms = golden(grad, *wide, **_golden_params(spec))
    wanted = [o for o in operands if torch.is_tensor(o)]
    mask = spec["mask"] or (True,) * len(wanted)
    got = list(result)
    if len(got) < len(wanted):
        return ("wrong result", f"{op}: {len(got)} results, want {len(wanted)}")
    for index, (operand, term) in enumerate(zip(wanted, terms)):
        if index < len(mask) and not mask[index]:
            if got[index] is not None:
                return ("wrong result", f"{op}: gradient {index} returned though not required")
            continue
        if got[index] is None:
            return ("wrong result", f"{op}: gradient {index} missing")
        name = (("input_a_grad", "input_b_grad") if op == "concat_bw" else ("input_grad", "other_grad"))[index] \
            if index < 2 else None
        if name in targets and got[index] is not targets[name]:
            return ("wrong result", f"{op}: the preallocated {name} is not the result returned")
        values = ttbw.to_torch(got[index])
        if values.dtype != operand.dtype:
            return ("wrong result", f"{op}: gradient {index} is {values.dtype}, not {operand.dtype}")
        want = sum_to(term.double(), operand.shape)
        skip = (values.double().abs() < TINY) & (want.abs() < TINY)
        if op in NAN_INPUT_BY_KERNEL:
            skip |= torch.isnan(operand.double()).expand(values.shape)
        if op in DOMAINS:
            skip |= (operand.double().abs() >= DOMAINS[op]).expand(values.shape)
        variant = op + ("_tanh" if params.get("approximate") == "tanh" else "")
        magnitudes = TERMS[variant](grad, wide[0]) if variant in TERMS else \
            SPECIAL_TERMS[op](grad, wide[0], **_golden_params(spec)) if op in SPECIAL_TERMS else \
            golden(grad.abs(), *wide, **_golden_params(spec))[0] if op == "repeat_bw" else None  # a sum's |terms|
        if term.numel() != want.numel() or op == "repeat_bw":  # as golden.py: a sum whose terms' magnitudes
            summed = sum_to((term if magnitudes is None else magnitudes).double().abs(), operand.shape)
            skip |= summed > torch.finfo(torch.float32).max  # pass f32's range
        values = torch.where(skip, want.to(values.dtype), values)
        bound = 2.0 if spec["dtype"] == "bf16" or op in ARITHMETIC else 4.0
        if op == "prod_bw" and spec["dtype"] == "f32":
            bound = 16.0  # the log domain: test_backward_prod measures 2 - 7.3 ulp on slices of 20 - 64
        if op in SCALED_ARGUMENT and spec["dtype"] == "f32":
            bound = bound + SCALED_ARGUMENT[op](operand.double(), params).abs()
        what = _checked(check_gradient, values, term.double(), operand, bound, magnitudes)
        if what is not None:
            return ("wrong result", f"{op} {spec['backend']} {spec['dtype']} {spec['values']} inputs"
                                    f"{' scalar b' if spec['scalar'] is not None else ''}: {what}")
    return None


def _checked(check_gradient, values, terms, operand, bound, magnitudes):
    try:
        check_gradient(values, terms, operand, ulps=bound, min_pcc=-2.0, magnitudes=magnitudes)
    except AssertionError as error:
        text = str(error).splitlines()[0]
        return "NaN or infinity differs" if "nan" in text or "inf" in text else "off by more than the bound"
    return None


def _golden_params(spec: dict) -> dict:
    """The op's parameters as the op takes them: floats rounded to float32 (ttnn's bindings take C++
    floats; rpow_bw's exponent 0.846 rounded moves b^x ln b by 3 ulp at x = -3)."""
    params = {k: struct.unpack("f", struct.pack("f", v))[0] if isinstance(v, float) else v
              for k, v in spec["params"].items()}
    if spec["op"] == "div_bw" and "round_mode" in params:
        params["rounding_mode"] = params.pop("round_mode")
    if spec["op"] == "addcmul_bw":
        return {"value": params["alpha"]}
    return params


def _short(error) -> str:
    return str(error).splitlines()[0][:200] if str(error) else ""


def _refusal_problem(error):
    message = str(error)
    if not message.strip():
        return ("refusal without a message", type(error).__name__)
    if "internal error" in message or "Traceback" in message:
        return ("internal error", _short(error))
    return None
