// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// tanh_bw: input_grad = grad * (1 - tanh(x)^2) = 4 grad s(2x) s(-2x) (1 - t^2 cancels for
// |x| > 4), computed as sigmoid_bw's (g - g t) t at 2x, t = s(-|2x|), g t where g is not
// finite (g - g != 0), times 4 last (exact; 4 g first overflows for |g| > FLT_MAX / 4); f32
// opmath, rounded once.

// bf16 operands.
// CHECK-LABEL: func.func @tanh_bf16
func.func @tanh_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.tanh_bw
  // CHECK: %[[G:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[Z:.*]] = "ttir.subtract"(%[[G]], %[[G]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[ZERO:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[NF:.*]] = "ttir.ne"(%[[Z]], %[[ZERO]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[TWO:.*]] = "ttir.full"() <{fill_value = 2.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[X:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[X2:.*]] = "ttir.multiply"(%[[TWO]], %[[X]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[A:.*]] = "ttir.abs"(%[[X2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[N:.*]] = "ttir.neg"(%[[A]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[T:.*]] = "ttir.sigmoid"(%[[N]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[GT:.*]] = "ttir.multiply"(%[[G]], %[[T]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[D:.*]] = "ttir.subtract"(%[[G]], %[[GT]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[R:.*]] = "ttir.multiply"(%[[D]], %[[T]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[W:.*]] = "ttir.where"(%[[NF]], %[[GT]], %[[R]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[FOUR:.*]] = "ttir.full"() <{fill_value = 4.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[S:.*]] = "ttir.multiply"(%[[W]], %[[FOUR]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %[[S]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[C]] : tensor<2x32x32xbf16>
  %0 = ttir.tanh_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: the same ops, no typecasts.
// CHECK-LABEL: func.func @tanh_f32
func.func @tanh_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.tanh_bw
  // CHECK: %[[Z:.*]] = "ttir.subtract"(%arg0, %arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[ZERO:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[NF:.*]] = "ttir.ne"(%[[Z]], %[[ZERO]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[TWO:.*]] = "ttir.full"() <{fill_value = 2.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[X2:.*]] = "ttir.multiply"(%[[TWO]], %arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[A:.*]] = "ttir.abs"(%[[X2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[N:.*]] = "ttir.neg"(%[[A]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[T:.*]] = "ttir.sigmoid"(%[[N]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[GT:.*]] = "ttir.multiply"(%arg0, %[[T]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[D:.*]] = "ttir.subtract"(%arg0, %[[GT]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[R:.*]] = "ttir.multiply"(%[[D]], %[[T]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[W:.*]] = "ttir.where"(%[[NF]], %[[GT]], %[[R]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[FOUR:.*]] = "ttir.full"() <{fill_value = 4.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[S:.*]] = "ttir.multiply"(%[[W]], %[[FOUR]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[S]] : tensor<2x32x32xf32>
  %0 = ttir.tanh_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
