"""ttnn's API as a ttnn user writes it, with `import ttbw as ttnn`: one test per row of the
README table "ttnn's API in ttbw", then the misuses that must raise a clear error naming the
argument. Gradients are checked against torch autograd."""
import math

import numpy as np
import pytest
import torch

import ttbw as ttnn


@pytest.fixture
def device():
    device = ttnn.open_device(device_id=0)
    yield device
    if device.is_open:
        ttnn.close_device(device)


@pytest.fixture(autouse=True)
def default_printoptions():
    yield
    ttnn.set_printoptions(profile="short", sci_mode="default", precision=5)


def data_gen(shape, device, seed=0, low=-10, high=10, layout=ttnn.TILE_LAYOUT):
    """tt-metal's backward test helper, line for line."""
    torch.manual_seed(seed)
    pt_tensor = torch.rand(shape, requires_grad=True).bfloat16() * (high - low) + low
    tt_tensor = ttnn.Tensor(pt_tensor, ttnn.bfloat16).to(layout).to(device)
    return pt_tensor, tt_tensor


def autograd(grad, a, b):
    a = a.detach().clone().requires_grad_()
    b = b.detach().clone().requires_grad_()
    return torch.autograd.grad(a * b, (a, b), grad)


# ---------------------------------------------------------------- devices

def test_mesh_device_is_a_type_whose_mesh_is_refused():
    device = ttnn.open_device(device_id=0)
    assert not isinstance(device, ttnn.MeshDevice) and isinstance(device, ttnn.Device)
    with pytest.raises(ValueError, match="ttbw emulates single devices"):
        ttnn.MeshDevice(mesh_shape=(1, 2))
    assert [a.name for a in ttnn.device.Arch] == ["GRAYSKULL", "WORMHOLE_B0", "BLACKHOLE"]  # ttnn.device's enum


def test_open_close_device_and_properties():
    device = ttnn.open_device(device_id=0)
    assert ttnn.open_device(device_id=0) is device  # an open device is returned as it is
    assert device.id() == 0 and device.arch() == ttnn.device.Arch.WORMHOLE_B0
    assert device.compute_with_storage_grid_size() == (8, 8)
    assert device.core_grid.num_cores == 64 and repr(device.core_grid) == "ttnn.CoreGrid(x=8,y=8)"
    assert ttnn.GetNumAvailableDevices() == 2
    ttnn.synchronize_device(device)
    ttnn.close_device(device)
    assert not device.is_open
    assert ttnn.open_device(device_id=0) is not device  # reopened: a new handle
    ttnn.close_device(ttnn.open_device(device_id=0))


def test_manage_device_and_with():
    with ttnn.manage_device(device_id=1) as device:
        assert device.id() == 1 and device.is_open
    assert not device.is_open
    with ttnn.open_device(device_id=0) as device:
        tensor = ttnn.from_torch(torch.ones(2, 2), device=device)
    with pytest.raises(ValueError, match="on device 0, which is closed"):
        tensor.cpu()


# ---------------------------------------------------------------- tensors

def test_tensor_constructor_like_tt_metal_backward_tests(device):
    pt_tensor, tt_tensor = data_gen((1, 1, 32, 64), device)
    assert isinstance(tt_tensor, ttnn.Tensor)
    assert tt_tensor.layout == ttnn.TILE_LAYOUT and tt_tensor.dtype == ttnn.bfloat16
    assert tt_tensor.device() is device and tt_tensor.storage_type() == ttnn.StorageType.DEVICE
    assert ttnn.is_tensor_storage_on_device(tt_tensor)
    assert torch.equal(tt_tensor.cpu().to(ttnn.ROW_MAJOR_LAYOUT).to_torch(), pt_tensor)
    ints = ttnn.Tensor(torch.arange(6, dtype=torch.int32).reshape(2, 3), ttnn.float32)  # converted
    assert ints.to_torch().tolist() == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
    from_numpy = ttnn.Tensor(np.ones((2, 2), np.float32), device=device, layout=ttnn.TILE_LAYOUT)
    assert from_numpy.dtype == ttnn.float32 and from_numpy.device() is device
    documented = ttnn.Tensor(np.zeros((1, 1, 32, 32)), ttnn.bfloat16, device, ttnn.TILE_LAYOUT)  # ttnn's docstring
    assert documented.dtype == ttnn.bfloat16 and documented.layout == ttnn.TILE_LAYOUT


