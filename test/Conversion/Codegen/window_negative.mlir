// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s
// Windows the reader cannot walk: a TILE slice starting inside a tile, a ROW_MAJOR one whose
// rows would start off the NoC's 32-byte alignment, a step inside the tile, a negative step, a
// slice read through a transpose.

func.func @tile_column_inside_a_tile(%g: tensor<1x1x64x96xbf16>) -> tensor<1x1x64x16xbf16> {
  %0 = "ttir.slice_static"(%g) <{begins = [0 : i32, 0 : i32, 0 : i32, 80 : i32], ends = [1 : i32, 1 : i32, 64 : i32, 96 : i32], step = [1 : i32, 1 : i32, 1 : i32, 1 : i32]}> : (tensor<1x1x64x96xbf16>) -> tensor<1x1x64x16xbf16>
  // expected-error @+1 {{codegen: input 0 is a TILE slice from column 80, inside a tile (TILE slices start at multiples of 32; ROW_MAJOR ones anywhere)}}
  return %0 : tensor<1x1x64x16xbf16>
}

// -----

func.func @tile_row_inside_a_tile(%x: tensor<64x64xf32>) -> tensor<48x64xf32> {
  %0 = "ttir.slice_static"(%x) <{begins = [16 : i32, 0 : i32], ends = [64 : i32, 64 : i32], step = [1 : i32, 1 : i32]}> : (tensor<64x64xf32>) -> tensor<48x64xf32>
  // expected-error @+1 {{codegen: input 0 is a TILE slice from row 16, inside a tile}}
  %1 = "ttir.neg"(%0) : (tensor<48x64xf32>) -> tensor<48x64xf32>
  return %1 : tensor<48x64xf32>
}

// -----

func.func @row_major_unaligned(%x: tensor<2x64xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<2x56xbf16, #ttir.layout<"bf16", "row_major">> {
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 8 : i32], ends = [2 : i32, 64 : i32], step = [1 : i32, 1 : i32]}> : (tensor<2x64xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<2x56xbf16, #ttir.layout<"bf16", "row_major">>
  // expected-error @+1 {{codegen: input 0 is a ROW_MAJOR slice from column 8: its rows would be read from 16 bytes in, not 32-byte aligned for the NoC}}
  %1 = "ttir.neg"(%0) : (tensor<2x56xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<2x56xbf16, #ttir.layout<"bf16", "row_major">>
  return %1 : tensor<2x56xbf16, #ttir.layout<"bf16", "row_major">>
}

// -----

func.func @step_inside_the_tile(%x: tensor<64x128xbf16>) -> tensor<64x64xbf16> {
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 0 : i32], ends = [64 : i32, 128 : i32], step = [1 : i32, 2 : i32]}> : (tensor<64x128xbf16>) -> tensor<64x64xbf16>
  // expected-error @+1 {{codegen: input 0 is read with step 2 along its dim 1 (a slice step inside the tile; only the batch dims take steps)}}
  %1 = "ttir.neg"(%0) : (tensor<64x64xbf16>) -> tensor<64x64xbf16>
  return %1 : tensor<64x64xbf16>
}

// -----

func.func @backwards(%x: tensor<4x32x32xbf16>) -> tensor<3x32x32xbf16> {
  %0 = "ttir.slice_static"(%x) <{begins = [3 : i32, 0 : i32, 0 : i32], ends = [0 : i32, 32 : i32, 32 : i32], step = [-1 : i32, 1 : i32, 1 : i32]}> : (tensor<4x32x32xbf16>) -> tensor<3x32x32xbf16>
  // expected-error @+1 {{codegen: input 0 is read backwards along its dim 0 (a negative slice step)}}
  %1 = "ttir.neg"(%0) : (tensor<3x32x32xbf16>) -> tensor<3x32x32xbf16>
  return %1 : tensor<3x32x32xbf16>
}

// -----

func.func @slice_and_transpose(%x: tensor<64x96xbf16>) -> tensor<64x64xbf16> {
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 32 : i32], ends = [64 : i32, 96 : i32], step = [1 : i32, 1 : i32]}> : (tensor<64x96xbf16>) -> tensor<64x64xbf16>
  // expected-error @+1 {{codegen: input 0 is read through a slice and a transpose at once}}
  %1 = "ttir.permute"(%0) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xbf16>) -> tensor<64x64xbf16>
  return %1 : tensor<64x64xbf16>
}
