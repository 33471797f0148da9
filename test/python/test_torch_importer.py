"""The FX aten -> TTIR importer, op by op: each op's TTIR (all the ops of one dtype in one
compiled region, so one compile per dtype) run on the emulated device against the op's torch
result on the same inputs, bf16 and f32; and the partitioner's placement and order."""
from __future__ import annotations

import math

import pytest
import torch
from torch.fx.experimental.proxy_tensor import make_fx

from ttbw.torch.graph import CompiledGraph
from ttbw.torch.partition import Region, partition

from backward_checks import ulp
from norm_checks import batch_norm_case, batch_norm_golden, layer_norm_case, layer_norm_golden

aten = torch.ops.aten
SHAPE = (8, 40)          # not a multiple of the tile: padding must not show


def elementwise_ops(g, x, y):
    """One aten op per entry (the inputs of the backward ops from their forward ops)."""
    positive = aten.add.Tensor(aten.abs.default(x), 0.5)
    return {
        "mul": aten.mul.Tensor(x, y), "mul.scalar": aten.mul.Tensor(x, 0.1),
        "add.alpha": aten.add.Tensor(x, y, alpha=2), "sub": aten.sub.Tensor(x, y), "div": aten.div.Tensor(x, positive),
        "div.scalar": aten.div.Tensor(x, 3.0), "neg": aten.neg.default(x), "pow": aten.pow.Tensor_Scalar(x, 2),
        "rsqrt": aten.rsqrt.default(positive), "exp": aten.exp.default(x), "log": aten.log.default(positive),
        "convert": aten._to_copy.default(aten._to_copy.default(x, dtype=torch.float32), dtype=x.dtype),
        "full": aten.add.Tensor(x, aten.full.default(list(SHAPE), 1.5, dtype=x.dtype)),
        "scalar_tensor": aten.mul.Tensor(x, aten.scalar_tensor.default(-2.0, dtype=x.dtype)),
        "threshold_backward": aten.threshold_backward.default(g, aten.relu.default(x), 0.0),
        "threshold_backward.1": aten.threshold_backward.default(g, x, 0.25),
        "gelu_backward": aten.gelu_backward.default(g, x),
        "gelu_backward.tanh": aten.gelu_backward.default(g, x, approximate="tanh"),
        "sigmoid_backward": aten.sigmoid_backward.default(g, aten.sigmoid.default(x)),
        "tanh_backward": aten.tanh_backward.default(g, aten.tanh.default(x)),
        "silu_backward": aten.silu_backward.default(g, x),
        "clone": aten.mul.Tensor(aten.clone.default(x), aten.detach.default(y)),
        "view": aten.view.default(aten.mul.Tensor(x, y), [1, *SHAPE]),
        "sum.expanded.rows": aten.mul.Tensor(aten.expand.default(aten.sum.dim_IntList(x, [0], True), list(SHAPE)), y),
        "sum.expanded.columns": aten.expand.default(aten.sum.dim_IntList(y, [1], True), [2, *SHAPE]),
    }


def reduction_ops(g, x, y):
    return {
        "sum.dim0": aten.sum.dim_IntList(x, [0]), "sum.dim1.keepdim": aten.sum.dim_IntList(x, [1], True),
        "mean.dim": aten.mean.dim(y, [0]), "mean.dim.keepdim": aten.mean.dim(y, [-1], True), "sum": aten.sum.default(g),
    }


def _inputs(dtype):
    gen = torch.Generator().manual_seed(7)
    return [(torch.randn(SHAPE, generator=gen) * 2).to(dtype) for _ in range(3)]


def _compiled(ops, dtype):
    names = list(ops(*_inputs(dtype)))
    function = lambda g, x, y: tuple(ops(g, x, y).values())  # noqa: E731
    module = make_fx(function, tracing_mode="fake")(*_inputs(dtype))
    return names, CompiledGraph(module, "test")


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("ops", [elementwise_ops, reduction_ops], ids=["elementwise", "reductions"])
def test_each_op_matches_torch(ops, dtype):
    names, graph = _compiled(ops, dtype)
    inputs = _inputs(dtype)
    got = graph(*inputs)
    plan = next(iter(graph.plans.values()))
    assert not plan.partition.fallbacks, [(f.name, f.reason) for f in plan.partition.fallbacks]
    assert len(plan.partition.regions) == 1
    want = ops(*inputs)
    exact = ops(*(t.double() for t in inputs))
    magnitudes = ops(*(t.double().abs() for t in inputs))
    for name, value in zip(names, got):
        reference = want[name]
        assert value.dtype == reference.dtype and value.shape == reference.shape, name
        # within 2 ulp (f32: 4, transcendental) of torch's result in the same dtype (equal roundings
        # upstream) or of its float64 result (exact where the op reads the inputs): of the magnitude
        # of the terms for a sum, of the gradient's scale where a backward formula has a root
        scale = reference.double().abs()
        if name.startswith(("sum", "mean")):
            scale = magnitudes[name]
        elif "backward" in name:
            scale = scale.clamp_min(1.0)
        bound = (2 if dtype == torch.bfloat16 else 4) * ulp(scale, dtype)
        error = torch.minimum((value.double() - reference.double()).abs(), (value.double() - exact[name]).abs())
        assert torch.all(error <= bound), f"{name}: {float((error / bound).max()):.2f} of the bound"