def test_tensor_of_a_tensor_is_a_copy(device):
    """tt-metal's complex tests wrap a device tensor once more: ttnn.Tensor(ttnn.Tensor(...))."""
    placed = ttnn.Tensor(torch.arange(64.0).reshape(2, 32), ttnn.bfloat16).to(ttnn.TILE_LAYOUT).to(
        device, ttnn.L1_MEMORY_CONFIG)
    copy = ttnn.Tensor(placed)
    assert copy is not placed and torch.equal(copy.to_torch(), placed.to_torch())
    assert (copy.dtype, copy.layout, copy.memory_config(), copy.device()) == (
        ttnn.bfloat16, ttnn.TILE_LAYOUT, ttnn.L1_MEMORY_CONFIG, device)
    with pytest.raises(TypeError, match="copies a ttnn.Tensor and takes no data_type"):
        ttnn.Tensor(placed, ttnn.float32)
    placed.deallocate()
    with pytest.raises(ValueError, match="tensor has been deallocated"):
        ttnn.Tensor(placed)


def test_from_torch_defaults_and_keywords(device):
    torch_tensor = torch.rand((3, 40), dtype=torch.bfloat16)
    host = ttnn.from_torch(torch_tensor)
    assert host.layout == ttnn.ROW_MAJOR_LAYOUT and host.device() is None  # ttnn's default layout
    assert host.storage_type() == ttnn.StorageType.HOST
    assert host.memory_config() == ttnn.DRAM_MEMORY_CONFIG
    assert ttnn.from_torch(torch_tensor, dtype=ttnn.bfloat8_b).layout == ttnn.TILE_LAYOUT
    assert ttnn.from_torch(None) is None
    tiled = ttnn.from_torch(torch_tensor, ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device,
                            memory_config=ttnn.L1_MEMORY_CONFIG, mesh_mapper=None, pad_value=-1.0, cq_id=0)
    assert tiled.memory_config() == ttnn.L1_MEMORY_CONFIG and tiled.device() is device
    padded = tiled.to_torch_with_padded_shape()
    assert list(padded.shape) == [32, 64] and torch.all(padded[3:, :] == -1) and torch.all(padded[:, 40:] == -1)
    assert torch.equal(padded[:3, :40], torch_tensor)


def test_to_torch_dtype_and_torch_rank():
    tensor = ttnn.from_torch(torch.ones((1, 1, 2, 3), dtype=torch.bfloat16))
    assert ttnn.to_torch(tensor).dtype == torch.bfloat16
    result = ttnn.to_torch(tensor, dtype=torch.float32, torch_rank=2)
    assert result.dtype == torch.float32 and list(result.shape) == [2, 3]
    assert ttnn.to_torch(tensor, mesh_composer=None, cq_id=0).shape == (1, 1, 2, 3)


def test_shape_and_padded_shape():
    tensor = ttnn.from_torch(torch.zeros((1, 3, 20, 40)), layout=ttnn.TILE_LAYOUT)
    assert tensor.shape == ttnn.Shape([1, 3, 20, 40])
    assert tensor.shape == [1, 3, 20, 40] and tensor.shape == (1, 3, 20, 40)
    assert tensor.padded_shape == [1, 3, 32, 64]
    assert repr(tensor.shape) == "Shape([1, 3, 20, 40])" and tensor.shape.rank == 4 and tensor.shape[-1] == 40
    assert tensor.logical_volume() == 2400 and tensor.volume() == 3 * 32 * 64
    assert ttnn.from_torch(torch.zeros((20, 40))).padded_shape == [20, 40]  # ROW_MAJOR: no padding
    assert ttnn.Shape([2, 3]).to_rank(4) == [1, 1, 2, 3]


