// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// sqrt_bw: input_grad = grad / (2 sqrt(x)) (sqrt(-0) = -0: -inf for grad > 0, as PyTorch);
// f32 opmath, rounded once.

// bf16 operands.
// CHECK-LABEL: func.func @sqrt_bf16
func.func @sqrt_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.sqrt_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.full"() <{fill_value = 2.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V2:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.sqrt"(%[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.multiply"(%[[V1]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.div"(%[[V0]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = builtin.unrealized_conversion_cast %[[V5]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V6]] : tensor<2x32x32xbf16>
  %0 = ttir.sqrt_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: the same ops, no typecasts.
// CHECK-LABEL: func.func @sqrt_f32
func.func @sqrt_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.sqrt_bw
  // CHECK: %[[V0:.*]] = "ttir.full"() <{fill_value = 2.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V1:.*]] = "ttir.sqrt"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.multiply"(%[[V0]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.div"(%arg0, %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V3]] : tensor<2x32x32xf32>
  %0 = ttir.sqrt_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
