// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | FileCheck %s
// An f32 sum inside the tile: the FPU reads TF32, so each f32 term is reduced as three
// TF32-exact parts (x = trunc(x) + trunc(r) + r', r = x - trunc(x)). trunc(x) carries an
// infinity or NaN; the residual r (inf - inf) is zeroed where x is not finite (x - x is not 0
// there: eqz_tile, where_tile), so a sum of infinities stays infinite as in torch.

// CHECK-LABEL: func.func @f32_row(
// CHECK: module @f32_row_program {
// CHECK: func.func @compute()
// CHECK: ttkernel.mul_tiles(
// CHECK: ttkernel.sub_binary_tile(%c1_i32, %c0_i32, %c1_i32)
// CHECK: ttkernel.sub_binary_tile(%c2_i32, %c2_i32, %c2_i32)
// CHECK: ttkernel.eqz_tile(%c2_i32)
// CHECK: ttkernel.fill_tile(%c3_i32,
// CHECK: ttkernel.where_tile(%c2_i32, %c1_i32, %c3_i32, %c1_i32, <f32>)
// CHECK: ttkernel.reduce_tile({{.*}}, <reduce_sum>, <reduce_dim_col>)
func.func @f32_row(%g: tensor<1x1x64x64xf32>, %a: tensor<1x1x64x64xf32>, %b: tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xf32> {
  %0 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 0, 1>, are_required_outputs = array<i1: false, true>} : (tensor<1x1x64x64xf32>, tensor<1x1x64x64xf32>, tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xf32>
  return %0 : tensor<1x1x1x64xf32>
}
