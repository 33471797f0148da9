// RUN: ttbw-opt --split-input-file --ttir-backward-decomposition-pipeline %s | FileCheck %s
// RUN: ttbw-opt --split-input-file --pass-pipeline='builtin.module(ttir-backward-decomposition-pipeline)' %s | FileCheck %s
// The whole decomposition: only tt-mlir TTIR ops are left.

// CHECK-LABEL: func.func @broadcast_both_sides
func.func @broadcast_both_sides(%g: tensor<1x3x32x64xbf16>, %a: tensor<1x3x32x1xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>) {
  // CHECK-NOT: ttir.mul_bw
  // CHECK-NOT: unrealized_conversion_cast
  // CHECK: "ttir.multiply"(%arg0, %arg2)
  // CHECK-NEXT: "ttir.sum"
  // CHECK-NEXT: "ttir.multiply"(%arg0, %arg1)
  // CHECK-NEXT: "ttir.sum"
  // CHECK-NEXT: return
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x32x64xbf16>, tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>
}

// -----

// An unused gradient leaves no op behind; the scalar constant folds away.
// CHECK-LABEL: func.func @unused_gradient
func.func @unused_gradient(%g: tensor<2x2xbf16>, %a: tensor<2x2xbf16>, %b: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  // CHECK-NEXT: %[[M:.*]] = "ttir.multiply"(%arg0, %arg2)
  // CHECK-NEXT: return %[[M]]
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x2xbf16>, tensor<2x2xbf16>, tensor<2x2xbf16>) -> (tensor<2x2xbf16>, tensor<2x2xbf16>)
  return %0#0 : tensor<2x2xbf16>
}

// -----

// CHECK-LABEL: func.func @scalar
func.func @scalar(%g: tensor<2x2xbf16>, %a: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  // CHECK-NOT: arith.constant
  // CHECK: "ttir.full"
  // CHECK: "ttir.typecast"
  // CHECK: "ttir.multiply"
  // CHECK: "ttir.typecast"
  %s = arith.constant 4.0 : f32
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<2x2xbf16>, tensor<2x2xbf16>, f32) -> tensor<2x2xbf16>
  return %0 : tensor<2x2xbf16>
}

// -----

// Preallocated results stay tied to their buffers to the end.
// CHECK-LABEL: func.func @preallocated_complex
func.func @preallocated_complex(%g: tensor<4xcomplex<f32>>, %a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>, %ia: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // CHECK: %[[RE:.*]] = bufferization.materialize_in_destination %{{.*}} in %arg6 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: %[[IM:.*]] = bufferization.materialize_in_destination %{{.*}} in %arg7 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: return %[[RE]], %[[IM]]
  %0 = "ttir.mul_bw"(%g, %a, %b, %ia) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}
