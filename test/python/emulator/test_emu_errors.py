"""Faults end a run with a clear error naming the core, the kernel and the CB; never a hang."""

import dataclasses

import pytest
import torch

from ttbw.execution.emulator import (CircularBuffer, CompileError, CoreRange, DeadlockError, Kernel, KernelError,
                          L1OverflowError, Program, ProgramError, examples)
from ttbw.ttmlir import translate_kernels

CB = "!cb = !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>\n"


def compute_kernel(body: str) -> str:
    """C++ (via the real tt-mlir) of a compute kernel on CBs 0, 1 -> 16 with `body` as its ops."""
    text = CB + """module {
  func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c16 = arith.constant 16 : i32
    %cb_a = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    %cb_b = "ttkernel.get_compile_time_arg_val"() <{arg_index = 1 : i32}> : () -> !cb
    %cb_out = "ttkernel.get_compile_time_arg_val"() <{arg_index = 2 : i32}> : () -> !cb
""" + body + """    return
  }
}
"""
    [k] = translate_kernels(text, "negative.mlir")
    return k.cpp


MUL_ONE_TILE = """    "ttkernel.cb_wait_front"(%cb_a, %c1) : (!cb, i32) -> ()
    "ttkernel.cb_wait_front"(%cb_b, %c1) : (!cb, i32) -> ()
    "ttkernel.tile_regs_acquire"() : () -> ()
    "ttkernel.mul_tiles"(%cb_a, %cb_b, %IDX, %c0, %DST) : (!cb, !cb, i32, i32, i32) -> ()
%BEFORE_PACK%
    "ttkernel.cb_reserve_back"(%cb_out, %c1) : (!cb, i32) -> ()
    "ttkernel.pack_tile"(%c0, %cb_out, %c0) <{out_of_order = false}> : (i32, !cb, i32) -> ()
    "ttkernel.tile_regs_release"() : () -> ()
    "ttkernel.cb_push_back"(%cb_out, %c1) : (!cb, i32) -> ()
    "ttkernel.cb_pop_front"(%cb_a, %c1) : (!cb, i32) -> ()
    "ttkernel.cb_pop_front"(%cb_b, %c1) : (!cb, i32) -> ()
"""
COMMIT_WAIT = '    "ttkernel.tile_regs_commit"() : () -> ()\n    "ttkernel.tile_regs_wait"() : () -> ()'


def one_tile_program(device, compute_src: str, fp32_dest=False):
    a = torch.randn(32, 32)
    A, B, C = (device.allocate((32, 32), "bf16", name=n) for n in "abc")
    A.write(a), B.write(a)
    prog = examples.eltwise_binary("eltwise_mul", A, B, C)
    prog.kernels[1] = dataclasses.replace(prog.kernels[1], source=compute_src, runtime_args={},
                                          fp32_dest_acc_en=fp32_dest)
    return prog


def test_deadlock_names_core_kernels_and_cbs(device):
    A, B, C = (device.allocate((64, 64), "bf16") for _ in range(3))
    prog = examples.eltwise_binary("eltwise_mul", A, B, C, grid=(2, 1))
    # compute and writer expect one tile more than the reader sends
    compute, writer = prog.kernels[1], prog.kernels[2]
    compute.runtime_args = {c: [v[0] + 1] for c, v in compute.runtime_args.items()}
    writer.runtime_args = {c: v[:2] + [v[2] + 1] for c, v in writer.runtime_args.items()}
    with pytest.raises(DeadlockError) as e:
        device.run(prog)
    msg = str(e.value)
    assert msg.startswith("deadlock on core (0,0)")
    assert "kernel 'compute' (compute) is blocked in cb_wait_front on CB 0 for 1 page(s): 0 of 2 filled" in msg
    assert "kernel 'writer' (writer) is blocked in cb_wait_front on CB 16" in msg
    assert "kernel 'reader' (reader) has finished" in msg


def test_wait_that_can_never_be_satisfied(device):
    X = device.allocate((32, 96), "bf16", layout="row_major")
    Y = device.allocate((32, 96), "bf16")
    prog = examples.tilize(X, Y)
    prog.circular_buffers[0] = dataclasses.replace(prog.circular_buffers[0], num_pages=2)
    with pytest.raises(KernelError, match=r"core \(0,0\) kernel 'reader' \(reader\): cb_reserve_back\(3\) on CB 0 "
                                          r"can never be satisfied: the CB has only 2 page"):
        device.run(prog)


def test_pack_before_commit_is_a_dst_protocol_error(device):
    src = compute_kernel(MUL_ONE_TILE.replace("%IDX", "%c0").replace("%DST", "%c0").replace("%BEFORE_PACK%", ""))
    with pytest.raises(KernelError, match=r"kernel 'compute' \(compute\): pack_tile before tile_regs_commit "
                                          r"and tile_regs_wait"):
        device.run(one_tile_program(device, src))


