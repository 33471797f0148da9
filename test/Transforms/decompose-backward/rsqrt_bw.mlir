// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// rsqrt_bw: input_grad = -0.5 grad rsqrt(x)^3, computed as (-0.5 grad) pow(x, -1.5), above
// x = 2^84 as (-0.5 grad 2^-96) pow(x 2^-64, -1.5) and below 2^-85 as (-0.5 grad 2^96) pow(x 2^64,
// -1.5) (pow stays in float32's range), and at x <= 0 as -0.5 grad rsqrt(x) (PyTorch's signed
// infinity at +-0, where pow(-0, -1.5) = +inf; NaN at -inf, where pow gives +0); f32 opmath.

// bf16 operands: the le-0 select between the two forms.
// CHECK-LABEL: func.func @rsqrt_bf16
func.func @rsqrt_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.rsqrt_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V2:.*]] = "ttir.le"(%[[V0]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V4:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.multiply"(%[[V3]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.rsqrt"(%[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.multiply"(%[[V5]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.full"() <{fill_value = 1.93428131E+25 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V9:.*]] = "ttir.gt"(%[[V0]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.full"() <{fill_value = 1.26217745E-29 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V11:.*]] = "ttir.multiply"(%[[V5]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.full"() <{fill_value = 2.58493941E-26 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V13:.*]] = "ttir.lt"(%[[V0]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.full"() <{fill_value = 7.92281625E+28 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V15:.*]] = "ttir.multiply"(%[[V5]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.where"(%[[V13]], %[[V15]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V17:.*]] = "ttir.where"(%[[V9]], %[[V11]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.full"() <{fill_value = 5.42101086E-20 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V19:.*]] = "ttir.multiply"(%[[V0]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.full"() <{fill_value = 1.84467441E+19 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V21:.*]] = "ttir.multiply"(%[[V0]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.where"(%[[V13]], %[[V21]], %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.where"(%[[V9]], %[[V19]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.full"() <{fill_value = -1.500000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V25:.*]] = "ttir.pow"(%[[V23]], %[[V24]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.multiply"(%[[V17]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.where"(%[[V2]], %[[V7]], %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = builtin.unrealized_conversion_cast %[[V27]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V28]] : tensor<2x32x32xbf16>
  %0 = ttir.rsqrt_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: the same ops, no typecasts.
// CHECK-LABEL: func.func @rsqrt_f32
func.func @rsqrt_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.rsqrt_bw
  // CHECK: %[[V0:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V1:.*]] = "ttir.le"(%arg1, %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V3:.*]] = "ttir.multiply"(%[[V2]], %arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.rsqrt"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.multiply"(%[[V3]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.full"() <{fill_value = 1.93428131E+25 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V7:.*]] = "ttir.gt"(%arg1, %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.full"() <{fill_value = 1.26217745E-29 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V9:.*]] = "ttir.multiply"(%[[V3]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.full"() <{fill_value = 2.58493941E-26 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V11:.*]] = "ttir.lt"(%arg1, %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.full"() <{fill_value = 7.92281625E+28 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V13:.*]] = "ttir.multiply"(%[[V3]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.where"(%[[V11]], %[[V13]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.where"(%[[V7]], %[[V9]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.full"() <{fill_value = 5.42101086E-20 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V17:.*]] = "ttir.multiply"(%arg1, %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.full"() <{fill_value = 1.84467441E+19 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V19:.*]] = "ttir.multiply"(%arg1, %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.where"(%[[V11]], %[[V19]], %arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V21:.*]] = "ttir.where"(%[[V7]], %[[V17]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.full"() <{fill_value = -1.500000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V23:.*]] = "ttir.pow"(%[[V21]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.multiply"(%[[V15]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.where"(%[[V1]], %[[V5]], %[[V24]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V25]] : tensor<2x32x32xf32>
  %0 = ttir.rsqrt_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
