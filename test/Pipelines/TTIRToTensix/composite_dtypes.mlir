// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline="fuse=false" %s | FileCheck %s
// Composite mode over f32, bfloat8_b and mixed dtypes: every buffer carries its real device
// format; the decomposition's typecasts are programs of their own (unpack, pack to the other
// format); sums of f32 products reduce three TF32-exact parts of each tile (f32 CBs 21, 22).

// f32, b row-broadcast, grad_b only: an f32 multiply (SFPU), then an f32 sum.
// CHECK-LABEL: func.func @f32_row(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @f32_row_0_multiply {
// CHECK: ttkernel.copy_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.pack_tile(
// CHECK: module @f32_row_1_sum {
// CHECK: func.func @compute()
// CHECK: ttkernel.mul_tiles(
// CHECK: ttkernel.sub_binary_tile(
// CHECK-COUNT-3: ttkernel.reduce_tile(
func.func @f32_row(%g: tensor<1x3x32x64xf32>, %a: tensor<1x3x32x64xf32>, %b: tensor<1x3x1x64xf32>) -> tensor<1x3x1x64xf32> {
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: false, true>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 0, 1>} : (tensor<1x3x32x64xf32>, tensor<1x3x32x64xf32>, tensor<1x3x1x64xf32>) -> tensor<1x3x1x64xf32>
  return %0 : tensor<1x3x1x64xf32>
}

// -----

// grad bf16, a f32, b bfloat8_b (channel broadcast): b promotes as f32 (ttnn's to_torch
// dtype for it), so grad and b are cast to f32 and multiplied on the SFPU; grad times a in
// f32, summed in f32, cast to bfloat8_b through a bf16 CB (20): bfloat8_b elements are bf16
// values.
// CHECK-LABEL: func.func @mixed(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @mixed_0_typecast {
// CHECK: module @mixed_1_typecast {
// CHECK: module @mixed_2_multiply {
// CHECK: func.func @compute()
// CHECK: ttkernel.mul_binary_tile(
// CHECK: module @mixed_5_typecast {
// CHECK: func.func @compute()
// CHECK: ttkernel.pack_tile({{.*}}!ttcore.tile<32x32, bf16>
// CHECK: ttkernel.pack_tile({{.*}}!ttcore.tile<32x32, bfp_bf8>
func.func @mixed(%g: tensor<1x3x32x64xbf16>, %a: tensor<1x3x32x64xf32>, %b: tensor<1x1x32x64xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<1x3x32x64xf32>, tensor<1x1x32x64xbf16, #ttir.layout<"bfp_bf8", "tile">>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x32x64xbf16>, tensor<1x3x32x64xf32>, tensor<1x1x32x64xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<1x3x32x64xf32>, tensor<1x1x32x64xbf16, #ttir.layout<"bfp_bf8", "tile">>)
  return %0#0, %0#1 : tensor<1x3x32x64xf32>, tensor<1x1x32x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
}