def test_math_outside_acquire_is_an_error(device):
    body = MUL_ONE_TILE.replace("%IDX", "%c0").replace("%DST", "%c0").replace("%BEFORE_PACK%", COMMIT_WAIT)
    body = body.replace('    "ttkernel.tile_regs_acquire"() : () -> ()\n', "")
    with pytest.raises(KernelError, match="mul_tiles writes DST outside a tile_regs_acquire"):
        device.run(one_tile_program(device, compute_kernel(body)))


# tt-metal's half-sync DST: 8 tiles of 16-bit data per section, 4 with fp32_dest_acc_en
@pytest.mark.parametrize("fp32,dst,limit", [(False, 8, "8 tiles in 16-bit mode"), (True, 4, "4 tiles in fp32 mode")])
def test_dst_index_out_of_range(device, fp32, dst, limit):
    body = MUL_ONE_TILE.replace("%IDX", "%c0").replace("%DST", "%cdst").replace("%BEFORE_PACK%", COMMIT_WAIT)
    body = f"    %cdst = arith.constant {dst} : i32\n" + body
    with pytest.raises(KernelError, match=f"mul_tiles: DST index {dst} out of range: DST holds {limit}"):
        device.run(one_tile_program(device, compute_kernel(body), fp32_dest=fp32))


def test_bad_cb_tile_index(device):
    body = MUL_ONE_TILE.replace("%IDX", "%c1").replace("%DST", "%c0").replace("%BEFORE_PACK%", COMMIT_WAIT)
    with pytest.raises(KernelError, match=r"core \(0,0\) kernel 'compute' \(compute\): mul_tiles: tile index 1 is "
                                          r"beyond the 1 page\(s\) waited for at the front of CB 0"):
        device.run(one_tile_program(device, compute_kernel(body)))


def test_bad_dram_tile_index(device):
    A, B, C = (device.allocate((64, 64), "bf16", name=n) for n in "abc")
    prog = examples.eltwise_binary("eltwise_mul", A, B, C)
    for k in prog.kernels:  # every kernel believes there are 5 tiles
        k.runtime_args = {c: v[:-1] + [5] for c, v in k.runtime_args.items()}
    with pytest.raises(KernelError, match=r"kernel 'reader' \(reader\): noc_async_read_tile: page \(tile\) index 4 "
                                          r"out of range for buffer 'a' with 4 pages"):
        device.run(prog)


def test_l1_overflow(device):
    A, B, C = (device.allocate((32, 32), "bf16") for _ in range(3))
    prog = examples.eltwise_binary("eltwise_mul", A, B, C)
    prog.circular_buffers[0] = dataclasses.replace(prog.circular_buffers[0], num_pages=730)
    with pytest.raises(L1OverflowError, match=r"L1 overflow on core \(0,0\): circular buffers need 1503232 bytes "
                                              r"and L1 buffers hold 0 bytes, but L1 has 1499136 bytes \(1464 KiB\)"):
        device.run(prog)


def test_l1_buffers_count_against_the_budget(device):
    device.allocate((32, 32 * 64 * 600), "bf16", memory="l1", name="big")  # 600 tiles on each core
    A, B, C = (device.allocate((32, 32), "bf16") for _ in range(3))
    prog = examples.eltwise_binary("eltwise_mul", A, B, C)
    prog.circular_buffers[0] = dataclasses.replace(prog.circular_buffers[0], num_pages=130)
    with pytest.raises(L1OverflowError, match="L1 buffers hold 1228800 bytes"):
        device.run(prog)
    with pytest.raises(L1OverflowError, match="out of L1"):
        device.allocate((32, 32 * 64 * 200), "bf16", memory="l1")


def test_missing_read_barrier(device):
    src = examples.example_sources("eltwise_mul")["reader"].replace("noc_async_read_barrier();", "")
    A, B, C = (device.allocate((32, 32), "bf16") for _ in range(3))
    prog = examples.eltwise_binary("eltwise_mul", A, B, C)
    prog.kernels[0] = dataclasses.replace(prog.kernels[0], source=src)
    with pytest.raises(KernelError, match="missing noc_async_read_barrier"):
        device.run(prog)


def test_unconfigured_cb_and_missing_args(device):
    A, B, C = (device.allocate((32, 32), "bf16") for _ in range(3))
    prog = examples.eltwise_binary("eltwise_mul", A, B, C)
    prog.circular_buffers.pop(1)
    with pytest.raises(KernelError, match="CB 1 is not configured on this core"):
        device.run(prog)
    prog = examples.eltwise_binary("eltwise_mul", A, B, C)
    prog.kernels[2].runtime_args = {}
    with pytest.raises(KernelError, match=r"kernel 'writer' \(writer\): get_arg_val\(0\): only 0 runtime args"):
        device.run(prog)


