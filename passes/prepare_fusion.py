"""ttbw-prepare-fusion: device linalg made ready for upstream's producer -> consumer fusion
(`linalg-fuse-elementwise-ops`, which the ttbw-fuse-programs pipeline runs next): per function,
sums over unit dims made elementwise, layout-only copies read through (a ROW_MAJOR f32 input's
typecast to TILE), and each elementwise generic duplicated per generic reader
(`ttbw.lowering.fusion`; a DAG whose tree is exponential in its depth copied once per result); a sum
over a contraction's batch dims folded into the contraction (`ttbw.lowering.contraction_fusion`).
"""
from __future__ import annotations

from ttbw.lowering.contraction_fusion import sums_into_contractions
from ttbw.lowering.fusion import elementwise_unit_sums, layout_copies_read_through, one_producer_per_use

from .program_functions import host_functions


def run(module, options) -> None:
    with module.context:
        for func in host_functions(module):
            sums_into_contractions(func)
            elementwise_unit_sums(func)
            layout_copies_read_through(func)
            one_producer_per_use(func)
