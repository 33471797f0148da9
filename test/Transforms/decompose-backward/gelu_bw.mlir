// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// gelu_bw: approximate = "none" (the default): grad * (Phi(x) + x phi(x)) with
// Phi(x) = 0.5 erfc(-x / sqrt2) and phi(x) = exp(-x^2 / 2) / sqrt(2 pi) = E (1 + expm1(B)) from
// the exact exponent A + B (c = min(|x|, 16) rounded to hi = (c + 3 * 2^15) - 3 * 2^15, A = hi
// (-hi / 2) + L_HI, B = (c - hi) (-(c + hi) / 2) + L_LO, E = exp(A)), the sum compensated:
// Veltkamp splits (* 4097) of the capped x and of E, Dekker's error of x E, TwoSum of 0.5 erfc
// and x E, erfc's correction for the rounding of -x / sqrt2, all added before the slope's one
// rounding; "tanh": the derivative of x sigmoid(w), w = 2u = sqrt(8/pi) (x + 0.044715 x^3):
// w and a = x w' as heads and exact tails (Veltkamp splits, Dekker's errors, TwoSums), the
// slope at the heads by range (x < 0: Dekker's p (1 + a); 0 <= x < 1/2; x >= 1/2) plus the
// tails' first-order correction, one rounding; 0 or 1 beyond |x| = 16. f32 opmath.

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
  // CHECK: %[[V64:.*]] = "ttir.multiply"(%[[V43]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V65:.*]] = "ttir.add"(%[[V63]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.multiply"(%[[V43]], %[[V61]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V67:.*]] = "ttir.add"(%[[V65]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.full"() <{fill_value = -1.21016175E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V69:.*]] = "ttir.multiply"(%[[V9]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.add"(%[[V67]], %[[V69]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V71:.*]] = "ttir.full"() <{fill_value = -1.41421354 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V72:.*]] = "ttir.multiply"(%[[V22]], %[[V71]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.multiply"(%[[V70]], %[[V72]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V74:.*]] = "ttir.add"(%[[V57]], %[[V73]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.add"(%[[V48]], %[[V74]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = "ttir.add"(%[[V24]], %[[V75]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V77:.*]] = "ttir.multiply"(%[[V0]], %[[V76]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V78:.*]] = builtin.unrealized_conversion_cast %[[V77]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V78]] : tensor<2x32x32xbf16>
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
  // CHECK: %[[V64:.*]] = "ttir.multiply"(%[[V43]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V65:.*]] = "ttir.add"(%[[V63]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.multiply"(%[[V43]], %[[V61]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V67:.*]] = "ttir.add"(%[[V65]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.full"() <{fill_value = -1.21016175E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V69:.*]] = "ttir.multiply"(%[[V9]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.add"(%[[V67]], %[[V69]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V71:.*]] = "ttir.full"() <{fill_value = -1.41421354 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V72:.*]] = "ttir.multiply"(%[[V22]], %[[V71]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.multiply"(%[[V70]], %[[V72]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V74:.*]] = "ttir.add"(%[[V57]], %[[V73]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.add"(%[[V48]], %[[V74]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = "ttir.add"(%[[V24]], %[[V75]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V77:.*]] = "ttir.multiply"(%[[V0]], %[[V76]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V78:.*]] = builtin.unrealized_conversion_cast %[[V77]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V78]] : tensor<2x32x32xbf16>
  %0 = ttir.gelu_bw %g, %x {approximate = "none"} : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// approximate = "tanh": one sigmoid (of -|w|), no tanh.
