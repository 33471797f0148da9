"""A sum read back over the dims it reduces, in one program (the codegen's read-back walk): the
softmax family's backward as ttnn users call it, one program each, against torch in float64
(bf16 2 ulp / f32 4 ulp of max(|golden|, sum |terms|)); TTIR functions of the same shape bit for bit
the composite path's (the same sums in the same order), reading each input from DRAM once when
its rows fit in L1, twice (still one program) when they do not."""
import math

import numpy as np
import pytest
import torch
from backward_checks import ulp
from matmul_checks import ULPS

import ttbw as ttnn
from ttbw.driver.compiler import run_on_device
from ttbw.execution.executor import device

TILE_BYTES = {"bf16": 2048, "f32": 4096, "bfp_bf8": 1088}


def forward_output(kind, shape, dim, seed, dtype):
    x = torch.randn(shape, generator=torch.Generator().manual_seed(seed), dtype=torch.float64) * 2
    y = {"softmax": torch.softmax(x, dim), "softmin": torch.softmax(-x, dim), "logsoftmax": torch.log_softmax(x, dim)}
    g = torch.randn(shape, generator=torch.Generator().manual_seed(seed + 1))
    return y[kind].to(dtype), g.to(dtype)


def golden(kind, y, g, dim):
    """(value, sum |terms|) of torch's backward from the output, in float64."""
    y64, g64 = y.double(), g.double()
    if kind == "logsoftmax":
        value = torch.ops.aten._log_softmax_backward_data(g64, y64, dim, torch.float64)
        return value, g64.abs() + y64.exp() * g64.abs().sum(dim, keepdim=True)
    sign = 1.0 if kind == "softmax" else -1.0
    value = sign * torch.ops.aten._softmax_backward_data(g64, y64, dim, torch.float64)
    return value, y64.abs() * (g64.abs() + (g64 * y64).abs().sum(dim, keepdim=True))


OPS = {"softmax": "moreh_softmax_backward", "softmin": "moreh_softmin_backward",
       "logsoftmax": "moreh_logsoftmax_backward"}


