"""ttbw's passes in a user's own MLIR PassManager next to upstream passes (threading on), and
ttbw.compile taking an ir.Module."""
import subprocess
import sys
from pathlib import Path

import pytest
from mlir import ir
from mlir.passmanager import PassManager

import ttbw
from ttbw.dialect import make_context
from ttbw.passes import add_to_pass_manager

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TOOLS = Path(sys.executable).parent


def ttbw_opt(pipeline: str, path: Path) -> str:
    return subprocess.run([str(TOOLS / "ttbw-opt"), f"--pass-pipeline={pipeline}", str(path)],
                          capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("pipeline", [
    "builtin.module(ttir-backward-decomposition-pipeline,cse,func.func(canonicalize))",
    "builtin.module(ttir-backward-decomposition-pipeline,convert-ttir-to-linalg{target=device},"
    "func.func(linalg-fuse-elementwise-ops),cse)",
])
def test_mixed_pipeline_in_own_pass_manager_matches_ttbw_opt(pipeline):
    context = make_context()
    path = EXAMPLES / "mul_bw_broadcast.mlir"
    module = ir.Module.parse(path.read_text(), context)
    pm = PassManager("builtin.module", context)
    add_to_pass_manager(pm, pipeline, context)
    pm.run(module.operation)
    assert str(module) == ttbw_opt(pipeline, path)


def test_failures_are_mlir_errors_with_ttbw_diagnostics():
    context = make_context()
    module = ir.Module.parse(
        "func.func @f(%x: tensor<4xbf16>) -> tensor<4xf32> {\n"
        "  %0 = builtin.unrealized_conversion_cast %x : tensor<4xbf16> to tensor<4xf32>\n"
        "  return %0 : tensor<4xf32>\n}\n", context)
    pm = PassManager("builtin.module", context)
    add_to_pass_manager(pm, "builtin.module(convert-ttir-to-linalg)", context)
    with pytest.raises(ir.MLIRError, match="unrealized_conversion_cast cannot be executed on the CPU path"):
        pm.run(module.operation)


def test_unknown_pass_is_a_value_error():
    context = make_context()
    with pytest.raises(ValueError, match="'no-such-pass' does not refer to a registered pass"):
        add_to_pass_manager(PassManager("builtin.module", context), "builtin.module(no-such-pass)", context)


@pytest.mark.parametrize("pipeline", ["builtin.module(ttir-to-tensix-pipeline)",
                                      "builtin.module(cse,convert-linalg-to-ttkernel)",
                                      "builtin.module(convert-ttkernel-to-emitc)"])
def test_lowering_cannot_join_a_bindings_pass_manager(pipeline):
    """The lowering's output lives in tt-mlir's context, which a PassManager of the bindings
    cannot hand on: refused up front, with what to use instead."""
    context = make_context()
    with pytest.raises(ValueError, match="its output lives in tt-mlir's own context.*ttbw.compile"):
        add_to_pass_manager(PassManager("builtin.module", context), pipeline, context)


def test_lowering_hands_on_a_ttmlir_module_and_never_changes_the_context():
    from ttbw.passes import convert_linalg_to_ttkernel
    from ttbw.ttmlir.module import Module

    context = make_context()
    module = ir.Module.parse((EXAMPLES / "mul_bw_scalar.mlir").read_text(), context)
    pm = PassManager("builtin.module", context)
    add_to_pass_manager(pm, "builtin.module(ttir-backward-decomposition-pipeline,convert-ttir-to-linalg{target=device},"
                            "ttbw-fuse-programs)", context)
    pm.run(module.operation)
    lowered = convert_linalg_to_ttkernel.run(module, {})
    assert isinstance(lowered, Module) and lowered.verify() == []
    assert '"ttmetal.enqueue_program"' in lowered.get_asm() and not context.allow_unregistered_dialects


def test_passes_are_registered_on_import():
    code = "import ttbw.passes as p; print(len(p.PASSES), 'ttir-decompose-backward' in p.PASSES)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split()[1] == "True" and int(out.split()[0]) >= 5


def test_compile_takes_a_module():
    context = make_context()
    module = ir.Module.parse((EXAMPLES / "mul_bw_scalar.mlir").read_text(), context)
    before = str(module)
    compiled = ttbw.compile(module)
    assert str(module) == before and compiled.text == ttbw.compile(before).text
    with pytest.raises(TypeError, match="expected IR text or an mlir.ir.Module"):
        ttbw.compile(42)
