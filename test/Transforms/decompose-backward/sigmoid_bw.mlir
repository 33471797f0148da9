// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// sigmoid_bw: input_grad = grad * s * (1 - s), computed as (g - g t) t with t = s(-|x|)
// (1 - s cancels for large x; one undamped rounding besides t's: passes/derivatives.py), and
// g t where g is not finite (g - g != 0: inf - inf would be NaN, PyTorch's g * slope is
// +-inf); f32 opmath, rounded once.

// bf16 operands.
// CHECK-LABEL: func.func @sigmoid_bf16
func.func @sigmoid_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.sigmoid_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[Z:.*]] = "ttir.subtract"(%[[V0]], %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[ZERO:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[NF:.*]] = "ttir.ne"(%[[Z]], %[[ZERO]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[A:.*]] = "ttir.abs"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[N:.*]] = "ttir.neg"(%[[A]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[T:.*]] = "ttir.sigmoid"(%[[N]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[GT:.*]] = "ttir.multiply"(%[[V0]], %[[T]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[D:.*]] = "ttir.subtract"(%[[V0]], %[[GT]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[R:.*]] = "ttir.multiply"(%[[D]], %[[T]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[W:.*]] = "ttir.where"(%[[NF]], %[[GT]], %[[R]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %[[W]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[C]] : tensor<2x32x32xbf16>
  %0 = ttir.sigmoid_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: the same ops, no typecasts.
// CHECK-LABEL: func.func @sigmoid_f32
func.func @sigmoid_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.sigmoid_bw
  // CHECK: %[[Z:.*]] = "ttir.subtract"(%arg0, %arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[ZERO:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[NF:.*]] = "ttir.ne"(%[[Z]], %[[ZERO]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[A:.*]] = "ttir.abs"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[N:.*]] = "ttir.neg"(%[[A]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[T:.*]] = "ttir.sigmoid"(%[[N]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[GT:.*]] = "ttir.multiply"(%arg0, %[[T]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[D:.*]] = "ttir.subtract"(%arg0, %[[GT]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[R:.*]] = "ttir.multiply"(%[[D]], %[[T]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[W:.*]] = "ttir.where"(%[[NF]], %[[GT]], %[[R]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[W]] : tensor<2x32x32xf32>
  %0 = ttir.sigmoid_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
