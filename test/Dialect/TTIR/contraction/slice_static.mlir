// RUN: ttbw-opt --split-input-file --verify-diagnostics %s | FileCheck %s
// ttir.slice_static parses, verifies and prints back in tt-mlir's generic form: x[begin:end:step]
// per dim, a negative begin / end counting from the end, result dim ceil(|end - begin| / |step|).

// CHECK-LABEL: func.func @window
// CHECK: "ttir.slice_static"(%arg0) <{begins = [0 : i32, 32 : i32], ends = [64 : i32, 96 : i32], step = [1 : i32, 1 : i32]}> : (tensor<64x96xbf16>) -> tensor<64x64xbf16>
func.func @window(%x: tensor<64x96xbf16>) -> tensor<64x64xbf16> {
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 32 : i32], ends = [64 : i32, 96 : i32], step = [1 : i32, 1 : i32]}> : (tensor<64x96xbf16>) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// Steps: every other batch, every third column; a begin from the end (-20: row 44).
// CHECK-LABEL: func.func @strided
// CHECK: "ttir.slice_static"(%arg0) <{begins = [1 : i32, -20 : i32, 0 : i32], ends = [4 : i32, 64 : i32, 96 : i32], step = [2 : i32, 1 : i32, 3 : i32]}> : (tensor<4x64x96xf32>) -> tensor<2x20x32xf32>
func.func @strided(%x: tensor<4x64x96xf32>) -> tensor<2x20x32xf32> {
  %0 = "ttir.slice_static"(%x) <{begins = [1 : i32, -20 : i32, 0 : i32], ends = [4 : i32, 64 : i32, 96 : i32], step = [2 : i32, 1 : i32, 3 : i32]}> : (tensor<4x64x96xf32>) -> tensor<2x20x32xf32>
  return %0 : tensor<2x20x32xf32>
}

// -----

// A negative step walks backwards from begin (3, 1: rows 3 and 1); an empty dim (begin == end).
// CHECK-LABEL: func.func @reversed_and_empty
// CHECK: "ttir.slice_static"(%arg0) <{begins = [3 : i32, 0 : i32], ends = [0 : i32, 8 : i32], step = [-2 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<2x8xbf16>
// CHECK: "ttir.slice_static"(%arg0) <{begins = [2 : i32, 0 : i32], ends = [2 : i32, 8 : i32], step = [1 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<0x8xbf16>
func.func @reversed_and_empty(%x: tensor<4x8xbf16>) -> (tensor<2x8xbf16>, tensor<0x8xbf16>) {
  %0 = "ttir.slice_static"(%x) <{begins = [3 : i32, 0 : i32], ends = [0 : i32, 8 : i32], step = [-2 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<2x8xbf16>
  %1 = "ttir.slice_static"(%x) <{begins = [2 : i32, 0 : i32], ends = [2 : i32, 8 : i32], step = [1 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<0x8xbf16>
  return %0, %1 : tensor<2x8xbf16>, tensor<0x8xbf16>
}

// -----

// A layout encoding is kept: the slice is a view of its input.
// CHECK-LABEL: func.func @row_major
// CHECK: (tensor<2x64xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<2x16xbf16, #ttir.layout<"bf16", "row_major">>
func.func @row_major(%x: tensor<2x64xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<2x16xbf16, #ttir.layout<"bf16", "row_major">> {
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 48 : i32], ends = [2 : i32, 64 : i32], step = [1 : i32, 1 : i32]}> : (tensor<2x64xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<2x16xbf16, #ttir.layout<"bf16", "row_major">>
  return %0 : tensor<2x16xbf16, #ttir.layout<"bf16", "row_major">>
}
