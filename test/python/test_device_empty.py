"""Tensors with no elements (a zero-size dim), through the device path: no buffer and no program
for them, empty results of the right shape and dtype, and a sum over an empty dim is torch's 0
(a broadcast operand's gradient). Checked against torch autograd; fused and composite."""
import numpy as np
import pytest
import torch

import ttbw as ttnn
from ttbw.ttnn.backward_call import binary_call
from ttbw.driver.compiler import run_on_device

DTYPES = {"bf16": (ttnn.bfloat16, torch.bfloat16), "f32": (ttnn.float32, torch.float32),
          "bfp8": (ttnn.bfloat8_b, torch.bfloat16)}
CASES = [  # grad (= a) shape, b shape
    ((0, 32), (1, 32)),        # b's gradient sums over the empty rows: zeros
    ((0, 32), (0, 32)),        # every result empty: no program
    ((5, 0), (5, 1)),          # a sum inside the tile over an empty column dim
    ((2, 0, 3), (2, 1, 1)),
    ((0, 40, 33), (40, 33)),   # an outer broadcast over an empty batch
    ((0,), ()),                # rank 0 b
]


def autograd(g, a, b):
    a, b = a.double().requires_grad_(), b.double().requires_grad_()
    return torch.autograd.grad(a * b, (a, b), g.double())


# bfloat8_b exists only in TILE layout
FORMATS = [(dtype, layout) for dtype in sorted(DTYPES) for layout in ("tile", "row_major")
           if not (dtype == "bfp8" and layout == "row_major")]
LAYOUTS = {"tile": ttnn.TILE_LAYOUT, "row_major": ttnn.ROW_MAJOR_LAYOUT}


@pytest.mark.parametrize("dtype, layout_name", FORMATS, ids=[f"{d}-{l}" for d, l in FORMATS])
@pytest.mark.parametrize("g_shape, b_shape", CASES)
def test_mul_bw_on_empty_tensors_as_torch(g_shape, b_shape, dtype, layout_name):
    layout = LAYOUTS[layout_name]
    ttype, torch_type = DTYPES[dtype]
    gen = torch.Generator().manual_seed(0)
    g, a, b = (torch.randn(s, generator=gen).to(torch_type) for s in (g_shape, g_shape, b_shape))
    tensors = [ttnn.from_torch(x, ttype, layout=layout) for x in (g, a, b)]
    grad_a, grad_b = ttnn.mul_bw(*tensors)
    for got, want, like in zip((grad_a, grad_b), autograd(g, a, b), tensors[1:]):
        assert tuple(got.shape) == tuple(want.shape) and got.dtype == like.dtype and got.layout == like.layout
        result = ttnn.to_torch(got)
        assert result.dtype == (torch.bfloat16 if dtype == "bf16" else torch.float32)
        assert torch.equal(result.double(), want)  # empty, or zeros


@pytest.mark.parametrize("fuse", [True, False], ids=["fused", "composite"])
@pytest.mark.parametrize("g_shape, b_shape", CASES)
def test_programs_launched_and_outputs(g_shape, b_shape, fuse):
    """One program (filling the zeros) where a result has elements, none where all are empty;
    the executor's outputs have the results' shapes (bf16 results as bf16 with host_formats)."""
    g, a, b = (torch.ones(s).bfloat16() for s in (g_shape, g_shape, b_shape))
    call = binary_call("mul_bw", *(ttnn.from_torch(x, layout=ttnn.TILE_LAYOUT) for x in (g, a, b)))
    outputs, stats = run_on_device(call.ir(), call.inputs(), fuse=fuse, host_formats=True)
    want = autograd(g, a, b)
    assert stats.programs_launched == (0 if all(w.numel() == 0 for w in want) else 1)
    assert stats.total_dram_read == 0  # the empty tensors are never read
    for got, w in zip(outputs, want):
        assert got.shape == tuple(w.shape) and str(got.dtype) == "bfloat16"
        assert np.array_equal(np.asarray(got, np.float64), w.numpy())


def test_preallocated_empty_results_and_scalar_b():
    g, a = torch.randn(3, 0).bfloat16(), torch.randn(3, 0).bfloat16()
    (grad_a,) = ttnn.mul_bw(ttnn.from_torch(g), ttnn.from_torch(a), scalar=2.0)
    assert tuple(grad_a.shape) == (3, 0)
    b = torch.randn(1, 1).bfloat16()
    out_a = ttnn.from_torch(torch.zeros(3, 0).bfloat16(), layout=ttnn.TILE_LAYOUT)
    out_b = ttnn.from_torch(torch.ones(1, 1).bfloat16(), layout=ttnn.TILE_LAYOUT)
    got = ttnn.mul_bw(*(ttnn.from_torch(x, layout=ttnn.TILE_LAYOUT) for x in (g, a, b)),
                      input_grad=out_a, other_grad=out_b)
    assert got[0] is out_a and got[1] is out_b
    assert torch.equal(ttnn.to_torch(out_b), torch.zeros(1, 1).bfloat16())


def test_complex_empty():
    def complex_tensor(shape, seed):
        gen = torch.Generator().manual_seed(seed)
        parts = (ttnn.from_torch(torch.randn(shape, generator=gen), ttnn.float32, layout=ttnn.TILE_LAYOUT)
                 for _ in range(2))
        return ttnn.complex_tensor(*parts)
    grad_a, grad_b = ttnn.mul_bw(complex_tensor((0, 4), 0), complex_tensor((0, 4), 1), complex_tensor((1, 4), 2))
    assert tuple(ttnn.to_torch(grad_a).shape) == (0, 4)
    assert torch.equal(ttnn.to_torch(grad_b), torch.zeros(1, 4, dtype=torch.complex64))


def test_an_empty_argument_of_the_wrong_shape_is_refused():
    call = binary_call("mul_bw", *(ttnn.from_torch(torch.ones(s).bfloat16()) for s in ((0, 32), (0, 32), (1, 32))))
    inputs = call.inputs()
    inputs[0] = np.ones((2, 32), np.float32)
    with pytest.raises(ValueError, match=r"argument 0 .*expected shape \[0, 32\], got \[2, 32\]"):
        run_on_device(call.ir(), inputs)
