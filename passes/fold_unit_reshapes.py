"""ttbw-fold-unit-reshapes: after a round of upstream fusion, a generic reading another's result
through reshapes that only add or drop unit dims (a keep_dim sum reshaped to rank 0, then cast)
reads it directly, the reshapes folded into its indexing map (`ttbw.lowering.fusion`), and the
elementwise generics read by several generics are duplicated again, so the next round of
`linalg-fuse-elementwise-ops` fuses across what the reshapes kept apart.
"""
from __future__ import annotations

from ttbw.lowering.fusion import fold_unit_reshapes, one_producer_per_use

from .program_functions import host_functions


def run(module, options) -> None:
    with module.context:
        for func in host_functions(module):
            if fold_unit_reshapes(func):
                one_producer_per_use(func)
