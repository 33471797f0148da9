// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// sigmoid_bw: input_grad = grad * s * (1 - s), computed as (g - g t) t with t = s(-|x|)
// (1 - s cancels for large x; one undamped rounding besides t's: passes/derivatives.py);
// f32 opmath, rounded once.

// bf16 operands.
// CHECK-LABEL: func.func @sigmoid_bf16
func.func @sigmoid_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.sigmoid_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[A:.*]] = "ttir.abs"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[N:.*]] = "ttir.neg"(%[[A]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[T:.*]] = "ttir.sigmoid"(%[[N]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[GT:.*]] = "ttir.multiply"(%[[V0]], %[[T]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[D:.*]] = "ttir.subtract"(%[[V0]], %[[GT]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.multiply"(%[[D]], %[[T]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = builtin.unrealized_conversion_cast %[[V6]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V7]] : tensor<2x32x32xbf16>
  %0 = ttir.sigmoid_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: the same ops, no typecasts.
// CHECK-LABEL: func.func @sigmoid_f32
func.func @sigmoid_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.sigmoid_bw
  // CHECK: %[[A:.*]] = "ttir.abs"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[N:.*]] = "ttir.neg"(%[[A]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[T:.*]] = "ttir.sigmoid"(%[[N]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[GT:.*]] = "ttir.multiply"(%arg0, %[[T]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[D:.*]] = "ttir.subtract"(%arg0, %[[GT]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.multiply"(%[[D]], %[[T]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V4]] : tensor<2x32x32xf32>
  %0 = ttir.sigmoid_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
