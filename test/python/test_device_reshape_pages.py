"""Reshapes on the device that keep TILE pages: rows move between the batch dims and the row dim
when both row dims are whole tiles ([2, 32, 64] is [64, 64] page for page), or the batch dims
regroup over one row dim; such a reshape is a view (no program moves data), against torch on the
same inputs. A reshape that would move data between pages stays refused."""
import numpy as np
import pytest
import torch

from math_golden import BF16, to_torch, tt
from ttbw.driver.compiler import run_on_device
from ttbw.lowering.codegen.schedule import same_pages

RNG = np.random.default_rng(8)


@pytest.mark.parametrize("s1,s2,same", [((2, 32, 64), (64, 64), True), ((2, 3, 40, 64), (6, 40, 64), True),
                                        ((2, 40, 64), (80, 64), False), ((64, 64), (32, 128), False),
                                        ((4, 32, 64), (2, 64, 64), True), ((2, 3, 7, 5), (3, 2, 7, 5), True), ((2, 3, 5), (3, 2, 5), False)])
def test_same_pages(s1, s2, same):
    assert same_pages(s1, s2) is same and same_pages(s2, s1) is same


def test_reshape_between_programs():
    """neg, a [2, 32, 64] -> [64, 64] view, a matmul reading it, the view returned too."""
    x = RNG.standard_normal((2, 32, 64)).astype(np.float32).astype(BF16)
    w = RNG.standard_normal((64, 48)).astype(np.float32).astype(BF16)
    ir = (f"func.func @f(%x: {tt((2, 32, 64), 'bf16')}, %w: {tt((64, 48), 'bf16')}) -> "
          f"({tt((64, 64), 'bf16')}, {tt((64, 48), 'bf16')}) {{\n"
          f'  %0 = "ttir.neg"(%x) : ({tt((2, 32, 64), "bf16")}) -> {tt((2, 32, 64), "bf16")}\n'
          f'  %1 = "ttir.reshape"(%0) <{{shape = [64 : i32, 64 : i32]}}> : ({tt((2, 32, 64), "bf16")}) -> '
          f'{tt((64, 64), "bf16")}\n'
          f'  %2 = "ttir.matmul"(%1, %w) : ({tt((64, 64), "bf16")}, {tt((64, 48), "bf16")}) -> {tt((64, 48), "bf16")}\n'
          f"  return %1, %2 : {tt((64, 64), 'bf16')}, {tt((64, 48), 'bf16')}\n}}")
    (view, product), stats = run_on_device(ir, [x, w])
    assert len(stats.programs) == 2
    want_view = -to_torch(x).reshape(64, 64)
    np.testing.assert_array_equal(np.asarray(view, np.float32), want_view.float().numpy())
    want = (want_view.double() @ to_torch(w).double()).to(torch.bfloat16).float().numpy()
    got = np.asarray(product, np.float32)
    terms = (want_view.double().abs() @ to_torch(w).double().abs()).numpy()
    assert np.all(np.abs(got - want) <= 2 * 2.0 ** -7 * np.maximum(np.abs(want), terms))  # 2 ulp of the scale


def test_a_value_and_its_view_both_returned():
    """neg returned as it is and as a [64, 64] view: one buffer read into each result's shape
    (found by test/fuzz: tt-mlir refused the host function, which returned the first read twice)."""
    x = RNG.standard_normal((2, 32, 64)).astype(np.float32).astype(BF16)
    ir = (f"func.func @f(%x: {tt((2, 32, 64), 'bf16')}) -> ({tt((2, 32, 64), 'bf16')}, {tt((64, 64), 'bf16')}) {{\n"
          f'  %0 = "ttir.neg"(%x) : ({tt((2, 32, 64), "bf16")}) -> {tt((2, 32, 64), "bf16")}\n'
          f'  %1 = "ttir.reshape"(%0) <{{shape = [64 : i32, 64 : i32]}}> : ({tt((2, 32, 64), "bf16")}) -> '
          f'{tt((64, 64), "bf16")}\n'
          f"  return %0, %1 : {tt((2, 32, 64), 'bf16')}, {tt((64, 64), 'bf16')}\n}}\n")
    (value, view), stats = run_on_device(ir, [x])
    assert stats.programs_launched == 1
    assert value.shape == (2, 32, 64) and view.shape == (64, 64)
    np.testing.assert_array_equal(value, -x)
    np.testing.assert_array_equal(view, (-x).reshape(64, 64))
