"""ComplexTensor (real, imag) pairs with broadcast on the device backend: the decomposition's
(real, imag) parts fused into one program of four results (one side or both sides broadcast),
each product grad * conj(other) combined per element (re = gr*or + gi*oi, im = gi*or - gr*oi) before it is
summed, as the decomposition (the CPU backend) does. Checked against torch complex64 autograd
and the CPU backend; each input part read from DRAM once, each result part written once."""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import torch

import ttbw
from ttbw.ttnn.backward_call import binary_call
from ttbw.driver.compiler import run_on_device
from ttbw.execution.executor import device

from test_device_mul_bw import TILE_BYTES, _tiles, randn, torch_grads, ulp

TT = {"bf16": ttbw.bfloat16, "f32": ttbw.float32}
PARTS = ("real", "imag")

# (grad shape, a shape, b shape): ttnn's complex test shapes (32x32, 1x3x320x384) and smaller
# ones with the other broadcast patterns (the same kernels at a fraction of the test time)
ONE_SIDE = [
    ((1, 1, 32, 32), (1, 1, 32, 32), (1, 1, 1, 1)),        # scalar-like b
    ((1, 3, 320, 384), (1, 3, 320, 384), (1, 1, 320, 384)),  # channel broadcast b: whole-tile sums
    ((1, 1, 96, 128), (1, 1, 96, 1), (1, 1, 96, 128)),      # column broadcast a
    ((1, 3, 64, 384), (1, 3, 64, 384), (384,)),              # lower-rank row broadcast b
    ((3, 40, 70), (3, 40, 70), ()),                          # rank-0 b: grad_b sums everything
]
BOTH_SIDES = [
    ((1, 3, 96, 128), (1, 3, 96, 1), (1, 1, 96, 128)),
    ((2, 3, 40, 70), (2, 3, 40, 1), (2, 1, 1, 70)),          # not tile aligned
    ((5, 70), (70,), (5, 1)),                                # lower-rank a
]


def _complex(shape, dtype, seed):
    return ttbw.complex_tensor(ttbw.from_torch(randn(shape, "f32", seed), TT[dtype], layout=ttbw.TILE_LAYOUT),
                               ttbw.from_torch(randn(shape, "f32", seed + 10), TT[dtype], layout=ttbw.TILE_LAYOUT))


def _torch_complex_grads(g, a, b, mask):
    """PyTorch autograd on complex64 (grad_a = sum_to(grad * conj(b)), ...)."""
    a = a.clone().requires_grad_()
    b = b.clone().requires_grad_()
    (a * b).backward(g)
    return [a.grad if mask[0] else None, b.grad if mask[1] else None]


def _sum_bound(g, other, shape):
    """64 eps of the summed terms' magnitudes: sum_to(|gr||or| + |gi||oi|) (f32 summation error)."""
    mag = (torch_grads(g.real.double().abs(), torch.ones(shape, dtype=torch.float64), other.real.double().abs())[0]
           + torch_grads(g.imag.double().abs(), torch.ones(shape, dtype=torch.float64), other.imag.double().abs())[0])
    return 64 * 2.0 ** -24 * mag + 1e-30


def _pcc(x, y) -> float:
    x, y = x.double().ravel().numpy(), y.double().ravel().numpy()
    return 1.0 if np.array_equal(x, y) else float(np.corrcoef(x, y)[0, 1])


def _run(shapes, dtype, mask, grid):
    """run_on_device (one launch) and ttbw.mul_bw(..., backend="cpu") on the same ComplexTensors."""
    g, a, b = (_complex(s, dtype, i) for i, s in enumerate(shapes))
    call = binary_call("mul_bw", g, a, b, mask, None, None, None)
    dev = device(grid)
    before = dev.programs_launched
    outputs, stats = run_on_device(call.ir(), call.inputs(), grid=grid)
    assert dev.programs_launched - before == 1
    # buffers of the decomposed function: grad, a, b are the argument pairs (0, 1), (2, 3),
    # (4, 5); the requested gradients the result pairs in order
    tiles = [_tiles(s) * TILE_BYTES[dtype] for s in shapes]
    need = {0} | ({2} if mask[0] else set()) | ({1} if mask[1] else set())
    assert stats.dram_bytes_read == {f"arg{2 * n + p}": tiles[n] for n in need for p in (0, 1)}
    outs = [tiles[1 + i] for i, m in enumerate(mask) if m]
    assert stats.dram_bytes_written == {f"result{2 * k + p}": t for k, t in enumerate(outs) for p in (0, 1)}
    cpu = ttbw.mul_bw(g, a, b, are_required_outputs=list(mask), backend="cpu")
    return (g, a, b), call.wrap(outputs), cpu


