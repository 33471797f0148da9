"""Gradients that are grad itself (assign_bw, frac_bw) where grad's layout differs from the
result's (ROW_MAJOR <-> TILE): canonicalize folds the layout-only copy into a tensor.cast, which
is no view; a program reads grad in its own layout and writes the result's pages (before: "result
0 is not computed by a program"). Bit-exact with grad, both dtypes, both directions."""
import pytest
import torch

import ttbw as ttnn

LAYOUTS = [(ttnn.ROW_MAJOR_LAYOUT, ttnn.TILE_LAYOUT), (ttnn.TILE_LAYOUT, ttnn.ROW_MAJOR_LAYOUT)]


@pytest.mark.parametrize("dtype", [ttnn.float32, ttnn.bfloat16], ids=["f32", "bf16"])
@pytest.mark.parametrize("grad_layout, input_layout", LAYOUTS, ids=["rm_grad", "rm_input"])
@pytest.mark.parametrize("op", ["assign_bw", "frac_bw"])
def test_gradient_equal_to_grad_in_another_layout(op, grad_layout, input_layout, dtype):
    gen = torch.Generator().manual_seed(4)
    g, x = torch.randn(2, 50, 70, generator=gen), torch.randn(2, 50, 70, generator=gen)
    device = ttnn.open_device(device_id=0)
    tg = ttnn.from_torch(g, dtype, layout=grad_layout, device=device)
    tx = ttnn.from_torch(x, dtype, layout=input_layout, device=device)
    got = getattr(ttnn, op)(tg, tx)[0]
    assert got.layout == input_layout
    assert torch.equal(ttnn.to_torch(got).float(), ttnn.to_torch(tg).float())
