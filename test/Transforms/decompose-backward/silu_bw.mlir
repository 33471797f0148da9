// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// silu_bw: input_grad = grad * s * (1 + x * (1 - s)), s = sigmoid(x), from t = s(-|x|) (1 - s
// cancels for large x) in three forms selected by x >= 0 and x + 1/2 >= 0 (passes/derivatives.py:
// the fewest undamped roundings on each range); where g is not finite (g - g != 0), +-g by the
// slope's sign (x - root >= 0) plus x - x (NaN at x = +-inf); f32 opmath, rounded once.

// bf16 operands.
// CHECK-LABEL: func.func @silu_bf16
func.func @silu_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.silu_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.subtract"(%[[V0]], %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V3:.*]] = "ttir.ne"(%[[V1]], %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.full"() <{fill_value = -1.27846444 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V6:.*]] = "ttir.subtract"(%[[V4]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V8:.*]] = "ttir.ge"(%[[V6]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.neg"(%[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.where"(%[[V8]], %[[V0]], %[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.subtract"(%[[V4]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.add"(%[[V10]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V14:.*]] = "ttir.ge"(%[[V4]], %[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.abs"(%[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.neg"(%[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V17:.*]] = "ttir.sigmoid"(%[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.multiply"(%[[V0]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V19:.*]] = "ttir.subtract"(%[[V0]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.multiply"(%[[V4]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V21:.*]] = "ttir.multiply"(%[[V19]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.add"(%[[V19]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V24:.*]] = "ttir.add"(%[[V4]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V26:.*]] = "ttir.ge"(%[[V24]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.multiply"(%[[V0]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.multiply"(%[[V27]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V29:.*]] = "ttir.subtract"(%[[V27]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = "ttir.add"(%[[V0]], %[[V29]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V31:.*]] = "ttir.multiply"(%[[V30]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V32:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V33:.*]] = "ttir.add"(%[[V32]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.subtract"(%[[V33]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V35:.*]] = "ttir.multiply"(%[[V18]], %[[V34]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.where"(%[[V26]], %[[V31]], %[[V35]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V37:.*]] = "ttir.where"(%[[V14]], %[[V22]], %[[V36]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V38:.*]] = "ttir.where"(%[[V3]], %[[V12]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = builtin.unrealized_conversion_cast %[[V38]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V39]] : tensor<2x32x32xbf16>
  %0 = ttir.silu_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: the same ops, no typecasts.
// CHECK-LABEL: func.func @silu_f32
func.func @silu_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.silu_bw
  // CHECK: %[[V0:.*]] = "ttir.subtract"(%arg0, %arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V2:.*]] = "ttir.ne"(%[[V0]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.full"() <{fill_value = -1.27846444 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V4:.*]] = "ttir.subtract"(%arg1, %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V6:.*]] = "ttir.ge"(%[[V4]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.neg"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.where"(%[[V6]], %arg0, %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.subtract"(%arg1, %arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.add"(%[[V8]], %[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V12:.*]] = "ttir.ge"(%arg1, %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.abs"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.neg"(%[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.sigmoid"(%[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.multiply"(%arg0, %[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V17:.*]] = "ttir.subtract"(%arg0, %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.multiply"(%arg1, %[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V19:.*]] = "ttir.multiply"(%[[V17]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.add"(%[[V17]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V21:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V22:.*]] = "ttir.add"(%arg1, %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V24:.*]] = "ttir.ge"(%[[V22]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.multiply"(%arg0, %arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.multiply"(%[[V25]], %[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.subtract"(%[[V25]], %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.add"(%arg0, %[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V29:.*]] = "ttir.multiply"(%[[V28]], %[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V31:.*]] = "ttir.add"(%[[V30]], %arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V32:.*]] = "ttir.subtract"(%[[V31]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V33:.*]] = "ttir.multiply"(%[[V16]], %[[V32]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.where"(%[[V24]], %[[V29]], %[[V33]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V35:.*]] = "ttir.where"(%[[V12]], %[[V20]], %[[V34]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.where"(%[[V2]], %[[V10]], %[[V35]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V36]] : tensor<2x32x32xf32>
  %0 = ttir.silu_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
