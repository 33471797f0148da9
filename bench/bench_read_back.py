"""Sums read back over the dims they reduce (the codegen's read-back walk) on the emulated device
(8x8 cores), fused beside composite (`fuse=False`: one program per TTIR op, intermediates in
DRAM), measured in one run on the same bf16 inputs: programs (fused / composite / ttnn's moreh op),
DRAM bytes moved vs the minimum (each input's tiles read once, each result written once), emulated
kernel time (best of --repeat, kernels cached) and its ratio. The TTIR is what the API calls
compile (`ttnn.moreh_*_backward`, `ttnn.rmsnorm_bw`): their dx function, and for "layer_norm all"
the two functions of dx, dγ and dβ (their sums; the minimum reads each input and writes each
gradient once); batch norm's the torch backend's region for aten.native_batch_norm_backward
(training; dim 1 the channels; ttnn has no such op). Prints a table; asserts nothing.

  python bench/bench_read_back.py [--repeat N] [--shapes 1x3x320x384,8x128x768]
"""
from __future__ import annotations

import argparse
import math
import re
import warnings

import torch

import ttbw as ttnn
from ttbw.ttnn import norm_ops, softmax_ops

TTNN_PROGRAMS = {"softmax": 1, "softmin": 1, "logsoftmax": 1, "layer_norm dx": 1, "layer_norm all": 1,
                 "rmsnorm dx": 1}  # batch norm: no ttnn backward op ("-")


def functions_of(call) -> list:
    """Each function `call()` compiles (its `run`s, intercepted): (TTIR text, input arrays, the
    inputs' tensors by id with their arrays, the bytes of its results' tiles)."""
    seen = []

    def capture(builder, outputs, backend, device):
        from ttbw.ttnn.backward_call import ir_array

        arrays = [ir_array(t).reshape(v.shape) for v, t in builder.arguments]
        inputs = {id(t): a for (_, t), a in zip(builder.arguments, arrays)}
        written = sum(_tile_bytes(o.value.shape, o.dtype.element) for o in outputs)
        seen.append((builder.text([o.value for o in outputs]), arrays, inputs, written))
        return [None] * len(outputs)
    saved = softmax_ops.run, norm_ops.run
    softmax_ops.run = norm_ops.run = capture
    try:
        call()
    finally:
        softmax_ops.run, norm_ops.run = saved
    return seen


def torch_region(f, inputs) -> list:
    """The one TTIR function the torch backend compiles for FX graph `f(*inputs)` (its region), as
    functions_of gives them: its arguments as the host passes them (views applied)."""
    import ml_dtypes
    import numpy as np
    from torch.fx.experimental.proxy_tensor import make_fx

    from ttbw.torch.graph import CompiledGraph

    graph = CompiledGraph(make_fx(f, tracing_mode="fake")(*inputs), "bench")
    graph(*inputs)
    (region,) = next(iter(graph.plans.values())).partition.regions
    env = dict(zip(graph.placeholders, inputs))
    tensors = [env[n].reshape(region.input_views.get(i, env[n].shape)) for i, n in enumerate(region.inputs)]
    arrays = [t.float().numpy().astype(ml_dtypes.bfloat16 if t.dtype == torch.bfloat16 else np.float32)
              for t in tensors]
    by_id = {id(env[n]): a for n, a in zip(region.inputs, arrays)}
    results = re.search(r"-> \((.*)\) \{", region.text).group(1)
    written = sum(_tile_bytes(tuple(int(d) for d in dims.split("x")), element)
                  for dims, element in re.findall(r"tensor<([\dx]+)x(bf16|f32)>", results))
    return [(region.text, arrays, by_id, written)]


def minimum_bytes(functions) -> int:
    """The DRAM bytes of `functions` at the minimum: each distinct input's tiles read once, each
    result's written once."""
    inputs = {key: a for _, _, by_id, _ in functions for key, a in by_id.items()}
    return sum(_tile_bytes(a.shape, str(a.dtype)) for a in inputs.values()) + sum(f[3] for f in functions)