def _check(tensors, shapes, dtype, mask, dev, cpu):
    tg, ta, tb = (ttbw.to_torch(t) for t in tensors)  # complex64 of the (rounded) inputs
    want = _torch_complex_grads(tg, ta, tb, mask)
    for x, y, w, other, shape in zip(dev, cpu, want, (tb, ta), shapes[1:]):
        assert (x is None) == (y is None) == (w is None)
        if x is None:
            continue
        got, ref = ttbw.to_torch(x), ttbw.to_torch(y)
        assert got.shape == w.shape
        summed = tuple(shape) != tuple(shapes[0])
        for part in PARTS:
            gp, rp, wp = (getattr(t, part).float() for t in (got, ref, w))
            if dtype == "f32" and not summed:  # products and their sum, each rounded once in f32
                assert ulp(gp.numpy(), wp, "f32") <= 1
            elif dtype == "f32":
                assert bool(((gp.double() - wp.double()).abs() <= _sum_bound(tg, other, shape)).all())
            elif not summed:  # bf16: the decomposition's roundings, bit for bit
                assert torch.equal(gp, rp)
            else:
                assert ulp(gp.numpy(), rp.to(torch.bfloat16), "bf16") <= 2
            if dtype == "bf16" and gp.numel() > 1:
                assert _pcc(gp, wp) >= 0.999


@pytest.mark.parametrize("dtype", ["bf16", "f32"])
@pytest.mark.parametrize("shapes", ONE_SIDE + BOTH_SIDES, ids=lambda s: "_".join("x".join(map(str, x)) for x in s))
def test_complex_broadcast(shapes, dtype):
    tensors, dev, cpu = _run(shapes, dtype, (True, True), (8, 8))
    _check(tensors, shapes, dtype, (True, True), dev, cpu)


@pytest.mark.parametrize("mask", [(True, False), (False, True)])
@pytest.mark.parametrize("shapes", [ONE_SIDE[0], BOTH_SIDES[1]], ids=["one_side", "both_sides"])
def test_complex_broadcast_masks_grid_1x1(shapes, mask):
    for dtype in ("bf16", "f32"):
        tensors, dev, cpu = _run(shapes, dtype, mask, (1, 1))
        _check(tensors, shapes, dtype, mask, dev, cpu)


def test_complex_broadcast_api():
    """ttbw.mul_bw(..., backend="device") returns ComplexTensors of the operands' shapes; L1
    results and preallocated results work as for real tensors."""
    shapes = ((1, 3, 64, 96), (1, 3, 64, 1), (1, 1, 64, 96))
    g, a, b = (_complex(s, "bf16", i) for i, s in enumerate(shapes))
    cpu = ttbw.mul_bw(g, a, b, backend="cpu")
    ia, ob = _complex(shapes[1], "bf16", 7), _complex(shapes[2], "bf16", 8)
    l1 = ttbw.mul_bw(g, a, b, memory_config=ttbw.L1_MEMORY_CONFIG, backend="device")
    pre = ttbw.mul_bw(g, a, b, input_grad=ia, other_grad=ob, backend="device")
    assert pre[0] is ia and pre[1] is ob and l1[0].real.memory_config() is ttbw.L1_MEMORY_CONFIG
    for dev in (l1, pre):
        for x, y, operand in zip(dev, cpu, (a, b)):
            assert isinstance(x, ttbw.ComplexTensor) and tuple(x.real.shape) == tuple(operand.real.shape)
            assert ulp(ttbw.to_torch(x.real).float().numpy(), ttbw.to_torch(y.real), "bf16") <= 2
            assert ulp(ttbw.to_torch(x.imag).float().numpy(), ttbw.to_torch(y.imag), "bf16") <= 2


def test_complex_broadcast_kernels_are_deterministic():
    """The same op gives byte-identical TTKernel IR and host description across processes."""
    lit = Path(__file__).resolve().parents[1] / "Pipelines" / "TTIRToTensix" / "complex_broadcast.mlir"
    tool = Path(sys.executable).parent / "ttbw-opt"
    run = lambda: subprocess.run([str(tool), "--ttir-to-tensix-pipeline", str(lit)], capture_output=True,  # noqa: E731
                                 text=True, check=True).stdout
    first = run()
    assert "func.func @complex_row(" in first and "func.func @complex_two_sided(" in first
    assert '"ttmetal.enqueue_program"' in first and first == run()


@pytest.mark.parametrize("dtypes", [("bfloat8_b",) * 3, ("bfloat16", "bfloat16", "float32")], ids=["bfp8", "mixed"])
def test_complex_bfloat8_b_and_mixed_dtypes_one_program(dtypes):
    """Complex bfloat8_b and mixed bf16 / f32 pairs (refused before the generic codegen): one
    program, against torch autograd in float64 on the same block-quantized / rounded inputs."""
    from test_device_random_mix import golden

    shapes = [(1, 1, 64, 64), (1, 1, 64, 64), (1, 1, 1, 64)]
    gen = torch.Generator().manual_seed(5)
    g, a, b = (ttbw.complex_tensor(*(ttbw.from_torch(torch.randn(s, generator=gen), getattr(ttbw, d),
                                                     layout=ttbw.TILE_LAYOUT) for _ in range(2)))
               for s, d in zip(shapes, dtypes))
    call = binary_call("mul_bw", g, a, b, (True, True), None, None, None)
    outputs, stats = run_on_device(call.ir(), call.inputs())
    assert stats.programs_launched == 1
    want = golden(g, a, b, (True, True))
    assert len(outputs) == len(want) == 4
    for x, (w, bound) in zip(outputs, want):
        assert np.all(np.abs(np.asarray(x, np.float64).reshape(w.shape) - w) <= bound)
