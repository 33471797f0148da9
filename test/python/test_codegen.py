"""The generic codegen on hand-written TTIR (no backward op): each function is converted to
device linalg (`--convert-ttir-to-linalg="target=device"`), read by `ttbw.lowering.codegen`
(its program spec), compiled to one Tensix program by the pipeline and run on the emulated
device as emitted; results are checked against torch (bit for bit where torch's numerics are
exact: elementwise ops in f32 opmath rounded once)."""
import numpy as np
import pytest
import torch

from ttbw.driver.compiler import run_on_device
from ttbw.execution.executor import device
from ttbw.lowering import codegen
from ttbw.target.host_program import buffer_shape

LAYOUT = {("bf16", "tile"): "", ("bfp8_b", "tile"): ', #ttir.layout<"bfp_bf8", "tile">',
          ("f32", "tile"): "", ("bf16", "row_major"): ', #ttir.layout<"bf16", "row_major">',
          ("f32", "row_major"): ', #ttir.layout<"f32", "row_major">'}
ELEMENT = {"bf16": "bf16", "bfp8_b": "bf16", "f32": "f32"}


def ty(shape, fmt="bf16", layout="tile") -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + ELEMENT[fmt] + LAYOUT[(fmt, layout)] + ">"


def lower(text: str):
    """The codegen's program spec of the single function in `text` (TTIR)."""
    from ttbw.dialect import make_context
    from ttbw.dialect.ops import walk_ops
    from ttbw.passes import convert_ttir_to_linalg
    from ttbw.driver.source import parse_module

    with make_context() as context:
        module = parse_module(text, "<test>", context)
        convert_ttir_to_linalg.run(module, {"target": "device"})
        func = next(op for op in walk_ops(module.operation) if op.name == "func.func")
        return codegen.read_function(func)


def run(text: str, inputs, arg_specs, out_spec, scalar=None, grid=(8, 8)):
    """Runs the program of `text` on `inputs` (float32 arrays; arg_specs: (fmt, layout) per
    tensor argument, out_spec the result's, as the codegen must read them); returns the result
    as float32 and the values the device holds for each input (bfloat8_b / bf16 uploads are
    quantized)."""
    spec = lower(text)
    [output] = spec.kernels.outputs
    assert (output.fmt, output.operand.layout) == tuple(out_spec)
    dev = device(grid)
    held = []
    for x, (fmt, layout) in zip(inputs, arg_specs):  # the values an upload leaves on the device
        buf = dev.allocate(buffer_shape(x.shape, layout), fmt, layout=layout)
        try:
            buf.write(np.asarray(x, np.float32).reshape(buf.shape))
            held.append(buf.read().reshape(x.shape))
        finally:
            dev.free(buf)
    (out,), stats = run_on_device(text, [*inputs, *([] if scalar is None else [scalar])], grid=grid)
    assert stats.programs_launched == 1
    return out.reshape(spec.out_shapes[0]), held


def randn(shape, seed):
    return torch.randn(shape, generator=torch.Generator().manual_seed(seed)).numpy()


def rounded(x: torch.Tensor, fmt: str) -> np.ndarray:
    """x (f32 opmath result) rounded once to fmt (bf16 to nearest even)."""
    return x.to(torch.bfloat16).float().numpy() if fmt != "f32" else x.numpy()


def binary(op, x_shape, y_shape, fmts, out_fmt, layouts=("tile", "tile", "tile")):
    out_shape = tuple(np.broadcast_shapes(x_shape, y_shape))
    text = (f"func.func @f(%x: {ty(x_shape, fmts[0], layouts[0])}, %y: {ty(y_shape, fmts[1], layouts[1])}) -> "
            f"{ty(out_shape, out_fmt, layouts[2])} {{\n"
            f"  %0 = \"ttir.{op}\"(%x, %y) : ({ty(x_shape, fmts[0], layouts[0])}, {ty(y_shape, fmts[1], layouts[1])})"
            f" -> {ty(out_shape, out_fmt, layouts[2])}\n  return %0 : {ty(out_shape, out_fmt, layouts[2])}\n}}\n")
    return text, out_shape


TORCH = {"multiply": torch.mul, "add": torch.add, "subtract": torch.sub}


@pytest.mark.parametrize("y_shape, kind", [
    ((2, 3, 1, 70), "row"), ((2, 3, 40, 1), "col"), ((2, 3, 1, 1), "scalar"), ((1, 3, 40, 70), "none"),
    ((2, 1, 1, 70), "row"), ((70,), "row"), ((3, 1, 1), "scalar")])
