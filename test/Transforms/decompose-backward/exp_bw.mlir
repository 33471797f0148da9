// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// exp_bw: input_grad = grad * exp(x); two rounding ops: f32 opmath, rounded once.

// bf16 operands.
// CHECK-LABEL: func.func @exp_bf16
func.func @exp_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.exp_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.exp"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.multiply"(%[[V0]], %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = builtin.unrealized_conversion_cast %[[V3]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V4]] : tensor<2x32x32xbf16>
  %0 = ttir.exp_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: the same ops, no typecasts.
// CHECK-LABEL: func.func @exp_f32
func.func @exp_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.exp_bw
  // CHECK: %[[V0:.*]] = "ttir.exp"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.multiply"(%arg0, %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V1]] : tensor<2x32x32xf32>
  %0 = ttir.exp_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
