// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// sigmoid_bw: input_grad = grad * s * (1 - s), computed as (g - g t) t with t = s(-|x|)
// (1 - s cancels for large x; one undamped rounding besides t's: passes/derivatives.py), and
// g t where g is not finite (g - g != 0: inf - inf would be NaN, PyTorch's g * slope is
// +-inf), and below -|x| = -84 (t leaves f32's range) (g 2^-126) exp(-|x| + 126 ln2_hi) plus
// its ln2_lo tail; f32 opmath.

// bf16 operands.
// CHECK-LABEL: func.func @sigmoid_bf16
func.func @sigmoid_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.sigmoid_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.abs"(%[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.neg"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.full"() <{fill_value = 8.400000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V4:.*]] = "ttir.add"(%[[V2]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V6:.*]] = "ttir.lt"(%[[V4]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.full"() <{fill_value = 1.17549435E-38 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V9:.*]] = "ttir.multiply"(%[[V7]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.full"() <{fill_value = 87.3365478 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V11:.*]] = "ttir.add"(%[[V2]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.exp"(%[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.multiply"(%[[V9]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.full"() <{fill_value = -3.1010095E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V15:.*]] = "ttir.multiply"(%[[V13]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.add"(%[[V13]], %[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V17:.*]] = "ttir.subtract"(%[[V7]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V19:.*]] = "ttir.ne"(%[[V17]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.sigmoid"(%[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V21:.*]] = "ttir.multiply"(%[[V7]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.subtract"(%[[V7]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.multiply"(%[[V22]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.where"(%[[V19]], %[[V21]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.where"(%[[V6]], %[[V16]], %[[V24]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = builtin.unrealized_conversion_cast %[[V25]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V26]] : tensor<2x32x32xbf16>
  %0 = ttir.sigmoid_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: the same ops, no typecasts.
// CHECK-LABEL: func.func @sigmoid_f32
func.func @sigmoid_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.sigmoid_bw
  // CHECK: %[[V0:.*]] = "ttir.abs"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.neg"(%[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.full"() <{fill_value = 8.400000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V3:.*]] = "ttir.add"(%[[V1]], %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V5:.*]] = "ttir.lt"(%[[V3]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.full"() <{fill_value = 1.17549435E-38 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V7:.*]] = "ttir.multiply"(%arg0, %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.full"() <{fill_value = 87.3365478 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V9:.*]] = "ttir.add"(%[[V1]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.exp"(%[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.multiply"(%[[V7]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.full"() <{fill_value = -3.1010095E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V13:.*]] = "ttir.multiply"(%[[V11]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.add"(%[[V11]], %[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.subtract"(%arg0, %arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V17:.*]] = "ttir.ne"(%[[V15]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.sigmoid"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V19:.*]] = "ttir.multiply"(%arg0, %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.subtract"(%arg0, %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V21:.*]] = "ttir.multiply"(%[[V20]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.where"(%[[V17]], %[[V19]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.where"(%[[V5]], %[[V14]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V23]] : tensor<2x32x32xf32>
  %0 = ttir.sigmoid_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
