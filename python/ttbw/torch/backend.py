"""The dynamo backend `ttbw`: `torch.compile(model, backend="ttbw")` (registered through the
`torch_dynamo_backends` entry point in pyproject.toml).

aot_autograd splits a training graph into its forward and backward aten graphs; both are
compiled the same way (`CompiledGraph`: regions on ttbw, the rest in torch). No decompositions:
gelu_backward, silu_backward, threshold_backward, the softmax / norm backward stay one aten op
each, which the importer writes as ttbw's own backward op (one derivative rule, fused with its
neighbours) instead of a dozen primitives. The forward goes the same way so that one path is
tested; today most of it (addmm, softmax, the loss) runs in torch.
"""
from __future__ import annotations

import itertools

_COUNTERS = {"forward": itertools.count(), "backward": itertools.count(), "inference": itertools.count()}


def _compiler(kind: str):
    def compile_graph(module, example_inputs):
        from functorch.compile import make_boxed_func

        from .graph import CompiledGraph
        from .report import register

        graph = CompiledGraph(module, f"{kind} {next(_COUNTERS[kind])}")
        register(graph)
        return make_boxed_func(graph)
    return compile_graph


def ttbw_backend(module, example_inputs, **options):
    """A dynamo backend: (GraphModule, example inputs) -> the compiled callable."""
    from torch._dynamo.backends.common import aot_autograd

    backend = aot_autograd(fw_compiler=_compiler("forward"), bw_compiler=_compiler("backward"),
                           inference_compiler=_compiler("inference"), **options)
    return backend(module, example_inputs)
