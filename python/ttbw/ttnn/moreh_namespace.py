"""`ttnn.operations.moreh.<name>`: the older spelling of the moreh ops (`ttnn.moreh_<name>`)."""
from types import SimpleNamespace

from . import matmul_ops

operations = SimpleNamespace(moreh=SimpleNamespace(
    moreh_matmul_backward=matmul_ops.moreh_matmul_backward,
    moreh_linear_backward=matmul_ops.moreh_linear_backward,
    moreh_bmm_backward=matmul_ops.moreh_bmm_backward,
))
