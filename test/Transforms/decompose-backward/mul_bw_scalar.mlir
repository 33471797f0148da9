// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// Scalar other: one gradient, grad * s computed in f32 (PyTorch's opmath).

// CHECK-LABEL: func.func @constant_scalar
func.func @constant_scalar(%g: tensor<2x2xbf16>, %a: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  // CHECK: %[[S:.*]] = "ttir.full"() <{fill_value = 4.000000e+00 : f32, shape = array<i32>}> : () -> tensor<f32>
  // CHECK: %[[G:.*]] = "ttir.typecast"(%arg0) : (tensor<2x2xbf16>) -> tensor<2x2xf32>
  // CHECK: %[[P:.*]] = "ttir.multiply"(%[[G]], %[[S]]) : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  // CHECK: %[[R:.*]] = builtin.unrealized_conversion_cast %[[P]] : tensor<2x2xf32> to tensor<2x2xbf16> {ttbw.sum_to}
  // CHECK: return %[[R]]
  %s = arith.constant 4.0 : f32
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<2x2xbf16>, tensor<2x2xbf16>, f32) -> tensor<2x2xbf16>
  return %0 : tensor<2x2xbf16>
}

// -----

// A runtime scalar becomes a rank-0 tensor with tensor.from_elements.
// CHECK-LABEL: func.func @runtime_scalar
func.func @runtime_scalar(%g: tensor<4xf32>, %a: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  // CHECK: %[[S:.*]] = tensor.from_elements %arg2 : tensor<f32>
  // CHECK: %[[P:.*]] = "ttir.multiply"(%arg0, %[[S]]) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK-NOT: unrealized_conversion_cast
  // CHECK: return %[[P]]
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<4xf32>, tensor<4xf32>, f32) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @negative_zero_scalar
func.func @negative_zero_scalar(%g: tensor<4xf32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: "ttir.full"() <{fill_value = -0.000000e+00 : f32, shape = array<i32>}>
  %s = arith.constant -0.0 : f32
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<4xf32>, tensor<4xf32>, f32) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