// CHECK-LABEL: func.func @gelu_tanh
func.func @gelu_tanh(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.gelu_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.abs"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.full"() <{fill_value = 1.600000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V4:.*]] = "ttir.gt"(%[[V2]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V6:.*]] = "ttir.ge"(%[[V1]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V8:.*]] = "ttir.lt"(%[[V1]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.full"() <{fill_value = 1.59576917 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V10:.*]] = "ttir.full"() <{fill_value = 0.0713548139 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V11:.*]] = "ttir.multiply"(%[[V1]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.multiply"(%[[V10]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.add"(%[[V9]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.multiply"(%[[V1]], %[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.abs"(%[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.neg"(%[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V17:.*]] = "ttir.sigmoid"(%[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V19:.*]] = "ttir.add"(%[[V14]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.add"(%[[V19]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V21:.*]] = "ttir.full"() <{fill_value = 1.59576917 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V22:.*]] = "ttir.multiply"(%[[V21]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.add"(%[[V22]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.neg"(%[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.add"(%[[V20]], %[[V24]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.add"(%[[V18]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.multiply"(%[[V17]], %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V29:.*]] = "ttir.subtract"(%[[V1]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V31:.*]] = "ttir.ge"(%[[V29]], %[[V30]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V32:.*]] = "ttir.subtract"(%[[V18]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V33:.*]] = "ttir.where"(%[[V31]], %[[V18]], %[[V32]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.where"(%[[V8]], %[[V27]], %[[V33]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V35:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V36:.*]] = "ttir.multiply"(%[[V17]], %[[V35]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V37:.*]] = "ttir.subtract"(%[[V36]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V38:.*]] = "ttir.subtract"(%[[V36]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V40:.*]] = "ttir.multiply"(%[[V26]], %[[V39]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V41:.*]] = "ttir.subtract"(%[[V40]], %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V42:.*]] = "ttir.subtract"(%[[V40]], %[[V41]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V43:.*]] = "ttir.multiply"(%[[V38]], %[[V42]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V44:.*]] = "ttir.subtract"(%[[V43]], %[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V45:.*]] = "ttir.subtract"(%[[V26]], %[[V42]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V46:.*]] = "ttir.multiply"(%[[V38]], %[[V45]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V47:.*]] = "ttir.add"(%[[V44]], %[[V46]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V48:.*]] = "ttir.subtract"(%[[V17]], %[[V38]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V49:.*]] = "ttir.multiply"(%[[V48]], %[[V42]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V50:.*]] = "ttir.add"(%[[V47]], %[[V49]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V51:.*]] = "ttir.multiply"(%[[V48]], %[[V45]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V52:.*]] = "ttir.add"(%[[V50]], %[[V51]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V53:.*]] = "ttir.subtract"(%[[V26]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.subtract"(%[[V26]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V55:.*]] = "ttir.subtract"(%[[V18]], %[[V54]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V56:.*]] = "ttir.subtract"(%[[V25]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V57:.*]] = "ttir.add"(%[[V55]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V58:.*]] = "ttir.multiply"(%[[V17]], %[[V57]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V59:.*]] = "ttir.add"(%[[V52]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V60:.*]] = "ttir.multiply"(%[[V25]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V61:.*]] = "ttir.multiply"(%[[V60]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V62:.*]] = "ttir.subtract"(%[[V59]], %[[V61]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V63:.*]] = "ttir.multiply"(%[[V25]], %[[V32]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V64:.*]] = "ttir.subtract"(%[[V18]], %[[V32]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V65:.*]] = "ttir.subtract"(%[[V64]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.multiply"(%[[V25]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V67:.*]] = "ttir.add"(%[[V63]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.subtract"(%[[V67]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V69:.*]] = "ttir.multiply"(%[[V17]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.multiply"(%[[V32]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V71:.*]] = "ttir.multiply"(%[[V70]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V72:.*]] = "ttir.add"(%[[V65]], %[[V71]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.where"(%[[V31]], %[[V69]], %[[V72]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V74:.*]] = "ttir.where"(%[[V8]], %[[V62]], %[[V73]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.multiply"(%[[V17]], %[[V32]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V77:.*]] = "ttir.multiply"(%[[V1]], %[[V76]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V78:.*]] = "ttir.subtract"(%[[V77]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V79:.*]] = "ttir.subtract"(%[[V77]], %[[V78]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V80:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V81:.*]] = "ttir.multiply"(%[[V13]], %[[V80]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V82:.*]] = "ttir.subtract"(%[[V81]], %[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V83:.*]] = "ttir.subtract"(%[[V81]], %[[V82]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V84:.*]] = "ttir.multiply"(%[[V79]], %[[V83]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V85:.*]] = "ttir.subtract"(%[[V84]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V86:.*]] = "ttir.subtract"(%[[V13]], %[[V83]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V87:.*]] = "ttir.multiply"(%[[V79]], %[[V86]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V88:.*]] = "ttir.add"(%[[V85]], %[[V87]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V89:.*]] = "ttir.subtract"(%[[V1]], %[[V79]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V90:.*]] = "ttir.multiply"(%[[V89]], %[[V83]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V91:.*]] = "ttir.add"(%[[V88]], %[[V90]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V92:.*]] = "ttir.multiply"(%[[V89]], %[[V86]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V93:.*]] = "ttir.add"(%[[V91]], %[[V92]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V94:.*]] = "ttir.subtract"(%[[V13]], %[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V95:.*]] = "ttir.subtract"(%[[V13]], %[[V94]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V96:.*]] = "ttir.subtract"(%[[V9]], %[[V95]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V97:.*]] = "ttir.subtract"(%[[V12]], %[[V94]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V98:.*]] = "ttir.add"(%[[V96]], %[[V97]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V99:.*]] = "ttir.full"() <{fill_value = 7.135010e-02 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V100:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V101:.*]] = "ttir.multiply"(%[[V11]], %[[V100]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V102:.*]] = "ttir.subtract"(%[[V101]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V103:.*]] = "ttir.subtract"(%[[V101]], %[[V102]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V104:.*]] = "ttir.multiply"(%[[V99]], %[[V103]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V105:.*]] = "ttir.subtract"(%[[V104]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V106:.*]] = "ttir.subtract"(%[[V11]], %[[V103]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V107:.*]] = "ttir.multiply"(%[[V99]], %[[V106]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V108:.*]] = "ttir.add"(%[[V105]], %[[V107]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V109:.*]] = "ttir.full"() <{fill_value = 4.71621752E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V110:.*]] = "ttir.multiply"(%[[V109]], %[[V103]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V111:.*]] = "ttir.add"(%[[V108]], %[[V110]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V112:.*]] = "ttir.multiply"(%[[V109]], %[[V106]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V113:.*]] = "ttir.add"(%[[V111]], %[[V112]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V114:.*]] = "ttir.full"() <{fill_value = 0.0713548139 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V115:.*]] = "ttir.multiply"(%[[V79]], %[[V79]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V116:.*]] = "ttir.subtract"(%[[V115]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V117:.*]] = "ttir.multiply"(%[[V79]], %[[V89]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V118:.*]] = "ttir.add"(%[[V116]], %[[V117]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V119:.*]] = "ttir.multiply"(%[[V89]], %[[V79]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V120:.*]] = "ttir.add"(%[[V118]], %[[V119]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V121:.*]] = "ttir.multiply"(%[[V89]], %[[V89]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V122:.*]] = "ttir.add"(%[[V120]], %[[V121]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V123:.*]] = "ttir.multiply"(%[[V114]], %[[V122]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V124:.*]] = "ttir.full"() <{fill_value = 2.39883247E-9 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V125:.*]] = "ttir.multiply"(%[[V124]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V126:.*]] = "ttir.add"(%[[V123]], %[[V125]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V127:.*]] = "ttir.add"(%[[V113]], %[[V126]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V128:.*]] = "ttir.full"() <{fill_value = -4.53406805E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V129:.*]] = "ttir.add"(%[[V127]], %[[V128]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V130:.*]] = "ttir.add"(%[[V98]], %[[V129]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V131:.*]] = "ttir.multiply"(%[[V1]], %[[V130]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V132:.*]] = "ttir.add"(%[[V93]], %[[V131]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V133:.*]] = "ttir.full"() <{fill_value = 4.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V134:.*]] = "ttir.abs"(%[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V135:.*]] = "ttir.subtract"(%[[V32]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V136:.*]] = "ttir.multiply"(%[[V134]], %[[V135]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V137:.*]] = "ttir.subtract"(%[[V133]], %[[V136]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V138:.*]] = "ttir.multiply"(%[[V132]], %[[V137]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V139:.*]] = "ttir.subtract"(%[[V25]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V140:.*]] = "ttir.subtract"(%[[V25]], %[[V139]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V141:.*]] = "ttir.subtract"(%[[V20]], %[[V140]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V142:.*]] = "ttir.subtract"(%[[V24]], %[[V139]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V143:.*]] = "ttir.add"(%[[V141]], %[[V142]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V144:.*]] = "ttir.subtract"(%[[V20]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V145:.*]] = "ttir.subtract"(%[[V20]], %[[V144]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V146:.*]] = "ttir.subtract"(%[[V19]], %[[V145]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V147:.*]] = "ttir.subtract"(%[[V14]], %[[V144]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V148:.*]] = "ttir.add"(%[[V146]], %[[V147]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V149:.*]] = "ttir.full"() <{fill_value = 1.59570313 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V150:.*]] = "ttir.multiply"(%[[V149]], %[[V79]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V151:.*]] = "ttir.subtract"(%[[V150]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V152:.*]] = "ttir.multiply"(%[[V149]], %[[V89]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V153:.*]] = "ttir.add"(%[[V151]], %[[V152]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V154:.*]] = "ttir.full"() <{fill_value = 6.60419464E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V155:.*]] = "ttir.multiply"(%[[V154]], %[[V79]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V156:.*]] = "ttir.add"(%[[V153]], %[[V155]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V157:.*]] = "ttir.multiply"(%[[V154]], %[[V89]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V158:.*]] = "ttir.add"(%[[V156]], %[[V157]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V159:.*]] = "ttir.full"() <{fill_value = -4.53406805E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V160:.*]] = "ttir.multiply"(%[[V159]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V161:.*]] = "ttir.add"(%[[V158]], %[[V160]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V162:.*]] = "ttir.add"(%[[V161]], %[[V161]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V163:.*]] = "ttir.subtract"(%[[V148]], %[[V162]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V164:.*]] = "ttir.add"(%[[V143]], %[[V163]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V165:.*]] = "ttir.add"(%[[V138]], %[[V164]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V166:.*]] = "ttir.multiply"(%[[V75]], %[[V165]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V167:.*]] = "ttir.add"(%[[V74]], %[[V166]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V168:.*]] = "ttir.add"(%[[V34]], %[[V167]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V169:.*]] = "ttir.where"(%[[V4]], %[[V6]], %[[V168]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V170:.*]] = "ttir.subtract"(%[[V1]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V171:.*]] = "ttir.add"(%[[V169]], %[[V170]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V172:.*]] = "ttir.multiply"(%[[V0]], %[[V171]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V173:.*]] = builtin.unrealized_conversion_cast %[[V172]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V173]] : tensor<2x32x32xbf16>
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
  // CHECK: %[[V62:.*]] = "ttir.multiply"(%[[V41]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V63:.*]] = "ttir.add"(%[[V61]], %[[V62]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V64:.*]] = "ttir.multiply"(%[[V41]], %[[V59]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V65:.*]] = "ttir.add"(%[[V63]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.full"() <{fill_value = -1.21016175E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V67:.*]] = "ttir.multiply"(%[[V7]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.add"(%[[V65]], %[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V69:.*]] = "ttir.full"() <{fill_value = -1.41421354 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V70:.*]] = "ttir.multiply"(%[[V20]], %[[V69]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V71:.*]] = "ttir.multiply"(%[[V68]], %[[V70]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V72:.*]] = "ttir.add"(%[[V55]], %[[V71]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.add"(%[[V46]], %[[V72]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V74:.*]] = "ttir.add"(%[[V22]], %[[V73]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.multiply"(%arg0, %[[V74]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V75]] : tensor<2x32x32xf32>
  %0 = ttir.gelu_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