def test_compile_error_and_bad_program_descriptions(device):
    bad = Kernel("broken", "void kernel_main() { this is not C++; }", "reader", CoreRange.single(0, 0))
    with pytest.raises(CompileError, match="failed to compile kernel 'broken'"):
        device.run(Program([bad], []))
    ok = examples.example_sources("eltwise_mul")["writer"]
    worse = Kernel("worse", "void kernel_main() { nor this; }", "writer", CoreRange.single(0, 0))
    with pytest.raises(CompileError, match="failed to compile kernel 'broken'"):  # built side by side: the first named
        device.run(Program([Kernel("fine", "void kernel_main() {}", "compute", CoreRange.single(0, 0)), bad, worse], []))
    with pytest.raises(ProgramError, match="outside the 8x8 grid"):
        device.run(Program([Kernel("r", ok, "reader", CoreRange.single(8, 0))], []))
    with pytest.raises(ProgramError, match="two reader kernels"):
        device.run(Program([Kernel("r", ok, "reader", CoreRange.grid(2, 1)),
                            Kernel("r2", ok, "reader", CoreRange.single(1, 0))], []))
    with pytest.raises(ProgramError, match="CB index 40"):
        device.run(Program([Kernel("r", ok, "reader", CoreRange.single(0, 0))],
                           [CircularBuffer(40, "bf16", 2, CoreRange.single(0, 0))]))


def test_bad_runtime_args_are_a_program_error(device):
    A, B, C = (device.allocate((32, 32), "bf16") for _ in range(3))
    prog = examples.eltwise_binary("eltwise_mul", A, B, C)
    prog.kernels[0].runtime_args = {(0, 0): [-1, 0, 0, 1]}
    with pytest.raises(ProgramError, match=r"kernel 'reader' on core \(0, 0\): bad runtime args"):
        device.run(prog)


POLLING_READER = """
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
    uint32_t pages = get_arg_val<uint32_t>(0);
    for (uint32_t i = 0; i < pages; ++i) {
        while (!cb_pages_reservable_at_back(0, 1)) {}
        cb_reserve_back(0, 1);
        cb_push_back(0, 1);
    }
}
"""
POLLING_CONSUMER = """
#include "api/dataflow/dataflow_api.h"
#include "experimental/circular_buffer.h"
void kernel_main() {
    experimental::CircularBuffer cb(0);
    for (uint32_t i = 0; i < get_arg_val<uint32_t>(0); ++i) {
        while (!cb.pages_available_at_front(1)) {}
        cb.wait_front(1);
        cb.pop_front(1);
    }
}
"""


@pytest.mark.parametrize("sent,expected,error", [(5, 5, None), (2, 3, "keeps polling")])
def test_polling_kernels_yield_and_never_hang(device, sent, expected, error):
    core = CoreRange.single(0, 0)
    prog = Program([Kernel("producer", POLLING_READER, "reader", core, runtime_args={(0, 0): [sent]}),
                    Kernel("consumer", POLLING_CONSUMER, "writer", core, runtime_args={(0, 0): [expected]})],
                   [CircularBuffer(0, "bf16", 1, core)])
    if error is None:
        assert device.run(prog).cb_high_water == {(0, 0): {0: 1}}
    else:
        with pytest.raises(DeadlockError, match="kernel 'consumer' \\(writer\\) keeps polling cb_pages_available_at_front on CB 0"):
            device.run(prog)


def test_cb_addresses_must_be_aligned_and_in_order(device):
    """A host program's CB addresses: each aligned, each after the CB before it on the core."""
    core = CoreRange.single(0, 0)
    idle = Kernel("producer", POLLING_READER, "reader", core, runtime_args={(0, 0): [0]})
    with pytest.raises(ProgramError, match="CB 1: address 8 is not 16-byte aligned"):
        device.run(Program([idle], [CircularBuffer(0, "bf16", 2, core, address=0),
                                    CircularBuffer(1, "bf16", 2, core, address=8)]))
    with pytest.raises(ProgramError, match=r"CB 1 at L1 address 2048 on core \(0,0\) overlaps the circular buffer "
                                           r"before it \(which ends at 4096\)"):
        device.run(Program([idle], [CircularBuffer(0, "bf16", 2, core, address=0),
                                    CircularBuffer(1, "bf16", 2, core, address=2048)]))
    device.run(Program([idle], [CircularBuffer(0, "bf16", 2, core, address=0),
                                CircularBuffer(1, "bf16", 2, core, address=8192)]))