def test_layout_conversions():
    tensor = ttnn.from_torch(torch.arange(6.0).reshape(2, 3))
    tiled = tensor.to(ttnn.TILE_LAYOUT)
    assert tiled.layout == ttnn.TILE_LAYOUT and tensor.layout == ttnn.ROW_MAJOR_LAYOUT  # a new tensor
    assert ttnn.to_layout(tiled, ttnn.ROW_MAJOR_LAYOUT).layout == ttnn.ROW_MAJOR_LAYOUT
    assert ttnn.to_layout(tiled, ttnn.TILE_LAYOUT) is tiled
    as_bf16 = ttnn.to_layout(tensor, ttnn.TILE_LAYOUT, dtype=ttnn.bfloat16)
    assert as_bf16.dtype == ttnn.bfloat16 and torch.equal(as_bf16.to_torch().float(), tensor.to_torch())


def test_bfloat8_b_to_row_major_is_logged_and_kept(caplog):
    tensor = ttnn.from_torch(torch.ones(2, 32), dtype=ttnn.bfloat8_b)
    with caplog.at_level("WARNING", logger="ttnn"):
        assert tensor.to(ttnn.ROW_MAJOR_LAYOUT) is tensor
    assert tensor.layout == ttnn.TILE_LAYOUT
    assert caplog.messages == ["Tensor layout must be Layout::TILE for bfloat8_b or bfloat4_b! Conversion from "
                               "TILE to ROW_MAJOR was not executed!"]


def test_buffer_pages_are_the_allocators_l1_pages(device):
    from ttbw.execution.executor import device as emulated_device

    reports = ttnn._ttnn.reports
    before = reports.get_buffer_pages()
    buffer = emulated_device(device.grid).allocate((3 * 32, 32 * 30), "bf16", memory="l1")  # 90 tiles, 64 cores
    try:
        pages = [p for p in reports.get_buffer_pages(device) if p.address == buffer.address]
        assert len(reports.get_buffer_pages([device])) == len(before) + 90 and len(pages) == 90
        last = pages[89]  # page 89: bank 25 (core x=1, y=3), the second page of that bank
        assert (last.bank_id, last.core_x, last.core_y, last.page_address) == (25, 1, 3, buffer.address + 2048)
        assert {p.page_size for p in pages} == {2048} and {p.buffer_type for p in pages} == {ttnn.BufferType.L1}
        info = [b for b in reports.get_buffers() if b.address == buffer.address]
        assert [b.max_size_per_bank for b in info] == [2 * 2048]
    finally:
        buffer.device.free(buffer)
    assert reports.get_buffer_pages() == before
    with pytest.raises(TypeError, match="devices must be a device"):
        reports.get_buffer_pages("device 0")


