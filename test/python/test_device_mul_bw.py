"""ttir.mul_bw -> one fused Tensix program (ttbw.lowering) on the emulated device, against
torch autograd. Also checks the fusion from the run counters: grad, a and b are read from DRAM
exactly once (only the ones a requested gradient needs), each result written once, one launch."""
import numpy as np
import pytest
import torch

import ttbw
from ttbw.ttnn.backward_call import binary_call
from ttbw.driver.compiler import run_on_device
from ttbw.execution.executor import device
from ttbw.lowering import UnsupportedError
from ttbw.lowering import codegen

from program_specs import one_program

TILE = ttbw.TILE_LAYOUT  # the layout these tests mean (from_torch's default is ROW_MAJOR)

GRIDS = [(1, 1), (8, 8)]
TORCH = {"bf16": torch.bfloat16, "f32": torch.float32}
TILE_BYTES = {"bf16": 2048, "f32": 4096}
MIXED = [("bfloat16", "bfloat16", "float32"), ("bfloat16", "float32", "bfloat16"), ("float32", "bfloat16", "bfloat16"),
         ("float32", "bfloat8_b", "float32"), ("bfloat8_b", "float32", "bfloat16"), ("float32", "float32", "bfloat8_b")]


def _tiles(shape):
    shape = (1,) * max(0, 2 - len(shape)) + tuple(shape)
    return int(np.prod(shape[:-2], dtype=np.int64)) * -(-shape[-2] // 32) * -(-shape[-1] // 32)


def _tensor(t):
    return ttbw.from_torch(t, layout=TILE)


def torch_grads(g, a, b, mask=(True, True)):
    a = a.detach().clone().requires_grad_()
    if not isinstance(b, torch.Tensor):
        (a * b).backward(g)
        return [a.grad]
    b = b.detach().clone().requires_grad_()
    (a * b).backward(g)
    return [a.grad if mask[0] else None, b.grad if mask[1] else None]


def run(g, a, b, mask=(True, True), grid=(8, 8)):
    """run_on_device through the IR the Python API builds; returns (outputs by name, stats)."""
    call = binary_call("mul_bw", _tensor(g), _tensor(a), b if not isinstance(b, torch.Tensor) else _tensor(b),
                 mask, None, None, None)
    dev = device(grid)
    before = dev.programs_launched
    outputs, stats = run_on_device(call.ir(), call.inputs(), grid=grid)
    assert dev.programs_launched - before == 1 and stats.programs_launched == 1
    names = [n for n, _ in call.results()]
    return dict(zip(names, outputs)), stats


def check_traffic(stats, g, a, b, mask, dtype):
    """DRAM: each needed input read once, each result written once; nothing else. Buffers are
    named after the decomposed function's arguments (grad, a, b: arg0, arg1, arg2) and
    results (the requested gradients in order: result0, result1)."""
    scalar = not isinstance(b, torch.Tensor)
    want_read = {"arg0": _tiles(g.shape)}
    if scalar or mask[0]:  # grad_a = grad * b
        if not scalar:
            want_read["arg2"] = _tiles(b.shape)
    if not scalar and mask[1]:  # grad_b = grad * a
        want_read["arg1"] = _tiles(a.shape)
    want_written = {}
    if mask[0]:
        want_written["result0"] = _tiles(a.shape)
    if mask[1] and not scalar:
        want_written[f"result{int(mask[0])}"] = _tiles(b.shape)
    tb = TILE_BYTES[dtype]
    assert stats.dram_bytes_read == {k: v * tb for k, v in want_read.items()}
    assert stats.dram_bytes_written == {k: v * tb for k, v in want_written.items()}


def ulp(got: np.ndarray, want: torch.Tensor, dtype: str) -> int:
    got_t = torch.from_numpy(np.asarray(got, dtype=np.float32)).to(TORCH[dtype])
    assert got_t.shape == want.shape
    bits = torch.int16 if dtype == "bf16" else torch.int32

    def ordered(x):
        i = x.contiguous().view(bits).to(torch.int64)
        return torch.where(i < 0, -(i & (2 ** (8 * x.element_size() - 1) - 1)), i)

    return int((ordered(got_t) - ordered(want.to(TORCH[dtype]))).abs().max())


def pcc(got, want) -> float:
    x = np.asarray(got, dtype=np.float64).ravel()
    y = want.double().numpy().ravel()
    if np.array_equal(x, y):
        return 1.0
    return float(np.corrcoef(x, y)[0, 1])


def randn(shape, dtype, seed=0):
    gen = torch.Generator().manual_seed(seed)
    return torch.randn(shape, generator=gen).to(TORCH[dtype])


# ------------------------------------------------------------------ no broadcast

@pytest.mark.parametrize("grid", GRIDS)
@pytest.mark.parametrize("shape", [(1, 1, 32, 32), (1, 1, 320, 384), (1, 3, 320, 384), (2, 50, 70)])
def test_bf16_same_shape_bit_exact(shape, grid):
    g, a, b = (randn(shape, "bf16", s) for s in range(3))
    out, stats = run(g, a, b, grid=grid)
    want = torch_grads(g, a, b)
    assert ulp(out["input_grad"], want[0], "bf16") == 0
    assert ulp(out["other_grad"], want[1], "bf16") == 0
    check_traffic(stats, g, a, b, (True, True), "bf16")
    used = len(stats.l1_bytes_used)
    assert used == min(grid[0] * grid[1], _tiles(shape))


@pytest.mark.parametrize("grid", GRIDS)
@pytest.mark.parametrize("shape", [(1, 1, 32, 32), (1, 3, 320, 384)])
def test_f32_same_shape_sfpu(shape, grid):
    g, a, b = (randn(shape, "f32", s) for s in range(3))
    out, stats = run(g, a, b, grid=grid)
    want = torch_grads(g, a, b)
    assert ulp(out["input_grad"], want[0], "f32") <= 1
    assert ulp(out["other_grad"], want[1], "f32") <= 1
    check_traffic(stats, g, a, b, (True, True), "f32")


@pytest.mark.parametrize("mask", [(True, False), (False, True)])
@pytest.mark.parametrize("dtype", ["bf16", "f32"])
def test_masks_compute_and_read_only_what_is_needed(mask, dtype):
    shape = (1, 1, 64, 96)
    g, a, b = (randn(shape, dtype, s) for s in range(3))
    out, stats = run(g, a, b, mask=mask)
    want = torch_grads(g, a, b, mask)
    for i, name in enumerate(("input_grad", "other_grad")):
        if mask[i]:
            assert ulp(out[name], want[i], dtype) == 0
        else:
            assert name not in out
    check_traffic(stats, g, a, b, mask, dtype)


@pytest.mark.parametrize("dtype", ["bf16", "f32"])
@pytest.mark.parametrize("scalar", [4, 1.2345678, -0.1, 3.0e-5, 7.0e30, 0.0, float("inf"), -float("inf"), 1e300])
def test_scalar_b_is_grad_times_s_in_fp32(scalar, dtype):
    shape = (1, 1, 64, 64)
    g, a = randn(shape, dtype, 0), randn(shape, dtype, 1)
    out, stats = run(g, a, scalar)
    (want,) = torch_grads(g, a, scalar)
    assert ulp(out["input_grad"], want, dtype) == 0
    check_traffic(stats, g, a, scalar, (True, False), dtype)


# ------------------------------------------------------------------ broadcast (ttnn's matrix)

BROADCASTS = [  # (a, b): one operand has grad's shape
    ((1, 3, 320, 384), (1, 1, 320, 384)),  # channel, b side
    ((1, 1, 320, 384), (1, 3, 320, 384)),  # channel, a side
    ((1, 3, 320, 384), (1, 3, 1, 384)),    # row
    ((1, 3, 320, 384), (1, 3, 320, 1)),    # column
    ((1, 3, 320, 384), (1, 1, 1, 1)),      # scalar-like, b side
    ((1, 1, 1, 1), (1, 3, 320, 384)),      # scalar-like, a side
    ((1, 3, 320, 384), (320, 384)),        # lower rank, b side
    ((384,), (1, 3, 320, 384)),            # lower rank (a row), a side
    ((1, 3, 20, 50), (1, 1, 1, 50)),       # not tile aligned: padding must not leak
    ((2, 3, 40, 70), (2, 1, 40, 1)),       # channel + column
]


@pytest.mark.parametrize("grid", GRIDS)
@pytest.mark.parametrize("a_shape, b_shape", BROADCASTS)
def test_broadcast_fused_reduction(a_shape, b_shape, grid):
    g_shape = torch.broadcast_shapes(a_shape, b_shape)
    g, a, b = randn(g_shape, "bf16", 0), randn(a_shape, "bf16", 1), randn(b_shape, "bf16", 2)
    out, stats = run(g, a, b, grid=grid)
    want = torch_grads(g, a, b)
    for got, w, name in zip((out["input_grad"], out["other_grad"]), want, ("a", "b")):
        assert got.shape == tuple(w.shape)
        reduced = tuple(w.shape) != tuple(g_shape)
        assert ulp(got, w, "bf16") <= (2 if reduced else 0), name
        assert pcc(got, w.float()) >= 0.999
    check_traffic(stats, g, a, b, (True, True), "bf16")
    # a reduced axis is never split: the X tiles (work units) are spread, not their sums
    units = _spec(g, a, b).schedule.units
    assert len(stats.l1_bytes_used) == min(grid[0] * grid[1], units)


@pytest.mark.parametrize("mask", [(True, False), (False, True)])
@pytest.mark.parametrize("a_shape, b_shape", [((1, 3, 64, 96), (1, 1, 1, 96)), ((1, 1, 64, 1), (1, 2, 64, 96))])
def test_broadcast_masks(a_shape, b_shape, mask):
    g_shape = torch.broadcast_shapes(a_shape, b_shape)
    g, a, b = randn(g_shape, "bf16", 3), randn(a_shape, "bf16", 4), randn(b_shape, "bf16", 5)
    out, stats = run(g, a, b, mask=mask)
    want = torch_grads(g, a, b, mask)
    for i, name in enumerate(("input_grad", "other_grad")):
        if mask[i]:
            assert ulp(out[name], want[i], "bf16") <= 2
        else:
            assert name not in out
    check_traffic(stats, g, a, b, mask, "bf16")


BOTH_SIDES = [  # (a, b): both broadcast, so both gradients are reductions over different axes
    ((1, 3, 32, 1), (1, 1, 32, 64)),      # ttnn's example
    ((1, 3, 320, 1), (1, 1, 320, 384)),   # split over H tiles (the axis neither sums)
    ((1, 3, 320, 1), (1, 1, 1, 384)),     # nothing left to split: one core
    ((2, 3, 40, 1), (2, 1, 1, 70)),       # not tile aligned
    ((4, 1, 64, 64), (1, 5, 64, 64)),     # outer product over batch dims
]


@pytest.mark.parametrize("grid", GRIDS)
@pytest.mark.parametrize("a_shape, b_shape", BOTH_SIDES)
def test_both_sides_broadcast(a_shape, b_shape, grid):
    g_shape = torch.broadcast_shapes(a_shape, b_shape)
    g, a, b = randn(g_shape, "bf16", 0), randn(a_shape, "bf16", 1), randn(b_shape, "bf16", 2)
    out, stats = run(g, a, b, grid=grid)
    want = torch_grads(g, a, b)
    for got, w in zip((out["input_grad"], out["other_grad"]), want):
        assert ulp(got, w, "bf16") <= 2 and pcc(got, w.float()) >= 0.999
    check_traffic(stats, g, a, b, (True, True), "bf16")
    units = _spec(g, a, b).schedule.units
    assert len(stats.l1_bytes_used) == min(grid[0] * grid[1], units)


@pytest.mark.parametrize("mask", [(True, True), (True, False), (False, True)])
@pytest.mark.parametrize("a_shape, b_shape", [((1, 3, 320, 1), (1, 1, 320, 384)), ((4, 1, 64, 64), (1, 5, 64, 64)),
                                              ((2, 3, 40, 1), (2, 1, 1, 70))])
def test_both_sides_broadcast_f32(a_shape, b_shape, mask):
    g_shape = torch.broadcast_shapes(a_shape, b_shape)
    g, a, b = randn(g_shape, "f32", 0), randn(a_shape, "f32", 1), randn(b_shape, "f32", 2)
    out, stats = run(g, a, b, mask=mask)
    want64 = torch_grads(g.double(), a.double(), b.double(), mask)
    for i, (name, other, shape) in enumerate(zip(("input_grad", "other_grad"), (b, a), (a_shape, b_shape))):
        assert (name in out) == mask[i]
        if mask[i]:
            assert f32_sum_ok(out[name], want64[i], g, other, shape)
    check_traffic(stats, g, a, b, mask, "f32")


@pytest.mark.parametrize("dtypes", [d for d in MIXED if "bfloat8_b" not in d])
def test_both_sides_broadcast_mixed_dtypes(dtypes):
    a_shape, b_shape = (2, 3, 64, 1), (2, 1, 64, 96)
    g_shape = torch.broadcast_shapes(a_shape, b_shape)
    g, a, b = (ttbw.from_torch(randn(s, "f32", i), getattr(ttbw, d), layout=TILE)
               for i, (s, d) in enumerate(zip((g_shape, a_shape, b_shape), dtypes)))
    dev = ttbw.mul_bw(g, a, b, backend="device")
    cpu = ttbw.mul_bw(g, a, b, backend="cpu")
    for x, y, other in zip(dev, cpu, (b, a)):
        got, want = ttbw.to_torch(x).float().numpy(), ttbw.to_torch(y)
        if x.dtype is ttbw.float32:
            assert f32_sum_ok(got, want.double(), ttbw.to_torch(g).float(), ttbw.to_torch(other).float(), x.shape)
        else:
            assert ulp(got, want, "bf16") <= 1


@pytest.mark.parametrize("mask", [(True, False), (False, True)])
def test_both_sides_broadcast_masks_and_bfloat8_b(mask):
    a_shape, b_shape = (2, 3, 64, 1), (2, 1, 64, 96)
    g_shape = torch.broadcast_shapes(a_shape, b_shape)
    g, a, b = randn(g_shape, "bf16", 3), randn(a_shape, "bf16", 4), randn(b_shape, "bf16", 5)
    out, stats = run(g, a, b, mask=mask)
    want = torch_grads(g, a, b, mask)
    for i, name in enumerate(("input_grad", "other_grad")):
        assert (name in out) == mask[i]
        if mask[i]:
            assert ulp(out[name], want[i], "bf16") <= 2
    check_traffic(stats, g, a, b, mask, "bf16")
    tg, ta, tb = (ttbw.from_torch(x, ttbw.bfloat8_b, layout=TILE) for x in (g, a, b))
    dev = ttbw.mul_bw(tg, ta, tb, are_required_outputs=list(mask), backend="device")
    cpu = ttbw.mul_bw(tg, ta, tb, are_required_outputs=list(mask), backend="cpu")
    for x, y in zip(dev, cpu):
        assert (x is None) == (y is None)
        if x is not None:
            assert torch.equal(ttbw.to_torch(x).float(), ttbw.to_torch(y).float())


def _spec(g, a, b):
    """The generic codegen's program of the mul_bw (what the compiler lowers)."""
    return one_program(binary_call("mul_bw", _tensor(g), _tensor(a), _tensor(b), (True, True), None, None, None).ir())


def test_one_compiled_kernel_serves_many_shapes():
    def plan(a_shape, b_shape):
        g_shape = torch.broadcast_shapes(a_shape, b_shape)
        g, a, b = randn(g_shape, "bf16"), randn(a_shape, "bf16"), randn(b_shape, "bf16")
        reader, compute, writer = codegen.kernel_functions(_spec(g, a, b).kernels)  # sizes are runtime args
        return [(k.consts, k.entry) for k in (reader, compute, writer)]

    assert plan((1, 1, 32, 32), (1, 1, 32, 32)) == plan((2, 3, 320, 384), (2, 3, 320, 384))
    assert plan((1, 3, 64, 64), (1, 1, 1, 64)) == plan((5, 96, 32), (32,))


# ------------------------------------------------------------------ the Python API

@pytest.mark.parametrize("a_shape, b_shape", [((1, 1, 32, 32), (1, 1, 32, 32)), ((1, 3, 64, 96), (1, 1, 1, 96))])
def test_api_device_backend_matches_cpu_backend(a_shape, b_shape):
    g_shape = torch.broadcast_shapes(a_shape, b_shape)
    g, a, b = (_tensor(randn(s, "bf16", i)) for i, s in enumerate((g_shape, a_shape, b_shape)))
    dev = ttbw.mul_bw(g, a, b, backend="device")
    cpu = ttbw.mul_bw(g, a, b, backend="cpu")
    for x, y in zip(dev, cpu):
        assert torch.equal(ttbw.to_torch(x), ttbw.to_torch(y))
    (dev_s,) = ttbw.mul_bw(g, g, 0.3, backend="device")
    (cpu_s,) = ttbw.mul_bw(g, g, 0.3, backend="cpu")
    assert torch.equal(ttbw.to_torch(dev_s), ttbw.to_torch(cpu_s))
    none_b = ttbw.mul_bw(g, a, b, are_required_outputs=[True, False], backend="device")
    assert none_b[1] is None and torch.equal(ttbw.to_torch(none_b[0]), ttbw.to_torch(cpu[0]))
    l1 = ttbw.mul_bw(g, a, b, memory_config=ttbw.L1_MEMORY_CONFIG, backend="device")
    assert l1[0].memory_config() is ttbw.L1_MEMORY_CONFIG
    assert torch.equal(ttbw.to_torch(l1[1]), ttbw.to_torch(cpu[1]))


@pytest.mark.parametrize("a_shape, b_shape", [((1, 1, 64, 96), (1, 1, 64, 96)), ((1, 3, 64, 96), (1, 1, 1, 96)),
                                              ((1, 1, 64, 1), (1, 2, 64, 96))])
@pytest.mark.parametrize("dtypes", [("bfloat8_b",) * 3, ("bfloat16", "bfloat8_b", "bfloat16"),
                                    ("bfloat8_b", "bfloat16", "bfloat8_b")])
def test_bfloat8_b_matches_cpu_backend(a_shape, b_shape, dtypes):
    """bfloat8_b tensors (any mix with bf16): the same values as the CPU path, which computes on
    the block-quantized values as bf16 and quantizes each result to its operand's dtype (on the
    device: a bf16 hop in L1 before the bfloat8_b pack when the DST is fp32)."""
    g_shape = torch.broadcast_shapes(a_shape, b_shape)
    g, a, b = (ttbw.from_torch(randn(s, "bf16", i), getattr(ttbw, d), layout=TILE)
               for i, (s, d) in enumerate(zip((g_shape, a_shape, b_shape), dtypes)))
    dev = ttbw.mul_bw(g, a, b, backend="device")
    cpu = ttbw.mul_bw(g, a, b, backend="cpu")
    for x, y in zip(dev, cpu):
        assert x.dtype is y.dtype
        got, want = ttbw.to_torch(x).float(), ttbw.to_torch(y).float()
        assert torch.equal(got, want)
    (dev_s,) = ttbw.mul_bw(g, a if a.shape == g.shape else g, 1.7, backend="device")
    (cpu_s,) = ttbw.mul_bw(g, a if a.shape == g.shape else g, 1.7, backend="cpu")
    assert torch.equal(ttbw.to_torch(dev_s).float(), ttbw.to_torch(cpu_s).float())




@pytest.mark.parametrize("mask", [(True, True), (False, True)])
@pytest.mark.parametrize("dtypes", MIXED)
def test_mixed_dtypes_match_cpu_backend(dtypes, mask):
    """bf16 / bfloat8_b / f32 mixes (no broadcast): SFPU path, each product in its promoted
    type (a product of two bf16 tensors is rounded to bf16 even for an f32 result, via an L1
    hop), cast to its operand's dtype: bit-identical to the CPU path."""
    s = (1, 1, 64, 96)
    g, a, b = (ttbw.from_torch(randn(s, "f32", i), getattr(ttbw, d), layout=TILE) for i, d in enumerate(dtypes))
    dev = ttbw.mul_bw(g, a, b, are_required_outputs=list(mask), backend="device")
    cpu = ttbw.mul_bw(g, a, b, are_required_outputs=list(mask), backend="cpu")
    for x, y in zip(dev, cpu):
        assert (x is None) == (y is None)
        if x is not None:
            assert x.dtype is y.dtype and torch.equal(ttbw.to_torch(x).float(), ttbw.to_torch(y).float())
    (dev_s,) = ttbw.mul_bw(g, a, -2.3, backend="device")
    (cpu_s,) = ttbw.mul_bw(g, a, -2.3, backend="cpu")
    assert torch.equal(ttbw.to_torch(dev_s).float(), ttbw.to_torch(cpu_s).float())


def f32_sum_ok(got, want, g, other, out_shape) -> bool:
    """An f32 sum of products is as good as f32 summation can be: within 64 eps of the sum of
    the terms' magnitudes (a TF32 truncation anywhere would be ~2^-11 of it)."""
    mag = torch_grads(g.double().abs(), torch.ones(out_shape, dtype=torch.float64), other.double().abs())[0]
    err = (torch.from_numpy(np.asarray(got, dtype=np.float64)) - want.double()).abs()
    return bool((err <= 64 * 2.0 ** -24 * mag + 1e-30).all())


@pytest.mark.parametrize("a_shape, b_shape", BROADCASTS)
def test_f32_broadcast(a_shape, b_shape):
    """f32 broadcast: whole-tile broadcasts on the SFPU; row / column / scalar broadcasts and
    their sums through the FPU (unary_bcast, reduce_tile) on TF32-exact parts of each f32 tile,
    so no bit is lost: products are exact f32 (= torch, 0 ULP), sums are f32 sums."""
    g_shape = torch.broadcast_shapes(a_shape, b_shape)
    g, a, b = randn(g_shape, "f32", 0), randn(a_shape, "f32", 1), randn(b_shape, "f32", 2)
    out, stats = run(g, a, b)
    want64 = torch_grads(g.double(), a.double(), b.double())
    for got, w, w64, other, shape in zip((out["input_grad"], out["other_grad"]), torch_grads(g, a, b), want64,
                                         (b, a), (a_shape, b_shape)):
        if tuple(shape) == tuple(g_shape):
            assert ulp(got, w, "f32") == 0
        else:
            assert f32_sum_ok(got, w64, g, other, shape)
    check_traffic(stats, g, a, b, (True, True), "f32")


@pytest.mark.parametrize("a_shape, b_shape", [((1, 3, 64, 96), (1, 1, 64, 96)), ((1, 3, 64, 96), (1, 1, 1, 96)),
                                              ((1, 1, 64, 1), (1, 3, 64, 96))])
@pytest.mark.parametrize("dtypes", [d for d in MIXED if "bfloat8_b" not in d])
def test_mixed_dtypes_broadcast(dtypes, a_shape, b_shape):
    g_shape = torch.broadcast_shapes(a_shape, b_shape)
    g, a, b = (ttbw.from_torch(randn(s, "f32", i), getattr(ttbw, d), layout=TILE)
               for i, (s, d) in enumerate(zip((g_shape, a_shape, b_shape), dtypes)))
    dev = ttbw.mul_bw(g, a, b, backend="device")
    cpu = ttbw.mul_bw(g, a, b, backend="cpu")
    for x, y, other in zip(dev, cpu, (b, a)):  # the same sums in another f32 order
        got, want = ttbw.to_torch(x).float().numpy(), ttbw.to_torch(y)
        if x.dtype is ttbw.float32:
            assert f32_sum_ok(got, want.double(), ttbw.to_torch(g).float(), ttbw.to_torch(other).float(), x.shape)
        else:
            assert ulp(got, want, "bf16") <= 1


@pytest.mark.parametrize("mask", [(True, True), (False, True)])
@pytest.mark.parametrize("dtype", ["bf16", "f32"])
@pytest.mark.parametrize("shape", [(1, 1, 32, 32), (1, 3, 320, 384)])
def test_complex_same_shape(shape, dtype, mask):
    """ComplexTensor (real, imag) pairs: grad * conj(other), both parts of both gradients in
    one program; bit-identical to the CPU path (f32: also = torch complex64 autograd)."""
    tdt = {"bf16": ttbw.bfloat16, "f32": ttbw.float32}[dtype]

    def ct(i):
        return ttbw.complex_tensor(ttbw.from_torch(randn(shape, "f32", i), tdt, layout=TILE),
                                   ttbw.from_torch(randn(shape, "f32", i + 10), tdt, layout=TILE))

    g, a, b = ct(0), ct(1), ct(2)
    call = binary_call("mul_bw", g, a, b, mask, None, None, None)
    outputs, stats = run_on_device(call.ir(), call.inputs())
    dev = call.wrap(outputs)
    cpu = ttbw.mul_bw(g, a, b, are_required_outputs=list(mask), backend="cpu")
    for x, y in zip(dev, cpu):
        assert (x is None) == (y is None)
        if x is not None:
            assert torch.equal(ttbw.to_torch(x), ttbw.to_torch(y))
    tb = TILE_BYTES[dtype] * _tiles(shape)
    # buffers of the decomposed function: (real, imag) argument pairs, the requested results' pairs
    need = {0} | ({4} if mask[0] else set()) | ({2} if mask[1] else set())
    assert stats.dram_bytes_read == {f"arg{n + p}": tb for n in need for p in (0, 1)}
    assert stats.dram_bytes_written == {f"result{2 * k + p}": tb for k in range(sum(mask)) for p in (0, 1)}
    if dtype == "f32":
        tg, ta, tbb = (ttbw.to_torch(x) for x in (g, a, b))
        want = torch_grads(tg, ta, tbb, mask)
        for x, w in zip(dev, want):
            if x is not None:
                assert torch.allclose(ttbw.to_torch(x), w, rtol=1e-5, atol=1e-6)


BF, F32, MIX = ("bfloat16",) * 3, ("float32",) * 3, ("bfloat16", "float32", "bfloat16")
ROW_MAJOR_CASES = [((2, 50, 70), d, l) for d in (BF, F32, MIX) for l in ("RRR", "RTR", "TRT", "TTR")]
ROW_MAJOR_CASES += [((1, 3, 320, 384), BF, "RRR"), ((1, 3, 320, 384), F32, "RTR"), ((5,), MIX, "RRR")]


@pytest.mark.parametrize("shape, dtypes, layouts", ROW_MAJOR_CASES)
def test_row_major(shape, dtypes, layouts):
    """ROW_MAJOR tensors (any mix with TILE, no broadcast): rows gathered into blocks, tilized and
    untilized in the program; H, W need not be multiples of 32. Same values as the CPU path;
    each input read once (ROW_MAJOR: its rows)."""
    lay = {"R": ttbw.ROW_MAJOR_LAYOUT, "T": ttbw.TILE_LAYOUT}
    g, a, b = (ttbw.from_torch(randn(shape, "f32", i), getattr(ttbw, d), layout=lay[l])
               for i, (d, l) in enumerate(zip(dtypes, layouts)))
    call = binary_call("mul_bw", g, a, b, (True, True), None, None, None)
    outputs, stats = run_on_device(call.ir(), call.inputs())
    dev = call.wrap(outputs)
    cpu = ttbw.mul_bw(g, a, b, backend="cpu")
    for x, y in zip(dev, cpu):
        assert x.layout is y.layout and torch.equal(ttbw.to_torch(x).float(), ttbw.to_torch(y).float())

    def nbytes(t):
        dt = "f32" if t.dtype is ttbw.float32 else "bf16"
        if t.layout is ttbw.ROW_MAJOR_LAYOUT:
            return int(np.prod(shape)) * (4 if dt == "f32" else 2)
        return _tiles(shape) * TILE_BYTES[dt]

    # buffers of the decomposed function: grad, a, b = arg0, arg1, arg2; the gradients result0, result1
    assert stats.dram_bytes_read == {"arg0": nbytes(g), "arg1": nbytes(a), "arg2": nbytes(b)}
    assert stats.dram_bytes_written == {"result0": nbytes(a), "result1": nbytes(b)}
    (dev_s,) = ttbw.mul_bw(g, a, 0.7, backend="device")
    (cpu_s,) = ttbw.mul_bw(g, a, 0.7, backend="cpu")
    assert torch.equal(ttbw.to_torch(dev_s).float(), ttbw.to_torch(cpu_s).float())


def test_preallocated_results_are_written_in_place():
    g, a = _tensor(randn((1, 1, 64, 64), "bf16", 0)), _tensor(randn((1, 1, 64, 64), "bf16", 1))
    b = _tensor(randn((1, 1, 1, 64), "bf16", 2))
    ia, ob = _tensor(torch.zeros(1, 1, 64, 64, dtype=torch.bfloat16)), _tensor(torch.zeros(1, 1, 1, 64,
                                                                                        dtype=torch.bfloat16))
    out = ttbw.mul_bw(g, a, b, input_grad=ia, other_grad=ob, backend="device")
    assert out[0] is ia and out[1] is ob
    cpu = ttbw.mul_bw(g, a, b, backend="cpu")
    assert torch.equal(ttbw.to_torch(ia), ttbw.to_torch(cpu[0]))
    assert torch.equal(ttbw.to_torch(ob), ttbw.to_torch(cpu[1]))


def _refusals():
    bf = lambda s, i=0: _tensor(randn(s, "bf16", i))  # noqa: E731
    s = (1, 1, 32, 32)
    return [
        ("nan scalar", lambda: ttbw.mul_bw(bf(s), bf(s), float("nan"), backend="device"), "NaN"),
    ]


@pytest.mark.parametrize("case", range(len(_refusals())), ids=[c[0] for c in _refusals()])
def test_unsupported_inputs_raise_value_error(case):
    _, fn, message = _refusals()[case]
    with pytest.raises(ValueError, match=message):
        fn()


def test_unsupported_error_is_a_value_error():
    assert issubclass(UnsupportedError, ValueError)