@pytest.mark.parametrize("op", ["multiply", "add", "subtract"])
@pytest.mark.parametrize("fmt", ["bf16", "f32"])
def test_broadcast_kinds_bit_exact(y_shape, kind, op, fmt):
    """Each broadcast kind (row / column / scalar inside the tile, outer dims across tiles),
    from the indexing maps alone: torch's f32-opmath result rounded once, bit for bit."""
    x_shape = (2, 3, 40, 70)
    text, out_shape = binary(op, x_shape, y_shape, (fmt, fmt), fmt)
    spec = lower(text)
    assert spec.kernels.inputs[1].access.bcast == kind and spec.kernels.inputs[1].access.held
    got, (x, y) = run(text, [randn(x_shape, 0), randn(y_shape, 1)], [(fmt, "tile")] * 2, (fmt, "tile"))
    want = rounded(TORCH[op](torch.from_numpy(x), torch.from_numpy(y)), fmt)
    assert np.array_equal(got, want)


@pytest.mark.parametrize("y_shape", [(2, 1, 70), (2, 40, 1), (2, 1, 1)])
@pytest.mark.parametrize("op", ["multiply", "add"])
def test_f32_specials_through_a_broadcast_as_torch(y_shape, op):
    """inf, -inf, NaN and subnormals of a broadcast f32 operand reach every element they
    broadcast to unchanged (the reader broadcasts f32 tiles in L1; the FPU would read TF32)."""
    x_shape = (2, 40, 70)
    text, _ = binary(op, x_shape, y_shape, ("f32", "f32"), "f32")
    y = randn(y_shape, 1)
    y.flat[:3] = [np.inf, -np.inf, np.nan]
    y.flat[-2:] = [1.234e-40, -3.3e-39]  # subnormal f32
    got, (x, yd) = run(text, [randn(x_shape, 0), y], [("f32", "tile")] * 2, ("f32", "tile"))
    assert np.array_equal(yd, y, equal_nan=True)
    want = TORCH[op](torch.from_numpy(x), torch.from_numpy(yd)).numpy()
    assert np.array_equal(got, want, equal_nan=True)


def test_fpu_vs_sfpu_from_the_body():
    """bf16 x bf16 is exact on the FPU (one rounding at the pack); f32 data and adds take the SFPU."""
    assert lower(binary("multiply", (64, 64), (64, 1), ("bf16", "bfp8_b"), "bf16")[0]).kernels.outputs[0].fpu == (0, 1)
    assert lower(binary("multiply", (64, 64), (64, 64), ("f32", "f32"), "f32")[0]).kernels.outputs[0].fpu is None
    assert lower(binary("add", (64, 64), (64, 64), ("bf16", "bf16"), "bf16")[0]).kernels.outputs[0].fpu is None


@pytest.mark.parametrize("op, ins, out", [
    ("neg", [("bfp8_b", "tile")], ("bfp8_b", "tile")),           # neg keeps its type (the verifier)
    ("neg", [("f32", "row_major")], ("f32", "row_major")),
    ("subtract", [("f32", "row_major"), ("f32", "tile")], ("f32", "row_major")),
    ("add", [("bf16", "tile"), ("bfp8_b", "tile")], ("bf16", "tile")),
    ("multiply", [("bf16", "row_major"), ("bfp8_b", "tile")], ("bfp8_b", "tile")),
    ("typecast", [("f32", "tile")], ("bfp8_b", "tile")),
    ("typecast", [("f32", "row_major")], ("bf16", "tile")),
])
def test_dtype_and_layout_mix(op, ins, out):
    """Every format / layout per operand: fp32 DST, one rounding into the result's format (a
    bfloat8_b result first rounded to bf16), ROW_MAJOR operands / results moved row by row."""
    shape = (3, 33, 40)
    args = ", ".join(f"%x{i}: {ty(shape, *s)}" for i, s in enumerate(ins))
    types = ", ".join(ty(shape, *s) for s in ins)
    names = ", ".join(f"%x{i}" for i in range(len(ins)))
    text = (f"func.func @f({args}) -> {ty(shape, *out)} {{\n  %0 = \"ttir.{op}\"({names}) : ({types}) -> "
            f"{ty(shape, *out)}\n  return %0 : {ty(shape, *out)}\n}}\n")
    got, values = run(text, [randn(shape, k) for k in range(len(ins))], ins, out)
    values = [torch.from_numpy(v) for v in values]
    want = {"neg": lambda x: -x, "subtract": torch.sub, "add": torch.add, "multiply": torch.mul,
            "typecast": lambda x: x}[op](*values)
    want = rounded(want, out[0])
    if out[0] == "bfp8_b":  # then block-quantized as an upload of those values would be
        dev = device((8, 8))
        check = dev.allocate(shape, "bfp8_b")
        try:
            check.write(want)
            want = check.read()
        finally:
            dev.free(check)
    assert np.array_equal(got, want)