def test_an_op_leaves_no_l1_pages_behind(device, monkeypatch):
    """tt-metal's leak check around a call with L1 results: the executor allocates their L1
    buffers for the call and frees them by its end (its DRAM buffers are kept for the next call)."""
    from ttbw.execution.emulator.device import EmulatedDevice

    allocate, memories = EmulatedDevice.allocate, []

    def recording(self, shape, *args, memory="dram", **kwargs):
        memories.append(memory)
        return allocate(self, shape, *args, memory=memory, **kwargs)

    monkeypatch.setattr(EmulatedDevice, "allocate", recording)
    grad, a, b = (ttnn.from_torch(torch.rand(2, 64, 96), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
                  for _ in range(3))
    pages_before = ttnn._ttnn.reports.get_buffer_pages()
    grad_a, grad_b = ttnn.mul_bw(grad, a, b, memory_config=ttnn.L1_MEMORY_CONFIG, queue_id=0)
    assert memories.count("l1") == 2 and len(ttnn._ttnn.reports.get_buffer_pages()) == len(pages_before)
    assert torch.equal(grad_a.to_torch(), grad.to_torch() * b.to_torch())
    assert grad_b.memory_config() == ttnn.L1_MEMORY_CONFIG


@pytest.mark.parametrize("approximate", ["none", "tanh"])
def test_experimental_gelu_bw_returns_the_gradient(device, approximate):
    # |x| <= 6: beyond -8 torch's float64 1 + erf(x / sqrt 2) itself loses gelu's slope
    grad, x = (ttnn.from_torch(torch.rand(2, 32, 64) * 12 - 6, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT,
                               device=device) for _ in range(2))
    got = ttnn.experimental.gelu_bw(grad, x, approximate=approximate)
    assert isinstance(got, ttnn.Tensor)
    assert torch.equal(got.to_torch(), ttnn.gelu_bw(grad, x, approximate=approximate)[0].to_torch())
    out = ttnn.from_torch(torch.zeros(2, 32, 64), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device)
    assert ttnn.experimental.gelu_bw(grad, x, approximate=approximate, input_grad=out, queue_id=0) is out
    assert torch.equal(out.to_torch(), got.to_torch())
    torch_x = x.to_torch().double().requires_grad_()
    torch.nn.functional.gelu(torch_x, approximate=approximate).backward(grad.to_torch().double())
    assert torch.allclose(got.to_torch().double(), torch_x.grad, rtol=2 ** -7, atol=1e-30)
    [golden] = ttnn.get_golden_function(ttnn.experimental.gelu_bw)(grad.to_torch(), x.to_torch())
    assert golden.shape == (2, 32, 64)
    with pytest.raises(TypeError, match="grad_output_tensor must be a ttnn.Tensor"):
        ttnn.experimental.gelu_bw(1.0, x)


def test_host_and_device_moves(device):
    host = ttnn.from_torch(torch.full((2, 32), 3.0), layout=ttnn.TILE_LAYOUT)
    placed = ttnn.to_device(host, device, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert placed.device() is device and placed.memory_config() == ttnn.L1_MEMORY_CONFIG
    assert host.to(device).memory_config() == ttnn.DRAM_MEMORY_CONFIG  # keeps the tensor's own
    back = ttnn.from_device(placed)
    assert back.device() is None and torch.equal(back.to_torch(), host.to_torch())
    assert placed.cpu().device() is None and host.cpu() is host
    dram = ttnn.to_memory_config(placed, ttnn.DRAM_MEMORY_CONFIG)
    assert dram.memory_config() == ttnn.DRAM_MEMORY_CONFIG and dram.device() is device


def test_deallocate(device):
    tensor = ttnn.from_torch(torch.ones((2, 2)), layout=ttnn.TILE_LAYOUT, device=device)
    assert tensor.is_allocated()
    ttnn.deallocate(tensor)
    assert not tensor.is_allocated()
    assert str(tensor) == ("ttnn.Tensor(<buffer is not allocated>, shape=Shape([2, 2]), dtype=DataType::FLOAT32, "
                           "layout=Layout::TILE)")
    with pytest.raises(ValueError, match="tensor has been deallocated"):
        ttnn.to_torch(tensor)
    with pytest.raises(ValueError, match="grad_tensor has been deallocated"):
        ttnn.mul_bw(tensor, tensor, 2.0)


def test_printing_in_ttnn_style():
    tensor = ttnn.from_torch(torch.arange(16, dtype=torch.bfloat16).reshape(4, 4), layout=ttnn.TILE_LAYOUT)
    assert str(tensor) == (
        "ttnn.Tensor([[ 0.00000,  1.00000,  2.00000,  3.00000],\n"
        "             [ 4.00000,  5.00000,  6.00000,  7.00000],\n"
        "             [ 8.00000,  9.00000, 10.00000, 11.00000],\n"
        "             [12.00000, 13.00000, 14.00000, 15.00000]], shape=Shape([4, 4]), dtype=DataType::BFLOAT16, "
        "layout=Layout::TILE)")
    assert str(ttnn.from_torch(torch.ones(()), dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT)) == (
        "ttnn.Tensor( 1.00000, shape=Shape([]), dtype=DataType::BFLOAT16, layout=Layout::TILE)")
    long = ttnn.from_torch(torch.arange(2 * 3 * 6, dtype=torch.float32).reshape(2, 3, 6))
    assert str(long) == (
        "ttnn.Tensor([[[ 0.00000,  1.00000,  ...,  4.00000,  5.00000],\n"
        "              [ 6.00000,  7.00000,  ..., 10.00000, 11.00000],\n"
        "              [12.00000, 13.00000,  ..., 16.00000, 17.00000]],\n"
        "\n"
        "             [[18.00000, 19.00000,  ..., 22.00000, 23.00000],\n"
        "              [24.00000, 25.00000,  ..., 28.00000, 29.00000],\n"
        "              [30.00000, 31.00000,  ..., 34.00000, 35.00000]]], shape=Shape([2, 3, 6]), "
        "dtype=DataType::FLOAT32, layout=Layout::ROW_MAJOR)")
    assert "e-05" in str(ttnn.from_torch(torch.tensor([1e-5, 1.0])))  # magnitudes far apart: scientific
    ttnn.set_printoptions(profile="empty")
    assert str(long).startswith("ttnn.Tensor(..., shape=Shape([2, 3, 6])")
    ttnn.set_printoptions(profile="full")
    assert "..." not in str(long)


def test_complex_tensor():
    real = ttnn.from_torch(torch.tensor([[1.0, 2.0]]), layout=ttnn.TILE_LAYOUT)
    imag = ttnn.from_torch(torch.tensor([[3.0, 4.0]]), layout=ttnn.TILE_LAYOUT)
    value = ttnn.ComplexTensor((real, imag))
    assert value.real is real and value[1] is imag and value.shape == [1, 2]
    assert torch.equal(ttnn.to_torch(value), torch.tensor([[1 + 3j, 2 + 4j]]))
    assert ttnn.complex_tensor(real, imag).imag is imag
    assert str(value) == (
        "ttnn.ComplexTensor(\n"
        "  real=ttnn.Tensor([[ 1.00000,  2.00000]], shape=Shape([1, 2]), dtype=DataType::FLOAT32, "
        "layout=Layout::TILE),\n"
        "  imag=ttnn.Tensor([[ 3.00000,  4.00000]], shape=Shape([1, 2]), dtype=DataType::FLOAT32, "
        "layout=Layout::TILE))")


def test_memory_config_from_enums():
    config = ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.L1)
    assert config == ttnn.L1_MEMORY_CONFIG and config.buffer_type == ttnn.BufferType.L1
    assert ttnn.MemoryConfig() == ttnn.DRAM_MEMORY_CONFIG and not config.is_sharded() and config.interleaved
    assert repr(config) == ("MemoryConfig(memory_layout=TensorMemoryLayout::INTERLEAVED,buffer_type=BufferType::L1,"
                            "shard_spec=std::nullopt)")
    assert ttnn.MemoryConfig(memory_layout=ttnn.TensorMemoryLayout.INTERLEAVED,
                             buffer_type=ttnn.BufferType.DRAM) == ttnn.DRAM_MEMORY_CONFIG


def test_data_types_and_layout_enums():
    assert ttnn.bfloat16 == ttnn.DataType.BFLOAT16 and ttnn.bfloat8_b == ttnn.DataType.BFLOAT8_B
    assert ttnn.TILE_LAYOUT == ttnn.Layout.TILE and ttnn.ROW_MAJOR_LAYOUT == ttnn.Layout.ROW_MAJOR
    quantized = ttnn.from_torch(torch.tensor([[64.75, 65.25, 64.5, 65.5]]), dtype=ttnn.bfloat8_b)
    assert ttnn.to_torch(quantized).tolist() == [[65.0, 65.0, 64.0, 66.0]]  # one shared exponent
    assert ttnn.to_torch(quantized).dtype == torch.float32  # as ttnn holds bfloat8_b on the host


# ---------------------------------------------------------------- mul_bw

def test_mul_bw_documented_keywords_on_device(device):
    pt_grad, grad = data_gen((1, 1, 32, 64), device, seed=0)
    pt_a, a = data_gen((1, 1, 32, 64), device, seed=1)
    pt_b, b = data_gen((1, 1, 32, 64), device, seed=2)
    outputs = ttnn.mul_bw(grad_tensor=grad, input_tensor_a=a, input_tensor_b=b,
                          are_required_outputs=[True, True], memory_config=ttnn.L1_MEMORY_CONFIG, queue_id=0)
    want = autograd(pt_grad, pt_a, pt_b)
    for got, expected in zip(outputs, want):
        assert got.device() is device and got.memory_config() == ttnn.L1_MEMORY_CONFIG
        assert torch.equal(got.cpu().to(ttnn.ROW_MAJOR_LAYOUT).to_torch(), expected)


def test_mul_bw_binding_aliases_and_scalar_keyword(device):
    pt_grad, grad = data_gen((1, 1, 32, 32), device, seed=3)
    pt_a, a = data_gen((1, 1, 32, 32), device, seed=4)
    pt_b, b = data_gen((1, 1, 32, 32), device, seed=5)
    other = ttnn.from_torch(torch.zeros((1, 1, 32, 32), dtype=torch.bfloat16), layout=ttnn.TILE_LAYOUT,
                            device=device)
    outputs = ttnn.mul_bw(grad, input_tensor=a, other_tensor=b, other_grad=other)
    assert outputs[1] is other
    for got, expected in zip(outputs, autograd(pt_grad, pt_a, pt_b)):
        assert torch.equal(ttnn.to_torch(got), expected)
    (scaled,) = ttnn.mul_bw(grad, a, scalar=2.5)
    assert torch.equal(ttnn.to_torch(scaled), (pt_grad.float() * 2.5).bfloat16())


def test_mul_bw_complex_tensors(device):
    gen = torch.Generator().manual_seed(7)
    parts = [torch.randn((1, 1, 32, 32), generator=gen) for _ in range(6)]
    to_tt = lambda re, im: ttnn.ComplexTensor((ttnn.from_torch(re, layout=ttnn.TILE_LAYOUT, device=device),  # noqa
                                               ttnn.from_torch(im, layout=ttnn.TILE_LAYOUT, device=device)))
    grad_a, grad_b = ttnn.mul_bw(to_tt(*parts[0:2]), to_tt(*parts[2:4]), to_tt(*parts[4:6]))
    g, a, b = (torch.complex(parts[i], parts[i + 1]) for i in (0, 2, 4))
    want_a, want_b = autograd(g, a, b)
    assert torch.allclose(ttnn.to_torch(grad_a), want_a, atol=1e-5)
    assert torch.allclose(ttnn.to_torch(grad_b), want_b, atol=1e-5)


# ---------------------------------------------------------------- misuses

@pytest.mark.parametrize("call, error, message", [
    (lambda: ttnn.open_device(device_id=-1), ValueError, "device_id=-1 does not exist"),
    (lambda: ttnn.open_device(device_id=7), ValueError, "device_id=7 does not exist"),
    (lambda: ttnn.open_device(device_id="0"), TypeError, "device_id must be an int"),
    (lambda: ttnn.from_torch(torch.ones(2), device="cuda"), TypeError, "device must be a device from ttnn.open_device"),
    (lambda: ttnn.close_device("cuda"), TypeError, "device must be a device"),
    (lambda: ttnn.from_torch([1.0, 2.0]), TypeError, "tensor must be a torch.Tensor or numpy array"),
    (lambda: ttnn.from_torch(torch.ones(2), dtype=torch.bfloat16), TypeError, "dtype must be a ttnn.DataType"),
    (lambda: ttnn.from_torch(torch.ones(2), dtype=ttnn.uint32), ValueError, "floating-point"),
    (lambda: ttnn.Tensor(torch.ones(2), torch.float32), TypeError, "data_type must be a ttnn.DataType"),
    (lambda: ttnn.from_torch(torch.ones(2), layout="TILE"), TypeError, "layout must be ttnn.TILE_LAYOUT"),
    (lambda: ttnn.from_torch(torch.ones(2), memory_config="l1"), TypeError,
     "memory_config must be a ttnn.MemoryConfig"),
    (lambda: ttnn.from_torch(torch.ones(2), mesh_mapper=object()), ValueError, "mesh_mapper"),
    (lambda: ttnn.from_torch(torch.ones(2), pad_value="0"), TypeError, "pad_value must be a number"),
    (lambda: ttnn.from_torch(torch.ones(2), cq_id=1), ValueError, "cq_id=1"),
    (lambda: ttnn.from_torch(torch.ones(2, dtype=torch.int32)), TypeError, "floating-point"),
    (lambda: ttnn.to_torch(torch.ones(2)), TypeError, "to_torch takes a ttnn.Tensor"),
    (lambda: ttnn.to_torch(ttnn.from_torch(torch.ones(2, 2)), torch_rank=1), ValueError, "torch_rank=1"),
    (lambda: ttnn.to_torch(ttnn.from_torch(torch.ones(2)), dtype=ttnn.bfloat16), TypeError, "torch.dtype"),
    (lambda: ttnn.from_torch(torch.ones(2, 2)).to("cuda"), TypeError, "Tensor.to takes a ttnn.Layout"),
    (lambda: ttnn.to_layout(ttnn.from_torch(torch.ones(2, 2), dtype=ttnn.bfloat8_b), ttnn.ROW_MAJOR_LAYOUT),
     ValueError, "bfloat8_b is only supported on TILE layout"),
    (lambda: ttnn.to_memory_config(ttnn.from_torch(torch.ones(2)), "dram"), TypeError,
     "memory_config must be a ttnn.MemoryConfig"),
    (lambda: ttnn.MemoryConfig("interleaved", "l1"), TypeError, "memory_layout must be a ttnn.TensorMemoryLayout"),
    (lambda: ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, "l1"), TypeError,
     "buffer_type must be a ttnn.BufferType"),
    (lambda: ttnn.MemoryConfig(ttnn.TensorMemoryLayout.HEIGHT_SHARDED, ttnn.BufferType.L1), ValueError,
     "needs a shard_spec"),
    (lambda: ttnn.MemoryConfig(ttnn.TensorMemoryLayout.INTERLEAVED, ttnn.BufferType.TRACE), ValueError,
     "DRAM or ttnn.BufferType.L1"),
    (lambda: ttnn.ComplexTensor(ttnn.from_torch(torch.ones(2))), TypeError, r"\(real, imag\) pair"),
    (lambda: ttnn.ComplexTensor((ttnn.from_torch(torch.ones(2)), ttnn.from_torch(torch.ones(3)))), ValueError,
     "same shape"),
    (lambda: ttnn.set_printoptions(profile="long"), ValueError, "profile must be one of"),
    (lambda: ttnn.Shape([2, -1]), ValueError, "non-negative"),
])
def test_misuse_outside_mul_bw(call, error, message):
    with pytest.raises(error, match=message):
        call()


