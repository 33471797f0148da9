// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// The normalizations' rules in f32, each gradient rounded once: layer norm's dx from x̂ = (x -
// mean) rstd and two row means over the normalized dims (their sums keep the dims, divided by
// N); dγ = g x̂ and dβ = g brought to gamma's shape by the sum_to cast; RMS norm's dx and dγ.

// CHECK-LABEL: func.func @layer_norm(
// CHECK-DAG: %[[G:.*]] = "ttir.typecast"(%arg0) : (tensor<4x32xbf16>) -> tensor<4x32xf32>
// CHECK-DAG: %[[W:.*]] = "ttir.typecast"(%arg4) : (tensor<32xbf16>) -> tensor<32xf32>
// CHECK: %[[DY:.*]] = "ttir.multiply"(%[[G]], %[[W]]) : (tensor<4x32xf32>, tensor<32xf32>) -> tensor<4x32xf32>
// CHECK: %[[S:.*]] = "ttir.sum"(%[[DY]]) <{dim_arg = [1 : i32], keep_dim = true}> : (tensor<4x32xf32>) -> tensor<4x1xf32>
// CHECK: %[[N:.*]] = "ttir.full"() <{fill_value = 3.200000e+01 : f32, shape = array<i32>}>
// CHECK: %[[MEAN_DY:.*]] = "ttir.div"(%[[S]], %[[N]])
// CHECK: %[[C:.*]] = "ttir.subtract"(%{{.*}}, %arg2) : (tensor<4x32xf32>, tensor<4x1xf32>) -> tensor<4x32xf32>
// CHECK: %[[XHAT:.*]] = "ttir.multiply"(%[[C]], %arg3)
// CHECK: %[[T:.*]] = "ttir.multiply"(%[[DY]], %[[XHAT]])
// CHECK: %[[S2:.*]] = "ttir.sum"(%[[T]]) <{dim_arg = [1 : i32], keep_dim = true}>
// CHECK: "ttir.div"(%[[S2]], %[[N]])
// CHECK: %[[DX:.*]] = "ttir.multiply"(%arg3, %{{.*}}) : (tensor<4x1xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
// CHECK: builtin.unrealized_conversion_cast %[[DX]] : tensor<4x32xf32> to tensor<4x32xbf16> {ttbw.sum_to}
// CHECK: %[[DG:.*]] = "ttir.multiply"(%{{.*}}, %{{.*}}) : (tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
// CHECK: builtin.unrealized_conversion_cast %[[DG]] : tensor<4x32xf32> to tensor<32xbf16> {ttbw.sum_to}
// CHECK: builtin.unrealized_conversion_cast %arg0 : tensor<4x32xbf16> to tensor<32xbf16> {ttbw.sum_to}
func.func @layer_norm(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %m: tensor<4x1xf32>, %r: tensor<4x1xf32>, %w: tensor<32xbf16>) -> (tensor<4x32xbf16>, tensor<32xbf16>, tensor<32xbf16>) {
  %0:3 = ttir.layer_norm_bw %g, %x, %m, %r gamma(%w : tensor<32xbf16>) {normalized_dims = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xf32>, tensor<4x1xf32> -> input_grad tensor<4x32xbf16> gamma_grad tensor<32xbf16> beta_grad tensor<32xbf16>
  return %0#0, %0#1, %0#2 : tensor<4x32xbf16>, tensor<32xbf16>, tensor<32xbf16>
}

// -----

// Without gamma dy is g; two normalized dims are summed together (N = 256); the op's absent
// gamma_grad produces nothing.
// CHECK-LABEL: func.func @no_gamma_two_dims(
// CHECK: %[[G:.*]] = "ttir.typecast"(%arg0) : (tensor<2x8x32xbf16>) -> tensor<2x8x32xf32>
// CHECK: "ttir.sum"(%[[G]]) <{dim_arg = [1 : i32, 2 : i32], keep_dim = true}> : (tensor<2x8x32xf32>) -> tensor<2x1x1xf32>
// CHECK: "ttir.full"() <{fill_value = 2.560000e+02 : f32, shape = array<i32>}>
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : tensor<2x8x32xf32> to tensor<2x8x32xbf16> {ttbw.sum_to}
// CHECK-NEXT: builtin.unrealized_conversion_cast %arg0 : tensor<2x8x32xbf16> to tensor<8x32xbf16> {ttbw.sum_to}
// CHECK-NEXT: return
func.func @no_gamma_two_dims(%g: tensor<2x8x32xbf16>, %x: tensor<2x8x32xbf16>, %m: tensor<2x1x1xf32>, %r: tensor<2x1x1xf32>) -> (tensor<2x8x32xbf16>, tensor<8x32xbf16>) {
  %0:2 = ttir.layer_norm_bw %g, %x, %m, %r {normalized_dims = 2 : i32} : tensor<2x8x32xbf16>, tensor<2x8x32xbf16>, tensor<2x1x1xf32>, tensor<2x1x1xf32> -> input_grad tensor<2x8x32xbf16> beta_grad tensor<8x32xbf16>
  return %0#0, %0#1 : tensor<2x8x32xbf16>, tensor<8x32xbf16>
}

// -----

// RMS norm: dx = (dy - x sum(dy x) / (N rms²)) / rms, dγ = g x / rms.
// CHECK-LABEL: func.func @rms_norm(
// CHECK: %[[DY:.*]] = "ttir.multiply"(%arg0, %arg3) : (tensor<2x3x64xf32>, tensor<64xf32>) -> tensor<2x3x64xf32>
// CHECK: %[[P:.*]] = "ttir.multiply"(%[[DY]], %arg1)
// CHECK: %[[S:.*]] = "ttir.sum"(%[[P]]) <{dim_arg = [2 : i32], keep_dim = true}> : (tensor<2x3x64xf32>) -> tensor<2x3x1xf32>
// CHECK: %[[N:.*]] = "ttir.full"() <{fill_value = 6.400000e+01 : f32, shape = array<i32>}>
// CHECK: %[[SQ:.*]] = "ttir.multiply"(%arg2, %arg2)
// CHECK: %[[SCALE:.*]] = "ttir.multiply"(%[[N]], %[[SQ]])
// CHECK: %[[Q:.*]] = "ttir.div"(%[[S]], %[[SCALE]])
// CHECK: %[[XQ:.*]] = "ttir.multiply"(%arg1, %[[Q]])
// CHECK: %[[D:.*]] = "ttir.subtract"(%[[DY]], %[[XQ]])
// CHECK: %[[DX:.*]] = "ttir.div"(%[[D]], %arg2)
// CHECK: %[[GX:.*]] = "ttir.multiply"(%arg0, %arg1)
// CHECK: %[[DG:.*]] = "ttir.div"(%[[GX]], %arg2)
// CHECK: builtin.unrealized_conversion_cast %[[DG]] : tensor<2x3x64xf32> to tensor<64xf32> {ttbw.sum_to}
// CHECK: return %[[DX]], %{{.*}}
func.func @rms_norm(%g: tensor<2x3x64xf32>, %x: tensor<2x3x64xf32>, %rms: tensor<2x3x1xf32>, %w: tensor<64xf32>) -> (tensor<2x3x64xf32>, tensor<64xf32>) {
  %0:2 = ttir.rms_norm_bw %g, %x, %rms gamma(%w : tensor<64xf32>) {normalized_dims = 1 : i32} : tensor<2x3x64xf32>, tensor<2x3x64xf32>, tensor<2x3x1xf32> -> input_grad tensor<2x3x64xf32> gamma_grad tensor<64xf32>
  return %0#0, %0#1 : tensor<2x3x64xf32>, tensor<64xf32>
}
