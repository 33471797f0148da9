// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-ttkernel %s | FileCheck %s
// RUN: ttbw-opt --split-input-file --convert-ttir-to-ttkernel %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STDERR
// A function the codegen cannot lower as one program is lowered op by op, not silently: a
// warning at the op names why and how many programs it launches. Without --verify-diagnostics
// the warning is printed, MLIR style, and the output is the op-by-op lowering.

// STDERR: not_one_program_warning.mlir:[[# @LINE + 9]]:8: warning: 'ttir.sum' op: not one fused program (codegen: the result's tiles are not those of its indexing map): lowered as 2 programs, one per TTIR op
// STDERR-NEXT: %0 = "ttir.sum"
// CHECK-LABEL: func.func @sum_broadcast_back(
// CHECK: "ttmetal.enqueue_program"
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @sum_broadcast_back_0_sum {
// CHECK: module @sum_broadcast_back_1_subtract {
func.func @sum_broadcast_back(%x: tensor<64x96xbf16>) -> tensor<64x96xbf16> {
  // expected-warning @+1 {{'ttir.sum' op: not one fused program (codegen: the result's tiles are not those of its indexing map): lowered as 2 programs, one per TTIR op}}
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xbf16>) -> tensor<1x96xbf16>
  %1 = "ttir.subtract"(%0, %x) : (tensor<1x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
  return %1 : tensor<64x96xbf16>
}

// -----

// One fused program: no warning.
// STDERR-NOT: warning
// CHECK-LABEL: func.func @one_program(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
func.func @one_program(%x: tensor<64x96xbf16>, %y: tensor<64x96xbf16>) -> tensor<64x96xbf16> {
  %0 = "ttir.subtract"(%x, %y) : (tensor<64x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
  return %0 : tensor<64x96xbf16>
}
