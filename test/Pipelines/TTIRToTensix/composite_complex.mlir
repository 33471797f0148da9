// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline="fuse=false" %s | FileCheck %s
// Composite mode, complex tensors: --ttir-expand-complex gives (real, imag) pairs; each
// gradient part is two multiplies and an add or subtract, each its own program:
// grad_a = (gr*br + gi*bi) + i(gi*br - gr*bi). Buffers are the parts (grad.real, ...), arg and
// result positions those of the decomposed function.

// CHECK-LABEL: func.func @cplx(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @cplx_0_multiply {
// CHECK: module @cplx_2_add {
// CHECK: ttkernel.add_binary_tile(
// CHECK: module @cplx_5_subtract {
// CHECK: ttkernel.sub_binary_tile(
// CHECK: module @cplx_11_subtract
// CHECK-NOT: module @cplx_12
func.func @cplx(%g: tensor<1x1x32x64xcomplex<bf16>>, %a: tensor<1x1x32x64xcomplex<bf16>>, %b: tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>)
  return %0#0, %0#1 : tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>
}
