"""The stages after the lowering run in tt-mlir's context: a pass there that leaves invalid IR
is caught by the verifier after it (--verify-each) with MLIR's "see current operation" note, and
--mlir-print-ir-after-failure dumps the IR it left."""
import sys
import types

import pytest

from ttbw.driver.instrumentation import Instrumentation
from ttbw.driver.opt import Driver
from ttbw.passes.registry import PASSES, PassInfo, register_pass
from ttbw.ttmlir.capi import MlirStringRef

SOURCE = """
func.func @f(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %s = arith.constant 2.0 : f32
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, f32) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
"""


def _drop_cb_ports(module, options):
    """A broken pass: removes an attribute tt-mlir's enqueue_program requires."""
    for op in module.body():
        for inner in op.ops():
            if inner.name == "ttmetal.enqueue_program":
                module.lib.mlirOperationRemoveAttributeByName(inner.handle, MlirStringRef.of(b"cb_ports"))


@pytest.fixture
def broken_pass():
    sys.modules["ttbw_test_broken_pass"] = types.SimpleNamespace(run=_drop_cb_ports)
    register_pass(PassInfo("test-drop-cb-ports", "drops cb_ports", "ttbw_test_broken_pass", ttmlir_input=True))
    yield
    del PASSES["test-drop-cb-ports"], sys.modules["ttbw_test_broken_pass"]


def test_invalid_ir_after_a_pass_in_ttmlir_context_is_reported_with_the_op(broken_pass, capsys):
    trace = Instrumentation(after_failure=True)
    driver = Driver("in.mlir", instrumentation=trace)
    ok, outputs = driver.run(SOURCE, None, ["--ttir-to-tensix-pipeline", "--test-drop-cb-ports"], False)
    err = capsys.readouterr().err
    assert not ok and outputs == [None]
    assert "error: 'ttmetal.enqueue_program' op requires attribute 'cb_ports'" in err
    assert "note: see current operation: \"ttmetal.enqueue_program\"" in err
    assert "// -----// IR Dump After TestDropCbPorts Failed (test-drop-cb-ports) //----- //" in err


def test_the_lowered_module_reads_back_in_ttmlir_context_with_no_flag():
    driver = Driver("in.mlir")
    ok, [lowered] = driver.run(SOURCE, None, ["--ttir-to-tensix-pipeline"], False)
    assert ok and '"ttmetal.enqueue_program"' in lowered and "ttkernel.mul_binary_tile(" in lowered
    ok, [again] = Driver("lowered.mlir").run(lowered, None, [], False)
    assert ok and again == lowered
