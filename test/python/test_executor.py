"""ttbw.execution.executor: compiled modules loaded and run as ttbw-opt emitted them; a cached call
reuses its function's device buffers and loaded programs without mixing calls up."""
import numpy as np
import pytest
import torch

from ttbw.driver.compiler import run_on_device
from ttbw.execution import executor
from ttbw.driver.compiler import compile

MUL_BW = """
func.func @mul_bw(%grad: tensor<{s}xbf16>, %a: tensor<{s}xbf16>, %b: f32) -> tensor<{s}xbf16> {{
  %0 = "ttir.mul_bw"(%grad, %a, %b) {{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>}} : (tensor<{s}xbf16>, tensor<{s}xbf16>, f32) -> tensor<{s}xbf16>
  return %0 : tensor<{s}xbf16>
}}
"""


def bf16(shape, seed):
    return torch.randn(shape, generator=torch.Generator().manual_seed(seed)).to(torch.bfloat16)


def test_loads_what_compile_emits_and_names_functions():
    exe = executor.load(compile(MUL_BW.format(s="2x40")).text)
    assert sorted(exe.functions) == ["mul_bw"]
    f = exe.function("mul_bw")
    assert f.arguments == ["memref<2x40xbf16>", "memref<2x40xbf16>", "f32"]
    assert f.argument_shapes == [(2, 40), (2, 40), ()]
    with pytest.raises(executor.ExecutionError, match="no lowered function @other"):
        exe.function("other")


def test_repeated_calls_reuse_state_and_never_mix_calls():
    """Same signature, new values and a new runtime scalar each call: each result is its own
    call's grad * b (the scalar re-encoded into the compute args), bit for bit as torch."""
    executor.release()
    ir = MUL_BW.format(s="3x70x33")
    dev = executor.device()
    for k, scalar in enumerate([2.5, 2.5, -0.75, 3.0, 3.0]):
        g, a = bf16((3, 70, 33), k), bf16((3, 70, 33), 10 + k)
        before = dev.programs_launched
        (out,), stats = run_on_device(ir, [g, a, scalar])
        assert dev.programs_launched - before == 1 and stats.programs_launched == 1
        assert np.array_equal(out, (g.float() * scalar).bfloat16().float().numpy())
    assert executor.resident_functions() == 1


def test_eviction_frees_device_state():
    executor.release()
    dev = executor.device()
    start = dev.memory_used("dram")
    for n in range(executor.RESIDENT_FUNCTIONS + 3):
        ir = MUL_BW.format(s=f"2x{32 + n}")
        (out,), _ = run_on_device(ir, [bf16((2, 32 + n), n), bf16((2, 32 + n), n), 2.0])
        assert np.array_equal(out, (bf16((2, 32 + n), n).float() * 2.0).numpy())
    assert executor.resident_functions() == executor.RESIDENT_FUNCTIONS
    assert dev.memory_used("dram")[1] == start[1] + 2 * executor.RESIDENT_FUNCTIONS  # grad and the result (a unread)
    executor.release()
    assert executor.resident_functions() == 0 and dev.memory_used("dram") == start


def test_bad_inputs_are_value_errors():
    ir = MUL_BW.format(s="2x8")
    with pytest.raises(ValueError, match="takes 3 arguments"):
        run_on_device(ir, [bf16((2, 8), 0)])
    with pytest.raises(ValueError, match=r"expected shape \[2, 8\], got \[2, 9\]"):
        run_on_device(ir, [bf16((2, 9), 0), bf16((2, 8), 0), 1.0])
    with pytest.raises(ValueError, match="takes a number"):
        run_on_device(ir, [bf16((2, 8), 0), bf16((2, 8), 0), "x"])
    with pytest.raises(ValueError, match="no host function"):
        executor.load(ir)


def _count_uploads(monkeypatch) -> list:
    from ttbw.execution.emulator import EmulatedDevice

    uploads, write = [], EmulatedDevice.write
    monkeypatch.setattr(EmulatedDevice, "write", lambda dev, buf, data: (uploads.append(buf.name), write(dev, buf, data))[1])
    return uploads


def test_frozen_inputs_upload_once_and_results_never_alias(monkeypatch):
    """ttbw.mul_bw passes its tensors' values as frozen inputs: a tensor a device buffer already
    holds is not uploaded again (3 uploads, then 0 per call; a new grad: 1), each result is a
    fresh array (no result shares memory with another, with an earlier call's or with an
    input) and every result is torch's, bit for bit."""
    import ttbw

    executor.release()
    uploads = _count_uploads(monkeypatch)
    tg, tg2, ta, tb = (bf16((2, 40), seed) for seed in (1, 2, 3, 4))
    g, g2, a, b = (ttbw.from_torch(t, ttbw.bfloat16, layout=ttbw.TILE_LAYOUT) for t in (tg, tg2, ta, tb))
    calls = []
    for k, grad in enumerate([g, g, g, g2, g2, g]):
        uploads.clear()
        calls.append((grad, ttbw.mul_bw(grad, a, b)))
        assert len(uploads) == (3 if k == 0 else 1 if k in (3, 5) else 0), (k, uploads)
    for grad, (grad_a, grad_b) in calls:  # earlier results are unchanged by later calls
        t = tg if grad is g else tg2
        assert torch.equal(ttbw.to_torch(grad_a), t * tb) and torch.equal(ttbw.to_torch(grad_b), t * ta)
    arrays = [t.host_data() for _, result in calls for t in result] + [x.host_data() for x in (g, g2, a, b)]
    assert not any(np.shares_memory(x, y) for i, x in enumerate(arrays) for y in arrays[i + 1:])
    with pytest.raises(ValueError, match="read-only"):  # what makes skipping an upload safe
        g.host_data()[0, 0] = 1
    uploads.clear()  # the same tensor as two arguments: each buffer holds it (b's buffer is written)
    (grad_a, grad_b) = ttbw.mul_bw(g, a, a)
    assert len(uploads) == 1 and torch.equal(ttbw.to_torch(grad_a), tg * ta)
    uploads.clear()
    ttbw.mul_bw(g, a, a)
    assert uploads == []


def test_inputs_changed_in_place_are_uploaded_again(monkeypatch):
    """Without frozen_inputs (ttbw-run, numpy callers) an array passed again is uploaded again:
    its values may have changed in place."""
    executor.release()
    uploads = _count_uploads(monkeypatch)
    ir = MUL_BW.format(s="2x8")
    g, a = bf16((2, 8), 0).float().numpy(), bf16((2, 8), 1).float().numpy()
    for k in range(3):
        g[0, 0] = k
        uploads.clear()
        (out,), _ = run_on_device(ir, [g, a, 2.0])
        assert len(uploads) == 1 and out[0, 0] == 2.0 * k  # grad (a is not read)


def test_device_takes_the_grid_as_any_sequence_of_ints():
    assert executor.device([8, 8]) is executor.device((8, 8)) is executor.device()
