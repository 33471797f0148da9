// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// An input read through a transpose: `ttir.permute` is the map of the generic reading it (fused,
// no program of its own). The reader walks its tiles in the permuted order (its own tile
// strides per space axis), the compute unpacks each tile transposed in-tile
// (transpose_wh_tile) where a plain input is copied (copy_tile).

// x^T + y over a 96x64 space (3 x 2 tiles, one per unit): x (64x96, 2 x 3 tiles) has stride 1
// along the space's tile rows and 3 along its tile columns; y has 2 and 1.
// CHECK-LABEL: func.func @transpose_add(
// CHECK: runtime_arg_layout = ["addr_in0", "addr_in1", "first_unit", "num_units", "inner", "in0_kept0_div", "in0_kept0_mod", "in0_kept0_stride", "in0_kept1_div", "in0_kept1_mod", "in0_kept1_stride"
// CHECK: module @transpose_add_program {
// CHECK: func.func @compute()
// CHECK: %[[X:.*]] = ttkernel.get_compile_time_arg_val(0)
// CHECK: %[[Y:.*]] = ttkernel.get_compile_time_arg_val(1)
// CHECK: %[[OUT:.*]] = ttkernel.get_compile_time_arg_val(2)
// CHECK: ttkernel.transpose_wh_init(%[[X]], %[[OUT]])
// CHECK-NEXT: ttkernel.transpose_wh_tile(%[[X]], %c0_i32, %c0_i32)
// CHECK-NEXT: ttkernel.copy_tile_init(%[[Y]])
// CHECK-NEXT: ttkernel.copy_tile(%[[Y]], %c0_i32, %c1_i32)
// CHECK-NEXT: ttkernel.add_binary_tile_init()
// CHECK-NEXT: ttkernel.add_binary_tile(%c0_i32, %c1_i32, %c0_i32)
func.func @transpose_add(%x: tensor<64x96xbf16>, %y: tensor<96x64xbf16>) -> tensor<96x64xbf16> {
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<64x96xbf16>) -> tensor<96x64xbf16>
  %1 = "ttir.add"(%0, %y) : (tensor<96x64xbf16>, tensor<96x64xbf16>) -> tensor<96x64xbf16>
  return %1 : tensor<96x64xbf16>
}

// -----

// The per-core runtime args of the same walk: unit u reads x's tile (u / 2 % 3) * 1 + (u % 2) * 3
// (triplets (2, 3, 1), (1, 2, 3)) and y's (u / 2 % 3) * 2 + (u % 2) * 1.
// CHECK-LABEL: func.func @transpose_add_args(
// CHECK: runtime_args = [array<i64: 0, 0, 0, 1, 1, 2, 3, 1, 1, 2, 3, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 2, 3, 2, 1, 2, 1,
func.func @transpose_add_args(%x: tensor<64x96xf32>, %y: tensor<96x64xf32>) -> tensor<96x64xf32> {
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<64x96xf32>) -> tensor<96x64xf32>
  %1 = "ttir.add"(%0, %y) : (tensor<96x64xf32>, tensor<96x64xf32>) -> tensor<96x64xf32>
  return %1 : tensor<96x64xf32>
}

// -----

// Batch dims permuted, the last two kept: the tiles are x's as they are (copy_tile), read in the
// batch order of the result (no in-tile transpose).
// CHECK-LABEL: module @batch_permute_program {
// CHECK: func.func @compute()
// CHECK-NOT: transpose_wh_tile
// CHECK: ttkernel.copy_tile(
// CHECK-NOT: transpose_wh_tile
// CHECK: func.func @writer()
func.func @batch_permute(%x: tensor<3x2x32x64xbf16>) -> tensor<2x3x32x64xbf16> {
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 1, 0, 2, 3>}> : (tensor<3x2x32x64xbf16>) -> tensor<2x3x32x64xbf16>
  return %0 : tensor<2x3x32x64xbf16>
}

// -----

// A transposed input of a multiply is not read by the FPU's binary ops (which take the CB tiles as
// they are): both tiles go to DST, the multiply on the SFPU.
// CHECK-LABEL: module @transpose_multiply_program {
// CHECK: func.func @compute()
// CHECK-NOT: ttkernel.mul_tiles(
// CHECK: ttkernel.transpose_wh_tile(
// CHECK: ttkernel.mul_binary_tile(
func.func @transpose_multiply(%x: tensor<64x64xbf16>, %y: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %1 = "ttir.multiply"(%0, %y) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  return %1 : tensor<64x64xbf16>
}
