"""ttbw-split-contraction-prologues: after fusion, an elementwise prologue upstream fused into a
matrix product's operand becomes an elementwise generic of its own again, which the contraction
reads (`ttbw.lowering.contraction_prologue`): the contraction codegen reads its operands' tiles
as stored.
"""
from __future__ import annotations

from ttbw.lowering.contraction_prologue import split_prologues

from .program_functions import host_functions


def run(module, options) -> None:
    with module.context:
        for func in host_functions(module):
            split_prologues(func)
