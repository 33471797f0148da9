"""torch.compile(model, backend="ttbw"): parameter gradients of small graphs against eager
torch autograd in float64 on the same inputs, a shape change compiling again, a graph break,
an unsupported op run by torch. Shapes shared between tests (one set of compiled kernels)."""
from __future__ import annotations

import copy
from importlib.metadata import entry_points

import torch
import torch.nn.functional as F

import ttbw.torch
from ttbw.torch.report import GRAPHS

from backward_checks import ulp


def _layer(x, w, b, v):
    """Elementwise layer: a bias add, tanh / sigmoid / gelu, a product, summed over the batch."""
    h = torch.tanh(x * w + b)
    return (torch.sigmoid(h) * F.gelu(v * x)).sum(dim=0)


def _inputs(rows: int, dtype, seed: int = 0):
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(rows, 40, generator=gen).to(dtype)
    params = [torch.randn(40, generator=gen).to(dtype).requires_grad_() for _ in range(3)]
    return x, params, torch.randn(40, generator=gen).to(dtype)


def _gradients(function, x, params, grad):
    for p in params:
        p.grad = None
    function(x, *params).backward(grad)
    return [p.grad.clone() for p in params]


def _compiled_against_eager(function, seed: int) -> list:
    """The f32 parameter gradients of `function` compiled by ttbw equal eager's (8 rows); returns
    the graphs it compiled."""
    torch._dynamo.reset()
    before = len(GRAPHS)
    x, params, grad = _inputs(8, torch.float32, seed=seed)
    got = _gradients(torch.compile(function, backend="ttbw"), x, params, grad)
    want = _gradients(function, x, params, grad)
    for g, w in zip(got, want):
        assert torch.allclose(g, w, rtol=1e-5, atol=1e-5)
    return GRAPHS[before:]


def test_the_backend_is_registered_by_entry_point():
    assert "ttbw" in [e.name for e in entry_points(group="torch_dynamo_backends")]


def test_parameter_gradients_match_autograd_in_float64():
    x, params, grad = _inputs(8, torch.bfloat16)
    compiled = torch.compile(_layer, backend="ttbw")
    got = _gradients(compiled, x, params, grad)
    exact = _gradients(_layer, x.double(), [p.detach().double().requires_grad_() for p in params], grad.double())
    eager = _gradients(_layer, x, params, grad)
    for g, e, want in zip(got, eager, exact):
        pcc = torch.corrcoef(torch.stack([g.double(), want]))[0, 1]
        assert pcc >= 0.999
        # bf16 roundings on the way (the forward's too, in torch and ttbw alike): as close as eager
        # bf16, within 2 ulp of the largest gradient of eager's error
        slack = 2 * ulp(want.abs().max(), torch.bfloat16)
        assert float((g.double() - want).abs().max()) <= float((e.double() - want).abs().max()) + slack
    backward = [g for g in GRAPHS if g.title.startswith("backward")][-1]
    plan = next(iter(backward.plans.values()))
    assert plan.partition.regions, ttbw.torch.report()
    names = {name for r in plan.partition.regions for name in r.aten_ops}
    assert {"aten.tanh_backward", "aten.sigmoid_backward", "aten.gelu_backward", "aten.sum.dim_IntList"} <= names


def test_a_shape_change_compiles_again():
    compiled = torch.compile(_layer, backend="ttbw")
    signatures = set()
    for rows in (8, 16):
        x, params, grad = _inputs(rows, torch.float32, seed=rows)
        got = _gradients(compiled, x, params, grad)
        want = _gradients(_layer, x, params, grad)
        for g, w in zip(got, want):
            assert torch.allclose(g, w, rtol=1e-5, atol=1e-5)
        signatures |= {s for g in GRAPHS if g.title.startswith("backward") for s in g.plans}
    # dynamo recompiles, or traces the second shape symbolically and ttbw specialises it per shape
    shapes = {entry[0] for s in signatures for entry in s if isinstance(entry, tuple)}
    assert {(8, 40), (16, 40)} <= shapes


