// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s --check-prefixes=CHECK,CPU --implicit-check-not='"ttir.'
// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device %s | FileCheck %s --check-prefixes=CHECK,DEVICE --implicit-check-not='"ttir.'
// ttir.slice_static: a tensor.extract_slice (static offsets, sizes and strides; a negative begin
// counted from the end), no copy: whatever reads it reads the window of its source.

// CHECK-LABEL: func.func @window_into_add
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[0, 0, 0, 32] [1, 1, 64, 64] [1, 1, 1, 1] : tensor<1x1x64x96xbf16> to tensor<1x1x64x64xbf16>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[S]], %arg1 : tensor<1x1x64x64xbf16>, tensor<1x1x64x64xbf16>)
func.func @window_into_add(%g: tensor<1x1x64x96xbf16>, %y: tensor<1x1x64x64xbf16>) -> tensor<1x1x64x64xbf16> {
  %0 = "ttir.slice_static"(%g) <{begins = [0 : i32, 0 : i32, 0 : i32, 32 : i32], ends = [1 : i32, 1 : i32, 64 : i32, 96 : i32], step = [1 : i32, 1 : i32, 1 : i32, 1 : i32]}> : (tensor<1x1x64x96xbf16>) -> tensor<1x1x64x64xbf16>
  %1 = "ttir.add"(%0, %y) : (tensor<1x1x64x64xbf16>, tensor<1x1x64x64xbf16>) -> tensor<1x1x64x64xbf16>
  return %1 : tensor<1x1x64x64xbf16>
}

// -----

// Steps and a begin from the end (-32 of 64: row 32); the layout encoding kept for the device
// (the CPU target drops layouts).
// CHECK-LABEL: func.func @strided_row_major
// CPU: tensor.extract_slice %arg0[1, 32, 32] [2, 32, 16] [2, 1, 4] : tensor<4x64x96xf32> to tensor<2x32x16xf32>
// DEVICE: tensor.extract_slice %arg0[1, 32, 32] [2, 32, 16] [2, 1, 4] : tensor<4x64x96xf32, #ttir.layout<"f32", "row_major">> to tensor<2x32x16xf32, #ttir.layout<"f32", "row_major">>
func.func @strided_row_major(%x: tensor<4x64x96xf32, #ttir.layout<"f32", "row_major">>) -> tensor<2x32x16xf32, #ttir.layout<"f32", "row_major">> {
  %0 = "ttir.slice_static"(%x) <{begins = [1 : i32, -32 : i32, 32 : i32], ends = [4 : i32, 64 : i32, 96 : i32], step = [2 : i32, 1 : i32, 4 : i32]}> : (tensor<4x64x96xf32, #ttir.layout<"f32", "row_major">>) -> tensor<2x32x16xf32, #ttir.layout<"f32", "row_major">>
  return %0 : tensor<2x32x16xf32, #ttir.layout<"f32", "row_major">>
}

// -----

// A negative step: rows 3 and 1 (stride -2 from offset 3).
// CHECK-LABEL: func.func @reversed
// CHECK: tensor.extract_slice %arg0[3, 0] [2, 8] [-2, 1] : tensor<4x8xf32> to tensor<2x8xf32>
func.func @reversed(%x: tensor<4x8xf32>) -> tensor<2x8xf32> {
  %0 = "ttir.slice_static"(%x) <{begins = [3 : i32, 0 : i32], ends = [0 : i32, 8 : i32], step = [-2 : i32, 1 : i32]}> : (tensor<4x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