def tile(*shape):
    return ttnn.from_torch(torch.ones(shape, dtype=torch.bfloat16), layout=ttnn.TILE_LAYOUT)


@pytest.mark.parametrize("call, error, message", [
    (lambda g: ttnn.mul_bw(g, g, g, are_required_outputs=True), TypeError,
     "are_required_outputs must be a list of two bools, got bool"),
    (lambda g: ttnn.mul_bw(g, g, g, are_required_outputs=5), TypeError, "are_required_outputs must be a list"),
    (lambda g: ttnn.mul_bw(g, g, g, are_required_outputs=None), TypeError, "are_required_outputs must be a list"),
    (lambda g: ttnn.mul_bw(g, g, g, are_required_outputs=[1, 0]), ValueError, "exactly two bools"),
    (lambda g: ttnn.mul_bw(g, g, 10 ** 400), ValueError, "input_tensor_b=1000.* is out of range of a float"),
    (lambda g: ttnn.mul_bw(g, g, scalar=10 ** 400), ValueError, "scalar=1000.* is out of range of a float"),
    (lambda g: ttnn.mul_bw(g, g, scalar=g), TypeError, "scalar must be a number"),
    (lambda g: ttnn.mul_bw(g, g, other_tensor=2.0), TypeError, "pass a number as scalar="),
    (lambda g: ttnn.mul_bw(g, g), TypeError, "missing required argument: 'input_tensor_b'"),
    (lambda g: ttnn.mul_bw(g, g, g, other_tensor=g), TypeError, "'input_tensor_b' and 'other_tensor'"),
    (lambda g: ttnn.mul_bw(g, input_tensor_a=g, input_tensor=g, scalar=1.0), TypeError,
     "'input_tensor_a' and 'input_tensor'"),
    (lambda g: ttnn.mul_bw(g, g, g, queue_id=1), ValueError, "queue_id=1"),
    (lambda g: ttnn.mul_bw(g, g, g, queue_id="0"), TypeError, "queue_id must be an int"),
    (lambda g: ttnn.mul_bw(g, g, g, memory_config="l1"), TypeError, "memory_config must be a ttnn.MemoryConfig"),
    (lambda g: ttnn.mul_bw(g, "a", g), TypeError, "input_tensor_a must be a ttnn.Tensor"),
    (lambda g: ttnn.mul_bw(g, torch.ones(2, 2), g), TypeError, "convert it with ttnn.from_torch"),
    (lambda g: ttnn.mul_bw(g, g, tile(3, 3)), ValueError,
     "input_tensor_b of shape 3x3 is not broadcast-compatible with grad_tensor of shape 2x2"),
    (lambda g: ttnn.mul_bw(g, input_tensor=g, other_tensor=tile(3, 3)), ValueError,
     "other_tensor of shape 3x3 is not broadcast-compatible with grad_tensor"),
    (lambda g: ttnn.mul_bw(g, g, g, input_grad=tile(1, 2)), ValueError,
     "preallocated input_grad must have the shape of input_tensor_a"),
    (lambda g: ttnn.mul_bw(g, g, scalar=2.0, other_grad=g), ValueError,
     "a scalar has no gradient: other_grad must not be given"),
])
def test_mul_bw_misuse_names_the_argument(call, error, message):
    with pytest.raises(error, match=message):
        call(tile(2, 2))


