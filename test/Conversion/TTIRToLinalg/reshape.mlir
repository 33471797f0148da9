// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s
// ttir.reshape: collapse to 1-D, then expand (rank 0 uses the empty reassociation).

// CHECK-LABEL: func.func @reshape_2d_to_3d
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>)
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1]] : tensor<4x6xf32> into tensor<24xf32>
// CHECK: %[[R:.*]] = tensor.expand_shape %[[FLAT]] {{\[\[}}0, 1, 2]] output_shape [2, 3, 4] : tensor<24xf32> into tensor<2x3x4xf32>
// CHECK: return %[[R]]
func.func @reshape_2d_to_3d(%x: tensor<4x6xf32>) -> tensor<2x3x4xf32> {
  %0 = "ttir.reshape"(%x) {shape = [2 : i32, 3 : i32, 4 : i32]} : (tensor<4x6xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_to_rank0
// CHECK: %[[R:.*]] = tensor.collapse_shape %{{.*}} [] : tensor<1x1xbf16> into tensor<bf16>
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[R]]
func.func @reshape_to_rank0(%x: tensor<1x1xbf16>) -> tensor<bf16> {
  %0 = "ttir.reshape"(%x) {shape = []} : (tensor<1x1xbf16>) -> tensor<bf16>
  return %0 : tensor<bf16>
}

// -----

// CHECK-LABEL: func.func @reshape_from_rank0
// CHECK: %[[R:.*]] = tensor.expand_shape %{{.*}} [] output_shape [1, 1, 1] : tensor<bf16> into tensor<1x1x1xbf16>
// CHECK: return %[[R]]
func.func @reshape_from_rank0(%x: tensor<bf16>) -> tensor<1x1x1xbf16> {
  %0 = "ttir.reshape"(%x) {shape = [1 : i32, 1 : i32, 1 : i32]} : (tensor<bf16>) -> tensor<1x1x1xbf16>
  return %0 : tensor<1x1x1xbf16>
}

// -----

// From 1-D: expand only.
// CHECK-LABEL: func.func @reshape_from_1d
// CHECK-NOT: tensor.collapse_shape
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
func.func @reshape_from_1d(%x: tensor<6xf32>) -> tensor<2x3xf32> {
  %0 = "ttir.reshape"(%x) {shape = [2 : i32, 3 : i32]} : (tensor<6xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
