"""Host-side formats and layouts: tile order, bf16 rounding, bfloat8_b rules, round trips."""

import numpy as np
import pytest
import torch

from bfp8_reference import quantize_matrix
from emu_helpers import as_torch
from ttbw.runtime import formats as fmt


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


def test_bfp8_known_rounding_vectors():
    row = [100.0, 64.75, 65.25, 64.5, 65.5] + [1.0] * 11
    x = np.zeros((32, 32), dtype=np.float32)
    x[0, :16] = row
    back = fmt.decode_tiles(fmt.DataFormat.BFLOAT8_B, fmt.encode_tiles(fmt.DataFormat.BFLOAT8_B, fmt.to_tiles(x)))
    got = fmt.from_tiles(back, (32, 32))[0, :5]
    np.testing.assert_array_equal(got, [100.0, 65.0, 65.0, 64.0, 66.0])


def test_bfp8_matches_scalar_reference_rules():
    rng = np.random.default_rng(1)
    # Wide dynamic range per block, zeros, denormals and negative values.
    x = (rng.standard_normal((32, 64)) * np.exp2(rng.integers(-12, 12, (32, 64)))).astype(np.float32)
    x[3, :5] = [0.0, -0.0, 1e-40, -1e-39, 2.0]
    ref = np.array(quantize_matrix(x.tolist()), dtype=np.float32)
    enc = fmt.encode_tiles(fmt.DataFormat.BFLOAT8_B, fmt.to_tiles(x))
    assert enc.shape == (2, 1088)
    got = fmt.from_tiles(fmt.decode_tiles(fmt.DataFormat.BFLOAT8_B, enc), x.shape)
    np.testing.assert_array_equal(got, ref)


def test_bfp8_inf_flushes_block():
    x = np.ones((32, 32), dtype=np.float32)
    x[0, 3] = np.inf
    got = fmt.from_tiles(fmt.decode_tiles(fmt.DataFormat.BFLOAT8_B,
                                          fmt.encode_tiles(fmt.DataFormat.BFLOAT8_B, fmt.to_tiles(x))), x.shape)
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
    from ttbw.runtime import EmulatorError
    with pytest.raises(EmulatorError, match="TILE"):
        device.allocate((32, 32), "bfp8_b", layout="row_major")
    with pytest.raises(ValueError, match="unknown data format"):
        device.allocate((32, 32), "int7")
    buf = device.allocate((32, 32), "bf16")
    with pytest.raises(EmulatorError, match="shape"):
        buf.write(np.zeros((32, 31), np.float32))
