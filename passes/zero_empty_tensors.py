"""ttbw-zero-empty-tensors: tensors with no elements in device linalg, before fusion.

A returned value with no elements becomes a `tensor.empty` (no program computes it; the host
function allocates it and returns it as it is), and a reduction over an empty dim whose result
has elements becomes a generic of no inputs yielding its zero (torch's sum over an empty dim is
0: `ttbw.lowering.empty`), so no program reads an empty tensor.
"""
from __future__ import annotations

from ttbw.lowering.empty import empty_results_as_empty_tensors, zero_empty_reductions

from .program_functions import host_functions


def run(module, options) -> None:
    with module.context:
        for func in host_functions(module):
            empty_results_as_empty_tensors(func)
            zero_empty_reductions(func)
