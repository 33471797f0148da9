"""Fusion of device linalg (`--convert-ttir-to-linalg="target=device"`) into programs.

Producer -> consumer: upstream `linalg-fuse-elementwise-ops` (MLIR's own pass, through the
bindings' pass manager), then `canonicalize` and `cse`: an elementwise generic feeding another
generic (a multiply feeding a sum, a typecast feeding a multiply) becomes part of its
consumer's region, its rounding an explicit `truncf` there (the codegen's rounding hop).
Sibling / multi-output: the generics left compute the function's results over one iteration
space; the codegen lowers such a function as one program with one output per result, every
input read once (`codegen.read_function`). So a mul_bw's two gradients, sum_to(grad * b) and
grad * bcast(a), are one program that reads grad once.
"""
from __future__ import annotations

PRODUCER_CONSUMER = "builtin.module(func.func(linalg-fuse-elementwise-ops),canonicalize,cse)"


def fuse(module) -> None:
    """Producer -> consumer fusion of the module's generics, in place."""
    from mlir import passmanager

    with module.context:
        passmanager.PassManager.parse(PRODUCER_CONSUMER).run(module.operation)


def fused_program(ttir_text: str):
    """The codegen's one program (`codegen.ProgramSpec`) of the single function of TTIR in
    `ttir_text`, fused (UnsupportedError when it is not one program)."""
    from ttbw.dialect import make_context
    from ttbw.dialect.verifier import walk_ops
    from ttbw.passes import convert_ttir_to_linalg
    from ttbw.source import parse_module

    from . import codegen

    with make_context() as context:
        module = parse_module(ttir_text, "<fuse>", context)
        convert_ttir_to_linalg.run(module, {"target": "device"})
        fuse(module)
        funcs = [op for op in walk_ops(module.operation) if op.name == "func.func"]
        return codegen.read_function(funcs[0])