@pytest.mark.parametrize("affine,mask", [(True, [True, True, True]), (False, [True, False, True]),
                                         (True, [False, True, False])], ids=["all", "bias_only", "weight_grad"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
def test_native_layer_norm_backward_is_ttir_layer_norm_bw(dtype, affine, mask):
    """aten.native_layer_norm_backward (from the forward's mean / rstd, over the last two dims; a
    bias always, a weight when affine) as one ttir.layer_norm_bw of the gradients output_mask
    requests (torch's None elsewhere), against its float64 result on the same inputs: 2 ulp (f32:
    4) of max(|golden|, sum |terms|)."""
    shape, nd = (3, 10, 40), 2
    x, gamma, g, mean, rstd = layer_norm_case(shape, nd, dtype, seed=5)
    normalized = list(shape[-nd:])
    params = [gamma] if affine else []

    def f(g, x, mean, rstd, bias, *weight):
        return aten.native_layer_norm_backward.default(g, x, normalized, mean, rstd, weight[0] if weight else None,
                                                       bias, mask)

    inputs = [g, x, mean, rstd, torch.zeros(normalized, dtype=dtype)] + params
    graph = CompiledGraph(make_fx(f, tracing_mode="fake")(*inputs), "test")
    got = graph(*inputs)
    plan = next(iter(graph.plans.values()))
    assert not plan.partition.fallbacks, [(op.name, op.reason) for op in plan.partition.fallbacks]
    assert [set(r.ttir_ops) for r in plan.partition.regions] == [{"ttir.layer_norm_bw"}]
    golden, scales = layer_norm_golden(x, gamma, g, mean, rstd, nd, affine)
    for k, (value, want, scale) in enumerate(zip(got, golden, scales)):
        if not mask[k]:
            assert value is None
            continue
        assert value.dtype == dtype and tuple(value.shape) == tuple(want.shape)
        bound = (2 if dtype == torch.bfloat16 else 4) * ulp(torch.maximum(scale, want.abs()), dtype)
        assert torch.all((value.double() - want).abs() <= bound), k


@pytest.mark.parametrize("shape", [(4, 3, 10, 12), (40, 6)], ids=["rank4", "rank2"])
@pytest.mark.parametrize("affine,mask", [(True, [True, True, True]), (False, [True, False, True])],
                         ids=["all", "no_weight"])
@pytest.mark.parametrize("dtype,param_dtype", [(torch.bfloat16, torch.bfloat16), (torch.float32, torch.float32),
                                               (torch.bfloat16, torch.float32)], ids=["bf16", "f32", "bf16_f32"])
def test_native_batch_norm_backward_is_ttir_batch_norm_bw(dtype, param_dtype, affine, mask, shape):
    """aten.native_batch_norm_backward in training mode (the forward's save_mean / save_invstd, in
    the parameters' dtype) as one ttir.batch_norm_bw, the (C,) tensors viewed as (1, C, 1, ...) by
    the host, against its float64 result on the same inputs: 2 ulp (f32: 4) of max(|golden|, sum
    |terms|)."""
    x, gamma, g, mean, invstd = batch_norm_case(shape, dtype, seed=6, param_dtype=param_dtype)
    params = [gamma] if affine else []

    def f(g, x, mean, invstd, *weight):
        return aten.native_batch_norm_backward.default(g, x, weight[0] if weight else None, None, None, mean, invstd,
                                                       True, 1e-5, mask)

    inputs = [g, x, mean, invstd] + params
    graph = CompiledGraph(make_fx(f, tracing_mode="fake")(*inputs), "test")
    got = graph(*inputs)
    plan = next(iter(graph.plans.values()))
    assert not plan.partition.fallbacks, [(op.name, op.reason) for op in plan.partition.fallbacks]
    assert [set(r.ttir_ops) for r in plan.partition.regions] == [{"ttir.batch_norm_bw"}]  # views on the host
    golden, scales = batch_norm_golden(x, gamma, g, mean, invstd, affine)
    for k, (value, want, scale) in enumerate(zip(got, golden, scales)):
        if not mask[k]:
            assert value is None
            continue
        kind = dtype if k == 0 else (param_dtype if affine else dtype)
        assert value.dtype == kind and tuple(value.shape) == tuple(want.shape)
        bound = (2 if kind == torch.bfloat16 else 4) * ulp(torch.maximum(scale, want.abs()), kind)
        assert torch.all((value.double() - want).abs() <= bound), (k, float(((value.double() - want).abs() / bound).max()))


def test_native_batch_norm_backward_in_evaluation_mode_runs_in_torch():
    x, gamma, g, mean, invstd = batch_norm_case((4, 3, 5, 5), torch.float32, seed=7)

    def f(g, x, weight, running_mean, running_var):
        return aten.native_batch_norm_backward.default(g, x, weight, running_mean, running_var, None, None, False,
                                                       1e-5, [True, True, True])

    inputs = [g, x, gamma, mean, invstd]
    graph = CompiledGraph(make_fx(f, tracing_mode="fake")(*inputs), "test")
    got = graph(*inputs)
    want = f(*inputs)
    assert all(torch.equal(a, b) for a, b in zip(got, want))
    plan = next(iter(graph.plans.values()))
    assert [op.name for op in plan.partition.fallbacks] == ["aten.native_batch_norm_backward"]
    assert "evaluation mode" in plan.partition.fallbacks[0].reason


def test_an_unknown_op_is_named_and_runs_in_torch():
    def f(x, y):
        return aten.mul.Tensor(aten.cumsum.default(aten.exp.default(x), 1), y)

    x, y = _inputs(torch.float32)[:2]
    module = make_fx(f, tracing_mode="fake")(x, y)
    graph = CompiledGraph(module, "test")
    got = graph(x, y)
    assert torch.allclose(got, f(x, y), rtol=1e-6, atol=0)
    plan = next(iter(graph.plans.values()))
    assert [(op.name, op.reason) for op in plan.partition.fallbacks] == [
        ("aten.cumsum", "no TTIR importer for aten.cumsum")]
    # exp before the torch op, mul after it: two regions, in that order
    kinds = [type(step).__name__ for step in plan.partition.steps]
    assert kinds == ["Region", "TorchOp", "Region"]


def test_ops_without_a_device_lowering_are_placed_in_torch_with_the_reason():
    """mm and t placed in torch say why (no device lowering), the rest is a region."""
    def f(g, x, w):
        return aten.mm.default(aten.gelu_backward.default(g, x), aten.t.default(w))

    g, x, w = (torch.randn(32, 32) for _ in range(3))
    module = make_fx(f, tracing_mode="fake")(g, x, w)
    cut = partition(module.graph, lambda node: node.meta.get("val"))
    placed = {op.name: op.reason for op in cut.fallbacks}
    for name in ("aten.mm", "aten.t"):
        if name in placed:
            assert "no device lowering" in placed[name]
    regions = [s for s in cut.steps if isinstance(s, Region)]
    assert regions and "ttir.gelu_bw" in regions[0].ttir_ops
    assert "ttir.gelu_bw %arg0, %arg1" in regions[0].text


def test_a_reshape_across_tile_pages_stays_in_torch():
    def f(x):
        return aten.exp.default(aten.view.default(aten.exp.default(x), [4, 80]))

    (x,) = _inputs(torch.float32)[:1]
    module = make_fx(f, tracing_mode="fake")(x)
    cut = partition(module.graph, lambda node: node.meta.get("val"))
    assert [op.name for op in cut.fallbacks] == ["aten.view"]
    assert "moves data between TILE pages" in cut.fallbacks[0].reason
    assert math.isclose(len(cut.regions), 2)


def test_a_refused_region_with_a_tuple_op_runs_in_torch():
    """A region ttbw.compile refuses (an add of 26 inputs: more CBs than a core has) whose nodes
    include a multi-result op and its getitems: each node is tried alone (a getitem has no function
    of its own), none is refused alone, so the region's nodes run in torch, with the reason."""
    x, gamma, g, mean, rstd = layer_norm_case((4, 32), 1, torch.float32, seed=2)
    terms = [torch.full((4, 32), float(i)) for i in range(25)]

    def f(g, x, mean, rstd, *terms):
        dx = aten.native_layer_norm_backward.default(g, x, [32], mean, rstd, None, None, [True, False, False])[0]
        total = dx
        for t in terms:
            total = aten.add.Tensor(total, t)
        return total

    inputs = [g, x, mean, rstd, *terms]
    graph = CompiledGraph(make_fx(f, tracing_mode="fake")(*inputs), "test")
    got = graph(*inputs)
    plan = next(iter(graph.plans.values()))
    reasons = {op.reason for op in plan.partition.fallbacks}
    assert reasons and all("refused by ttbw.compile" in r and "32 circular buffers" in r for r in reasons), reasons
    assert torch.equal(got, f(*inputs))
