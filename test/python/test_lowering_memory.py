"""The lowering frees what it builds: no MLIR context outlives the compile that made it (each
held ~2 MB; a type-keyed cache once kept all of them alive)."""
import gc

import torch

import ttbw
from ttbw.ttnn.backward_call import binary_call
from ttbw.driver.compiler import decompose


def live_contexts() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o).__name__ == "Context" and type(o).__module__.startswith("mlir"))


def function(width: int) -> str:
    t = ttbw.from_torch(torch.zeros((1, 1, 32, width), dtype=torch.bfloat16), layout=ttbw.TILE_LAYOUT)
    return binary_call("mul_bw", t, t, t, (True, True), None, None, None).ir()


def test_decomposition_keeps_no_context_alive():
    decompose(function(32))
    before = live_contexts()
    for i in range(2, 7):
        decompose(function(32 * i))
    assert live_contexts() == before


def test_lowering_to_tensix_keeps_no_context_alive():
    ttbw.compile(function(32))
    before = live_contexts()
    for i in range(2, 5):
        ttbw.compile(function(32 * i))
    assert live_contexts() == before
