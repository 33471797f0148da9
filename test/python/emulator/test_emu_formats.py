"""Host-side formats and layouts: tile order, bf16 rounding, bfloat8_b rules, round trips."""

import ml_dtypes
import numpy as np
import pytest
import torch

from bfp8_reference import quantize_matrix
from emu_helpers import as_torch
from ttbw.execution.emulator import EmulatedDevice
from ttbw.target import formats as fmt


def test_tile_order_is_four_faces():
    x = np.arange(32 * 32, dtype=np.float32).reshape(32, 32)
    t = fmt.to_tiles(x)[0]
    assert t[0] == 0 and t[15] == 15 and t[16] == 32            # face (0,0), row 1 starts at 16
    assert t[256] == 16                                          # face (0,16)
    assert t[512] == 16 * 32                                     # face (16,0)
    assert t[768] == 16 * 32 + 16                                # face (16,16)


@pytest.mark.parametrize("shape", [(5,), (3, 7), (2, 33, 65), (1, 2, 32, 64)])
def test_tiles_round_trip_with_padding(shape):
    x = np.random.default_rng(0).standard_normal(shape).astype(np.float32)
    tiles = fmt.to_tiles(x)
    assert tiles.shape[1] == 1024
    np.testing.assert_array_equal(fmt.from_tiles(tiles, shape), x)


def test_bf16_round_to_nearest_even_matches_torch():
    x = torch.randn(4096) * 1e3
    x[:4] = torch.tensor([1.00390625, 1.01171875, -1.00390625, 3.0e38])  # ties and a near-overflow
    ours = fmt.f32_to_bf16_bits(x.numpy())
    ref = x.bfloat16().view(torch.int16).numpy().view(np.uint16)
    np.testing.assert_array_equal(ours, ref)


def _bfp8_round_trip(x: np.ndarray) -> np.ndarray:
    """x through a bfloat8_b buffer of the emulated device (native packing and unpacking)."""
    with EmulatedDevice(grid=(1, 1)) as dev:
        buf = dev.allocate(x.shape, "bfp8_b")
        buf.write(x)
        return buf.read()


def test_bfp8_known_rounding_vectors():
    row = [100.0, 64.75, 65.25, 64.5, 65.5] + [1.0] * 11
    x = np.zeros((32, 32), dtype=np.float32)
    x[0, :16] = row
    for got in (_bfp8_round_trip(x), fmt.from_tiles(fmt.unpack_bfp8_b(fmt.pack_bfp8_b(fmt.to_tiles(x))), x.shape)):
        np.testing.assert_array_equal(got[0, :5], [100.0, 65.0, 65.0, 64.0, 66.0])


def test_bfp8_matches_scalar_reference_rules():
    rng = np.random.default_rng(1)
    # Wide dynamic range per block, zeros, denormals and negative values.
    x = (rng.standard_normal((32, 64)) * np.exp2(rng.integers(-12, 12, (32, 64)))).astype(np.float32)
    x[3, :5] = [0.0, -0.0, 1e-40, -1e-39, 2.0]
    ref = np.array(quantize_matrix(x.tolist()), dtype=np.float32)
    enc = fmt.pack_bfp8_b(fmt.to_tiles(x))
    assert enc.shape == (2, 1088)
    np.testing.assert_array_equal(fmt.from_tiles(fmt.unpack_bfp8_b(enc), x.shape), ref)
    np.testing.assert_array_equal(_bfp8_round_trip(x), ref)


def test_bfp8_inf_flushes_block():
    x = np.ones((32, 32), dtype=np.float32)
    x[0, 3] = np.inf
    got = _bfp8_round_trip(x)
    assert np.isinf(got[0, 3])
    assert (got[0, :3] == 0).all() and (got[0, 4:16] == 0).all()
    assert (got[0, 16:] == 1).all() and (got[1] == 1).all()


@pytest.mark.parametrize("dtype,layout", [("bf16", "tile"), ("f32", "tile"), ("bfp8_b", "tile"),
                                          ("bf16", "row_major"), ("f32", "row_major")])
def test_device_upload_download_round_trip(device, dtype, layout):
    x = torch.randn(2, 40, 72)
    buf = device.allocate(x.shape, dtype, layout=layout, name="x")
    buf.write(x)
    got = buf.read()
    if dtype == "f32":
        np.testing.assert_array_equal(got, x.numpy())
    elif dtype == "bf16":
        assert torch.equal(as_torch(got), x.bfloat16())
    else:
        ref = np.stack([np.array(quantize_matrix(np.pad(m, ((0, 24), (0, 24))).tolist()), np.float32)[:40, :72]
                        for m in x.numpy()])
        np.testing.assert_array_equal(got, ref)


def test_bad_buffer_requests_raise(device):
    from ttbw.execution.emulator import EmulatorError
    with pytest.raises(EmulatorError, match="TILE"):
        device.allocate((32, 32), "bfp8_b", layout="row_major")
    with pytest.raises(ValueError, match="unknown data format"):
        device.allocate((32, 32), "int7")
    buf = device.allocate((32, 32), "bf16")
    with pytest.raises(EmulatorError, match="shape"):
        buf.write(np.zeros((32, 31), np.float32))


def _numpy_model(x: np.ndarray, dtype: str, layout: str) -> np.ndarray:
    """What a device buffer of `dtype` holds for host data x, by the numpy host model."""
    if dtype == "f32":
        return x.astype(np.float32)
    if dtype == "bf16":
        return x.astype(ml_dtypes.bfloat16).astype(np.float32)
    return fmt.from_tiles(fmt.unpack_bfp8_b(fmt.pack_bfp8_b(fmt.to_tiles(x.astype(np.float32)))), x.shape)


@pytest.mark.parametrize("host", ["f32", "bf16"])
@pytest.mark.parametrize("dtype,layout", [("bf16", "tile"), ("f32", "tile"), ("bfp8_b", "tile"),
                                          ("bf16", "row_major"), ("f32", "row_major")])
@pytest.mark.parametrize("shape", [(7,), (3, 33, 65), (2, 64, 32)])
def test_native_transfer_matches_the_numpy_model_bit_for_bit(device, host, dtype, layout, shape):
    """Every bit pattern (NaN payloads, infinities, denormals, ties) through upload + download
    equals the numpy model; bf16 downloads skip the widening."""
    bits = np.random.default_rng(5).integers(0, 2**32, size=shape, dtype=np.uint64).astype(np.uint32)
    bits.reshape(-1)[:6] = [0x7F800001, 0xFFC12345, 0x7F800000, 0x00000001, 0x3F808000, 0x3F818000]
    x = bits.view(np.float32)
    if host == "bf16":
        with np.errstate(invalid="ignore"):
            x = x.astype(ml_dtypes.bfloat16)
    buf = device.allocate(shape, dtype, layout=layout)
    buf.write(x)
    with np.errstate(invalid="ignore"):  # numpy warns on NaN casts
        want = _numpy_model(x, dtype, layout)
        want_bf16 = want.astype(ml_dtypes.bfloat16)
    np.testing.assert_array_equal(buf.read().view(np.uint32), want.view(np.uint32))
    np.testing.assert_array_equal(buf.read(ml_dtypes.bfloat16).view(np.uint16), want_bf16.view(np.uint16))
