"""convert-ttir-to-ttkernel on decomposed TTIR: a function that is the decomposition of a
ttir.mul_bw is lowered to exactly the program of that mul_bw (the pass decomposes a mul_bw
first: same kernels, same host program but for the function's own signature), over every
mul_bw the lit tests lower."""
from pathlib import Path

import pytest

from ttbw.driver.compiler import run_pipeline
from ttbw.driver.source import split_source

ROOT = Path(__file__).resolve().parents[2]
LOWER = "builtin.module(convert-ttir-to-ttkernel{grid=4x2})"


def _cases():
    for path in sorted((ROOT / "test/Conversion/TTIRToTTKernel").glob("*.mlir")):
        if "negative" in path.name or "composite" in path.name:
            continue
        for _, chunk in split_source(path.read_text(), True):
            if '"ttir.mul_bw"(' in chunk:
                name = next(line for line in chunk.splitlines()
                            if line.startswith("func.func @"))[len("func.func @"):].split("(", 1)[0]
                yield pytest.param(chunk, id=f"{path.stem}:{name}")


def _programs(text: str) -> dict:
    """Program name -> (its host program as the executor reads it, kernels text, the host
    function's argument and result types)."""
    from ttbw.execution.ttmetal_reader import read
    from ttbw.ttmlir.module import Module

    module = Module.parse(text, "<lowered>")
    try:
        kernels = {op.attributes["sym_name"]: op.asm() for op in module.body() if op.name == "builtin.module"}
        hosts = read(module)
    finally:
        module.close()
    out = {}
    for host in hosts:
        for name, description in host.programs:
            out[name] = (description, kernels[name], (host.arguments, host.result_types))
    return out


@pytest.mark.parametrize("chunk", list(_cases()))
def test_decomposed_function_lowers_to_the_ops_fused_program(chunk):
    direct = _programs(run_pipeline(chunk, LOWER)[-1][1])
    decomposed = run_pipeline(chunk)[-1][1]
    via = _programs(run_pipeline(decomposed, LOWER)[-1][1])
    assert direct.keys() == via.keys()
    for name, (description, kernels, _) in direct.items():
        got, got_kernels, function = via[name]
        assert got == description
        assert got_kernels == kernels
        assert function == _signature(decomposed, name.removesuffix("_program"))


def _signature(text: str, name: str) -> tuple:
    from mlir import ir

    from ttbw.dialect import make_context
    from ttbw.lowering.host_ir import host_memref

    module = ir.Module.parse(text, make_context())
    func = next(op.operation for op in module.body.operations
                if op.operation.attributes["sym_name"].value == name)
    function_type = ir.FunctionType(func.attributes["function_type"].value)
    return ([host_memref(str(t)) for t in function_type.inputs], [host_memref(str(t)) for t in function_type.results])
