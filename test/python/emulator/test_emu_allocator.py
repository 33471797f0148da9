"""The DRAM / L1 allocator: freed memory is reused, usage returns to its start, live buffers
never alias, and a new buffer never shows what a freed one held."""

import ml_dtypes
import numpy as np
import pytest

from ttbw.execution.emulator import EmulatedDevice, EmulatorError, examples


def _spans(dev, bufs):
    """(memory, start, end) of each buffer's range in one bank (the same in every bank)."""
    out = []
    for b in bufs:
        banks, align = (12, 32) if b.is_dram else (dev.grid[0] * dev.grid[1], 16)
        stride = -(-b.page_size // align) * align
        out.append((b.memory, b.address, b.address + -(-b.num_pages // banks) * stride))
    return out


def _assert_disjoint(spans):
    for memory in ("dram", "l1"):
        ranges = sorted((s, e) for m, s, e in spans if m == memory)
        for (s0, e0), (s1, e1) in zip(ranges, ranges[1:]):
            assert e0 <= s1, f"{memory} buffers [{s0:#x}, {e0:#x}) and [{s1:#x}, {e1:#x}) overlap"


def test_alloc_free_loop_returns_usage_and_never_aliases():
    rng = np.random.default_rng(7)
    with EmulatedDevice(grid=(2, 2)) as dev:
        start = dev.memory_used("dram"), dev.memory_used("l1")
        assert start == ((0, 0), (0, 0))
        live = []  # (buffer, the values written into it)
        for step in range(300):
            if live and (rng.random() < 0.45 or len(live) > 12):
                dev.free(live.pop(int(rng.integers(len(live))))[0])
                continue
            memory = "l1" if rng.random() < 0.3 else "dram"
            rows, cols = int(rng.integers(1, 97)), int(rng.integers(1, 161))
            dtype = ("bf16", "f32", "bfp8_b")[step % 3]
            buf = dev.allocate((rows, cols), dtype, memory=memory)
            np.testing.assert_array_equal(buf.read(), 0)  # never what a freed buffer held
            values = np.full((rows, cols), float(1 + step % 127), dtype=np.float32)  # exact in every format
            buf.write(values)
            live.append((buf, values))
            _assert_disjoint(_spans(dev, [b for b, _ in live]))
            assert dev.memory_used("dram")[1] + dev.memory_used("l1")[1] == len(live)
        for buf, values in live:  # every live tensor kept its data through the churn
            np.testing.assert_array_equal(buf.read(), values)
            dev.free(buf)
        assert (dev.memory_used("dram"), dev.memory_used("l1")) == start


def test_freed_range_is_reused_without_growth():
    with EmulatedDevice(grid=(1, 1)) as dev:
        first = dev.allocate((1024, 1024), "bf16")
        address = first.address
        dev.free(first)
        for _ in range(200):  # a bump allocator would have run out or moved on
            buf = dev.allocate((1024, 1024), "bf16")
            assert buf.address == address
            dev.free(buf)
        assert dev.memory_used("dram") == (0, 0)


def test_hole_between_live_buffers_is_reused_and_merged():
    with EmulatedDevice(grid=(1, 1)) as dev:
        a, b, c = (dev.allocate((32, 32), "bf16", memory="l1") for _ in range(3))
        assert a.address > b.address > c.address  # L1 is allocated top-down
        dev.free(b)
        d = dev.allocate((32, 32), "bf16", memory="l1")
        assert d.address == b.address
        dev.free(d)
        dev.free(a)  # merged with the hole below: a buffer of two tiles fits at the top
        e = dev.allocate((32, 64), "bf16", memory="l1")
        assert e.address == c.address + 2048 and e.address + 2 * 2048 == a.address + 2048
        dev.free(e)
        dev.free(c)
        assert dev.memory_used("l1") == (0, 0)


def test_stale_buffer_never_reaches_the_reused_id():
    with EmulatedDevice(grid=(1, 1)) as dev:
        old = dev.allocate((32, 32), "bf16")
        dev.free(old)
        new = dev.allocate((32, 32), "bf16")
        assert (new.id, new.address) == (old.id, old.address)  # id and range reused
        new.write(np.ones((32, 32), dtype=np.float32))
        with pytest.raises(EmulatorError, match="not allocated"):
            old.write(np.zeros((32, 32), dtype=np.float32))
        dev.free(old)  # freeing a dead buffer again is a no-op, not a free of `new`
        np.testing.assert_array_equal(new.read(), 1)
        assert dev.memory_used("dram") == (2048, 1)


def test_out_of_memory_names_the_largest_free_range():
    with EmulatedDevice(grid=(1, 1), l1_bytes=64 * 1024) as dev:
        a = dev.allocate((32, 32 * 16), "bf16", memory="l1")  # 32 KiB
        with pytest.raises(EmulatorError, match="out of L1.*largest free range"):
            dev.allocate((32, 32 * 17), "bf16", memory="l1")
        dev.free(a)
        dev.free(dev.allocate((32, 32 * 32), "bf16", memory="l1"))  # all of L1 once free


def test_programs_run_on_reused_buffers(device):
    x = np.random.default_rng(3).standard_normal((64, 96)).astype(np.float32)
    for _ in range(3):  # the same program on buffers that reuse the previous call's memory
        a, b = device.allocate(x.shape, "bf16"), device.allocate(x.shape, "bf16")
        out = device.allocate(x.shape, "bf16")
        a.write(x)
        b.write(2 * x)
        device.run(examples.eltwise_binary("eltwise_mul", a, b, out, grid=(2, 2)))
        bf16 = lambda v: v.astype(ml_dtypes.bfloat16).astype(np.float32)  # noqa: E731
        np.testing.assert_array_equal(out.read(), bf16(bf16(x) * bf16(2 * x)))
        for buf in (a, b, out):
            device.free(buf)
    assert device.memory_used("dram") == (0, 0)


def test_allocation_at_a_given_address_and_where_the_allocator_would_go():
    """A host program's buffers go where its addresses say: `find_free` names where the next
    allocation would land, `address=` takes exactly that range, a taken or misaligned one is
    refused naming the buffer."""
    with EmulatedDevice(grid=(2, 2)) as dev:
        base = dev.find_free("dram", 4096)
        assert base == 0x10000  # DRAM_BASE: nothing allocated yet
        a = dev.allocate((32, 32), "bf16", name="a", address=base + 2048)
        assert a.address == base + 2048
        with pytest.raises(EmulatorError, match=r"buffer 'b' is not free"):
            dev.allocate((32, 32), "bf16", name="b", address=base + 2048)
        with pytest.raises(EmulatorError, match=r"buffer 'c' is not free"):
            dev.allocate((32, 32), "bf16", name="c", address=base + 1)  # not 32-byte aligned
        first = dev.allocate((32, 32), "bf16", name="d")  # the allocator: below a, in the gap it left
        assert first.address == base
        assert dev.find_free("dram", 1 << 40) is None
        top = dev.find_free("l1", 2048)
        l1 = dev.allocate((32, 32), "bf16", memory="l1", name="e", address=top)
        assert l1.address == top and dev.find_free("l1", 2048) == top - 2048  # L1 grows down
        a.write(np.ones((32, 32), np.float32))
        np.testing.assert_array_equal(a.read(), 1)
