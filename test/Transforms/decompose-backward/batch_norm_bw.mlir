// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// batch_norm_bw: layer norm's rules over every dim but the channels (dim 1; N = 2 * 8 * 8 = 128),
// the statistics and γ broadcast from (1, C, 1, 1); dγ = g x̂ and dβ = g brought to that shape by
// the sum_to cast.

// CHECK-LABEL: func.func @batch_norm(
// CHECK: %[[DY:.*]] = "ttir.multiply"(%arg0, %arg4) : (tensor<2x3x8x8xf32>, tensor<1x3x1x1xf32>) -> tensor<2x3x8x8xf32>
// CHECK: %[[S:.*]] = "ttir.sum"(%[[DY]]) <{dim_arg = [0 : i32, 2 : i32, 3 : i32], keep_dim = true}> : (tensor<2x3x8x8xf32>) -> tensor<1x3x1x1xf32>
// CHECK: %[[N:.*]] = "ttir.full"() <{fill_value = 1.280000e+02 : f32, shape = array<i32>}>
// CHECK: "ttir.div"(%[[S]], %[[N]])
// CHECK: %[[C:.*]] = "ttir.subtract"(%arg1, %arg2) : (tensor<2x3x8x8xf32>, tensor<1x3x1x1xf32>) -> tensor<2x3x8x8xf32>
// CHECK: %[[XHAT:.*]] = "ttir.multiply"(%[[C]], %arg3)
// CHECK: %[[T:.*]] = "ttir.multiply"(%[[DY]], %[[XHAT]])
// CHECK: "ttir.sum"(%[[T]]) <{dim_arg = [0 : i32, 2 : i32, 3 : i32], keep_dim = true}>
// CHECK: %[[DX:.*]] = "ttir.multiply"(%arg3, %{{.*}}) : (tensor<1x3x1x1xf32>, tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32>
// CHECK: %[[DG:.*]] = "ttir.multiply"(%arg0, %{{.*}}) : (tensor<2x3x8x8xf32>, tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32>
// CHECK: %[[SG:.*]] = builtin.unrealized_conversion_cast %[[DG]] : tensor<2x3x8x8xf32> to tensor<1x3x1x1xf32> {ttbw.sum_to}
// CHECK: %[[SB:.*]] = builtin.unrealized_conversion_cast %arg0 : tensor<2x3x8x8xf32> to tensor<1x3x1x1xf32> {ttbw.sum_to}
// CHECK: return %[[DX]], %[[SG]], %[[SB]]
func.func @batch_norm(%g: tensor<2x3x8x8xf32>, %x: tensor<2x3x8x8xf32>, %m: tensor<1x3x1x1xf32>, %r: tensor<1x3x1x1xf32>, %w: tensor<1x3x1x1xf32>) -> (tensor<2x3x8x8xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) {
  %0:3 = ttir.batch_norm_bw %g, %x, %m, %r gamma(%w : tensor<1x3x1x1xf32>) : tensor<2x3x8x8xf32>, tensor<2x3x8x8xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32> -> input_grad tensor<2x3x8x8xf32> gamma_grad tensor<1x3x1x1xf32> beta_grad tensor<1x3x1x1xf32>
  return %0#0, %0#1, %0#2 : tensor<2x3x8x8xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>
}

// -----

// Rank 2 (BatchNorm1d): over the batch only (N = 16); without gamma dy is g.
// CHECK-LABEL: func.func @rank_two(
// CHECK: "ttir.sum"(%arg0) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<16x5xf32>) -> tensor<1x5xf32>
// CHECK: "ttir.full"() <{fill_value = 1.600000e+01 : f32, shape = array<i32>}>
func.func @rank_two(%g: tensor<16x5xf32>, %x: tensor<16x5xf32>, %m: tensor<1x5xf32>, %r: tensor<1x5xf32>) -> tensor<16x5xf32> {
  %0 = ttir.batch_norm_bw %g, %x, %m, %r : tensor<16x5xf32>, tensor<16x5xf32>, tensor<1x5xf32>, tensor<1x5xf32> -> input_grad tensor<16x5xf32>
  return %0 : tensor<16x5xf32>
}
