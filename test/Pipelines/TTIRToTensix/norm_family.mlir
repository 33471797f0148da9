// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-to-tensix-pipeline %s | FileCheck %s
// The normalizations' backward on the device: dx alone is one program (its row sums read back
// in the same kernel); with the weight gradients, which sum over the rows, two.

// CHECK-LABEL: func.func @layer_norm_dx
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @layer_norm_dx_program
// CHECK: func.func @compute
// CHECK: ttkernel.reduce_tile(
func.func @layer_norm_dx(%g: tensor<4x70xbf16>, %x: tensor<4x70xbf16>, %m: tensor<4x1xf32>, %r: tensor<4x1xf32>, %w: tensor<70xbf16>) -> tensor<4x70xbf16> {
  %0 = ttir.layer_norm_bw %g, %x, %m, %r gamma(%w : tensor<70xbf16>) {normalized_dims = 1 : i32} : tensor<4x70xbf16>, tensor<4x70xbf16>, tensor<4x1xf32>, tensor<4x1xf32> -> input_grad tensor<4x70xbf16>
  return %0 : tensor<4x70xbf16>
}

// -----

// CHECK-LABEL: func.func @layer_norm_all
// CHECK-COUNT-2: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
func.func @layer_norm_all(%g: tensor<4x70xbf16>, %x: tensor<4x70xbf16>, %m: tensor<4x1xf32>, %r: tensor<4x1xf32>) -> (tensor<4x70xbf16>, tensor<70xbf16>, tensor<70xbf16>) {
  // expected-warning @+1 {{function @layer_norm_all is not one fused program (codegen: a reduction returned beside read-back sums): lowered as 2 programs}}
  %0:3 = ttir.layer_norm_bw %g, %x, %m, %r {normalized_dims = 1 : i32} : tensor<4x70xbf16>, tensor<4x70xbf16>, tensor<4x1xf32>, tensor<4x1xf32> -> input_grad tensor<4x70xbf16> gamma_grad tensor<70xbf16> beta_grad tensor<70xbf16>
  return %0#0, %0#1, %0#2 : tensor<4x70xbf16>, tensor<70xbf16>, tensor<70xbf16>
}

// -----

// CHECK-LABEL: func.func @rms_norm_gamma_grad
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
func.func @rms_norm_gamma_grad(%g: tensor<2x3x64xf32>, %x: tensor<2x3x64xf32>, %rms: tensor<2x3x1xf32>, %w: tensor<64xf32>) -> tensor<64xf32> {
  %0 = ttir.rms_norm_bw %g, %x, %rms gamma(%w : tensor<64xf32>) {normalized_dims = 1 : i32} : tensor<2x3x64xf32>, tensor<2x3x64xf32>, tensor<2x3x1xf32> -> gamma_grad tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// Batch norm over the batch and the in-tile dims (every dim but the channels): dx one program,
// the per-channel sums read back from the outer dims.
// CHECK-LABEL: func.func @batch_norm_dx
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @batch_norm_dx_program
// CHECK: func.func @compute
// CHECK: ttkernel.reduce_tile(
func.func @batch_norm_dx(%g: tensor<4x3x10x12xbf16>, %x: tensor<4x3x10x12xbf16>, %m: tensor<1x3x1x1xf32>, %r: tensor<1x3x1x1xf32>, %w: tensor<1x3x1x1xbf16>) -> tensor<4x3x10x12xbf16> {
  %0 = ttir.batch_norm_bw %g, %x, %m, %r gamma(%w : tensor<1x3x1x1xbf16>) : tensor<4x3x10x12xbf16>, tensor<4x3x10x12xbf16>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32> -> input_grad tensor<4x3x10x12xbf16>
  return %0 : tensor<4x3x10x12xbf16>
}

// -----

// CHECK-LABEL: func.func @batch_norm_all
// CHECK-COUNT-2: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
func.func @batch_norm_all(%g: tensor<4x3x10x12xbf16>, %x: tensor<4x3x10x12xbf16>, %m: tensor<1x3x1x1xf32>, %r: tensor<1x3x1x1xf32>, %w: tensor<1x3x1x1xbf16>) -> (tensor<4x3x10x12xbf16>, tensor<1x3x1x1xbf16>, tensor<1x3x1x1xbf16>) {
  // expected-warning @+1 {{function @batch_norm_all is not one fused program (codegen: a reduction returned beside read-back sums): lowered as 2 programs}}
  %0:3 = ttir.batch_norm_bw %g, %x, %m, %r gamma(%w : tensor<1x3x1x1xbf16>) : tensor<4x3x10x12xbf16>, tensor<4x3x10x12xbf16>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32> -> input_grad tensor<4x3x10x12xbf16> gamma_grad tensor<1x3x1x1xbf16> beta_grad tensor<1x3x1x1xbf16>
  return %0#0, %0#1, %0#2 : tensor<4x3x10x12xbf16>, tensor<1x3x1x1xbf16>, tensor<1x3x1x1xbf16>
}
