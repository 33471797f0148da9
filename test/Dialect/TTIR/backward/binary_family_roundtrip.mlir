// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// The binary_backward family's ops (TTIRBinaryFamilyOps.td) parse, verify and print back.

// CHECK-LABEL: func.func @two_tensors
func.func @two_tensors(%g: tensor<2x32x32xbf16>, %a: tensor<2x32x32xbf16>, %b: tensor<1x32x32xbf16>) {
  // CHECK: ttir.atan2_bw %arg0, %arg1, %arg2 : {{.*}} -> input_grad tensor<2x32x32xbf16> other_grad tensor<1x32x32xbf16>
  %0:2 = ttir.atan2_bw %g, %a, %b : tensor<2x32x32xbf16>, tensor<2x32x32xbf16>, tensor<1x32x32xbf16> -> input_grad tensor<2x32x32xbf16> other_grad tensor<1x32x32xbf16>
  // CHECK: ttir.rsub_bw %arg0, %arg1, %arg2 {are_required_outputs = array<i1: false, true>}
  %1 = ttir.rsub_bw %g, %a, %b {are_required_outputs = array<i1: false, true>} : tensor<2x32x32xbf16>, tensor<2x32x32xbf16>, tensor<1x32x32xbf16> -> other_grad tensor<1x32x32xbf16>
  // CHECK: ttir.bias_gelu_bw %arg0, %arg1, %arg2 {approximate = "tanh"}
  %2:2 = ttir.bias_gelu_bw %g, %a, %b {approximate = "tanh"} : tensor<2x32x32xbf16>, tensor<2x32x32xbf16>, tensor<1x32x32xbf16> -> input_grad tensor<2x32x32xbf16> other_grad tensor<1x32x32xbf16>
  return
}

// -----

// remainder_bw, fmod_bw and bias_gelu_bw take a scalar other (ttnn's scalar forms): one gradient.
// CHECK-LABEL: func.func @scalar_forms
func.func @scalar_forms(%g: tensor<32x32xf32>, %a: tensor<32x32xf32>, %s: f32) {
  // CHECK: ttir.remainder_bw %arg0, %arg1, %arg2 : tensor<32x32xf32>, tensor<32x32xf32>, f32 -> input_grad tensor<32x32xf32>
  %0 = ttir.remainder_bw %g, %a, %s : tensor<32x32xf32>, tensor<32x32xf32>, f32 -> input_grad tensor<32x32xf32>
  // CHECK: ttir.fmod_bw
  %1 = ttir.fmod_bw %g, %a, %s : tensor<32x32xf32>, tensor<32x32xf32>, f32 -> input_grad tensor<32x32xf32>
  // CHECK: ttir.bias_gelu_bw
  %2 = ttir.bias_gelu_bw %g, %a, %s : tensor<32x32xf32>, tensor<32x32xf32>, f32 -> input_grad tensor<32x32xf32>
  return
}
