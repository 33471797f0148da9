"""Sizes checked against memory before anything is allocated (issue 26): the API's ValueError
naming the tensor, the executor's check of a module's buffers against the device and of its
results against the host's free memory. (The compiler's refusals at the op: lit,
Pipelines/TTIRToTensix/*sizes*_negative.mlir; ttbw-run's: ttbw-run/sizes_negative.mlir.)"""
import pytest
import torch

import ttbw
from ttbw.driver.compiler import compile
from ttbw.execution import executor
from ttbw.support.host_memory import available_bytes, host_problem

MUL_BW = """func.func @mul_bw(%g: tensor<{s}xbf16>, %a: tensor<{s}xbf16>, %b: tensor<{s}xbf16>) -> (tensor<{s}xbf16>, tensor<{s}xbf16>) {{
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>}} : (tensor<{s}xbf16>, tensor<{s}xbf16>, tensor<{s}xbf16>) -> (tensor<{s}xbf16>, tensor<{s}xbf16>)
  return %0#0, %0#1 : tensor<{s}xbf16>, tensor<{s}xbf16>
}}
"""


def test_api_refuses_l1_results_past_l1_naming_the_tensor():
    t = ttbw.from_torch(torch.zeros(4096, 8192, dtype=torch.bfloat16), layout=ttbw.TILE_LAYOUT)
    with pytest.raises(ValueError, match=r"mul_bw: the 2 results in L1 \(the largest: input_grad \(shape 4096x8192, "
                                         r"bfloat16\)\): 2097152 bytes \(2.0 MiB\) of each core's L1 on 64 cores, more "
                                         r"than a core's L1 holds: 1499136 bytes"):
        ttbw.mul_bw(t, t, t, memory_config=ttbw.L1_MEMORY_CONFIG)


def test_executor_checks_results_against_host_memory():
    function = executor.load(compile(MUL_BW.format(s="32x32")).text).function("mul_bw")
    function.check_fits()
    available = available_bytes()
    assert available is not None and available > 0
    with pytest.raises(executor.ExecutionError, match=r"@mul_bw: its inputs and results need \d+ bytes \(.*\) of "
                                                      r"host memory, more than the \d+ bytes .* available"):
        function.check_fits(inputs_bytes=2 * available)
    assert host_problem(available // 2, "these") is None


def test_executor_checks_l1_buffers_on_the_grid_it_runs_on():
    text = compile(MUL_BW.format(s="2048x2048").replace(
        "operandSegmentSizes", 'memory_config = #ttir.memory_config<"l1", "interleaved">, operandSegmentSizes')).text
    function = executor.load(text).function("mul_bw")
    function.check_fits((8, 8))
    with pytest.raises(executor.ExecutionError, match=r"@mul_bw on a 2x2 grid: the function's L1 buffers: 4194304 "
                                                      r"bytes \(4.0 MiB\) of each core's L1 on 4 cores"):
        executor.load(text).run("mul_bw", [torch.zeros(2048, 2048)] * 3, grid=(2, 2))
