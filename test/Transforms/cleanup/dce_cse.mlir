// RUN: ttbw-opt --split-input-file --ttir-cleanup %s | FileCheck %s
// ttir ops are pure: unused ones go, identical ones merge.

// CHECK-LABEL: func.func @dce
func.func @dce(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-NOT: ttir.multiply
  // CHECK-NOT: ttir.neg
  // CHECK: return %arg0
  %0 = "ttir.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "ttir.multiply"(%0, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %x : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @cse
func.func @cse(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<1xf32>) {
  // CHECK: %[[M:.*]] = "ttir.multiply"(%arg0, %arg1)
  // CHECK-NOT: "ttir.multiply"(%arg0, %arg1)
  // CHECK: %[[S:.*]] = "ttir.sum"(%[[M]]) {dim_arg = [0 : i32], keep_dim = true}
  // CHECK: return %[[M]], %[[M]], %[[S]]
  %0 = "ttir.multiply"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "ttir.multiply"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "ttir.sum"(%0) {dim_arg = [0 : i32], keep_dim = true} : (tensor<4xf32>) -> tensor<1xf32>
  %3 = "ttir.sum"(%1) {keep_dim = true, dim_arg = [0 : i32]} : (tensor<4xf32>) -> tensor<1xf32>
  return %0, %1, %3 : tensor<4xf32>, tensor<4xf32>, tensor<1xf32>
}

// -----

// Different attributes or operand order are different ops.
// CHECK-LABEL: func.func @not_identical
func.func @not_identical(%x: tensor<4x4xf32>, %y: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<1x4xf32>, tensor<4x1xf32>) {
  // CHECK-COUNT-2: "ttir.multiply"
  // CHECK-COUNT-2: "ttir.sum"
  %0 = "ttir.multiply"(%x, %y) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %1 = "ttir.multiply"(%y, %x) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %2 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<4x4xf32>) -> tensor<1x4xf32>
  %3 = "ttir.sum"(%x) {dim_arg = [1 : i32], keep_dim = true} : (tensor<4x4xf32>) -> tensor<4x1xf32>
  return %0, %1, %2, %3 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<1x4xf32>, tensor<4x1xf32>
}

// -----

// mul_bw is left for the passes that lower it; other dialects are not touched.
// CHECK-LABEL: func.func @kept
func.func @kept(%g: tensor<4xf32>, %a: tensor<4xf32>, %b: tensor<4xf32>) {
  // CHECK: arith.constant
  // CHECK: ttir.mul_bw
  %c = arith.constant 1.0 : f32
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}
