// RUN: ttbw-opt --convert-ttir-to-ttkernel %s | FileCheck %s
// ROW_MAJOR tensors: staged rows are tilized in the compute kernel, results untilized.

// CHECK-LABEL: func.func @row_major(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @row_major_program {
// CHECK: func.func @compute()
// CHECK-COUNT-3: ttkernel.tilize_block(
// CHECK: ttkernel.mul_tiles(
// CHECK: ttkernel.mul_tiles(
// CHECK-COUNT-2: ttkernel.untilize_block(
func.func @row_major(%g: tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, %a: tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, %b: tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>)
  return %0#0, %0#1 : tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>
}
