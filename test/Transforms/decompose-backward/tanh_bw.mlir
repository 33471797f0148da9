// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// tanh_bw: input_grad = grad * (1 - tanh(x)^2) = 4 grad s(2x) s(-2x) (1 - t^2 cancels for
// |x| > 4), computed as sigmoid_bw's (g - g t) t at 2x, t = s(-|2x|), g t where g is not
// finite (g - g != 0), (g 2^-126) exp(-|2x| + 126 ln2_hi) plus its tail below -|2x| = -84,
// times 4 last (exact; 4 g first overflows for |g| > FLT_MAX / 4); f32 opmath.

// bf16 operands.
// CHECK-LABEL: func.func @tanh_bf16
func.func @tanh_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.tanh_bw
  // CHECK: %[[V0:.*]] = "ttir.full"() <{fill_value = 2.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V1:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.multiply"(%[[V0]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.abs"(%[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.neg"(%[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.full"() <{fill_value = 8.400000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V6:.*]] = "ttir.add"(%[[V4]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V8:.*]] = "ttir.lt"(%[[V6]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.full"() <{fill_value = 1.17549435E-38 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V11:.*]] = "ttir.multiply"(%[[V9]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.full"() <{fill_value = 87.3365478 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V13:.*]] = "ttir.add"(%[[V4]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.exp"(%[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.multiply"(%[[V11]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.full"() <{fill_value = -3.1010095E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V17:.*]] = "ttir.multiply"(%[[V15]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.add"(%[[V15]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V19:.*]] = "ttir.subtract"(%[[V9]], %[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V21:.*]] = "ttir.ne"(%[[V19]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.sigmoid"(%[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.multiply"(%[[V9]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.subtract"(%[[V9]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.multiply"(%[[V24]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.where"(%[[V21]], %[[V23]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.where"(%[[V8]], %[[V18]], %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.full"() <{fill_value = 4.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V29:.*]] = "ttir.multiply"(%[[V27]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = builtin.unrealized_conversion_cast %[[V29]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V30]] : tensor<2x32x32xbf16>
  %0 = ttir.tanh_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: the same ops, no typecasts.
// CHECK-LABEL: func.func @tanh_f32
func.func @tanh_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.tanh_bw
  // CHECK: %[[V0:.*]] = "ttir.full"() <{fill_value = 2.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V1:.*]] = "ttir.multiply"(%[[V0]], %arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.abs"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.neg"(%[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.full"() <{fill_value = 8.400000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V5:.*]] = "ttir.add"(%[[V3]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V7:.*]] = "ttir.lt"(%[[V5]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.full"() <{fill_value = 1.17549435E-38 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V9:.*]] = "ttir.multiply"(%arg0, %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.full"() <{fill_value = 87.3365478 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V11:.*]] = "ttir.add"(%[[V3]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.exp"(%[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.multiply"(%[[V9]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.full"() <{fill_value = -3.1010095E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V15:.*]] = "ttir.multiply"(%[[V13]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.add"(%[[V13]], %[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V17:.*]] = "ttir.subtract"(%arg0, %arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V19:.*]] = "ttir.ne"(%[[V17]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.sigmoid"(%[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V21:.*]] = "ttir.multiply"(%arg0, %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.subtract"(%arg0, %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.multiply"(%[[V22]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.where"(%[[V19]], %[[V21]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.where"(%[[V7]], %[[V16]], %[[V24]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.full"() <{fill_value = 4.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V27:.*]] = "ttir.multiply"(%[[V25]], %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V27]] : tensor<2x32x32xf32>
  %0 = ttir.tanh_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
