// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s | FileCheck %s
// Scalar b: grad * s in fp32 on the SFPU (fill_tile makes the scalar tile, mul_binary_tile);
// only grad is read, one output. A constant scalar's encoding (m, n_up, n_down) is in the
// compute args; a function-argument scalar's three args are symbolic.

// CHECK-LABEL: func.func @runtime_scalar(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @runtime_scalar_program {
// CHECK: func.func @reader()
// CHECK-COUNT-1: ttkernel.noc_async_read_tile(
// CHECK-NOT: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK: ttkernel.init_sfpu(
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: func.func @writer()
// CHECK-COUNT-1: ttkernel.noc_async_write_tile(
// CHECK-NOT: ttkernel.noc_async_write_tile(
func.func @runtime_scalar(%g: tensor<64x64xbf16>, %a: tensor<64x64xbf16>, %s: f32) -> tensor<64x64xbf16> {
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<64x64xbf16>, tensor<64x64xbf16>, f32) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// 4.0 = 8388608 * 2^-21
// CHECK-LABEL: func.func @constant_scalar(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @constant_scalar_program {
// CHECK-NOT: arith.constant 4.0
func.func @constant_scalar(%g: tensor<64x64xbf16>, %a: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %s = arith.constant 4.0 : f32
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<64x64xbf16>, tensor<64x64xbf16>, f32) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}
