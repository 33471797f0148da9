"""ROW_MAJOR tensors next to bfloat8_b tensors (bfloat8_b is TILE only) and rank-0 ROW_MAJOR
tensors on the device backend. Next to bfloat8_b the TILE plans run with the reader building
zero-padded tiles from ROW_MAJOR rows (rm_tiles), also without a broadcast, so a bfloat8_b
pack never sees stale padding in a row block; a rank-0 ROW_MAJOR tensor is one row of one
element. Results equal the CPU backend (which quantizes bfloat8_b on the host and computes in
bf16): bit for bit without a sum; f32 sums within f32 summation error; bfloat8_b PCC >= 0.99
against torch autograd on the same (quantized) values."""
import numpy as np
import pytest
import torch

import ttbw
from ttbw.ttnn.backward_call import binary_call
from ttbw.driver.compiler import run_on_device

R, T = ttbw.ROW_MAJOR_LAYOUT, ttbw.TILE_LAYOUT
LAY = {"R": R, "T": T}


def _tensor(shape, dtype, layout, seed):
    gen = torch.Generator().manual_seed(seed)
    return ttbw.from_torch(torch.randn(shape, generator=gen), getattr(ttbw, dtype), layout=LAY[layout])


def _torch_grads(g, a, b):
    a = a.double().clone().requires_grad_()
    b = b.double().clone().requires_grad_()
    (a * b).backward(g.double())
    return a.grad, b.grad


def _pcc(x, y) -> float:
    x, y = x.double().ravel().numpy(), y.double().ravel().numpy()
    return 1.0 if np.array_equal(x, y) else float(np.corrcoef(x, y)[0, 1])


def _check(tensors, dev, cpu, exact: bool):
    want = _torch_grads(*(ttbw.to_torch(t).float() for t in tensors))
    for x, y, w in zip(dev, cpu, want):
        assert x.dtype is y.dtype and x.layout is y.layout and x.shape == y.shape
        got, ref = ttbw.to_torch(x).float(), ttbw.to_torch(y).float()
        if exact:
            assert torch.equal(got, ref)
        else:  # f32 sums in another order
            assert torch.allclose(got, ref, rtol=2e-6, atol=1e-6)
        if x.dtype is ttbw.bfloat8_b and got.numel() > 1:
            assert _pcc(got, w) >= 0.99


# (grad, a, b shapes), dtypes, layouts
BFP8_CASES = [
    (((2, 50, 70),) * 3, ("bfloat16", "bfloat8_b", "bfloat16"), "RTR"),           # no broadcast
    (((2, 50, 70),) * 3, ("bfloat8_b", "float32", "bfloat16"), "TRT"),
    (((1, 3, 64, 96),) * 3, ("bfloat16", "bfloat16", "bfloat8_b"), "RRT"),
    (((2, 50, 70), (2, 50, 70), (1, 50, 1)), ("bfloat16", "bfloat16", "bfloat8_b"), "RRT"),   # one side
    (((2, 50, 70), (2, 1, 70), (2, 50, 70)), ("bfloat8_b", "bfloat16", "bfloat16"), "TRR"),
    (((2, 50, 70), (2, 1, 70), (1, 50, 70)), ("bfloat8_b", "bfloat16", "bfloat16"), "TRR"),   # both sides
    (((3, 2, 40, 45), (3, 1, 40, 1), (1, 2, 1, 45)), ("bfloat16", "bfloat8_b", "bfloat16"), "RTR"),
]


@pytest.mark.parametrize("shapes, dtypes, layouts", BFP8_CASES)
def test_row_major_next_to_bfloat8_b(shapes, dtypes, layouts):
    tensors = [_tensor(s, d, l, i) for i, (s, d, l) in enumerate(zip(shapes, dtypes, layouts))]
    dev = ttbw.mul_bw(*tensors, backend="device")
    cpu = ttbw.mul_bw(*tensors, backend="cpu")
    _check(tensors, dev, cpu, exact=True)


def test_row_major_next_to_bfloat8_b_masks_and_grids():
    """run_on_device on grids (1, 1) and (8, 8), one gradient at a time: each input read once
    (ROW_MAJOR: exactly its bytes), each result written once."""
    shapes, dtypes = ((2, 50, 70), (2, 50, 70), (2, 1, 70)), ("bfloat16", "bfloat16", "bfloat8_b")
    tensors = [_tensor(s, d, l, i) for i, (s, d, l) in enumerate(zip(shapes, dtypes, "RRT"))]
    for grid in ((1, 1), (8, 8)):
        for mask in ((True, False), (False, True)):
            call = binary_call("mul_bw", *tensors, mask, None, None, None)
            outputs, stats = run_on_device(call.ir(), call.inputs(), grid=grid)
            cpu = ttbw.mul_bw(*tensors, are_required_outputs=list(mask), backend="cpu")
            (got,) = outputs
            (want,) = [y for y in cpu if y is not None]
            assert np.array_equal(got, ttbw.to_torch(want).float().numpy())
            row_bytes = 2 * 2 * 50 * 70
            reads = {"arg0": row_bytes, **({"arg1": row_bytes} if mask[1] else {"arg2": 1088 * 2 * 3})}
            assert stats.dram_bytes_read == reads  # grad, a, b: the decomposed function's arg0, arg1, arg2
            assert stats.dram_bytes_written == {"result0": row_bytes if mask[0] else 1088 * 2 * 3}


RANK0_CASES = [
    (((), (), ()), ("bfloat16",) * 3, "RRR"),                     # no broadcast, all rank 0
    (((), (), ()), ("float32", "bfloat16", "float32"), "RRT"),
    (((2, 50, 70), (2, 50, 70), ()), ("bfloat16",) * 3, "RRR"),   # b sums everything
    (((3, 5), (), (3, 5)), ("float32",) * 3, "RRT"),
    (((40, 45), (), (40, 45)), ("bfloat16", "float32", "bfloat16"), "TRR"),
    (((2, 50, 70), (2, 50, 70), ()), ("bfloat8_b", "bfloat16", "bfloat16"), "TTR"),
]


@pytest.mark.parametrize("shapes, dtypes, layouts", RANK0_CASES)
def test_rank0_row_major(shapes, dtypes, layouts):
    tensors = [_tensor(s, d, l, i) for i, (s, d, l) in enumerate(zip(shapes, dtypes, layouts))]
    dev = ttbw.mul_bw(*tensors, backend="device")
    cpu = ttbw.mul_bw(*tensors, backend="cpu")
    exact = "float32" not in dtypes or all(s == shapes[0] for s in shapes)
    _check(tensors, dev, cpu, exact=exact)