@pytest.mark.parametrize("dims, kind", [
    ([3], "col"), ([2], "row"), ([2, 3], "scalar"), ([0], "none"), ([0, 2], "row"), ([1, 3], "col"),
    ([0, 1, 2, 3], "scalar")])
@pytest.mark.parametrize("fmt", ["bf16", "f32"])
def test_reductions_in_tile_and_across_tiles(dims, kind, fmt):
    """sum (keep_dim): the in-tile kind and the across-tile loop from the iterator types; the
    f32 partial sum rounded once. f32 against the float64 sum, bf16 against torch's f32
    accumulation rounded once (within one bf16 ulp: the order of the sum differs)."""
    shape = (3, 2, 70, 100)
    out_shape = tuple(1 if d in dims else s for d, s in enumerate(shape))
    dim_arg = ", ".join(f"{d} : i32" for d in dims)
    text = (f"func.func @f(%x: {ty(shape, fmt)}) -> {ty(out_shape, fmt)} {{\n"
            f"  %0 = \"ttir.sum\"(%x) {{dim_arg = [{dim_arg}], keep_dim = true}} : ({ty(shape, fmt)}) -> "
            f"{ty(out_shape, fmt)}\n  return %0 : {ty(out_shape, fmt)}\n}}\n")
    spec = lower(text)
    assert spec.kernels.reduce and spec.kernels.outputs[0].operand.access.bcast == kind
    tiles = [3, 2, 3, 4]  # (3, 2, 70, 100) in tiles: every reduced tile is summed by one unit
    assert spec.schedule.inner == int(np.prod([tiles[d] for d in dims]))
    assert spec.schedule.units == int(np.prod([t for d, t in enumerate(tiles) if d not in dims]))
    got, (x,) = run(text, [randn(shape, 3)], [(fmt, "tile")], (fmt, "tile"))
    exact = torch.from_numpy(x).double().sum(dim=dims, keepdim=True)
    if fmt == "f32":
        assert np.allclose(got, exact.numpy(), rtol=1e-5, atol=1e-4)
    else:
        want = exact.float().to(torch.bfloat16).float().numpy()
        assert np.all(np.abs(got - want) <= 2.0 ** -7 * np.abs(want) + 1e-6)


def test_sum_without_keep_dim_over_leading_dims():
    shape = (4, 3, 33, 64)
    text = (f"func.func @f(%x: {ty(shape)}) -> {ty((33, 64))} {{\n"
            f"  %0 = \"ttir.sum\"(%x) {{dim_arg = [0 : i32, 1 : i32], keep_dim = false}} : ({ty(shape)}) -> "
            f"{ty((33, 64))}\n  return %0 : {ty((33, 64))}\n}}\n")
    got, (x,) = run(text, [randn(shape, 4)], [("bf16", "tile")], ("bf16", "tile"))
    want = torch.from_numpy(x).double().sum(dim=(0, 1)).float().to(torch.bfloat16).float().numpy()
    assert np.all(np.abs(got - want) <= 2.0 ** -7 * np.abs(want) + 1e-6)


@pytest.mark.parametrize("value", [2.5, -3.0e-3, float("inf")])
def test_runtime_scalar(value):
    """A rank-0 tensor.from_elements of an f32 argument: the compute kernel's runtime scalar."""
    t = ty((64, 96), "f32")
    text = (f"func.func @f(%x: {t}, %s: f32) -> {t} {{\n  %t = tensor.from_elements %s : tensor<f32>\n"
            f"  %0 = \"ttir.multiply\"(%x, %t) : ({t}, tensor<f32>) -> {t}\n  return %0 : {t}\n}}\n")
    spec = lower(text)
    assert spec.scalar == codegen.ScalarArgument(1) and spec.kernels.scalar
    got, (x,) = run(text, [randn((64, 96), 5)], [("f32", "tile")], ("f32", "tile"), scalar=value)
    assert np.array_equal(got, (torch.from_numpy(x) * torch.tensor(value, dtype=torch.float32)).numpy())


def test_sizes_are_runtime_args():
    """One compiled kernel serves every shape of one structure."""
    small = lower(binary("multiply", (2, 64, 64), (2, 64, 1), ("bf16", "bf16"), "bf16")[0])
    large = lower(binary("multiply", (5, 320, 96), (5, 320, 1), ("bf16", "bf16"), "bf16")[0])
    assert small.kernels == large.kernels and small.schedule != large.schedule
