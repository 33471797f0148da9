// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline="fuse=false" %s | FileCheck %s
// Composite mode, scalar b: the decomposition's grad -> f32 typecast, multiply by the rank-0
// scalar, -> bf16 typecast. The scalar (ttir.full for a constant, tensor.from_elements of the
// f32 argument at run time) gets no program: it is the multiply program's runtime scalar
// (the codegen's Scalar leaf: fill_tile, compute args m, n_up, n_down:
// f32(b) = m * 2^(n_up - n_down)).

// CHECK-LABEL: func.func @const_scalar(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: ttir.full
// CHECK: module @const_scalar_1_multiply {
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK-NOT: module @const_scalar_3
func.func @const_scalar(%g: tensor<64x64xbf16>, %a: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %s = arith.constant 2.5 : f32
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<64x64xbf16>, tensor<64x64xbf16>, f32) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// CHECK-LABEL: func.func @runtime_scalar(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @runtime_scalar_1_multiply {
func.func @runtime_scalar(%g: tensor<64x64xbf16>, %a: tensor<64x64xbf16>, %s: f32) -> tensor<64x64xbf16> {
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<64x64xbf16>, tensor<64x64xbf16>, f32) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}
