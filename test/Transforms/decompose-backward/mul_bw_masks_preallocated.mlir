// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// are_required_outputs: nothing is emitted for an unrequested output.
// Preallocated results stay tied to their buffer via materialize_in_destination.

// CHECK-LABEL: func.func @input_only
func.func @input_only(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: %[[GA:.*]] = "ttir.multiply"(%arg0, %arg2)
  // CHECK-NOT: ttir.multiply
  // CHECK: return %[[GA]]
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// CHECK-LABEL: func.func @other_only
func.func @other_only(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: %[[GB:.*]] = "ttir.multiply"(%arg0, %arg1)
  // CHECK-NOT: ttir.multiply
  // CHECK: return %[[GB]]
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: false, true>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 0, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// CHECK-LABEL: func.func @preallocated
func.func @preallocated(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x1x64xbf16>, %ia: tensor<1x1x32x64xbf16>, %ib: tensor<1x1x1x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>) {
  // CHECK: %[[GA:.*]] = "ttir.multiply"(%arg0, %arg2)
  // CHECK: %[[RA:.*]] = bufferization.materialize_in_destination %[[GA]] in %arg3 : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) -> tensor<1x1x32x64xbf16>
  // CHECK: %[[P:.*]] = "ttir.multiply"(%arg0, %arg1)
  // CHECK: %[[GB:.*]] = builtin.unrealized_conversion_cast %[[P]]
  // CHECK: %[[RB:.*]] = bufferization.materialize_in_destination %[[GB]] in %arg4 : (tensor<1x1x1x64xbf16>, tensor<1x1x1x64xbf16>) -> tensor<1x1x1x64xbf16>
  // CHECK: return %[[RA]], %[[RB]]
  %0:2 = "ttir.mul_bw"(%g, %a, %b, %ia, %ib) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>
}
