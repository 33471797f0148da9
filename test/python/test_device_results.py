"""ttbw.execution.executor's device results: a function's result left in its DRAM buffer is the
input of another function's call as it is (its argument bound to the buffer, nothing
uploaded), stays readable when its function runs again or is evicted (copied to the host
first), and goes through the host when the buffers differ. Values against torch."""
import pytest
import torch

from ttbw.driver.compiler import compile
from ttbw.execution import executor
from ttbw.execution.emulator.device import Buffer

FUNCTIONS = """
func.func @double(%x: tensor<{s}x{t}>) -> tensor<{s}x{t}> {{
  %0 = "ttir.add"(%x, %x) : (tensor<{s}x{t}>, tensor<{s}x{t}>) -> tensor<{s}x{t}>
  return %0 : tensor<{s}x{t}>
}}
func.func @square(%x: tensor<{s}x{t}>) -> tensor<{s}x{t}> {{
  %0 = "ttir.multiply"(%x, %x) : (tensor<{s}x{t}>, tensor<{s}x{t}>) -> tensor<{s}x{t}>
  return %0 : tensor<{s}x{t}>
}}
func.func @flat_square(%x: tensor<{n}x{t}>) -> tensor<{n}x{t}> {{
  %0 = "ttir.multiply"(%x, %x) : (tensor<{n}x{t}>, tensor<{n}x{t}>) -> tensor<{n}x{t}>
  return %0 : tensor<{n}x{t}>
}}
"""
SHAPE = (40, 70)


@pytest.fixture(scope="module")
def exe():
    text = FUNCTIONS.format(s="x".join(map(str, SHAPE)), n=SHAPE[0] * SHAPE[1], t="bf16")
    return executor.load(compile(text).text)


@pytest.fixture
def uploads(monkeypatch):
    """The names of the buffers the host writes."""
    written = []
    original = Buffer.write

    def counted(self, data):
        written.append(self.name)
        original(self, data)

    monkeypatch.setattr(Buffer, "write", counted)
    return written


def _values(seed: int) -> torch.Tensor:
    return torch.randn(SHAPE, generator=torch.Generator().manual_seed(seed)).to(torch.bfloat16)


def _torch(result) -> torch.Tensor:
    return torch.from_numpy(result.host().view("int16")).view(torch.bfloat16)


def test_a_result_on_the_device_is_read_in_place(exe, uploads):
    executor.release()
    x = _values(0)
    (doubled,), _ = exe.run("double", [x], host_formats=True, on_device=True)
    assert isinstance(doubled, executor.DeviceResult) and doubled.on_device
    before = len(uploads)
    (squared,), stats = exe.run("square", [doubled], host_formats=True)
    assert len(uploads) == before, "the device result was uploaded again"
    assert stats.bound_bytes == doubled.buffer.page_size * doubled.buffer.num_pages
    want = ((x.double() * 2) ** 2).to(torch.bfloat16)
    assert torch.equal(torch.from_numpy(squared.view("int16")).view(torch.bfloat16), want)


def test_a_pending_result_survives_its_function_running_again(exe):
    executor.release()
    first, second = _values(1), _values(2)
    (old,), _ = exe.run("double", [first], host_formats=True, on_device=True)
    (new,), _ = exe.run("double", [second], host_formats=True, on_device=True)
    assert not old.on_device and new.on_device       # the old one was copied out before the call
    assert torch.equal(_torch(old), (first * 2)) and torch.equal(_torch(new), (second * 2))
    (squared,), stats = exe.run("square", [old], host_formats=True, on_device=True)
    assert stats.bound_bytes == 0                      # from the host now
    assert torch.equal(_torch(squared), ((first.double() * 2) ** 2).to(torch.bfloat16))


def test_a_pending_result_survives_its_state_being_freed(exe):
    executor.release()
    x = _values(3)
    (doubled,), _ = exe.run("double", [x], host_formats=True, on_device=True)
    executor.release()
    assert not doubled.on_device and torch.equal(_torch(doubled), x * 2)
    (squared,), _ = exe.run("square", [doubled], host_formats=True)
    assert torch.equal(torch.from_numpy(squared.view("int16")).view(torch.bfloat16),
                       ((x.double() * 2) ** 2).to(torch.bfloat16))


def test_another_buffer_shape_goes_through_the_host(exe, uploads):
    executor.release()
    x = _values(4)
    (doubled,), _ = exe.run("double", [x], host_formats=True, on_device=True)
    (squared,), stats = exe.run("flat_square", [doubled], host_formats=True)
    assert stats.bound_bytes == 0 and uploads, "a TILE buffer of another shape holds other pages"
    got = torch.from_numpy(squared.view("int16")).view(torch.bfloat16).reshape(SHAPE)
    assert torch.equal(got, ((x.double() * 2) ** 2).to(torch.bfloat16))


def test_bindings_change_between_calls_without_mixing_them_up(exe):
    """The consumer's loaded programs are rebuilt when its argument is bound to another buffer
    (or to none): each call squares its own input."""
    executor.release()
    for k, source in enumerate(["device", "host", "device", "device", "host"]):
        x = _values(10 + k)
        if source == "device":
            (value,), _ = exe.run("double", [x], host_formats=True, on_device=True)
        else:
            value = (x * 2)
        (squared,), _ = exe.run("square", [value], host_formats=True, on_device=True)
        assert torch.equal(_torch(squared), ((x.double() * 2) ** 2).to(torch.bfloat16)), k


def test_a_function_takes_its_own_last_result(exe):
    executor.release()
    x = _values(20)
    (once,), _ = exe.run("square", [x], host_formats=True, on_device=True)
    (twice,), _ = exe.run("square", [once], host_formats=True, on_device=True)
    once_want = (x.double() ** 2).to(torch.bfloat16)
    assert torch.equal(_torch(once), once_want)
    assert torch.equal(_torch(twice), (once_want.double() ** 2).to(torch.bfloat16))
