// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// An input read through a slice (tensor.extract_slice of a program argument) is a window of its
// buffer: the reader walks the window's units at the source's strides from a base. TILE: the
// base is a tile index (runtime arg base_inN); ROW_MAJOR: the rows and the first row / column of
// the window in the source's rows (rows_inN, row_off_inN, col_off_inN; row_bytes_inN the
// source's). No copy of the window is made.

// g[..., 32:96] + y over 2 x 2 tiles: g (2 x 3 tiles) has tile strides 3 (rows) and 1 (columns)
// from tile 1; y has 2 and 1 from tile 0. Core 0's args: units 0 .. 0, in0 (div 2, mod 2,
// stride 3), (1, 2, 1), ..., base_in0 1; in1 (2, 2, 2), (1, 2, 1), ..., base_in1 0.
// CHECK-LABEL: func.func @tile_window(
// CHECK: runtime_arg_layout = ["addr_in0", "addr_in1", "first_unit", "num_units", "inner", "in0_kept0_div", "in0_kept0_mod", "in0_kept0_stride", "in0_kept1_div", "in0_kept1_mod", "in0_kept1_stride"
// CHECK-SAME: "rows_in0", "row_off_in0", "col_off_in0", "base_in0", "H_in1"
// CHECK-SAME: "base_in1"]
// CHECK-SAME: runtime_args = [array<i64: 0, 0, 0, 1, 1, 2, 2, 3, 1, 2, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 2, 2, 2, 1, 2, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0>
// CHECK: module @tile_window_program {
// CHECK: func.func @reader()
// CHECK: ttkernel.noc_async_read_tile
func.func @tile_window(%g: tensor<1x1x64x96xbf16>, %y: tensor<1x1x64x64xbf16>) -> tensor<1x1x64x64xbf16> {
  %0 = "ttir.slice_static"(%g) <{begins = [0 : i32, 0 : i32, 0 : i32, 32 : i32], ends = [1 : i32, 1 : i32, 64 : i32, 96 : i32], step = [1 : i32, 1 : i32, 1 : i32, 1 : i32]}> : (tensor<1x1x64x96xbf16>) -> tensor<1x1x64x64xbf16>
  %1 = "ttir.add"(%0, %y) : (tensor<1x1x64x64xbf16>, tensor<1x1x64x64xbf16>) -> tensor<1x1x64x64xbf16>
  return %1 : tensor<1x1x64x64xbf16>
}

// -----

// x[:, 32:64, 16:80] of a ROW_MAJOR 2x64x96: per batch 64 source rows of 192 bytes (H_in0 64,
// row_bytes_in0 192), the window's 64 columns (W_in0 64, 1 x 2 tiles), its 32 rows from row 32
// and column 16 (32 bytes in: a multiple of the 32-byte NoC alignment).
// CHECK-LABEL: func.func @row_major_window(
// CHECK: "H_in0", "W_in0", "Ht_in0", "Wt_in0", "row_bytes_in0", "rows_in0", "row_off_in0", "col_off_in0", "base_in0"]
// CHECK-SAME: runtime_args = [array<i64: 0, 0, 1, 1, 1, 4, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0, 64, 64, 1, 2, 192, 32, 32, 16, 0>
func.func @row_major_window(%x: tensor<2x64x96xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<2x32x64xbf16, #ttir.layout<"bf16", "row_major">> {
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 32 : i32, 16 : i32], ends = [2 : i32, 64 : i32, 80 : i32], step = [1 : i32, 1 : i32, 1 : i32]}> : (tensor<2x64x96xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<2x32x64xbf16, #ttir.layout<"bf16", "row_major">>
  %1 = "ttir.neg"(%0) : (tensor<2x32x64xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<2x32x64xbf16, #ttir.layout<"bf16", "row_major">>
  return %1 : tensor<2x32x64xbf16, #ttir.layout<"bf16", "row_major">>
}

// -----

// A batch step: every other batch of x, from batch 1. Units (div 4, mod 2, stride 8): the window's
// batch at 2 x 4 tiles; (1, 4, 1): a batch's 2 x 2 tiles, contiguous; base 4 (batch 1's first).
// CHECK-LABEL: func.func @batch_step(
// CHECK-SAME: %arg0: memref<4x64x64xf32>
// CHECK: runtime_args = [array<i64: 0, 0, 1, 1, 4, 2, 8, 1, 4, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4>
func.func @batch_step(%x: tensor<4x64x64xf32>) -> tensor<2x64x64xf32> {
  %0 = "ttir.slice_static"(%x) <{begins = [1 : i32, 0 : i32, 0 : i32], ends = [4 : i32, 64 : i32, 64 : i32], step = [2 : i32, 1 : i32, 1 : i32]}> : (tensor<4x64x64xf32>) -> tensor<2x64x64xf32>
  %1 = "ttir.exp"(%0) : (tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
  return %1 : tensor<2x64x64xf32>
}
