"""ttnn.concat_bw(grad_tensor, input_tensor_a, input_tensor_b, dim=0, *, are_required_outputs,
memory_config, input_a_grad, input_b_grad): grad's two parts along dim, against float64 autograd
of torch.concat (exact: each gradient is its part of grad), both backends, TILE and ROW_MAJOR
(tt-metal's shapes: parts not multiples of 32, ROW_MAJOR columns from 80), negative dims,
requested outputs and preallocated ones, the golden function; misuse named."""
import pytest
import torch

import ttbw as ttnn

SHAPES = [  # a, b, dim
    ((12, 1, 30, 32), (2, 1, 30, 32), 0),
    ((1, 2, 45, 64), (1, 1, 45, 64), 1),
    ((1, 1, 125, 32), (1, 1, 32, 32), 2),
    ((1, 1, 64, 80), (1, 1, 64, 16), 3),
    ((1, 1, 64, 64), (1, 1, 64, 32), -1),
    ((3, 64), (5, 64), -2),
]


def _tensor(t, layout):
    return ttnn.from_torch(t, layout=layout, device=ttnn.open_device(device_id=0))


def _autograd(grad, a, b, dim):
    leaves = [a.double().requires_grad_(), b.double().requires_grad_()]
    return torch.autograd.grad(torch.concat(leaves, dim), leaves, grad.double())


@pytest.mark.parametrize("backend", ["cpu", "device"])
@pytest.mark.parametrize("layout", [ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT], ids=["rm", "tile"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
@pytest.mark.parametrize("a_shape, b_shape, dim", SHAPES, ids=str)
def test_concat_bw_is_autograd(a_shape, b_shape, dim, dtype, layout, backend):
    gen = torch.Generator().manual_seed(3)
    a, b = torch.randn(a_shape, generator=gen).to(dtype), torch.randn(b_shape, generator=gen).to(dtype)
    g = torch.randn(torch.concat([a, b], dim).shape, generator=gen).to(dtype)
    if layout == ttnn.TILE_LAYOUT and dim % len(a_shape) >= len(a_shape) - 2 and a_shape[dim] % 32:
        pytest.skip("a TILE grad split inside a tile: refused (test_tile_split_inside_a_tile_is_refused)")
    got = ttnn.concat_bw(_tensor(g, layout), _tensor(a, layout), _tensor(b, layout), dim, backend=backend)
    for tensor, want in zip(got, _autograd(g, a, b, dim)):
        assert tensor.layout == layout
        assert torch.equal(ttnn.to_torch(tensor).double(), want)


@pytest.mark.parametrize("grad_layout, input_layout", [(ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT),
                                                       (ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT)], ids=["rm-tile", "tile-rm"])
def test_concat_bw_parts_in_the_inputs_layout(grad_layout, input_layout):
    """Each gradient has its input's layout, grad's parts copied into it."""
    gen = torch.Generator().manual_seed(4)
    a, b = torch.randn(2, 32, 64, generator=gen), torch.randn(2, 32, 32, generator=gen)
    g = torch.randn(2, 32, 96, generator=gen).bfloat16()
    got = ttnn.concat_bw(_tensor(g, grad_layout), _tensor(a.bfloat16(), input_layout),
                         _tensor(b.bfloat16(), input_layout), -1)
    for tensor, want in zip(got, _autograd(g, a, b, -1)):
        assert tensor.layout == input_layout
        assert torch.equal(ttnn.to_torch(tensor).double(), want)


def test_concat_bw_requested_and_preallocated_outputs():
    gen = torch.Generator().manual_seed(5)
    a, b = torch.randn(4, 1, 32, 32, generator=gen), torch.randn(5, 1, 32, 32, generator=gen)
    g = torch.randn(9, 1, 32, 32, generator=gen).bfloat16()
    tg, ta, tb = (_tensor(t.bfloat16(), ttnn.TILE_LAYOUT) for t in (g, a, b))
    want = _autograd(g, a, b, 0)
    only_b = ttnn.concat_bw(tg, ta, tb, are_required_outputs=[False, True])
    assert only_b[0] is None and torch.equal(ttnn.to_torch(only_b[1]).double(), want[1])
    device = ttnn.open_device(device_id=0)
    into = ttnn.from_torch(torch.zeros(4, 1, 32, 32, dtype=torch.bfloat16), layout=ttnn.TILE_LAYOUT,
                           device=device, memory_config=ttnn.L1_MEMORY_CONFIG)
    pages = len(ttnn._ttnn.reports.get_buffer_pages())
    ttnn.concat_bw(tg, ta, tb, are_required_outputs=[True, False], input_a_grad=into, queue_id=0)
    assert len(ttnn._ttnn.reports.get_buffer_pages()) == pages
    assert torch.equal(ttnn.to_torch(into).double(), want[0])


def test_concat_bw_golden_function():
    gen = torch.Generator().manual_seed(6)
    a, b = torch.randn(2, 3, generator=gen), torch.randn(2, 4, generator=gen)
    g = torch.randn(2, 7, generator=gen)
    golden = ttnn.get_golden_function(ttnn.concat_bw)(g, a, b, 1)
    assert all(torch.equal(x.double(), y) for x, y in zip(golden, _autograd(g, a, b, 1)))


def test_tile_split_inside_a_tile_is_refused():
    a, b = torch.zeros(1, 1, 64, 80, dtype=torch.bfloat16), torch.zeros(1, 1, 64, 16, dtype=torch.bfloat16)
    g = torch.zeros(1, 1, 64, 96, dtype=torch.bfloat16)
    with pytest.raises(ValueError, match="TILE slice from column 80"):
        ttnn.concat_bw(*(_tensor(t, ttnn.TILE_LAYOUT) for t in (g, a, b)), 3)


def test_concat_bw_misuse():
    t = lambda *shape: _tensor(torch.zeros(shape, dtype=torch.bfloat16), ttnn.TILE_LAYOUT)  # noqa: E731
    with pytest.raises(ValueError, match=r"'dim' 4 is out of range for input_tensor_a of rank 4"):
        ttnn.concat_bw(t(1, 1, 32, 64), t(1, 1, 32, 32), t(1, 1, 32, 32), 4)
    with pytest.raises(ValueError, match=r"input_tensor_a 1x1x32x32 and input_tensor_b 1x1x64x32 "
                                         r"must match in every dim but the concatenated one \(3\)"):
        ttnn.concat_bw(t(1, 1, 32, 64), t(1, 1, 32, 32), t(1, 1, 64, 32), 3)
    with pytest.raises(ValueError, match=r"grad_tensor shape 1x1x32x96 must equal input_tensor_a and "
                                         r"input_tensor_b concatenated along dim 3 \(1x1x32x64\)"):
        ttnn.concat_bw(t(1, 1, 32, 96), t(1, 1, 32, 32), t(1, 1, 32, 32), 3)
    with pytest.raises(TypeError, match="dim must be an integer"):
        ttnn.concat_bw(t(1, 1, 32, 64), t(1, 1, 32, 32), t(1, 1, 32, 32), "3")
