// RUN: ttbw-opt --split-input-file %s | ttbw-opt --split-input-file | FileCheck %s
// The normalizations' backward ops: statistics in the keep-dim shape, gamma optional, each
// result present when requested.

// CHECK-LABEL: func.func @layer_norm(
// CHECK: ttir.layer_norm_bw %arg0, %arg1, %arg2, %arg3 gamma(%arg4 : tensor<32xbf16>) {normalized_dims = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xf32>, tensor<4x1xf32> -> input_grad tensor<4x32xbf16> gamma_grad tensor<32xbf16> beta_grad tensor<32xbf16>
func.func @layer_norm(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %m: tensor<4x1xf32>, %r: tensor<4x1xf32>, %w: tensor<32xbf16>) -> (tensor<4x32xbf16>, tensor<32xbf16>, tensor<32xbf16>) {
  %0:3 = ttir.layer_norm_bw %g, %x, %m, %r gamma(%w : tensor<32xbf16>) {normalized_dims = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xf32>, tensor<4x1xf32> -> input_grad tensor<4x32xbf16> gamma_grad tensor<32xbf16> beta_grad tensor<32xbf16>
  return %0#0, %0#1, %0#2 : tensor<4x32xbf16>, tensor<32xbf16>, tensor<32xbf16>
}

// -----

// Without gamma the weight gradients take the input's data type; a subset of the results.
// CHECK-LABEL: func.func @no_gamma_two_dims(
// CHECK: ttir.layer_norm_bw %arg0, %arg1, %arg2, %arg3 {normalized_dims = 2 : i32} : tensor<2x8x32xf32>, tensor<2x8x32xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32> -> beta_grad tensor<8x32xf32>
func.func @no_gamma_two_dims(%g: tensor<2x8x32xf32>, %x: tensor<2x8x32xf32>, %m: tensor<2x1x1xf32>, %r: tensor<2x1x1xf32>) -> tensor<8x32xf32> {
  %0 = ttir.layer_norm_bw %g, %x, %m, %r {normalized_dims = 2 : i32} : tensor<2x8x32xf32>, tensor<2x8x32xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32> -> beta_grad tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

// CHECK-LABEL: func.func @rms_norm(
// CHECK: ttir.rms_norm_bw %arg0, %arg1, %arg2 gamma(%arg3 : tensor<64xf32>) {normalized_dims = 1 : i32} : tensor<2x3x64xbf16>, tensor<2x3x64xbf16>, tensor<2x3x1xbf16> -> input_grad tensor<2x3x64xbf16> gamma_grad tensor<64xf32>
func.func @rms_norm(%g: tensor<2x3x64xbf16>, %x: tensor<2x3x64xbf16>, %rms: tensor<2x3x1xbf16>, %w: tensor<64xf32>) -> (tensor<2x3x64xbf16>, tensor<64xf32>) {
  %0:2 = ttir.rms_norm_bw %g, %x, %rms gamma(%w : tensor<64xf32>) {normalized_dims = 1 : i32} : tensor<2x3x64xbf16>, tensor<2x3x64xbf16>, tensor<2x3x1xbf16> -> input_grad tensor<2x3x64xbf16> gamma_grad tensor<64xf32>
  return %0#0, %0#1 : tensor<2x3x64xbf16>, tensor<64xf32>
}
