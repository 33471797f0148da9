"""ttbw.executor: compiled modules loaded and run as ttbw-opt emitted them; a cached call
reuses its function's device buffers and loaded programs without mixing calls up."""
import numpy as np
import pytest
import torch

from ttbw import executor
from ttbw.compilation import compile

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
        (out,), stats = executor.run_on_device(ir, [g, a, scalar])
        assert dev.programs_launched - before == 1 and stats.programs_launched == 1
        assert np.array_equal(out, (g.float() * scalar).bfloat16().float().numpy())
    assert executor.resident_functions() == 1


def test_eviction_frees_device_state():
    executor.release()
    dev = executor.device()
    start = dev.memory_used("dram")
    for n in range(executor.RESIDENT_FUNCTIONS + 3):
        ir = MUL_BW.format(s=f"2x{32 + n}")
        (out,), _ = executor.run_on_device(ir, [bf16((2, 32 + n), n), bf16((2, 32 + n), n), 2.0])
        assert np.array_equal(out, (bf16((2, 32 + n), n).float() * 2.0).numpy())
    assert executor.resident_functions() == executor.RESIDENT_FUNCTIONS
    assert dev.memory_used("dram")[1] == start[1] + 2 * executor.RESIDENT_FUNCTIONS  # grad and the result (a unread)
    executor.release()
    assert executor.resident_functions() == 0 and dev.memory_used("dram") == start


def test_bad_inputs_are_value_errors():
    ir = MUL_BW.format(s="2x8")
    with pytest.raises(ValueError, match="takes 3 arguments"):
        executor.run_on_device(ir, [bf16((2, 8), 0)])
    with pytest.raises(ValueError, match=r"expected shape \[2, 8\], got \[2, 9\]"):
        executor.run_on_device(ir, [bf16((2, 9), 0), bf16((2, 8), 0), 1.0])
    with pytest.raises(ValueError, match="takes a number"):
        executor.run_on_device(ir, [bf16((2, 8), 0), bf16((2, 8), 0), "x"])
    with pytest.raises(ValueError, match="no host function"):
        executor.load(ir)
