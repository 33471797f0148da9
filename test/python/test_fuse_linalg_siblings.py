"""linalg-fuse-siblings on the linalg IR of mul_bw decompositions: semantics bit for bit as
the unfused IR (both run by the CPU path), and the two gradients' generics merged into one
that reads grad once."""
import random

import ml_dtypes
import numpy as np
import pytest

from ttbw.compilation import decompose
from ttbw.dialect import make_context
from ttbw.passes import convert_ttir_to_linalg
from ttbw.runtime.cpu import fuse, run_cpu

DTYPES = {"bf16": ml_dtypes.bfloat16, "f32": np.float32}


def signature(seed):
    rng = random.Random(seed)
    rank = rng.randint(1, 4)
    shape = [rng.choice([1, 2, 3, 5, 33]) for _ in range(rank)]
    a, b = list(shape), list(shape)
    for target in rng.sample([a, b], rng.randint(0, 2)):
        for d in range(rank):
            if rng.random() < 0.5:
                target[d] = 1
    g = [max(x, y) for x, y in zip(a, b)]
    dtypes = [rng.choice(list(DTYPES)) for _ in range(3)]
    return g, a, b, dtypes


def mul_bw_ir(g, a, b, dtypes):
    t = lambda s, d: f"tensor<{'x'.join(map(str, s))}{'x' if s else ''}{d}>"  # noqa: E731
    tg, ta, tb = t(g, dtypes[0]), t(a, dtypes[1]), t(b, dtypes[2])
    return (f"func.func @f(%g: {tg}, %a: {ta}, %b: {tb}) -> ({ta}, {tb}) {{\n"
            f"  %0:2 = \"ttir.mul_bw\"(%g, %a, %b) {{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, "
            f"resultSegmentSizes = array<i32: 1, 1>}} : ({tg}, {ta}, {tb}) -> ({ta}, {tb})\n"
            f"  return %0#0, %0#1 : {ta}, {tb}\n}}\n")


@pytest.mark.parametrize("seed", range(24))
def test_fused_linalg_computes_the_same_bits(seed):
    g, a, b, dtypes = signature(seed)
    ir = decompose(mul_bw_ir(g, a, b, dtypes))
    rng = np.random.default_rng(seed)
    inputs = [rng.standard_normal(s).astype(np.float32).astype(DTYPES[d]) for s, d in zip((g, a, b), dtypes)]
    plain = run_cpu(ir, "f", inputs)
    fused = run_cpu(ir, "f", inputs, fuse_linalg=True)
    for x, y in zip(plain, fused):
        assert x.dtype == y.dtype and np.array_equal(x.view(np.uint8), y.view(np.uint8))


def generics_reading(module, value_index: int) -> list:
    from mlir import ir  # noqa: F401

    function = module.body.operations[0]
    arg = function.regions[0].blocks[0].arguments[value_index]
    return [use.owner for use in arg.uses if use.owner.name == "linalg.generic"]


@pytest.mark.parametrize("a, b", [((3, 40, 70), (3, 40, 70)), ((3, 40, 1), (1, 40, 70)), ((1, 40, 70), (3, 40, 70))])
def test_both_gradients_become_one_generic_reading_grad_once(a, b):
    from mlir import ir

    g = [max(x, y) for x, y in zip(a, b)]
    module = ir.Module.parse(decompose(mul_bw_ir(g, a, b, ["bf16"] * 3)), make_context())
    convert_ttir_to_linalg.run(module, {})
    assert len(generics_reading(module, 0)) == 2
    fuse(module)
    (merged,) = generics_reading(module, 0)
    assert len(merged.results) == 2 and len(merged.operands) == 5  # grad, b, a; two accumulators
