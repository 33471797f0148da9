"""The example TTKernel programs, translated by the real tt-mlir, compiled with g++ and run on
the emulator on one and on several cores, against torch."""

import numpy as np
import pytest
import torch

from bfp8_reference import quantize_matrix
from emu_helpers import as_torch, pcc, ulp_distance
from ttbw.execution.emulator import examples

GRIDS = [(1, 1), (3, 2), (8, 8)]


def bf16_inputs(shape, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(shape, generator=g).bfloat16(), torch.randn(shape, generator=g).bfloat16()


@pytest.mark.parametrize("grid", GRIDS)
def test_mul_bf16_bit_exact(device, grid):
    a, b = bf16_inputs((2, 96, 160))
    A, B = device.allocate(a.shape, "bf16", name="a"), device.allocate(b.shape, "bf16", name="b")
    C = device.allocate(a.shape, "bf16", name="c")
    A.write(a), B.write(b)
    stats = device.run(examples.eltwise_binary("eltwise_mul", A, B, C, grid=grid))
    out = as_torch(C.read())
    assert torch.equal(out.view(torch.int16), (a * b).view(torch.int16))
    tiles = 2 * 3 * 5
    assert stats.ops["mul_tiles"] == tiles and stats.ops["pack_tile"] == tiles
    assert stats.dram_bytes_read == {"a": tiles * 2048, "b": tiles * 2048}
    assert stats.dram_bytes_written == {"c": tiles * 2048}
    per_core = -(-tiles // min(tiles, grid[0] * grid[1]))
    assert stats.cb_high_water_max() == {0: min(2, per_core), 1: min(2, per_core), 16: min(2, per_core)}
    assert len(stats.l1_bytes_used) == min(tiles, grid[0] * grid[1])
    assert all(v == 3 * 2 * 2048 for v in stats.l1_bytes_used.values())


def test_add_bf16_bit_exact_and_programs_counted(device):
    a, b = bf16_inputs((64, 64), seed=3)
    A, B, C = (device.allocate((64, 64), "bf16") for _ in range(3))
    A.write(a), B.write(b)
    for i, grid in enumerate([(1, 1), (2, 2)]):
        stats = device.run(examples.eltwise_binary("eltwise_add", A, B, C, grid=grid))
        assert torch.equal(as_torch(C.read()).view(torch.int16), (a + b).view(torch.int16))
        assert stats.programs_launched == i + 1
    assert device.programs_launched == 2


@pytest.mark.parametrize("grid", [(1, 1), (4, 2)])
def test_mul_f32_sfpu_within_one_ulp(device, grid):
    g = torch.Generator().manual_seed(5)
    a, b = torch.randn(3, 64, 64, generator=g), torch.randn(3, 64, 64, generator=g) * 1e-3
    A, B, C = (device.allocate(a.shape, "f32") for _ in range(3))
    A.write(a), B.write(b)
    stats = device.run(examples.eltwise_binary("eltwise_mul_sfpu", A, B, C, grid=grid, fp32_dest=True))
    assert ulp_distance(torch.from_numpy(C.read()), a * b).max() <= 1
    assert stats.ops["mul_binary_tile"] == 12 and stats.ops["copy_tile"] == 24


def test_mul_bfp8_inputs_and_output(device):
    a, b = bf16_inputs((64, 96), seed=7)
    A, B, C = (device.allocate((64, 96), "bfp8_b", name=n) for n in "abc")
    A.write(a), B.write(b)
    device.run(examples.eltwise_binary("eltwise_mul", A, B, C, grid=(2, 1), fp32_dest=True))
    got = C.read()
    qa, qb = A.read(), B.read()  # inputs as the device holds them
    ref = np.array(quantize_matrix((qa * qb).tolist()), dtype=np.float32)  # exact products, one rounding
    np.testing.assert_array_equal(got, ref)
    assert pcc(got, (a.float() * b.float()).numpy()) >= 0.99
    assert A.page_size == 1088


def test_device_packer_bfp8_known_vectors(device):
    x = torch.ones(32, 32)
    x[0, :5] = torch.tensor([100.0, 64.75, 65.25, 64.5, 65.5])
    A = device.allocate((32, 32), "bf16")
    B = device.allocate((32, 32), "bf16")
    C = device.allocate((32, 32), "bfp8_b")
    A.write(x), B.write(torch.ones(32, 32))
    device.run(examples.eltwise_binary("eltwise_mul", A, B, C))
    np.testing.assert_array_equal(C.read()[0, :5], [100.0, 65.0, 65.0, 64.0, 66.0])


def reduce_reference(x: torch.Tensor, dim: str) -> torch.Tensor:
    dims = {"row": (-1,), "col": (-2,), "scalar": (-2, -1)}[dim]
    return x.float().sum(dim=dims, keepdim=True).bfloat16()


@pytest.mark.parametrize("dim", ["row", "col", "scalar"])
@pytest.mark.parametrize("grid", [(1, 1), (3, 3)])
def test_reduce_sum_within_two_ulp(device, dim, grid):
    g = torch.Generator().manual_seed(11)
    x = torch.randn(3, 64, 96, generator=g).bfloat16()
    ref = reduce_reference(x, dim)
    X = device.allocate(x.shape, "bf16", name="x")
    Y = device.allocate(ref.shape, "bf16", name="y")
    X.write(x)
    stats = device.run(examples.reduce(dim, X, Y, grid=grid))
    out = as_torch(Y.read())
    assert out.shape == ref.shape
    assert ulp_distance(out, ref).max() <= 2
    assert stats.ops["reduce_tile"] == 3 * 2 * 3
    assert stats.dram_bytes_read == {"x": 18 * 2048}


@pytest.mark.parametrize("dim,bshape", [("row", (2, 1, 96)), ("col", (2, 64, 1)), ("scalar", (2, 1, 1))])
@pytest.mark.parametrize("grid", [(1, 1), (2, 3)])
def test_broadcast_mul_bit_exact(device, dim, bshape, grid):
    g = torch.Generator().manual_seed(13)
    a = torch.randn(2, 64, 96, generator=g).bfloat16()
    b = torch.randn(bshape, generator=g).bfloat16()
    A, B = device.allocate(a.shape, "bf16"), device.allocate(b.shape, "bf16")
    C = device.allocate(a.shape, "bf16")
    A.write(a), B.write(b)
    stats = device.run(examples.bcast_mul(dim, A, B, C, grid=grid))
    assert torch.equal(as_torch(C.read()).view(torch.int16), (a * b).view(torch.int16))
    assert stats.ops["unary_bcast"] == 12 and stats.ops["binary_dest_reuse_tiles"] == 12


@pytest.mark.parametrize("grid", [(1, 1), (2, 2)])
def test_tilize_row_major(device, grid):
    x = torch.randn(2, 64, 96).bfloat16()
    X = device.allocate(x.shape, "bf16", layout="row_major", name="x_rm")
    Y = device.allocate(x.shape, "bf16", layout="tile", name="y")
    X.write(x)
    stats = device.run(examples.tilize(X, Y, grid=grid))
    assert torch.equal(as_torch(Y.read()), x)
    assert stats.ops["tilize"] == 12
    assert stats.dram_bytes_read == {"x_rm": 2 * 64 * 96 * 2}
    assert stats.cb_high_water_max()[0] == 3


@pytest.mark.parametrize("dtype", ["bf16", "f32"])
def test_untilize_then_tilize_round_trip(device, dtype):
    x = torch.randn(3, 32, 128)
    X = device.allocate(x.shape, dtype, name="x")
    R = device.allocate(x.shape, dtype, layout="row_major", name="rows")
    Y = device.allocate(x.shape, dtype, name="y")
    X.write(x)
    stats = device.run(examples.untilize(X, R, grid=(2, 1)))
    assert stats.ops["untilize"] == 12
    np.testing.assert_array_equal(R.read(), X.read())
    device.run(examples.tilize(R, Y, grid=(3, 1)))
    np.testing.assert_array_equal(Y.read(), X.read())


def test_f32_through_16_bit_dst_is_rounded_to_bf16(device):
    x = torch.randn(32, 64)
    X = device.allocate(x.shape, "f32")
    R = device.allocate(x.shape, "f32", layout="row_major")
    X.write(x)
    device.run(examples.untilize(X, R, fp32_dest=False))
    assert torch.equal(torch.from_numpy(R.read()), x.bfloat16().float())


def test_l1_buffers_interleaved_across_cores(device):
    a, b = bf16_inputs((64, 64), seed=17)
    A = device.allocate(a.shape, "bf16", memory="l1", name="a_l1")
    B = device.allocate(b.shape, "bf16", memory="l1", name="b_l1")
    C = device.allocate(a.shape, "bf16", name="c")
    A.write(a), B.write(b)
    stats = device.run(examples.eltwise_binary("eltwise_mul", A, B, C, grid=(2, 1)))
    assert torch.equal(as_torch(C.read()), a * b)
    assert stats.l1_buffer_bytes_read == {"a_l1": 4 * 2048, "b_l1": 4 * 2048}
    assert stats.dram_bytes_read == {}


def test_runs_are_deterministic(device):
    a, b = bf16_inputs((4, 64, 64), seed=19)
    A, B, C = (device.allocate(a.shape, "bf16") for _ in range(3))
    A.write(a), B.write(b)
    results = []
    for workers in (1, 2):
        stats = device.run(examples.eltwise_binary("eltwise_mul", A, B, C, grid=(4, 4)), workers=workers)
        results.append((C.read().tobytes(), stats.ops, stats.cb_high_water, stats.dram_bytes_read))
    assert results[0] == results[1]