@pytest.mark.parametrize("kind", list(OPS))
@pytest.mark.parametrize("shape,dim", [((3, 40, 50), -1), ((2, 45, 33), -2), ((3, 5, 40), 0)],
                         ids=["last", "second_to_last", "outer"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=["bf16", "f32"])
def test_softmax_family_backward_is_one_program_as_torch(kind, shape, dim, dtype):
    y, g = forward_output(kind, shape, dim, 5, dtype)
    before = device().programs_launched
    out = getattr(ttnn, OPS[kind])(ttnn.from_torch(y, layout=ttnn.TILE_LAYOUT),
                                   ttnn.from_torch(g, layout=ttnn.TILE_LAYOUT), dim)
    assert device().programs_launched - before == 1
    value, scale = golden(kind, y, g, dim)
    error = (ttnn.to_torch(out).double() - value).abs()
    bad = ~(error <= ULPS[dtype] * ulp(torch.maximum(scale, value.abs()), dtype))
    assert not bad.any(), f"{int(bad.sum())} of {bad.numel()} off: max {float(error.max())}"


def _type(shape, element, data_type=None, layout="tile"):
    dims = "".join(f"{d}x" for d in shape)
    data_type = data_type or element
    if layout == "tile" and data_type == element:
        return f"tensor<{dims}{element}>"
    return f'tensor<{dims}{element}, #ttir.layout<"{data_type}", "{layout}">>'


def softmax_backward_text(shape, dim, element="bf16", layout="tile", result=None):
    """y * (g - sum(g * y, dim)) in f32 from two inputs of `element` / `layout`, rounded into
    `result` ((element, data type) of the result, default the inputs')."""
    t = _type(shape, element, layout=layout)
    f = _type(shape, "f32")
    r = _type([1 if i == dim else d for i, d in enumerate(shape)], "f32")
    out = _type(shape, *(result or (element, element)))
    cast = t != f  # f32 TILE inputs are read as they are
    y, g = ("%y", "%g") if cast else ("%a", "%b")
    lines = [f'%y = "ttir.typecast"(%a) : ({t}) -> {f}', f'%g = "ttir.typecast"(%b) : ({t}) -> {f}'] if cast else []
    lines += [f'%p = "ttir.multiply"({g}, {y}) : ({f}, {f}) -> {f}',
              f'%s = "ttir.sum"(%p) {{dim_arg = [{dim} : i32], keep_dim = true}} : ({f}) -> {r}',
              f'%d = "ttir.subtract"({g}, %s) : ({f}, {r}) -> {f}',
              f'%x = "ttir.multiply"({y}, %d) : ({f}, {f}) -> {f}']
    result = "%x"
    if out != f:
        lines.append(f'%o = "ttir.typecast"(%x) : ({f}) -> {out}')
        result = "%o"
    body = "\n  ".join(lines)
    return f"func.func @f(%a: {t}, %b: {t}) -> {out} {{\n  {body}\n  return {result} : {out}\n}}\n"


def _pages(shape, data_type) -> int:
    """DRAM bytes of a TILE tensor (its padded tiles)."""
    *batch, h, w = shape
    return math.prod(batch) * -(-h // 32) * -(-w // 32) * TILE_BYTES[data_type]


def _fused_and_composite(text, inputs):
    (fused,), stats = run_on_device(text, inputs)
    (composite,), composite_stats = run_on_device(text, inputs, fuse=False)
    assert stats.programs_launched == 1 and composite_stats.programs_launched > 1
    np.testing.assert_array_equal(fused, composite)
    return fused, stats


def _inputs(shape, seed):
    gen = torch.Generator().manual_seed(seed)
    y = torch.softmax(torch.randn(shape, generator=gen) * 2, -1)
    return [y.numpy(), torch.randn(shape, generator=gen).numpy()]


@pytest.mark.parametrize("shape,dim,element,result", [
    ((2, 37, 45), 2, "bf16", None), ((2, 37, 45), 2, "f32", None), ((2, 45, 33), 1, "f32", None),
    ((3, 5, 40), 0, "bf16", None), ((40, 100), 1, "bf16", ("bf16", "bfp_bf8"))],
    ids=["last_bf16", "last_f32", "second_to_last_f32", "outer_bf16", "bfloat8_b_result"])
def test_read_back_held_reads_each_input_once_as_the_composite(shape, dim, element, result):
    """Held: each input's tiles read from DRAM once, the result written once (the minimum), the
    values bit for bit the composite path's (sum, then the elementwise program)."""
    text = softmax_backward_text(shape, dim, element, result=result)
    _, stats = _fused_and_composite(text, _inputs(shape, 3))
    page = _pages(shape, element)
    assert stats.dram_bytes_read == {"arg0": page, "arg1": page}
    assert stats.total_dram_written == _pages(shape, (result or (element, element))[1])


@pytest.mark.parametrize("element", ["bf16", "f32"])
def test_read_back_row_major_inputs_as_the_composite(element):
    """ROW_MAJOR inputs (f32 ones typecast to TILE f32: a layout-only copy the programs read
    through)."""
    shape = (3, 40, 50)
    _fused_and_composite(softmax_backward_text(shape, 2, element, "row_major"), _inputs(shape, 4))


def test_softmax_backward_of_row_major_f32_tensors_as_torch():
    y, g = forward_output("softmax", (3, 40, 50), -1, 9, torch.float32)
    out = ttnn.moreh_softmax_backward(ttnn.from_torch(y, layout=ttnn.ROW_MAJOR_LAYOUT),
                                      ttnn.from_torch(g, layout=ttnn.ROW_MAJOR_LAYOUT), -1)
    value, scale = golden("softmax", y, g, -1)
    error = (ttnn.to_torch(out).double() - value).abs()
    assert (error <= ULPS[torch.float32] * ulp(torch.maximum(scale, value.abs()), torch.float32)).all()


def test_read_back_over_the_l1_budget_reads_twice_in_one_program():
    """Rows of 302 tiles x 2 bf16 inputs (1.2 MiB per core) do not fit the held budget: the
    inputs read again by the second pass, one program still, the values as the held form's."""
    shape = (32, 302 * 32)
    fused, stats = _fused_and_composite(softmax_backward_text(shape, 1), _inputs(shape, 5))
    page = _pages(shape, "bf16")
    assert stats.dram_bytes_read == {"arg0": 2 * page, "arg1": 2 * page}


def test_two_sums_read_back_by_one_result_as_torch():
    """g - sum_rows(g) - x * sum_rows(g * x) (layer norm's dx shape), f32, rows not a multiple of 32:
    one program, within 4 ulp of sum |terms| of float64."""
    shape, f, r = (70, 48), _type((70, 48), "f32"), _type((1, 48), "f32")
    text = (f"func.func @f(%g: {f}, %x: {f}) -> {f} {{\n"
            f'  %0 = "ttir.sum"(%g) {{dim_arg = [0 : i32], keep_dim = true}} : ({f}) -> {r}\n'
            f'  %1 = "ttir.multiply"(%g, %x) : ({f}, {f}) -> {f}\n'
            f'  %2 = "ttir.sum"(%1) {{dim_arg = [0 : i32], keep_dim = true}} : ({f}) -> {r}\n'
            f'  %3 = "ttir.subtract"(%g, %0) : ({f}, {r}) -> {f}\n'
            f'  %4 = "ttir.multiply"(%x, %2) : ({f}, {r}) -> {f}\n'
            f'  %5 = "ttir.subtract"(%3, %4) : ({f}, {f}) -> {f}\n'
            f"  return %5 : {f}\n}}\n")
    gen = torch.Generator().manual_seed(6)
    g, x = torch.randn(shape, generator=gen), torch.randn(shape, generator=gen)
    got, _ = _fused_and_composite(text, [g.numpy(), x.numpy()])
    g, x = g.double(), x.double()
    want = g - g.sum(0, keepdim=True) - x * (g * x).sum(0, keepdim=True)
    scale = g.abs() + g.abs().sum(0, keepdim=True) + x.abs() * (g * x).abs().sum(0, keepdim=True)
    assert ((torch.from_numpy(got).double() - want).abs() <= 4 * ulp(scale, torch.float32)).all()


def test_layer_norm_gradients_in_one_function_are_two_programs_as_torch():
    """dx (its row sums read back), dγ and dβ (sums over the rows) of one function: grouped by
    result into 2 programs, within 4 f32 ulp of sum |terms| of float64."""
    f, k = _type((2, 40, 50), "f32"), _type((2, 40, 1), "f32")
    v = _type((50,), "f32")
    text = (f"func.func @f(%g: {f}, %x: {f}, %m: {k}, %r: {k}) -> ({f}, {v}, {v}) {{\n"
            f'  %0 = "ttir.subtract"(%x, %m) : ({f}, {k}) -> {f}\n'
            f'  %xh = "ttir.multiply"(%0, %r) : ({f}, {k}) -> {f}\n'
            f'  %s1 = "ttir.sum"(%g) {{dim_arg = [2 : i32], keep_dim = true}} : ({f}) -> {k}\n'
            f'  %p = "ttir.multiply"(%g, %xh) : ({f}, {f}) -> {f}\n'
            f'  %s2 = "ttir.sum"(%p) {{dim_arg = [2 : i32], keep_dim = true}} : ({f}) -> {k}\n'
            f'  %a = "ttir.subtract"(%g, %s1) : ({f}, {k}) -> {f}\n'
            f'  %b = "ttir.multiply"(%xh, %s2) : ({f}, {k}) -> {f}\n'
            f'  %c = "ttir.subtract"(%a, %b) : ({f}, {f}) -> {f}\n'
            f'  %dx = "ttir.multiply"(%r, %c) : ({k}, {f}) -> {f}\n'
            f'  %dg = "ttir.sum"(%p) {{dim_arg = [0 : i32, 1 : i32], keep_dim = false}} : ({f}) -> {v}\n'
            f'  %db = "ttir.sum"(%g) {{dim_arg = [0 : i32, 1 : i32], keep_dim = false}} : ({f}) -> {v}\n'
            f"  return %dx, %dg, %db : {f}, {v}, {v}\n}}\n")
    gen = torch.Generator().manual_seed(8)
    g, x = torch.randn(2, 40, 50, generator=gen), torch.randn(2, 40, 50, generator=gen)
    m, r = torch.randn(2, 40, 1, generator=gen), torch.rand(2, 40, 1, generator=gen) + 0.5
    with pytest.warns(UserWarning, match="lowered as 2 programs"):
        outputs, stats = run_on_device(text, [t.numpy() for t in (g, x, m, r)])
    assert stats.programs_launched == 2
    g, x, m, r = (t.double() for t in (g, x, m, r))
    xh = (x - m) * r
    wants = [r * (g - g.sum(2, keepdim=True) - xh * (g * xh).sum(2, keepdim=True)), (g * xh).sum((0, 1)), g.sum((0, 1))]
    scales = [r * (g.abs() + g.abs().sum(2, keepdim=True) + xh.abs() * (g * xh).abs().sum(2, keepdim=True)),
              (g * xh).abs().sum((0, 1)), g.abs().sum((0, 1))]
    for got, want, scale in zip(outputs, wants, scales):
        assert ((torch.from_numpy(np.asarray(got)).double() - want).abs() <= 4 * ulp(scale, torch.float32)).all()
