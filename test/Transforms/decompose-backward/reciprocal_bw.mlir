// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// reciprocal_bw: input_grad = -((grad / x) / x) (PyTorch's -grad * (1/x)^2, one rounding less,
// the same infinities at +-0; x^2 first overflows above |x| = 2^64); f32 opmath, rounded once.

// bf16 operands.
// CHECK-LABEL: func.func @reciprocal_bf16
func.func @reciprocal_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.reciprocal_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.div"(%[[V0]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.div"(%[[V2]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.neg"(%[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = builtin.unrealized_conversion_cast %[[V4]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V5]] : tensor<2x32x32xbf16>
  %0 = ttir.reciprocal_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: the same ops, no typecasts.
// CHECK-LABEL: func.func @reciprocal_f32
func.func @reciprocal_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.reciprocal_bw
  // CHECK: %[[V0:.*]] = "ttir.div"(%arg0, %arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.div"(%[[V0]], %arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.neg"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V2]] : tensor<2x32x32xf32>
  %0 = ttir.reciprocal_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
