"""convert-ttir-to-ttkernel on decomposed TTIR: a function that is the decomposition of a
ttir.mul_bw is lowered to exactly the program of that mul_bw (the pass decomposes a mul_bw
first: same kernels, same host description but for `op`, which names the mul_bw only when the
pass saw it), over every mul_bw the lit tests lower."""
import json
from pathlib import Path

import pytest

from ttbw.compilation import run_pipeline
from ttbw.source import split_source

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
    """Nested module name -> (description without 'function', kernels text)."""
    from mlir import ir

    from ttbw.dialect import make_context

    context = make_context()
    context.allow_unregistered_dialects = True
    out = {}
    for op in ir.Module.parse(text, context).body.operations:
        op = op.operation
        description = json.loads(op.attributes["ttbw.program"].value)
        function = description.pop("function")
        body = "\n".join(str(k) for k in op.regions[0].blocks[0].operations)
        out[op.attributes["sym_name"].value] = (description, body, function)
    return out


@pytest.mark.parametrize("chunk", list(_cases()))
def test_decomposed_function_lowers_to_the_ops_fused_program(chunk):
    direct = _programs(run_pipeline(chunk, LOWER)[-1][1])
    decomposed = run_pipeline(chunk)[-1][1]
    via = _programs(run_pipeline(decomposed, LOWER)[-1][1])
    assert direct.keys() == via.keys()
    for name, (description, kernels, _) in direct.items():
        got, got_kernels, function = via[name]
        assert description.pop("op") == "ttir.mul_bw" and got.pop("op") is None
        assert got == description
        assert got_kernels == kernels
        assert function == _signature(decomposed, name)


def _signature(text: str, name: str) -> dict:
    from mlir import ir

    from ttbw.dialect import make_context

    module = ir.Module.parse(text, make_context())
    func = next(op.operation for op in module.body.operations
                if op.operation.attributes["sym_name"].value == name)
    function_type = ir.FunctionType(func.attributes["function_type"].value)
    return {"name": name, "arguments": [str(t) for t in function_type.inputs],
            "results": [str(t) for t in function_type.results]}
