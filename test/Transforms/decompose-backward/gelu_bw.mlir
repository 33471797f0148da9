// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// gelu_bw: approximate = "none" (the default): grad * (Phi(x) + x phi(x)) with
// Phi(x) = 0.5 erfc(-x / sqrt2) and phi(x) = exp(-x^2 / 2) / sqrt(2 pi) = E (1 + expm1(B)) from
// the exact exponent A + B (c = min(|x|, 16) rounded to hi = (c + 3 * 2^15) - 3 * 2^15, A = hi
// (-hi / 2) + L_HI, B = (c - hi) (-(c + hi) / 2) + L_LO, E = exp(A)), the sum compensated:
// Veltkamp splits (* 4097) of the capped x and of E, Dekker's error of x E, TwoSum of 0.5 erfc
// and x E, erfc's correction for the rounding of -x / sqrt2, all added before the slope's one
// rounding; "tanh": the derivative
// of x sigmoid(2u), u = sqrt(2/pi) (x + 0.044715 x^3), with 2u' at min(x^2, 400). f32 opmath.

// No attribute: the erfc form.
// CHECK-LABEL: func.func @gelu_default
func.func @gelu_default(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.gelu_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V2:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V4:.*]] = "ttir.lt"(%[[V2]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.abs"(%[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.full"() <{fill_value = 1.600000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V7:.*]] = "ttir.minimum"(%[[V5]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.neg"(%[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.where"(%[[V4]], %[[V8]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.full"() <{fill_value = -0.707106769 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V11:.*]] = "ttir.multiply"(%[[V9]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.erfc"(%[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.multiply"(%[[V1]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.full"() <{fill_value = 9.830400e+04 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V15:.*]] = "ttir.add"(%[[V7]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.subtract"(%[[V15]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V17:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V18:.*]] = "ttir.multiply"(%[[V16]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V19:.*]] = "ttir.multiply"(%[[V16]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.full"() <{fill_value = -0.918945312 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V21:.*]] = "ttir.add"(%[[V19]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.exp"(%[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.multiply"(%[[V2]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.add"(%[[V13]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.subtract"(%[[V24]], %[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.subtract"(%[[V24]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.subtract"(%[[V13]], %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.subtract"(%[[V23]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V29:.*]] = "ttir.add"(%[[V27]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V31:.*]] = "ttir.multiply"(%[[V9]], %[[V30]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V32:.*]] = "ttir.subtract"(%[[V31]], %[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V33:.*]] = "ttir.subtract"(%[[V31]], %[[V32]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V35:.*]] = "ttir.multiply"(%[[V22]], %[[V34]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.subtract"(%[[V35]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V37:.*]] = "ttir.subtract"(%[[V35]], %[[V36]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V38:.*]] = "ttir.multiply"(%[[V33]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = "ttir.subtract"(%[[V38]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V40:.*]] = "ttir.subtract"(%[[V22]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V41:.*]] = "ttir.multiply"(%[[V33]], %[[V40]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V42:.*]] = "ttir.add"(%[[V39]], %[[V41]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V43:.*]] = "ttir.subtract"(%[[V9]], %[[V33]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V44:.*]] = "ttir.multiply"(%[[V43]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V45:.*]] = "ttir.add"(%[[V42]], %[[V44]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V46:.*]] = "ttir.multiply"(%[[V43]], %[[V40]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V47:.*]] = "ttir.add"(%[[V45]], %[[V46]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V48:.*]] = "ttir.add"(%[[V29]], %[[V47]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V49:.*]] = "ttir.subtract"(%[[V7]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V50:.*]] = "ttir.add"(%[[V7]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V51:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V52:.*]] = "ttir.multiply"(%[[V50]], %[[V51]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V53:.*]] = "ttir.multiply"(%[[V49]], %[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.full"() <{fill_value = 6.77929529E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V55:.*]] = "ttir.add"(%[[V53]], %[[V54]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V56:.*]] = "ttir.expm1"(%[[V55]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V57:.*]] = "ttir.multiply"(%[[V23]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V58:.*]] = "ttir.full"() <{fill_value = -0.70703125 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V59:.*]] = "ttir.multiply"(%[[V33]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V60:.*]] = "ttir.subtract"(%[[V59]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V61:.*]] = "ttir.full"() <{fill_value = -7.55190849E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V62:.*]] = "ttir.multiply"(%[[V33]], %[[V61]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V63:.*]] = "ttir.add"(%[[V60]], %[[V62]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V64:.*]] = "ttir.full"() <{fill_value = -0.70703125 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V65:.*]] = "ttir.multiply"(%[[V43]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.add"(%[[V63]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V67:.*]] = "ttir.full"() <{fill_value = -7.55190849E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V68:.*]] = "ttir.multiply"(%[[V43]], %[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V69:.*]] = "ttir.add"(%[[V66]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.full"() <{fill_value = -1.21016175E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V71:.*]] = "ttir.multiply"(%[[V9]], %[[V70]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V72:.*]] = "ttir.add"(%[[V69]], %[[V71]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.full"() <{fill_value = -1.41421354 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V74:.*]] = "ttir.multiply"(%[[V22]], %[[V73]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.multiply"(%[[V72]], %[[V74]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = "ttir.add"(%[[V57]], %[[V75]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V77:.*]] = "ttir.add"(%[[V48]], %[[V76]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V78:.*]] = "ttir.add"(%[[V24]], %[[V77]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V79:.*]] = "ttir.multiply"(%[[V0]], %[[V78]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V80:.*]] = builtin.unrealized_conversion_cast %[[V79]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V80]] : tensor<2x32x32xbf16>
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
  // CHECK: %[[V3:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V4:.*]] = "ttir.lt"(%[[V2]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.abs"(%[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.full"() <{fill_value = 1.600000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V7:.*]] = "ttir.minimum"(%[[V5]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.neg"(%[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.where"(%[[V4]], %[[V8]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.full"() <{fill_value = -0.707106769 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V11:.*]] = "ttir.multiply"(%[[V9]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.erfc"(%[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.multiply"(%[[V1]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.full"() <{fill_value = 9.830400e+04 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V15:.*]] = "ttir.add"(%[[V7]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.subtract"(%[[V15]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V17:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V18:.*]] = "ttir.multiply"(%[[V16]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V19:.*]] = "ttir.multiply"(%[[V16]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.full"() <{fill_value = -0.918945312 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V21:.*]] = "ttir.add"(%[[V19]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.exp"(%[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.multiply"(%[[V2]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.add"(%[[V13]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.subtract"(%[[V24]], %[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.subtract"(%[[V24]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.subtract"(%[[V13]], %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.subtract"(%[[V23]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V29:.*]] = "ttir.add"(%[[V27]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V31:.*]] = "ttir.multiply"(%[[V9]], %[[V30]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V32:.*]] = "ttir.subtract"(%[[V31]], %[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V33:.*]] = "ttir.subtract"(%[[V31]], %[[V32]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V35:.*]] = "ttir.multiply"(%[[V22]], %[[V34]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.subtract"(%[[V35]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V37:.*]] = "ttir.subtract"(%[[V35]], %[[V36]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V38:.*]] = "ttir.multiply"(%[[V33]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = "ttir.subtract"(%[[V38]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V40:.*]] = "ttir.subtract"(%[[V22]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V41:.*]] = "ttir.multiply"(%[[V33]], %[[V40]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V42:.*]] = "ttir.add"(%[[V39]], %[[V41]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V43:.*]] = "ttir.subtract"(%[[V9]], %[[V33]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V44:.*]] = "ttir.multiply"(%[[V43]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V45:.*]] = "ttir.add"(%[[V42]], %[[V44]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V46:.*]] = "ttir.multiply"(%[[V43]], %[[V40]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V47:.*]] = "ttir.add"(%[[V45]], %[[V46]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V48:.*]] = "ttir.add"(%[[V29]], %[[V47]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V49:.*]] = "ttir.subtract"(%[[V7]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V50:.*]] = "ttir.add"(%[[V7]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V51:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V52:.*]] = "ttir.multiply"(%[[V50]], %[[V51]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V53:.*]] = "ttir.multiply"(%[[V49]], %[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.full"() <{fill_value = 6.77929529E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V55:.*]] = "ttir.add"(%[[V53]], %[[V54]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V56:.*]] = "ttir.expm1"(%[[V55]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V57:.*]] = "ttir.multiply"(%[[V23]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V58:.*]] = "ttir.full"() <{fill_value = -0.70703125 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V59:.*]] = "ttir.multiply"(%[[V33]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V60:.*]] = "ttir.subtract"(%[[V59]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V61:.*]] = "ttir.full"() <{fill_value = -7.55190849E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V62:.*]] = "ttir.multiply"(%[[V33]], %[[V61]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V63:.*]] = "ttir.add"(%[[V60]], %[[V62]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V64:.*]] = "ttir.full"() <{fill_value = -0.70703125 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V65:.*]] = "ttir.multiply"(%[[V43]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.add"(%[[V63]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V67:.*]] = "ttir.full"() <{fill_value = -7.55190849E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V68:.*]] = "ttir.multiply"(%[[V43]], %[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V69:.*]] = "ttir.add"(%[[V66]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.full"() <{fill_value = -1.21016175E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V71:.*]] = "ttir.multiply"(%[[V9]], %[[V70]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V72:.*]] = "ttir.add"(%[[V69]], %[[V71]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.full"() <{fill_value = -1.41421354 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V74:.*]] = "ttir.multiply"(%[[V22]], %[[V73]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.multiply"(%[[V72]], %[[V74]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = "ttir.add"(%[[V57]], %[[V75]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V77:.*]] = "ttir.add"(%[[V48]], %[[V76]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V78:.*]] = "ttir.add"(%[[V24]], %[[V77]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V79:.*]] = "ttir.multiply"(%[[V0]], %[[V78]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V80:.*]] = builtin.unrealized_conversion_cast %[[V79]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V80]] : tensor<2x32x32xbf16>
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
  // CHECK: %[[V1:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V2:.*]] = "ttir.lt"(%arg1, %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.abs"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.full"() <{fill_value = 1.600000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V5:.*]] = "ttir.minimum"(%[[V3]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.neg"(%[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.where"(%[[V2]], %[[V6]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.full"() <{fill_value = -0.707106769 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V9:.*]] = "ttir.multiply"(%[[V7]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V10:.*]] = "ttir.erfc"(%[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.multiply"(%[[V0]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.full"() <{fill_value = 9.830400e+04 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V13:.*]] = "ttir.add"(%[[V5]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.subtract"(%[[V13]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V16:.*]] = "ttir.multiply"(%[[V14]], %[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V17:.*]] = "ttir.multiply"(%[[V14]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.full"() <{fill_value = -0.918945312 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V19:.*]] = "ttir.add"(%[[V17]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.exp"(%[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V21:.*]] = "ttir.multiply"(%arg1, %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.add"(%[[V11]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.subtract"(%[[V22]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.subtract"(%[[V22]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.subtract"(%[[V11]], %[[V24]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.subtract"(%[[V21]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.add"(%[[V25]], %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V29:.*]] = "ttir.multiply"(%[[V7]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = "ttir.subtract"(%[[V29]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V31:.*]] = "ttir.subtract"(%[[V29]], %[[V30]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V32:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V33:.*]] = "ttir.multiply"(%[[V20]], %[[V32]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.subtract"(%[[V33]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V35:.*]] = "ttir.subtract"(%[[V33]], %[[V34]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.multiply"(%[[V31]], %[[V35]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V37:.*]] = "ttir.subtract"(%[[V36]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V38:.*]] = "ttir.subtract"(%[[V20]], %[[V35]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = "ttir.multiply"(%[[V31]], %[[V38]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V40:.*]] = "ttir.add"(%[[V37]], %[[V39]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V41:.*]] = "ttir.subtract"(%[[V7]], %[[V31]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V42:.*]] = "ttir.multiply"(%[[V41]], %[[V35]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V43:.*]] = "ttir.add"(%[[V40]], %[[V42]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V44:.*]] = "ttir.multiply"(%[[V41]], %[[V38]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V45:.*]] = "ttir.add"(%[[V43]], %[[V44]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V46:.*]] = "ttir.add"(%[[V27]], %[[V45]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V47:.*]] = "ttir.subtract"(%[[V5]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V48:.*]] = "ttir.add"(%[[V5]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V49:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V50:.*]] = "ttir.multiply"(%[[V48]], %[[V49]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V51:.*]] = "ttir.multiply"(%[[V47]], %[[V50]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V52:.*]] = "ttir.full"() <{fill_value = 6.77929529E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V53:.*]] = "ttir.add"(%[[V51]], %[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.expm1"(%[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V55:.*]] = "ttir.multiply"(%[[V21]], %[[V54]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V56:.*]] = "ttir.full"() <{fill_value = -0.70703125 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V57:.*]] = "ttir.multiply"(%[[V31]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V58:.*]] = "ttir.subtract"(%[[V57]], %[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V59:.*]] = "ttir.full"() <{fill_value = -7.55190849E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V60:.*]] = "ttir.multiply"(%[[V31]], %[[V59]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V61:.*]] = "ttir.add"(%[[V58]], %[[V60]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V62:.*]] = "ttir.full"() <{fill_value = -0.70703125 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V63:.*]] = "ttir.multiply"(%[[V41]], %[[V62]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V64:.*]] = "ttir.add"(%[[V61]], %[[V63]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V65:.*]] = "ttir.full"() <{fill_value = -7.55190849E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V66:.*]] = "ttir.multiply"(%[[V41]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V67:.*]] = "ttir.add"(%[[V64]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.full"() <{fill_value = -1.21016175E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V69:.*]] = "ttir.multiply"(%[[V7]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.add"(%[[V67]], %[[V69]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V71:.*]] = "ttir.full"() <{fill_value = -1.41421354 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V72:.*]] = "ttir.multiply"(%[[V20]], %[[V71]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.multiply"(%[[V70]], %[[V72]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V74:.*]] = "ttir.add"(%[[V55]], %[[V73]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.add"(%[[V46]], %[[V74]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = "ttir.add"(%[[V22]], %[[V75]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V77:.*]] = "ttir.multiply"(%arg0, %[[V76]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V77]] : tensor<2x32x32xf32>
  %0 = ttir.gelu_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
