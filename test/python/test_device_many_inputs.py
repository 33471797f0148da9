"""A program of more than eight input tensors: inputs 0..7 take CBs 0..7, the others pool CBs
(codegen/cbs.input_cbs) beside the outputs', the read-back's and the rounding hops'. One program
each, against torch on the same inputs: an f32 chain of adds bit for bit (each add rounded
once, in torch's order), a chain read back over its rows within 4 ulp of sum |terms|."""
import numpy as np
import pytest
import torch
from backward_checks import ulp

from ttbw.driver.compiler import run_on_device
from ttbw.lowering.codegen.cbs import DIRECT_INPUTS

SHAPE = (40, 70)   # edge tiles: the padding must not enter the row sums


def chain(count: int, read_back: bool) -> str:
    t = f"tensor<{SHAPE[0]}x{SHAPE[1]}xf32>"
    args = ", ".join(f"%a{i}: {t}" for i in range(count))
    lines = [f'    %s1 = "ttir.add"(%a0, %a1) : ({t}, {t}) -> {t}']
    lines += [f'    %s{i} = "ttir.add"(%s{i - 1}, %a{i}) : ({t}, {t}) -> {t}' for i in range(2, count)]
    last = f"%s{count - 1}"
    if read_back:
        row = f"tensor<{SHAPE[0]}x1xf32>"
        lines.append(f'    %r = "ttir.sum"({last}) <{{dim_arg = [1 : i32], keep_dim = true}}> : ({t}) -> {row}')
        lines.append(f'    %out = "ttir.subtract"({last}, %r) : ({t}, {row}) -> {t}')
        last = "%out"
    body = "\n".join(lines)
    return f"func.func @many({args}) -> {t} {{\n{body}\n    return {last} : {t}\n}}\n"


def _inputs(count: int):
    gen = torch.Generator().manual_seed(count)
    return [torch.randn(SHAPE, generator=gen) * (i + 1) for i in range(count)]


@pytest.mark.parametrize("count", [DIRECT_INPUTS + 1, 12])
def test_a_chain_of_adds_over_more_than_eight_inputs_is_one_program(count):
    inputs = _inputs(count)
    (got,), stats = run_on_device(chain(count, False), [t.numpy() for t in inputs])
    assert stats.programs_launched == 1
    want = inputs[0]
    for t in inputs[1:]:
        want = want + t
    np.testing.assert_array_equal(got, want.numpy())


def test_a_read_back_over_many_inputs_is_one_program():
    count = 11
    inputs = _inputs(count)
    (got,), stats = run_on_device(chain(count, True), [t.numpy() for t in inputs])
    assert stats.programs_launched == 1
    total = sum(t.double() for t in inputs)
    want = total - total.sum(1, keepdim=True)
    scale = total.abs() + sum(t.double().abs() for t in inputs).sum(1, keepdim=True)
    error = (torch.from_numpy(got).double() - want).abs()
    assert torch.all(error <= 4 * ulp(scale, torch.float32))
