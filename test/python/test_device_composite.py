"""Composite (fuse=false) mode: one program per TTIR op of the decomposed mul_bw, intermediates in
DRAM (ttbw-fuse-programs{fuse=false}). Same results as torch autograd and the fused program; more
DRAM traffic and more launches than the fused program. Buffers are named after the decomposed
function: arguments arg<i> (grad, a, b, then preallocated results), returned values result<k>,
intermediates <op><launch>."""
import math

import numpy as np
import pytest
import torch

import ttbw
from ttbw.ttnn.backward_call import binary_call
from ttbw.driver.compiler import run_on_device
from ttbw.execution.executor import device

TILE = 2048  # bf16 tile bytes


def host_of(call):
    """The host program (ttbw.target.host_program.HostFunction) the composite path compiles the call to."""
    [function] = ttbw.compile(call.ir(), fuse=False).executable.functions.values()
    return function.host


T, RM = ttbw.TILE_LAYOUT, ttbw.ROW_MAJOR_LAYOUT
DTYPES = {"bfloat16": (ttbw.bfloat16, torch.bfloat16), "float32": (ttbw.float32, torch.float32),
          "bfloat8_b": (ttbw.bfloat8_b, torch.bfloat16)}


def _tiles(shape):
    shape = (1,) * max(0, 2 - len(shape)) + tuple(shape)
    return int(np.prod(shape[:-2], dtype=np.int64)) * -(-shape[-2] // 32) * -(-shape[-1] // 32)


def randn(shape, seed, dtype=torch.bfloat16):
    return torch.randn(shape, generator=torch.Generator().manual_seed(seed)).to(dtype)


def tensor(x, dtype="bfloat16", layout=T):
    return ttbw.from_torch(x.to(DTYPES[dtype][1]), DTYPES[dtype][0], layout=layout)


def torch_grads(g, a, b, mask):
    """Autograd of a * b on the tensors' device values (bfloat8_b ones already quantized)."""
    a = ttbw.to_torch(a).detach().clone().requires_grad_()
    b = ttbw.to_torch(b).detach().clone().requires_grad_()
    (a * b).backward(ttbw.to_torch(g))
    return [a.grad if mask[0] else None, b.grad if mask[1] else None]


def ulp(got, want) -> int:
    """Max distance in units of the last place of want's dtype (bf16 or f32)."""
    bits, view = {torch.bfloat16: (16, torch.int16), torch.float32: (32, torch.int32)}[want.dtype]
    got_t = torch.from_numpy(np.asarray(got, dtype=np.float32)).to(want.dtype)
    assert got_t.shape == want.shape

    def ordered(x):
        i = x.contiguous().view(view).to(torch.int64)
        return torch.where(i < 0, -(i & ((1 << (bits - 1)) - 1)), i)

    return int((ordered(got_t) - ordered(want)).abs().max())


def pcc(got, want) -> float:
    x = np.asarray(got, dtype=np.float64).ravel()
    y = want.to(torch.float64).numpy().ravel()
    return 1.0 if np.array_equal(x, y) else float(np.corrcoef(x, y)[0, 1])


def both(g, a, b, mask=(True, True), memory_config=None, input_grad=None, other_grad=None, grid=(8, 8)):
    """(fused outputs, fused stats, composite outputs, composite stats), outputs by result name."""
    call = binary_call("mul_bw", g, a, b, mask, memory_config, input_grad, other_grad)
    dev = device(grid)
    before = dev.programs_launched
    fused, fs = run_on_device(call.ir(), call.inputs(), grid=grid)
    mid = dev.programs_launched
    comp, cs = run_on_device(call.ir(), call.inputs(), grid=grid, fuse=False)
    assert mid - before == 1
    assert dev.programs_launched - mid == cs.programs_launched
    names = [n for n, _ in call.results()]
    return dict(zip(names, fused)), fs, dict(zip(names, comp)), cs


@pytest.mark.parametrize("shape", [(1, 1, 32, 32), (1, 3, 320, 384), (2, 50, 70)])
def test_no_broadcast_bit_exact_two_programs(shape):
    g, a, b = (tensor(randn(shape, s)) for s in range(3))
    fused, fs, comp, cs = both(g, a, b)
    want = torch_grads(g, a, b, (True, True))
    for i, name in enumerate(("input_grad", "other_grad")):
        assert np.array_equal(comp[name], fused[name])
        assert ulp(comp[name], want[i]) == 0
    assert cs.programs_launched == 2
    n = _tiles(shape) * TILE
    # two eltwise multiplies: grad read twice, a and b once, two results written
    assert cs.dram_bytes_read == {"arg0": 2 * n, "arg1": n, "arg2": n}
    assert cs.total_dram_written == 2 * n
    assert cs.total_dram_read + cs.total_dram_written > fs.total_dram_read + fs.total_dram_written


BROADCASTS = [  # (a, b) against grad (1, 3, 64, 96); sums over channel, rows, cols, all
    ((1, 3, 64, 96), (1, 1, 64, 96)),
    ((1, 1, 64, 96), (1, 3, 64, 96)),
    ((1, 3, 64, 96), (1, 3, 1, 96)),
    ((1, 3, 1, 96), (1, 3, 64, 96)),
    ((1, 3, 64, 96), (1, 3, 64, 1)),
    ((1, 3, 64, 96), (1, 1, 1, 1)),
    ((1, 3, 64, 96), (64, 96)),
    ((1, 3, 64, 96), (1, 1, 1, 96)),
    ((1, 3, 64, 1), (1, 1, 64, 96)),  # both sides broadcast
]


@pytest.mark.parametrize("a_shape, b_shape", BROADCASTS)
def test_broadcast_reductions_match_fused_and_torch(a_shape, b_shape):
    g = tensor(randn((1, 3, 64, 96), 0))
    a, b = tensor(randn(a_shape, 1)), tensor(randn(b_shape, 2))
    fused, fs, comp, cs = both(g, a, b)
    want = torch_grads(g, a, b, (True, True))
    for i, name in enumerate(("input_grad", "other_grad")):
        assert comp[name].shape == tuple(want[i].shape)
        assert ulp(comp[name], want[i]) <= 2
        assert pcc(comp[name], want[i]) >= 0.999
        assert ulp(comp[name], torch.from_numpy(fused[name]).to(torch.bfloat16)) <= 2
    assert cs.programs_launched >= 3  # multiplies + at least one reduction
    # the full-size product is written to DRAM and read back by the reduction
    assert cs.total_dram_written > fs.total_dram_written
    assert cs.total_dram_read + cs.total_dram_written > fs.total_dram_read + fs.total_dram_written


@pytest.mark.parametrize("mask", [(True, False), (False, True)])
def test_masks(mask):
    g, a, b = tensor(randn((1, 3, 64, 64), 0)), tensor(randn((1, 3, 64, 64), 1)), tensor(randn((1, 1, 64, 64), 2))
    fused, _, comp, cs = both(g, a, b, mask)
    want = torch_grads(g, a, b, mask)
    for i, name in enumerate(("input_grad", "other_grad")):
        if mask[i]:
            assert ulp(comp[name], want[i]) <= 2
        else:
            assert name not in comp
    assert cs.programs_launched == (1 if mask[0] else 2)


@pytest.mark.parametrize("b_shape", [(1, 3, 64, 96), (1, 1, 1, 96), (1, 3, 64, 1)])
def test_float32(b_shape):
    """f32: products exact fp32 (<= 1 ULP of torch); sums exact fp32 additions of TF32-exact
    parts (equal to the fused sums; torch sums in another order)."""
    g, a = tensor(randn((1, 3, 64, 96), 0, torch.float32), "float32"), tensor(randn((1, 3, 64, 96), 1), "float32")
    b = tensor(randn(b_shape, 2, torch.float32), "float32")
    fused, _, comp, _ = both(g, a, b)
    want = torch_grads(g, a, b, (True, True))
    assert ulp(comp["input_grad"], want[0]) <= 1
    assert np.array_equal(comp["other_grad"], fused["other_grad"])
    exact = (ttbw.to_torch(g).double() * ttbw.to_torch(a).double()).sum_to_size(b_shape).numpy()
    assert np.allclose(comp["other_grad"], exact, rtol=1e-5, atol=1e-5)
    if b_shape == (1, 3, 64, 96):
        assert ulp(comp["other_grad"], want[1]) <= 1


@pytest.mark.parametrize("dtypes, b_shape", [
    (("bfloat8_b", "bfloat8_b", "bfloat8_b"), (1, 3, 64, 96)),
    (("bfloat8_b", "bfloat16", "bfloat8_b"), (1, 3, 1, 1)),
    (("bfloat16", "bfloat16", "bfloat8_b"), (1, 1, 64, 96)),
    (("bfloat16", "float32", "bfloat8_b"), (1, 1, 64, 96)),   # typecasts both ways
    (("float32", "bfloat16", "bfloat16"), (1, 3, 1, 96)),
])
def test_bfloat8_b_and_mixed_dtypes(dtypes, b_shape):
    g = tensor(randn((1, 3, 64, 96), 0, torch.float32), dtypes[0])
    a = tensor(randn((1, 3, 64, 96), 1, torch.float32), dtypes[1])
    b = tensor(randn(b_shape, 2, torch.float32), dtypes[2])
    fused, _, comp, cs = both(g, a, b)
    want = torch_grads(g, a, b, (True, True))
    for i, (name, operand) in enumerate((("input_grad", dtypes[1]), ("other_grad", dtypes[2]))):
        assert comp[name].shape == tuple(want[i].shape)
        assert pcc(comp[name], want[i]) >= (0.99 if operand == "bfloat8_b" else 0.999)
        assert np.array_equal(comp[name], fused[name])  # same roundings (bf16 hop before bfloat8_b)
    if "float32" in dtypes:
        assert any(name.endswith("_typecast") for name, _ in cs.programs)


@pytest.mark.parametrize("memory_config", [None, ttbw.L1_MEMORY_CONFIG])
def test_preallocated_and_l1_results(memory_config):
    g, a, b = tensor(randn((2, 64, 64), 0)), tensor(randn((2, 64, 64), 1)), tensor(randn((1, 64, 64), 2))
    ig, og = tensor(torch.zeros(2, 64, 64)), tensor(torch.zeros(1, 64, 64))
    fused, _, comp, cs = both(g, a, b, memory_config=memory_config, input_grad=ig, other_grad=og)
    want = torch_grads(g, a, b, (True, True))
    assert ulp(comp["input_grad"], want[0]) == 0 and ulp(comp["other_grad"], want[1]) <= 2
    # the last programs write the preallocated buffers; L1 results are not DRAM traffic
    written = set(cs.dram_bytes_written)
    if memory_config is None:
        assert {"arg3", "arg4"} <= written  # the preallocated input_grad, other_grad arguments
    else:
        assert not written & {"arg3", "arg4"}
    host = host_of(binary_call("mul_bw", g, a, b, (True, True), memory_config, ig, og))
    assert [r.buffer for r in host.results] == ["arg3", "arg4"]
    assert host.buffer("arg3").memory == ("l1" if memory_config else "dram")
    assert [host.buffer(name).memory for name in host.intermediates] == ["dram"]  # the product summed


@pytest.mark.parametrize("b_shape", [(2, 64, 64), (1, 64, 64)])
def test_preallocated_gradient_that_is_an_argument(b_shape):
    """add_bw's gradients are grad itself (or its sum over b's broadcast): a copy program
    writes grad into each preallocated buffer it goes to, also when it goes to both."""
    g, a, b = tensor(randn((2, 64, 64), 0)), tensor(randn((2, 64, 64), 1)), tensor(randn(b_shape, 2))
    ig, og = tensor(torch.zeros(2, 64, 64)), tensor(torch.zeros(b_shape))
    call = binary_call("add_bw", g, a, b, (True, True), None, ig, og)
    fused, _ = run_on_device(call.ir(), call.inputs())
    comp, cs = run_on_device(call.ir(), call.inputs(), fuse=False)
    want = ttbw.to_torch(g).float()
    for got in (fused, comp):
        assert torch.equal(torch.from_numpy(np.asarray(got[0], dtype=np.float32)), want)
        assert ulp(got[1], want.sum_to_size(b_shape).to(torch.bfloat16)) <= 1
    assert {"arg3", "arg4"} <= set(cs.dram_bytes_written)  # the preallocated buffers
    assert [r.buffer for r in host_of(call).results] == ["arg3", "arg4"]


def test_l1_results_through_the_api():
    g, a, b = tensor(randn((1, 1, 64, 64), 0)), tensor(randn((1, 1, 64, 64), 1)), tensor(randn((1, 1, 1, 64), 2))
    _, _, comp, cs = both(g, a, b, memory_config=ttbw.L1_MEMORY_CONFIG)
    assert cs.dram_bytes_written == {"multiply1": 4 * TILE}  # only the product to be summed
    assert ulp(comp["other_grad"], torch_grads(g, a, b, (True, True))[1]) <= 2


@pytest.mark.parametrize("layouts, b_shape", [
    ((RM, RM, RM), (2, 50, 70)),
    ((RM, T, RM), (1, 50, 70)),
    ((T, RM, RM), (2, 1, 70)),
])
def test_row_major(layouts, b_shape):
    """ROW_MAJOR operands are read row by row into zero-padded tiles, ROW_MAJOR results written
    back row by row: exact DRAM bytes, padding never in a sum."""
    g, a, b = (tensor(randn(s, k), layout=lay) for k, (s, lay) in enumerate(zip(((2, 50, 70), (2, 50, 70), b_shape),
                                                                                   layouts)))
    fused, fs, comp, cs = both(g, a, b)
    want = torch_grads(g, a, b, (True, True))
    assert ulp(comp["input_grad"], want[0]) == 0
    assert ulp(comp["other_grad"], want[1]) <= (0 if b_shape == (2, 50, 70) else 2)
    for name in comp:
        assert np.array_equal(comp[name], fused[name])
    rm_bytes = 2 * 50 * 70 * 2
    if layouts[0] == RM:
        assert cs.dram_bytes_read["arg0"] == 2 * rm_bytes  # two multiplies read grad's rows
    # a ROW_MAJOR result: the TILE product, then a typecast program writing its rows
    host = host_of(binary_call("mul_bw", g, a, b, (True, True), None, None, None))
    for result, layout in zip(host.results, layouts[1:]):
        assert host.buffer(result.buffer).layout == ("row_major" if layout == RM else "tile")
        if layout == RM and b_shape == (2, 50, 70):
            assert cs.dram_bytes_written[result.buffer] == rm_bytes


@pytest.mark.parametrize("shapes", [((32,), (32,), ()), ((), (), ()), ((3, 40), (), (3, 40))])
def test_rank0_row_major(shapes):
    """A rank-0 ROW_MAJOR tensor is one row of one element on the device, as in the fused path."""
    g, a, b = (tensor(randn(s, k), layout=RM if not s else T) for k, s in enumerate(shapes))
    fused, _, comp, _ = both(g, a, b)
    want = torch_grads(g, a, b, (True, True))
    for (name, got), w in zip(comp.items(), want):
        assert got.shape == tuple(w.shape) and np.array_equal(got, fused[name])
        assert ulp(got, w) <= (0 if tuple(w.shape) == tuple(g.shape) else 2)


@pytest.mark.parametrize("scalar", [2.5, -0.7, 1e-30, 3e38, 0.0, math.inf, -math.inf])
def test_scalar_b_one_multiply_program(scalar):
    g, a = randn((2, 50, 70), 0), randn((2, 50, 70), 1)
    call = binary_call("mul_bw", tensor(g), tensor(a), scalar, (True, True), None, None, None)
    (got,), cs = run_on_device(call.ir(), call.inputs(), fuse=False)
    assert np.array_equal(got, (g * scalar).float().numpy(), equal_nan=True)
    # bf16 -> f32 typecast, grad * s (the scalar a runtime arg: no program for ttir.full), -> bf16
    assert [name.split("_")[-1] for name, _ in cs.programs] == ["typecast", "multiply", "typecast"]


@pytest.mark.parametrize("dtype, b_shape", [("bfloat16", (1, 3, 32, 64)), ("float32", (1, 3, 32, 64)),
                                            ("bfloat16", (1, 1, 32, 64))])
def test_complex(dtype, b_shape):
    torch_dtype = DTYPES[dtype][1]

    def cx(shape, k):
        return ttbw.complex_tensor(tensor(randn(shape, k, torch_dtype), dtype),
                                   tensor(randn(shape, k + 10, torch_dtype), dtype))

    g, a, b = cx((1, 3, 32, 64), 0), cx((1, 3, 32, 64), 1), cx(b_shape, 2)
    call = binary_call("mul_bw", g, a, b, (True, True), None, None, None)
    comp, cs = run_on_device(call.ir(), call.inputs(), fuse=False)
    assert cs.programs_launched >= 12  # per gradient: 4 multiplies, add, subtract
    gc, ac, bc = (ttbw.to_torch(x).to(torch.complex128) for x in (g, a, b))
    want_a = (gc * bc.conj()).sum_to_size(a.real.shape)
    want_b = (gc * ac.conj()).sum_to_size(b_shape)
    got = [torch.from_numpy(x).double() for x in comp]
    for part, want in zip(got, (want_a.real, want_a.imag, want_b.real, want_b.imag)):
        if dtype == "float32":
            assert torch.allclose(part, want, rtol=1e-5, atol=1e-5)
        else:
            assert pcc(part.numpy(), want) >= 0.999
    if b_shape == a.real.shape:  # the fused complex program: same roundings, same values
        fused, _ = run_on_device(call.ir(), call.inputs())
        for x, y in zip(fused, comp):
            assert np.array_equal(x, y)


def test_fused_moves_less_dram_and_launches_once():
    g, a, b = (tensor(randn(s, k)) for k, s in enumerate(((1, 3, 320, 384), (1, 3, 320, 384), (1, 1, 320, 1))))
    fused, fs, comp, cs = both(g, a, b)
    n = _tiles((1, 3, 320, 384)) * TILE
    # composite: grad * bcast(b) (reads grad + b), grad * a -> DRAM (n), sum reads it back (n):
    # grad read twice, the product written and read once more than fused
    assert cs.programs_launched == 3
    assert cs.dram_bytes_read["arg0"] == 2 * n
    assert cs.dram_bytes_written["multiply1"] == n and cs.dram_bytes_read["multiply1"] == n
    assert fs.total_dram_read + fs.total_dram_written + 3 * n == cs.total_dram_read + cs.total_dram_written


def test_unsupported_raise_value_error():
    g = randn((32, 32), 0)
    call = binary_call("mul_bw", tensor(g), tensor(g), math.nan, (True, True), None, None, None)
    with pytest.raises(ValueError, match="NaN"):
        run_on_device(call.ir(), call.inputs(), fuse=False)


def test_composite_host_program():
    """One launch per TTIR op of the decomposition in its order, a free reshape no launch, the
    results in the memory their memory_config names, the intermediates in DRAM."""
    g, a, b = tensor(randn((1, 3, 64, 64), 0)), tensor(randn((1, 3, 64, 64), 1), "float32"), tensor(randn((64,), 2))
    host = host_of(binary_call("mul_bw", g, a, b, (True, True), ttbw.L1_MEMORY_CONFIG, None, None))
    assert [p.name.rsplit("_", 1)[-1] for p in host.launches] == ["multiply", "typecast", "typecast", "multiply",
                                                                 "sum", "typecast"]
    assert [host.buffer(r.buffer).memory for r in host.results] == ["l1", "l1"]
    assert {host.buffer(name).memory for name in host.intermediates} == {"dram"}
    assert [(u.buffer, u.arg) for u in host.uploads] == [("arg0", 0), ("arg1", 1), ("arg2", 2)]


@pytest.mark.parametrize("a_dtype", ["bfloat8_b", "bfloat16"])
def test_row_major_grad_tile_intermediate_has_zero_padding(a_dtype):
    """grad f32 ROW_MAJOR times a scalar makes a TILE f32 intermediate that a typecast program
    packs to a's dtype: its padding must be 0 (a bfloat8_b pack shares an exponent with it)."""
    g = tensor(randn((1, 32, 33), 0, torch.float32), "float32", layout=RM)
    a = tensor(randn((1, 32, 33), 1), a_dtype)
    call = binary_call("mul_bw", g, a, 2.5, (True, True), None, None, None)
    run_on_device(call.ir(), call.inputs())  # leaves data in L1 where stale padding would come from
    (comp,), _ = run_on_device(call.ir(), call.inputs(), fuse=False)
    (cpu,) = ttbw.mul_bw(g, a, 2.5, backend="cpu")
    assert np.array_equal(comp, ttbw.to_torch(cpu).float().numpy())
