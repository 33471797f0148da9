// RUN: ttbw-opt --split-input-file %s | ttbw-opt --split-input-file | FileCheck %s
// ttir.batch_norm_bw: the forward's batch statistics, gamma and its gradients in the channels'
// keep-dim shape (1, C, 1, ...); gamma optional, each result present when requested.

// CHECK-LABEL: func.func @batch_norm(
// CHECK: ttir.batch_norm_bw %arg0, %arg1, %arg2, %arg3 gamma(%arg4 : tensor<1x3x1x1xf32>) : tensor<2x3x8x8xbf16>, tensor<2x3x8x8xbf16>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32> -> input_grad tensor<2x3x8x8xbf16> gamma_grad tensor<1x3x1x1xf32> beta_grad tensor<1x3x1x1xf32>
func.func @batch_norm(%g: tensor<2x3x8x8xbf16>, %x: tensor<2x3x8x8xbf16>, %m: tensor<1x3x1x1xf32>, %r: tensor<1x3x1x1xf32>, %w: tensor<1x3x1x1xf32>) -> (tensor<2x3x8x8xbf16>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) {
  %0:3 = ttir.batch_norm_bw %g, %x, %m, %r gamma(%w : tensor<1x3x1x1xf32>) : tensor<2x3x8x8xbf16>, tensor<2x3x8x8xbf16>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32> -> input_grad tensor<2x3x8x8xbf16> gamma_grad tensor<1x3x1x1xf32> beta_grad tensor<1x3x1x1xf32>
  return %0#0, %0#1, %0#2 : tensor<2x3x8x8xbf16>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>
}

// -----

// Rank 2 (BatchNorm1d), no gamma: the weight gradients in the input's data type.
// CHECK-LABEL: func.func @rank_two_no_gamma(
// CHECK: ttir.batch_norm_bw %arg0, %arg1, %arg2, %arg3 : tensor<16x5xf32>, tensor<16x5xf32>, tensor<1x5xf32>, tensor<1x5xf32> -> input_grad tensor<16x5xf32> beta_grad tensor<1x5xf32>
func.func @rank_two_no_gamma(%g: tensor<16x5xf32>, %x: tensor<16x5xf32>, %m: tensor<1x5xf32>, %r: tensor<1x5xf32>) -> (tensor<16x5xf32>, tensor<1x5xf32>) {
  %0:2 = ttir.batch_norm_bw %g, %x, %m, %r : tensor<16x5xf32>, tensor<16x5xf32>, tensor<1x5xf32>, tensor<1x5xf32> -> input_grad tensor<16x5xf32> beta_grad tensor<1x5xf32>
  return %0#0, %0#1 : tensor<16x5xf32>, tensor<1x5xf32>
}
