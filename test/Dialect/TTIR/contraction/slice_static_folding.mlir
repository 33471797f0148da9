// RUN: ttbw-opt --split-input-file --canonicalize %s | FileCheck %s
// slice_static folds: the whole input is the input (a size-1 dim's step aside); a slice of a
// slice with one use is one slice of the first's input (steps multiplied, begins offset).

// CHECK-LABEL: func.func @whole_input
// CHECK-NEXT: return %arg0
func.func @whole_input(%x: tensor<4x1x64xbf16>) -> tensor<4x1x64xbf16> {
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 0 : i32, -64 : i32], ends = [4 : i32, 1 : i32, 64 : i32], step = [1 : i32, 3 : i32, 1 : i32]}> : (tensor<4x1x64xbf16>) -> tensor<4x1x64xbf16>
  return %0 : tensor<4x1x64xbf16>
}

// -----

// x[1:4:2, :, 32:96:2] then [:, 32:64, ::2]: rows 32..63 of x, batches 1 and 3, columns 32, 36, ...
// CHECK-LABEL: func.func @composed
// CHECK-NEXT: %[[S:.*]] = "ttir.slice_static"(%arg0) <{begins = [1 : i32, 32 : i32, 32 : i32], ends = [4 : i32, 64 : i32, 95 : i32], step = [2 : i32, 1 : i32, 4 : i32]}> : (tensor<4x64x96xbf16>) -> tensor<2x32x16xbf16>
// CHECK-NEXT: return %[[S]]
func.func @composed(%x: tensor<4x64x96xbf16>) -> tensor<2x32x16xbf16> {
  %0 = "ttir.slice_static"(%x) <{begins = [1 : i32, 0 : i32, 32 : i32], ends = [4 : i32, 64 : i32, 96 : i32], step = [2 : i32, 1 : i32, 2 : i32]}> : (tensor<4x64x96xbf16>) -> tensor<2x64x32xbf16>
  %1 = "ttir.slice_static"(%0) <{begins = [0 : i32, 32 : i32, 0 : i32], ends = [2 : i32, 64 : i32, 32 : i32], step = [1 : i32, 1 : i32, 2 : i32]}> : (tensor<2x64x32xbf16>) -> tensor<2x32x16xbf16>
  return %1 : tensor<2x32x16xbf16>
}

// -----

// The first slice has a second use: both stay.
// CHECK-LABEL: func.func @shared
// CHECK: %[[A:.*]] = "ttir.slice_static"(%arg0)
// CHECK: "ttir.slice_static"(%[[A]])
func.func @shared(%x: tensor<64x96xbf16>) -> (tensor<64x64xbf16>, tensor<32x64xbf16>) {
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 32 : i32], ends = [64 : i32, 96 : i32], step = [1 : i32, 1 : i32]}> : (tensor<64x96xbf16>) -> tensor<64x64xbf16>
  %1 = "ttir.slice_static"(%0) <{begins = [32 : i32, 0 : i32], ends = [64 : i32, 64 : i32], step = [1 : i32, 1 : i32]}> : (tensor<64x64xbf16>) -> tensor<32x64xbf16>
  return %0, %1 : tensor<64x64xbf16>, tensor<32x64xbf16>
}

// -----

// A window and a reversal move data: kept.
// CHECK-LABEL: func.func @kept
// CHECK: "ttir.slice_static"(%arg0) <{begins = [0 : i32, 1 : i32]
// CHECK: "ttir.slice_static"(%arg0) <{begins = [3 : i32, 0 : i32]
func.func @kept(%x: tensor<4x8xbf16>) -> (tensor<4x7xbf16>, tensor<3x8xbf16>) {
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 1 : i32], ends = [4 : i32, 8 : i32], step = [1 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<4x7xbf16>
  %1 = "ttir.slice_static"(%x) <{begins = [3 : i32, 0 : i32], ends = [0 : i32, 8 : i32], step = [-1 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<3x8xbf16>
  return %0, %1 : tensor<4x7xbf16>, tensor<3x8xbf16>
}