def test_a_graph_break_and_an_unsupported_op():
    def broken(x, w, b, v):
        h = torch.exp(x * w)
        torch._dynamo.graph_break()
        return (torch.cumsum(h, dim=1) * b + v).sum(dim=0)   # cumsum: no importer, torch runs it

    new = _compiled_against_eager(broken, seed=3)
    assert len([g for g in new if g.title.startswith("forward")]) == 2
    fallbacks = [(op.name, op.reason) for g in new for plan in g.plans.values() for op in plan.partition.fallbacks]
    assert ("aten.cumsum", "no TTIR importer for aten.cumsum") in fallbacks
    assert "cumsum" in ttbw.torch.report()


def test_batch_norm_training_gradients_match_autograd_in_float64():
    """BatchNorm2d (training) then ReLU, compiled: its backward is one ttir.batch_norm_bw region
    (threshold_backward with it; save_mean / save_invstd viewed as (1, C, 1, 1) by the host), the
    input's and parameters' gradients within 4 f32 ulp of their float64 autograd's scale."""
    gen = torch.Generator().manual_seed(11)
    norm = torch.nn.BatchNorm2d(5)
    with torch.no_grad():
        norm.weight.copy_(torch.rand(5, generator=gen) + 0.5)
        norm.bias.copy_(torch.randn(5, generator=gen))
    model = torch.nn.Sequential(norm, torch.nn.ReLU()).train()
    x = torch.randn(4, 5, 7, 9, generator=gen)
    grad = torch.randn(4, 5, 7, 9, generator=gen)

    def gradients(module, inputs, out_grad, compiled=False):
        inputs = inputs.clone().requires_grad_()
        module.zero_grad()
        (torch.compile(module, backend="ttbw") if compiled else module)(inputs).backward(out_grad)
        return [inputs.grad, module[0].weight.grad, module[0].bias.grad]

    got = gradients(model, x, grad, compiled=True)
    exact = gradients(copy.deepcopy(model).double(), x.double(), grad.double())
    for g, want in zip(got, exact):
        assert g.dtype == torch.float32
        bound = 4 * ulp(want.abs().max().expand(want.shape), torch.float32)
        assert torch.all((g.double() - want).abs() <= bound), float(((g.double() - want).abs() / bound).max())
    backward = [g for g in GRAPHS if g.title.startswith("backward")][-1]
    plan = next(iter(backward.plans.values()))
    assert not plan.partition.fallbacks, [(op.name, op.reason) for op in plan.partition.fallbacks]
    assert {"aten.native_batch_norm_backward", "aten.threshold_backward"} <= {
        name for r in plan.partition.regions for name in r.aten_ops}


def test_a_region_reads_the_last_regions_result_on_the_device():
    """exp(x * w) is region 0's; torch's cumsum reads it on the host, region 1 reads it as it is
    on the device (bound to region 0's buffer, not uploaded again)."""
    def two_regions(x, w, b, v):
        a = torch.exp(x * w)
        return (a * torch.cumsum(a, dim=1) * v + b).sum(dim=0)

    new = _compiled_against_eager(two_regions, seed=5)
    forward = next(g for g in new if g.title.startswith("forward"))
    plan = next(iter(forward.plans.values()))
    assert len(plan.partition.regions) == 2, ttbw.torch.report()
    assert plan.handoff_bytes == 2 * 32 * 32 * 4, ttbw.torch.report()   # a (8x40 f32): two tiles
    assert "read in place on the device" in ttbw.torch.report()
    backward = next(g for g in new if g.title.startswith("backward"))
    fallbacks = {op.name for plan in backward.plans.values() for op in plan.partition.fallbacks}
    assert fallbacks == {"aten.cumsum", "aten.flip"}, ttbw.torch.report()   # expand (ttir.broadcast) on ttbw
