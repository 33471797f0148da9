"""ttbw.compile: every stage's IR, the kernels' C++ and the host programs (TTMetal IR)."""
import pytest

import ttbw

IR = """
func.func @f(%g: tensor<1x1x64x64xbf16>, %a: tensor<1x1x64x64xbf16>, %b: tensor<1x1x1x64xbf16>) -> (tensor<1x1x64x64xbf16>, tensor<1x1x1x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x64x64xbf16>, tensor<1x1x64x64xbf16>, tensor<1x1x1x64xbf16>) -> (tensor<1x1x64x64xbf16>, tensor<1x1x1x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x64x64xbf16>, tensor<1x1x1x64xbf16>
}
"""


def test_compile_stages_kernels_and_program():
    out = ttbw.compile(IR, grid=(2, 1))
    names = [name for name, _ in out.stages]
    assert names[0] == "input" and names[1] == "ttir-decompose-backward"
    assert names[-3:] == ["ttbw-outline-programs", "convert-linalg-to-ttkernel", "convert-ttkernel-to-emitc"]
    assert "convert-ttir-to-linalg" in names and "ttbw-prepare-fusion" in names
    assert "ttir.mul_bw" in out.stages[0][1] and "ttir.multiply" in out.stage("cse")
    assert "linalg.generic" in out.stage("convert-ttir-to-linalg")
    assert "func.func private @f_program" in out.stage("ttbw-outline-programs")
    assert "func.func @f(" in out.ttkernel and "module @f_program" in out.ttkernel and '"ttir.' not in out.ttkernel
    assert "ttkernel.binary_dest_reuse_tiles(" in out.ttkernel and '"ttmetal.enqueue_program"' in out.ttkernel
    assert 'call_opaque "binary_dest_reuse_tiles"' in out.emitc and "ttkernel.binary_dest_reuse_tiles" not in out.emitc
    assert '"ttmetal.enqueue_program"' in out.emitc
    assert sorted(out.kernels_cpp) == ["compute", "reader", "writer"]
    assert all("void kernel_main()" in cpp for cpp in out.kernels_cpp.values())
    assert "reduce_tile" in out.kernels_cpp["compute"]
    p = out.program
    [function] = out.executable.functions.values()
    assert function.grid == (2, 1) and sorted(out.programs) == ["f_program"]
    assert sorted(p.buffers) == ["arg0", "arg1", "arg2", "result0", "result1"]
    assert [(u.buffer, u.arg) for u in function.host.uploads] == [("arg0", 0), ("arg1", 1), ("arg2", 2)]
    assert [r.buffer for r in function.host.results] == ["result0", "result1"]
    for k in p.kernels:  # every layout documented matches the args given to each core
        assert k.arg_names and all(len(c.args) == len(k.arg_names) for c in k.runtime_args)
    assert {cb.index for cb in p.circular_buffers} >= {0, 1, 2, 16, 17}


def test_compile_composite_one_program_per_ttir_op():
    out = ttbw.compile(IR, grid=(2, 1), fuse=False)
    assert list(out.programs) == ["f_0_multiply", "f_1_multiply", "f_2_sum"]  # launch order
    assert out.ttkernel.count('"ttmetal.enqueue_program"') == 3 and out.ttkernel.count("func.func @f(") == 1
    [function] = out.executable.functions.values()
    intermediates = function.host.intermediates
    assert intermediates and all(f'ttbw.name = "{name}"' in out.ttkernel for name in intermediates)
    assert function.grid == (2, 1)
    assert {name.split(".")[0] for name in out.kernels_cpp} == set(out.programs)


def test_compile_is_deterministic():
    first, second = ttbw.compile(IR), ttbw.compile(IR)
    assert first.stages == second.stages and first.kernels_cpp == second.kernels_cpp


def test_compile_reports_unsupported():
    bad = ("func.func @f(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {\n"
           "  %s = arith.constant 0x7FC00000 : f32\n"
           "  %0 = \"ttir.mul_bw\"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, "
           "resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, f32) -> "
           "tensor<32x32xbf16>\n  return %0 : tensor<32x32xbf16>\n}\n")
    with pytest.raises(ValueError, match="unsupported: .*NaN"):
        ttbw.compile(bad)


@pytest.mark.parametrize("kwargs, error, match", [
    ({"fuse": "false"}, TypeError, "fuse must be True or False"),
    ({"grid": (8,)}, ValueError, r"grid must be \(cols, rows\)"),
    ({"grid": "8x8"}, ValueError, r"grid must be \(cols, rows\)"),
    ({"grid": (0, 2)}, ValueError, r"grid must be \(cols, rows\)"),
])
def test_compile_checks_its_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        ttbw.compile(IR, **kwargs)


NOT_ONE_PROGRAM = """
func.func @sum_of_a_read_back(%x: tensor<64x96xf32>) -> tensor<1x96xf32> {
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xf32>) -> tensor<1x96xf32>
  %1 = "ttir.subtract"(%x, %0) : (tensor<64x96xf32>, tensor<1x96xf32>) -> tensor<64x96xf32>
  %2 = "ttir.sum"(%1) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xf32>) -> tensor<1x96xf32>
  return %2 : tensor<1x96xf32>
}
"""


def test_compile_warns_at_the_callers_line_when_not_one_program():
    with pytest.warns(UserWarning, match=r"function @sum_of_a_read_back is not one fused program .*: lowered as 2 "
                                         "programs") as caught:
        out = ttbw.compile(NOT_ONE_PROGRAM, grid=(1, 1))
    assert len(out.programs) == 2
    assert [w.filename for w in caught] == [__file__]  # the user's line, not ttbw's internals
    assert str(caught[0].message).startswith("function @")  # no location into ttbw's generated IR