def test_closed_devices_refuse_work():
    device = ttnn.open_device(device_id=0)
    tensor = ttnn.from_torch(torch.ones((2, 2)), layout=ttnn.TILE_LAYOUT, device=device)
    ttnn.close_device(device)
    with pytest.raises(ValueError, match="grad_tensor is on device 0, which is closed"):
        ttnn.mul_bw(tensor, tensor, tensor)
    with pytest.raises(ValueError, match="device: device 0 is closed"):
        ttnn.from_torch(torch.ones(2), device=device)
    with pytest.raises(ValueError, match="device: device 0 is closed"):
        ttnn.close_device(device)  # closing twice
    with pytest.raises(ValueError, match="which is closed"):
        ttnn.to_torch(tensor)


def test_tensors_on_different_devices_are_refused():
    with ttnn.manage_device(0) as first, ttnn.manage_device(1) as second:
        grad = ttnn.from_torch(torch.ones((2, 2)), layout=ttnn.TILE_LAYOUT, device=first)
        other = ttnn.from_torch(torch.ones((2, 2)), layout=ttnn.TILE_LAYOUT, device=second)
        with pytest.raises(ValueError, match="different devices .grad_tensor on device 0, input_tensor_a on device 0, "
                                                   "input_tensor_b on device 1"):
            ttnn.mul_bw(grad, grad, other)
        with pytest.raises(ValueError, match="the tensor is on device 0"):
            grad.to(second)


def test_l1_overflow_is_a_value_error():
    big = ttnn.from_torch(torch.ones((4096, 4096)), layout=ttnn.TILE_LAYOUT)
    with pytest.raises(ValueError, match="results in L1 .* more than a core's L1 holds"):  # before compiling
        ttnn.mul_bw(big, big, big, memory_config=ttnn.L1_MEMORY_CONFIG)
    assert math.isfinite(big.to_torch()[0, 0].item())  # the inputs are untouched
