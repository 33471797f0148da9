"""Buffer addresses (ttbw.lowering.addresses): every ttmetal.create_buffer of a lowered function
carries the address the allocation step gave it, laid out as the device's allocator would on an
empty device; the executor puts the buffers exactly there (or, beside resident buffers, the
whole block elsewhere) and refuses addresses that are misaligned, outside memory or overlap."""
import re

import pytest
import torch

from ttbw.driver.compiler import compile
from ttbw.execution import executor
from ttbw.lowering.addresses import bytes_per_bank, frames
from ttbw.target.device_model import DRAM_BASE, L1_BYTES

MUL_BW = """
func.func @{name}(%grad: tensor<{s}xbf16>, %a: tensor<{s}xbf16>, %b: f32) -> tensor<{s}xbf16> {{
  %0 = "ttir.mul_bw"(%grad, %a, %b) {{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>}} : (tensor<{s}xbf16>, tensor<{s}xbf16>, f32) -> tensor<{s}xbf16>
  return %0 : tensor<{s}xbf16>
}}
"""


def host_of(compiled, name):
    return compiled.executable.function(name).host


def test_dram_buffers_bottom_up_from_the_base_and_cbs_from_l1_zero():
    c = compile(MUL_BW.format(name="f", s="3x70x33"))
    host = host_of(c, "f")
    address = DRAM_BASE
    for b in host.buffers:
        assert b.memory == "dram" and b.address == address
        address += -(-bytes_per_bank(b, 64) // 32) * 32
    assert frames(host)[0].lo == DRAM_BASE and frames(host)[0].hi == address
    for launch in host.launches:
        ends = 0
        for cb in launch.circular_buffers:
            assert cb.address == -(-ends // 16) * 16
            ends = cb.address + cb.pages * cb.page_size
    text = c.text  # what ttbw-opt prints: the same addresses
    assert re.findall(r'create_buffer"\(\) <\{address = (\d+) : i64\}> \{ttbw.name', text) == \
        [str(b.address) for b in host.buffers]


def test_l1_results_top_down_from_the_top_of_l1():
    ir = MUL_BW.format(name="f", s="32x32").replace(
        "-> tensor<32x32xbf16> {\n",
        '-> (tensor<32x32xbf16> {ttir.memory_config = #ttir.memory_config<"l1", "interleaved">}) {\n')
    host = host_of(compile(ir), "f")
    l1 = [b for b in host.buffers if b.memory == "l1"]
    assert l1 and l1[0].address == L1_BYTES - bytes_per_bank(l1[0], 64)


def test_a_call_on_an_empty_device_uses_the_compiled_addresses_and_another_is_placed_beside_it():
    executor.release()
    first, second = compile(MUL_BW.format(name="f", s="2x64")), compile(MUL_BW.format(name="g", s="40x40"))
    dev = executor.device()
    g, a = torch.randn(2, 64).bfloat16(), torch.randn(2, 64).bfloat16()
    (out,), _ = first.executable.run("f", [g.float().numpy(), a.float().numpy(), 1.5], frozen_inputs=True)
    frame = frames(host_of(first, "f"))[0]
    assert dev.find_free("dram", 32) == frame.hi  # its buffers hold [DRAM_BASE, hi) exactly
    g2, a2 = torch.randn(40, 40).bfloat16(), torch.randn(40, 40).bfloat16()
    (out2,), _ = second.executable.run("g", [g2.float().numpy(), a2.float().numpy(), -2.0], frozen_inputs=True)
    assert torch.equal(torch.from_numpy(out).bfloat16(), g * torch.tensor(1.5).bfloat16())
    assert torch.equal(torch.from_numpy(out2).bfloat16(), g2 * torch.tensor(-2.0).bfloat16())
    executor.release()
    assert dev.find_free("dram", 32) == DRAM_BASE


@pytest.mark.parametrize("edit,message", [
    (lambda t: t.replace("address = 65536 :", "address = 65537 :", 1), "not a multiple of 32"),
    (lambda t: re.sub(r"address = \d+ : i64\}> \{ttbw.name = \"result0\"", 'address = 65536 : i64}> {ttbw.name = "result0"',
                      t, count=1), "buffers 'arg0' and 'result0' overlap in DRAM"),
    (lambda t: t.replace("address = 65536 :", "address = 3221225472 :", 1), "outside DRAM's"),
])
def test_bad_addresses_in_a_module_are_refused(edit, message):
    text = compile(MUL_BW.format(name="f", s="2x64")).text
    edited = edit(text)
    assert edited != text
    with pytest.raises(ValueError, match=message):
        executor.load(edited)
