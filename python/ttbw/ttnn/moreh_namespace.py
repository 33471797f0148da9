"""`ttnn.operations.moreh.<name>`: the older spelling of the moreh ops (`ttnn.moreh_<name>`)."""
from types import SimpleNamespace

from . import matmul_ops, norm_ops, reduction_ops, softmax_ops

operations = SimpleNamespace(moreh=SimpleNamespace(
    moreh_matmul_backward=matmul_ops.moreh_matmul_backward,
    moreh_linear_backward=matmul_ops.moreh_linear_backward,
    moreh_bmm_backward=matmul_ops.moreh_bmm_backward,
    moreh_sum_backward=reduction_ops.moreh_sum_backward,
    moreh_mean_backward=reduction_ops.moreh_mean_backward,
    moreh_softmax_backward=softmax_ops.moreh_softmax_backward,
    moreh_softmin_backward=softmax_ops.moreh_softmin_backward,
    moreh_logsoftmax_backward=softmax_ops.moreh_logsoftmax_backward,
    moreh_layer_norm_backward=norm_ops.moreh_layer_norm_backward,
))
