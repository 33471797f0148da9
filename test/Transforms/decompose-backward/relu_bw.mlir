// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// relu_bw: input_grad = x <= 0 ? 0 : grad (threshold_backward: a NaN x keeps grad), a
// ttir.where in f32 (a constant operand), rounded once to the result type.

// bf16: grad widened to f32, where, the cast back marked for ttir-reduce-broadcast-grads.
// CHECK-LABEL: func.func @relu_bf16
func.func @relu_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.relu_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V2:.*]] = "ttir.le"(%[[V0]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V4:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.where"(%[[V2]], %[[V3]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = builtin.unrealized_conversion_cast %[[V5]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V6]] : tensor<2x32x32xbf16>
  %0 = ttir.relu_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: the same ops, no typecasts.
// CHECK-LABEL: func.func @relu_f32
func.func @relu_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.relu_bw
  // CHECK: %[[V0:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V1:.*]] = "ttir.le"(%arg1, %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V3:.*]] = "ttir.where"(%[[V1]], %[[V2]], %arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V3]] : tensor<2x32x32xf32>
  %0 = ttir.relu_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
