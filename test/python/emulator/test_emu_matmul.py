"""The matmul tile ops (matmul_tiles, mm_init's transpose of B, transpose_wh_tile) through the
hand-written examples/kernels/matmul.mlir and transpose_wh.mlir, translated by the real
tt-mlir, against a bit-level model of the FPU and against torch in float64."""

import numpy as np
import pytest
import torch

from emu_helpers import as_torch
from ttbw.execution.emulator import examples

TILE = 32


def tf32(x: np.ndarray) -> np.ndarray:
    """An f32 operand in the FPU's source registers: 10 mantissa bits, truncated."""
    bits = x.astype(np.float32).view(np.uint32)
    finite = (bits & 0x7F800000) != 0x7F800000
    return np.where(finite, bits & 0xFFFFE000, bits).view(np.float32)


def bf16(x: np.ndarray) -> np.ndarray:
    return torch.from_numpy(np.ascontiguousarray(x, dtype=np.float32)).bfloat16().float().numpy()


def fpu_model(a: np.ndarray, b: np.ndarray, fp32_dest: bool) -> np.ndarray:
    """The emulator's numerics model of a (.., M, K) x (.., K, N) product of float32 operand
    values: per 32x32 tile product, each element sums its 32 exact products in f32 in k order,
    then adds to DST (fp32, or bf16 with rounding once per tile product)."""
    m, k = a.shape[-2:]
    out = np.zeros(a.shape[:-1] + (b.shape[-1],), np.float32)
    for k0 in range(0, k, TILE):
        part = np.zeros_like(out)
        for kk in range(k0, k0 + TILE):
            part = (part + a[..., :, kk:kk + 1] * b[..., kk:kk + 1, :]).astype(np.float32)
        out = (out + part).astype(np.float32)
        if not fp32_dest:
            out = bf16(out)
    return out


def randn(shape, seed, dtype=torch.bfloat16):
    return torch.randn(shape, generator=torch.Generator().manual_seed(seed)).to(dtype)


@pytest.mark.parametrize("fp32_dest", [True, False], ids=["fp32-dest", "bf16-dest"])
@pytest.mark.parametrize("grid", [(1, 1), (3, 2)])
def test_matmul_tiles_bit_exact_with_the_fpu_model(device, fp32_dest, grid):
    a, b = randn((2, 64, 96), 1), randn((2, 96, 64), 2)
    A, B = device.allocate(a.shape, "bf16", name="a"), device.allocate(b.shape, "bf16", name="b")
    C = device.allocate((2, 64, 64), "bf16", name="c")
    A.write(a), B.write(b)
    stats = device.run(examples.matmul(A, B, C, grid=grid, fp32_dest=fp32_dest))
    want = bf16(fpu_model(a.float().numpy(), b.float().numpy(), fp32_dest))
    np.testing.assert_array_equal(C.read().astype(np.float32), want)
    out_tiles, kt = 2 * 2 * 2, 3
    assert stats.ops["matmul_tiles"] == out_tiles * kt and stats.ops["pack_tile"] == out_tiles
    assert stats.dram_bytes_read == {"a": out_tiles * kt * 2048, "b": out_tiles * kt * 2048}


def test_matmul_transposed_shared_b_within_two_ulp_of_float64(device):
    # B stored (N, K) and shared by both batch items; mm_init's flag transposes its tiles.
    a, bt = randn((2, 32, 256), 3), randn((96, 256), 4)
    A, B = device.allocate(a.shape, "bf16"), device.allocate(bt.shape, "bf16")
    C = device.allocate((2, 32, 96), "bf16")
    A.write(a), B.write(bt)
    device.run(examples.matmul(A, B, C, grid=(2, 2), transpose_b=True))
    got = as_torch(C.read()).double()
    golden = a.double() @ bt.double().T
    scale = a.double().abs() @ bt.double().T.abs()
    ulp = torch.pow(2.0, torch.floor(torch.log2(scale.clamp_min(1e-30))) - 7)
    assert ((got - golden).abs() <= 2 * ulp).all()
    np.testing.assert_array_equal(C.read().astype(np.float32),
                                  bf16(fpu_model(a.float().numpy(), bt.float().numpy().T.copy(), True)))


def test_matmul_f32_operands_are_tf32_in_the_source_registers(device):
    a, b = randn((32, 64), 5, torch.float32), randn((64, 32), 6, torch.float32)
    A, B, C = device.allocate(a.shape, "f32"), device.allocate(b.shape, "f32"), device.allocate((32, 32), "f32")
    A.write(a), B.write(b)
    device.run(examples.matmul(A, B, C))
    np.testing.assert_array_equal(C.read(), fpu_model(tf32(a.numpy()), tf32(b.numpy()), True))


def test_matmul_accumulates_infinities_and_nans_as_ieee(device):
    a, b = torch.ones(32, 32, dtype=torch.bfloat16), torch.ones(32, 32, dtype=torch.bfloat16)
    a[0, 0], a[1, 0], b[0, 1] = float("inf"), 0.0, 0.0
    A, B, C = device.allocate(a.shape, "bf16"), device.allocate(b.shape, "bf16"), device.allocate((32, 32), "bf16")
    A.write(a), B.write(b)
    device.run(examples.matmul(A, B, C))
    got = as_torch(C.read()).float()
    assert got[0, 0] == float("inf") and torch.isnan(got[0, 1]) and got[1, 1] == 31 and got[2, 2] == 32


@pytest.mark.parametrize("dtype", ["bf16", "f32"])
@pytest.mark.parametrize("grid", [(1, 1), (2, 3)])
def test_transpose_wh_tile_moves_every_element(device, dtype, grid):
    x = randn((3, 64, 96), 7, torch.float32)
    X = device.allocate(x.shape, dtype, name="x")
    Y = device.allocate((3, 96, 64), dtype, name="y")
    X.write(x)
    stats = device.run(examples.transpose_wh(X, Y, grid=grid))
    np.testing.assert_array_equal(Y.read(), np.swapaxes(X.read(), -1, -2))
    assert stats.ops["transpose_wh_tile"] == 3 * 2 * 3
