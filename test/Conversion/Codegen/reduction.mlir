// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs="fuse=false" --convert-linalg-to-ttkernel %s | FileCheck %s
// The codegen's reductions, from the iterator types: the output (one tile per unit) fixes
// the units, the reduced tiles are the inner loop; dims reduced inside a tile give
// reduce_tile<sum> with a 1.0 scaler (CB 17), whole tiles are added on the SFPU into the f32
// partial (CB 18), which is rounded once into the result (copy_tile + pack).

// Sum over W (2 tiles): in-tile, reduce over each row, and across the 2 tiles of W.
// CHECK: module @sum_w_0_sum {
// CHECK: func.func @compute()
// CHECK: ttkernel.fill_tile(
// CHECK: scf.for
// CHECK: scf.for
// CHECK: ttkernel.reduce_tile({{.*}}, <reduce_sum>, <reduce_dim_row>)
// CHECK: }
// CHECK: ttkernel.copy_tile(
// CHECK: ttkernel.pack_tile(
// CHECK: func.func @writer()
func.func @sum_w(%x: tensor<64x64xbf16>) -> tensor<64x1xbf16> {
  %0 = "ttir.sum"(%x) {dim_arg = [1 : i32], keep_dim = true} : (tensor<64x64xbf16>) -> tensor<64x1xbf16>
  return %0 : tensor<64x1xbf16>
}

// -----

// Sum over H: reduce over each column; over both: a scalar reduce.
// CHECK: module @sum_h_0_sum {
// CHECK: ttkernel.reduce_tile({{.*}}, <reduce_sum>, <reduce_dim_col>)
// CHECK: module @sum_hw_0_sum {
// CHECK: ttkernel.reduce_tile({{.*}}, <reduce_sum>, <reduce_dim_scalar>)
func.func @sum_h(%x: tensor<3x64x64xbf16>) -> tensor<3x1x64xbf16> {
  %0 = "ttir.sum"(%x) {dim_arg = [1 : i32], keep_dim = true} : (tensor<3x64x64xbf16>) -> tensor<3x1x64xbf16>
  return %0 : tensor<3x1x64xbf16>
}
func.func @sum_hw(%x: tensor<3x64x64xbf16>) -> tensor<3x1x1xbf16> {
  %0 = "ttir.sum"(%x) {dim_arg = [1 : i32, 2 : i32], keep_dim = true} : (tensor<3x64x64xbf16>) -> tensor<3x1x1xbf16>
  return %0 : tensor<3x1x1xbf16>
}

// -----

// Across tiles only (an outer dim): no scaler, no reduce_tile; SFPU adds into the partial.
// 4 units (the output's tiles), 5 inner (the batch), without keep_dim (a dropped leading dim
// keeps the tiles).
// CHECK: module @sum_outer_0_sum {
// CHECK: func.func @compute()
// CHECK-NOT: reduce_tile
// CHECK: ttkernel.add_binary_tile(
// CHECK: func.func @writer()
func.func @sum_outer(%x: tensor<5x64x64xf32>) -> tensor<64x64xf32> {
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = false} : (tensor<5x64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

// f32 summed inside the tile: the FPU's reduce reads TF32, so each tile is split into three
// TF32-exact parts first (mul_tiles by the 1.0 scaler truncates, sub_binary_tile leaves the
// rest; parts CB 21, tmp CB 22) and the three parts are reduced.
// CHECK: module @sum_f32_in_tile_0_sum {
// CHECK: func.func @compute()
// CHECK: ttkernel.mul_tiles(
// CHECK: ttkernel.sub_binary_tile(
// CHECK: ttkernel.reduce_tile(
// CHECK: ttkernel.reduce_tile(
// CHECK: ttkernel.reduce_tile(
func.func @sum_f32_in_tile(%x: tensor<64x64xf32>) -> tensor<1x64xf32> {
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x64xf32>) -> tensor<1x64xf32>
  return %0 : tensor<1x64xf32>
}
