"""Runtime plumbing: the compile cache, prepared programs, device lifetime."""

import pytest
import torch

from ttbw.execution.emulator import CoreRange, EmulatedDevice, EmulatorError, Kernel, Program, kernel_cache, examples
from ttbw.support import native_build


def test_cache_hit_compiles_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("TTBW_CACHE_DIR", str(tmp_path))
    src = examples.example_sources("eltwise_mul")["writer"]  # C++ from the real tt-mlir
    before = native_build.stats.compiled
    first = kernel_cache.compile_kernel(src, (16, 2), name="writer")
    assert native_build.stats.compiled == before + 1 and first.parent == tmp_path / "kernels"
    hits = native_build.stats.cache_hits
    again = kernel_cache.compile_kernel(src, (16, 2), name="writer")
    assert again == first and native_build.stats.compiled == before + 1 and native_build.stats.cache_hits == hits + 1
    other = kernel_cache.compile_kernel(src, (16, 0), name="writer")  # other compile-time args: other object
    assert other != first and native_build.stats.compiled == before + 2
    assert not list((tmp_path / "kernels").glob(".tmp-*"))


def test_device_run_of_a_cached_program_compiles_nothing(device):
    A, B, C = (device.allocate((32, 64), "bf16") for _ in range(3))
    prog = examples.eltwise_binary("eltwise_mul", A, B, C)
    device.run(prog)
    before = native_build.stats.compiled
    stats = device.run(prog)
    assert native_build.stats.compiled == before
    assert stats.compile_seconds < 0.5


def test_prepared_program_runs_repeatedly(device):
    a = torch.randn(64, 64).bfloat16()
    A, B, C = (device.allocate((64, 64), "bf16") for _ in range(3))
    A.write(a), B.write(a)
    prog = examples.eltwise_binary("eltwise_mul", A, B, C, grid=(2, 2))
    with device.prepare(prog, device.compile(prog)) as prepared:
        s1, s2 = prepared.run(), prepared.run(workers=1)
    assert s2.programs_launched == s1.programs_launched + 1
    assert s1.ops == s2.ops and s1.dram_bytes_read == s2.dram_bytes_read
    assert torch.equal(torch.from_numpy(C.read()).bfloat16(), a * a)
    with pytest.raises(EmulatorError, match="closed"):
        prepared.run()
    assert "mul_tiles" in repr(s1)


def test_counters_are_decoded_when_read(device):
    """A launch builds no counter text: what a RunStats reads later is still its own run's, after
    another launch, the program's close and its buffers' ids reused under other names."""
    A, B, C = (device.allocate((32, 64), "bf16", name=n) for n in ("a", "b", "c"))
    prog = examples.eltwise_binary("eltwise_mul", A, B, C)
    with device.prepare(prog, device.compile(prog)) as prepared:
        first, second = prepared.run(), prepared.run()
    device.free(C)
    other = device.allocate((32, 64), "bf16", name="other")
    assert other.id == C.id
    assert second.programs_launched == first.programs_launched + 1
    assert first.dram_bytes_written == {"c": 2 * 2048} and first.dram_bytes_read == {"a": 4096, "b": 4096}
    assert first.ops["mul_tiles"] == 2 and first.l1_bytes_used == second.l1_bytes_used


def test_closed_device_and_freed_buffers():
    dev = EmulatedDevice(grid=(1, 1))
    A = dev.allocate((32, 32), "bf16")
    dev.free(A)
    with pytest.raises(EmulatorError, match="not allocated"):
        A.read()
    B = dev.allocate((32, 32), "f32", memory="l1")
    dev.close()
    with pytest.raises(EmulatorError, match="not allocated|closed"):
        B.write(torch.zeros(32, 32))
    with pytest.raises(EmulatorError, match="grid"):
        EmulatedDevice(grid=(9, 1))


def test_kernel_that_only_uses_runtime_args(device):
    # A hand-written kernel in tt-metal's own style, using the same headers.
    src = """
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
    uint32_t x = get_arg_val<uint32_t>(0);
    if (x != 42 || my_x[noc_index] != 1 || my_y[noc_index] != 0) ttbw_fail("unexpected arguments");
}
"""
    k = Kernel("check", src, "reader", CoreRange.single(1, 0), runtime_args={(1, 0): [42]})
    stats = device.run(Program([k], []))
    assert stats.l1_bytes_used == {(1, 0): 0}
