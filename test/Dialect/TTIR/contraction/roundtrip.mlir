// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// matmul / linear / permute / transpose in tt-mlir's spelling print back with their properties
// (defaults included); tt-mlir's shape rules: 1-D operands, broadcast batch dims, transposes.

// CHECK-LABEL: func.func @matmul_forms
func.func @matmul_forms(%a: tensor<2x1x64x128xbf16>, %b: tensor<3x128x32xbf16>, %bt: tensor<32x128xbf16>, %v: tensor<128xbf16>) -> (tensor<2x3x64x32xbf16>, tensor<2x1x64x32xbf16>, tensor<2x1x64xbf16>, tensor<3x32xbf16>, tensor<1xbf16>) {
  // CHECK: "ttir.matmul"(%arg0, %arg1) <{transpose_a = false, transpose_b = false}> : (tensor<2x1x64x128xbf16>, tensor<3x128x32xbf16>) -> tensor<2x3x64x32xbf16>
  %0 = "ttir.matmul"(%a, %b) : (tensor<2x1x64x128xbf16>, tensor<3x128x32xbf16>) -> tensor<2x3x64x32xbf16>
  // CHECK: "ttir.matmul"(%arg0, %arg2) <{transpose_a = false, transpose_b = true}>
  %1 = "ttir.matmul"(%a, %bt) <{transpose_b = true}> : (tensor<2x1x64x128xbf16>, tensor<32x128xbf16>) -> tensor<2x1x64x32xbf16>
  // CHECK: "ttir.matmul"(%arg0, %arg3) {{.*}} -> tensor<2x1x64xbf16>
  %2 = "ttir.matmul"(%a, %v) : (tensor<2x1x64x128xbf16>, tensor<128xbf16>) -> tensor<2x1x64xbf16>
  // CHECK: "ttir.matmul"(%arg3, %arg1) {{.*}} -> tensor<3x32xbf16>
  %3 = "ttir.matmul"(%v, %b) : (tensor<128xbf16>, tensor<3x128x32xbf16>) -> tensor<3x32xbf16>
  // CHECK: "ttir.matmul"(%arg3, %arg3) {{.*}} -> tensor<1xbf16>
  %4 = "ttir.matmul"(%v, %v) : (tensor<128xbf16>, tensor<128xbf16>) -> tensor<1xbf16>
  return %0, %1, %2, %3, %4 : tensor<2x3x64x32xbf16>, tensor<2x1x64x32xbf16>, tensor<2x1x64xbf16>, tensor<3x32xbf16>, tensor<1xbf16>
}

// -----

// CHECK-LABEL: func.func @linear_forms
func.func @linear_forms(%x: tensor<4x64xf32>, %w: tensor<32x64xf32>, %bias: tensor<1x32xf32>, %wide: tensor<3x1x32xf32>) -> (tensor<4x32xf32>, tensor<4x32xf32>, tensor<3x4x32xf32>) {
  // CHECK: "ttir.linear"(%arg0, %arg1, %arg2) <{transpose_a = false, transpose_b = true}> : (tensor<4x64xf32>, tensor<32x64xf32>, tensor<1x32xf32>) -> tensor<4x32xf32>
  %0 = "ttir.linear"(%x, %w, %bias) <{transpose_b = true}> : (tensor<4x64xf32>, tensor<32x64xf32>, tensor<1x32xf32>) -> tensor<4x32xf32>
  // CHECK: "ttir.linear"(%arg0, %arg1) <{transpose_a = false, transpose_b = true}> : (tensor<4x64xf32>, tensor<32x64xf32>) -> tensor<4x32xf32>
  %1 = "ttir.linear"(%x, %w) <{transpose_b = true}> : (tensor<4x64xf32>, tensor<32x64xf32>) -> tensor<4x32xf32>
  // A bias may broadcast the result past the product's shape, as tt-mlir allows.
  // CHECK: -> tensor<3x4x32xf32>
  %2 = "ttir.linear"(%x, %w, %wide) <{transpose_b = true}> : (tensor<4x64xf32>, tensor<32x64xf32>, tensor<3x1x32xf32>) -> tensor<3x4x32xf32>
  return %0, %1, %2 : tensor<4x32xf32>, tensor<4x32xf32>, tensor<3x4x32xf32>
}

// -----

// A bf16 product may be kept in f32 (its accumulator's type).
// CHECK-LABEL: func.func @f32_product
// CHECK: "ttir.matmul"(%arg0, %arg0) <{transpose_a = true, transpose_b = false}> : (tensor<64x32xbf16>, tensor<64x32xbf16>) -> tensor<32x32xf32>
func.func @f32_product(%x: tensor<64x32xbf16>) -> tensor<32x32xf32> {
  %0 = "ttir.matmul"(%x, %x) <{transpose_a = true}> : (tensor<64x32xbf16>, tensor<64x32xbf16>) -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// CHECK-LABEL: func.func @moves
func.func @moves(%x: tensor<2x64x96xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<96x2x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<2x96x64xbf16, #ttir.layout<"bf16", "row_major">>) {
  // CHECK: "ttir.permute"(%arg0) <{permutation = array<i64: 2, 0, 1>}>
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 2, 0, 1>}> : (tensor<2x64x96xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<96x2x64xbf16, #ttir.layout<"bf16", "row_major">>
  // CHECK: "ttir.transpose"(%arg0) <{dim0 = -1 : si32, dim1 = 1 : si32}>
  %1 = "ttir.transpose"(%x) <{dim0 = -1 : si32, dim1 = 1 : si32}> : (tensor<2x64x96xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<2x96x64xbf16, #ttir.layout<"bf16", "row_major">>
  return %0, %1 : tensor<96x2x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<2x96x64xbf16, #ttir.layout<"bf16", "row_major">>
}
