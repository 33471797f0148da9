// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// gelu_bw: approximate = "none" (the default): grad * (Phi(x) + x phi(x)) with
// Phi(x) = 0.5 erfc(-x / sqrt2), phi(x) = exp(-x^2 / 2) / sqrt(2 pi); "tanh": the derivative
// of x sigmoid(2u), u = sqrt(2/pi) (x + 0.044715 x^3), with 2u' at min(x^2, 400). f32 opmath.

// No attribute: the erfc form.
// CHECK-LABEL: func.func @gelu_default
func.func @gelu_default(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.gelu_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V2:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.full"() <{fill_value = -0.707106769 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V4:.*]] = "ttir.multiply"(%[[V2]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.erfc"(%[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.multiply"(%[[V1]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V8:.*]] = "ttir.multiply"(%[[V2]], %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.multiply"(%[[V7]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.exp"(%[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.full"() <{fill_value = 0.398942292 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V12:.*]] = "ttir.multiply"(%[[V10]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.multiply"(%[[V2]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.add"(%[[V6]], %[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.multiply"(%[[V0]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = builtin.unrealized_conversion_cast %[[V15]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V16]] : tensor<2x32x32xbf16>
  %0 = ttir.gelu_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// approximate = "none" is the default spelled out: the same ops.
// CHECK-LABEL: func.func @gelu_none
func.func @gelu_none(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.gelu_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V2:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.full"() <{fill_value = -0.707106769 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V4:.*]] = "ttir.multiply"(%[[V2]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.erfc"(%[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.multiply"(%[[V1]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V8:.*]] = "ttir.multiply"(%[[V2]], %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.multiply"(%[[V7]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.exp"(%[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.full"() <{fill_value = 0.398942292 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V12:.*]] = "ttir.multiply"(%[[V10]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.multiply"(%[[V2]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.add"(%[[V6]], %[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.multiply"(%[[V0]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = builtin.unrealized_conversion_cast %[[V15]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V16]] : tensor<2x32x32xbf16>
  %0 = ttir.gelu_bw %g, %x {approximate = "none"} : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// approximate = "tanh": two sigmoids (of 2u and -2u), no tanh.
// CHECK-LABEL: func.func @gelu_tanh
func.func @gelu_tanh(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.gelu_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.full"() <{fill_value = 1.59576917 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V2:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.full"() <{fill_value = 4.471500e-02 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V4:.*]] = "ttir.multiply"(%[[V2]], %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.multiply"(%[[V4]], %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.multiply"(%[[V3]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.add"(%[[V2]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.multiply"(%[[V1]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.sigmoid"(%[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.multiply"(%[[V9]], %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.neg"(%[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.sigmoid"(%[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.full"() <{fill_value = 1.59576917 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V14:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V15:.*]] = "ttir.full"() <{fill_value = 1.341450e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V16:.*]] = "ttir.full"() <{fill_value = 4.000000e+02 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V17:.*]] = "ttir.gt"(%[[V4]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.full"() <{fill_value = 4.000000e+02 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V19:.*]] = "ttir.where"(%[[V17]], %[[V18]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.multiply"(%[[V15]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V21:.*]] = "ttir.add"(%[[V14]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.multiply"(%[[V13]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.multiply"(%[[V12]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.multiply"(%[[V10]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.add"(%[[V9]], %[[V24]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.multiply"(%[[V0]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = builtin.unrealized_conversion_cast %[[V26]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V27]] : tensor<2x32x32xbf16>
  %0 = ttir.gelu_bw %g, %x {approximate = "tanh"} : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: no typecasts.
// CHECK-LABEL: func.func @gelu_f32
func.func @gelu_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.gelu_bw
  // CHECK: %[[V0:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V1:.*]] = "ttir.full"() <{fill_value = -0.707106769 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V2:.*]] = "ttir.multiply"(%arg1, %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.erfc"(%[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.multiply"(%[[V0]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V6:.*]] = "ttir.multiply"(%arg1, %arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.multiply"(%[[V5]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.exp"(%[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.full"() <{fill_value = 0.398942292 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V10:.*]] = "ttir.multiply"(%[[V8]], %[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.multiply"(%arg1, %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.add"(%[[V4]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.multiply"(%arg0, %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V13]] : tensor<2x32x32xf32>
  %0 = ttir.gelu_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