def _tile_bytes(shape, element: str) -> int:
    """The bytes of a TILE tensor's tiles (its padded tiles included; a vector is one tile row)."""
    shape = (1,) * max(0, 2 - len(shape)) + tuple(shape)
    tile = 2048 if element in ("bf16", "bfloat16") else 4096
    return math.prod(shape[:-2]) * -(-shape[-2] // 32) * -(-shape[-1] // 32) * tile


def cases(shape):
    gen = torch.Generator().manual_seed(0)
    x = torch.randn(shape, generator=gen).bfloat16()
    g = torch.randn(shape, generator=gen).bfloat16()
    y = torch.softmax(x.float(), -1).bfloat16()
    lead = shape[:-1]
    mean = x.float().mean(-1)
    rstd = (x.float().var(-1, unbiased=False) + 1e-5).rsqrt()
    rms = (x.float().pow(2).mean(-1, keepdim=True) + 1e-6).sqrt()
    tt = lambda t: ttnn.from_torch(t.bfloat16(), layout=ttnn.TILE_LAYOUT)  # noqa: E731
    yield "softmax", lambda: ttnn.moreh_softmax_backward(tt(y), tt(g), -1)
    yield "softmin", lambda: ttnn.moreh_softmin_backward(tt(y), tt(g), -1)
    yield "logsoftmax", lambda: ttnn.moreh_logsoftmax_backward(tt(torch.log(y.float())), tt(g), -1)
    yield "layer_norm dx", lambda: ttnn.moreh_layer_norm_backward(
        tt(g), tt(x), tt(mean.reshape(lead)), tt(rstd.reshape(lead)), 1, gamma=tt(torch.rand(shape[-1])),
        input_grad=tt(torch.zeros(shape)))
    yield "layer_norm all", lambda: ttnn.moreh_layer_norm_backward(
        tt(g), tt(x), tt(mean.reshape(lead)), tt(rstd.reshape(lead)), 1, gamma=tt(torch.rand(shape[-1])),
        input_grad=tt(torch.zeros(shape)), gamma_grad=tt(torch.zeros(shape[-1])), beta_grad=tt(torch.zeros(shape[-1])))
    yield "rmsnorm dx", lambda: ttnn.rmsnorm_bw(tt(x), tt(torch.rand(shape[-1])), tt(rms), tt(g))
    # batch norm (training) with dim 1 as the channels, as the torch backend compiles it
    dims = [0, *range(2, len(shape))]
    stats = [x.float().mean(dims).bfloat16(), (x.float().var(dims, unbiased=False) + 1e-5).rsqrt().bfloat16()]
    weight = torch.rand(shape[1], generator=gen).bfloat16()
    for name, mask in (("batch_norm dx", [True, False, False]), ("batch_norm all", [True, True, True])):
        yield name, lambda mask=mask: torch_region(
            lambda g, x, w, m, r: torch.ops.aten.native_batch_norm_backward.default(
                g, x, w, None, None, m, r, True, 1e-5, mask), [g, x, weight, *stats])


def measure(text, inputs, fuse: bool, repeat: int):
    from ttbw.driver.compiler import compiled

    executable = compiled(text, (8, 8), fuse)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        best = None
        for _ in range(repeat + 1):  # the first run compiles the kernels
            _, stats = executable.run(None, inputs, host_formats=True)
            best = stats if best is None or stats.seconds < best.seconds else best
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--shapes", default="1x3x320x384,8x128x768")
    args = parser.parse_args()
    print(f"{'op':14} {'shape':14} {'programs f/c/ttnn':>17} {'DRAM f/min':>10} {'DRAM c/min':>10} "
          f"{'fused ms':>9} {'comp ms':>9} {'c/f':>5}")
    for spec in args.shapes.split(","):
        shape = tuple(int(d) for d in spec.split("x"))
        for name, call in cases(shape):
            functions = call() if name.startswith("batch_norm") else functions_of(call)
            if name != "layer_norm all":
                functions = functions[:1]  # dx's function (rmsnorm_bw's second one is dγ's)
            minimum = minimum_bytes(functions)
            runs = [(measure(t, i, True, args.repeat), measure(t, i, False, args.repeat)) for t, i, _, _ in functions]
            total = lambda attr, k: sum(getattr(r[k], attr) for r in runs)  # noqa: E731
            moved = lambda k: total("total_dram_read", k) + total("total_dram_written", k)  # noqa: E731
            programs = (f"{total('programs_launched', 0):>5} /{total('programs_launched', 1):>3} /"
                        f"{TTNN_PROGRAMS.get(name, '-'):>3}")
            fused_s, comp_s = total("seconds", 0), total("seconds", 1)
            print(f"{name:14} {spec:14} {programs}"
                  f"     {moved(0) / minimum:>8.2f}x {moved(1) / minimum:>9.2f}x {fused_s * 1e3:>9.1f} "
                  f"{comp_s * 1e3:>9.1f} {comp_s / fused_s:>5.2f}")


if __name__ == "__main__":
    main()
