// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// silu_bw: input_grad = grad * s * (1 + x * s(-x)), s = sigmoid(x) (PyTorch's 1 - s as
// sigmoid(-x), which does not cancel for large x); f32 opmath, rounded once.

// bf16 operands.
// CHECK-LABEL: func.func @silu_bf16
func.func @silu_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.silu_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.sigmoid"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.multiply"(%[[V0]], %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V5:.*]] = "ttir.neg"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.sigmoid"(%[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.multiply"(%[[V1]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.add"(%[[V4]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.multiply"(%[[V3]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = builtin.unrealized_conversion_cast %[[V9]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V10]] : tensor<2x32x32xbf16>
  %0 = ttir.silu_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: the same ops, no typecasts.
// CHECK-LABEL: func.func @silu_f32
func.func @silu_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.silu_bw
  // CHECK: %[[V0:.*]] = "ttir.sigmoid"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.multiply"(%arg0, %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V3:.*]] = "ttir.neg"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.sigmoid"(%[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.multiply"(%arg1, %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.add"(%[[V2]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.multiply"(%[[V1]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V7]] : tensor<2x32x32xf32>
  %0 = ttir.silu_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
