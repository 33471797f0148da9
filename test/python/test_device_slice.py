"""ttir.slice_static on the device: a tensor.extract_slice each program reading it reads its
window of the sliced buffer through (codegen/window.py). Bit-exact against numpy's slicing (a
slice moves values), TILE and ROW_MAJOR, bf16 and f32, returned as it is, fused into the
elementwise op reading it, two windows of one buffer in one program, a broadcast row of a
buffer; windows the reader cannot walk are refused naming the input."""
import ml_dtypes
import numpy as np
import pytest

from ttbw.driver.compiler import compile as compile_ir, run_on_device

DTYPES = {"bf16": ml_dtypes.bfloat16, "f32": np.float32}


def _type(shape, dt, layout):
    return f'tensor<{"x".join(map(str, shape))}x{dt}, #ttir.layout<"{dt}", "{layout}">>'


def _slice(value, source, result, begins, ends, steps):
    attrs = ", ".join(f"{name} = [{', '.join(f'{v} : i32' for v in vals)}]"
                      for name, vals in (("begins", begins), ("ends", ends), ("step", steps)))
    return f'"ttir.slice_static"({value}) <{{{attrs}}}> : ({source}) -> ({result})'


def _window(begins, ends, steps):
    return tuple(slice(b, e, s) for b, e, s in zip(begins, ends, steps))


def _values(shape, dt, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(DTYPES[dt]).astype(np.float32)


CASES = [  # shape, begins, ends, steps
    ((4, 64, 96), (1, 32, 64), (4, 64, 96), (2, 1, 1)),  # batch step, whole-tile row / column offsets
    ((3, 50, 70), (2, 0, 0), (3, 50, 70), (1, 1, 1)),  # a batch of a padded tensor
    ((2, 64, 64), (0, 0, 0), (2, 30, 64), (1, 1, 1)),  # a prefix of rows inside a tile
    ((2, 64, 64), (0, 32, 0), (2, 33, 64), (1, 1, 1)),  # one row
    ((5, 2, 40, 64), (1, 1, 0, 32), (5, 2, 40, 64), (3, 1, 1, 1)),  # rank 4
    ((96,), (32,), (96,), (1,)),  # rank 1
]
RM_CASES = [
    ((1, 1, 157, 32), (0, 0, 125, 0), (1, 1, 157, 32), (1, 1, 1, 1)),  # concat_bw's rows 125..
    ((1, 1, 64, 96), (0, 0, 0, 80), (1, 1, 64, 96), (1, 1, 1, 1)),  # columns from 80
    ((3, 45, 64), (1, 7, 16), (3, 40, 64), (1, 1, 1)),  # rows and columns inside tiles
]


@pytest.mark.parametrize("dt", ["bf16", "f32"])
@pytest.mark.parametrize("case", CASES + [(c, "row_major") for c in RM_CASES], ids=str)
def test_returned_slice_is_numpy_slicing(case, dt):
    (shape, begins, ends, steps), layout = case if isinstance(case[1], str) else (case, "tile")
    x = _values(shape, dt)
    want = x[_window(begins, ends, steps)]
    src, out = _type(shape, dt, layout), _type(want.shape, dt, layout)
    text = (f"func.func @f(%x: {src}) -> {out} {{\n  %0 = {_slice('%x', src, out, begins, ends, steps)}\n"
            f"  return %0 : {out}\n}}")
    (got,), _ = run_on_device(text, [x])
    assert np.array_equal(np.asarray(got, np.float32), want)


@pytest.mark.parametrize("layout", ["tile", "row_major"])
def test_two_windows_of_one_buffer_in_one_program(layout):
    """concat_bw's form: grad's two halves, each computed on (here: times another input): two
    inputs of one buffer in one program (siblings over one iteration space)."""
    shape, half, dt = (1, 2, 64, 128), (1, 2, 64, 64), "bf16"
    g, a, b = _values(shape, dt, 1), _values(half, dt, 2), _values(half, dt, 3)
    tg, th = _type(shape, dt, layout), _type(half, dt, layout)
    text = f"""func.func @f(%g: {tg}, %a: {th}, %b: {th}) -> ({th}, {th}) {{
  %0 = {_slice('%g', tg, th, (0, 0, 0, 0), (1, 2, 64, 64), (1, 1, 1, 1))}
  %1 = {_slice('%g', tg, th, (0, 0, 0, 64), (1, 2, 64, 128), (1, 1, 1, 1))}
  %2 = "ttir.multiply"(%0, %a) : ({th}, {th}) -> {th}
  %3 = "ttir.multiply"(%1, %b) : ({th}, {th}) -> {th}
  return %2, %3 : {th}, {th}
}}"""
    (launch,) = compile_ir(text).programs.values()
    assert launch.buffers == ("arg0", "arg1", "arg0", "arg2", "result0", "result1")  # grad read twice
    (ga, gb), _ = run_on_device(text, [g, a, b])
    bf = lambda v: v.astype(ml_dtypes.bfloat16).astype(np.float32)  # noqa: E731
    assert np.array_equal(np.asarray(ga, np.float32), bf(g[..., :64] * a))
    assert np.array_equal(np.asarray(gb, np.float32), bf(g[..., 64:] * b))


@pytest.mark.parametrize("dim", [1, 2, 3])
def test_a_broadcast_slice_of_a_buffer(dim):
    """prod_bw's older grad form: index 0 of grad along a dim (grad input-shaped) times x."""
    shape, dt = (2, 3, 64, 96), "f32"
    g, x = _values(shape, dt, 4), _values(shape, dt, 5)
    part = list(shape)
    part[dim] = 1
    t, tp = _type(shape, dt, "tile"), _type(part, dt, "tile")
    ends = list(shape)
    ends[dim] = 1
    text = f"""func.func @f(%g: {t}, %x: {t}) -> {t} {{
  %0 = {_slice('%g', t, tp, (0, 0, 0, 0), ends, (1, 1, 1, 1))}
  %1 = "ttir.multiply"(%0, %x) : ({tp}, {t}) -> {t}
  return %1 : {t}
}}"""
    (got,), _ = run_on_device(text, [g, x])
    assert np.array_equal(np.asarray(got, np.float32), (g[_window((0,) * 4, ends, (1,) * 4)] * x))


@pytest.mark.parametrize("layout, begins, message", [
    ("tile", (0, 5, 0), "TILE slice from row 5"),
    ("tile", (0, 0, 16), "TILE slice from column 16"),
    ("row_major", (0, 0, 8), "ROW_MAJOR slice from column 8"),
])
def test_unwalkable_windows_are_refused(layout, begins, message):
    shape, dt = (2, 64, 64), "bf16"
    out_shape = [s - b for s, b in zip(shape, begins)]
    src, out = _type(shape, dt, layout), _type(out_shape, dt, layout)
    text = (f"func.func @f(%x: {src}) -> {out} {{\n  %0 = {_slice('%x', src, out, begins, shape, (1, 1, 1))}\n"
            f"  return %0 : {out}\n}}")
    with pytest.raises(ValueError, match=message):
        compile_ir(text)
