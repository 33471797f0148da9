// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | FileCheck %s
// f32 tensors: products on the SFPU (copy_tile to DST + mul_binary_tile, fp32 DST), never
// through the FPU's TF32 source registers.

// CHECK-LABEL: func.func @f32(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @f32_program {
// CHECK: func.func @compute()
// CHECK: ttkernel.init_sfpu(
// CHECK-NOT: ttkernel.mul_tiles(
// CHECK: ttkernel.copy_tile(
// CHECK: ttkernel.copy_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: func.func @writer()
func.func @f32(%g: tensor<32x64xf32>, %a: tensor<32x64xf32>, %b: tensor<32x64xf32>) -> (tensor<32x64xf32>, tensor<32x64xf32>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>) -> (tensor<32x64xf32>, tensor<32x64xf32>)
  return %0#0, %0#1 : tensor<32x64xf32>, tensor<32x64xf32>
}
