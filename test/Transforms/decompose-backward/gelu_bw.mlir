// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// gelu_bw: approximate = "none" (the default): grad * (Phi(x) + x phi(x)) with
// Phi(x) = 0.5 erfc(-x / sqrt2) and phi(x) = exp(-x^2 / 2) / sqrt(2 pi) = E (1 + expm1(B)) from
// the exact exponent A + B (c = min(|x|, 16) rounded to hi = (c + 3 * 2^15) - 3 * 2^15, A = hi
// (-hi / 2) + L_HI, B = (c - hi) (-(c + hi) / 2) + L_LO, E = exp(A)), the sum compensated:
// Veltkamp splits (* 4097) of the capped x and of E, Dekker's error of x E, TwoSum of Phi (from
// h = 0.5 erfc(|x| / sqrt2): 1 - h above 0, its rounding exactly) and x E, erfc's correction for
// the rounding of -x / sqrt2, all added before the slope's one
// rounding; "tanh": the derivative of x sigmoid(w), w = 2u = sqrt(8/pi) (x + 0.044715 x^3):
// w and a = x w' as heads and exact tails (Veltkamp splits, Dekker's errors, TwoSums), the
// slope at the heads by range (x < 0: Dekker's p (1 + a); 0 <= x < 1/2; x >= 1/2) plus the
// tails' first-order correction, one rounding; below w = -84 p's factor exp(w + 126 ln2) and g
// 2^-126; 0 or 1 beyond |x| = 16. f32 opmath.

// No attribute: the erfc form.
// CHECK-LABEL: func.func @gelu_default
func.func @gelu_default(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.gelu_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V3:.*]] = "ttir.lt"(%[[V1]], %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.abs"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.full"() <{fill_value = 1.600000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V6:.*]] = "ttir.minimum"(%[[V4]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.neg"(%[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.where"(%[[V3]], %[[V7]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V10:.*]] = "ttir.ge"(%[[V8]], %[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V12:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V13:.*]] = "ttir.full"() <{fill_value = -0.707106769 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V14:.*]] = "ttir.multiply"(%[[V8]], %[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.abs"(%[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.erfc"(%[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V17:.*]] = "ttir.multiply"(%[[V12]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.subtract"(%[[V11]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V19:.*]] = "ttir.where"(%[[V10]], %[[V18]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.full"() <{fill_value = 9.830400e+04 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V21:.*]] = "ttir.add"(%[[V6]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.subtract"(%[[V21]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V24:.*]] = "ttir.multiply"(%[[V22]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.multiply"(%[[V22]], %[[V24]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.full"() <{fill_value = -0.918945312 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V27:.*]] = "ttir.add"(%[[V25]], %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.exp"(%[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V29:.*]] = "ttir.multiply"(%[[V1]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = "ttir.add"(%[[V19]], %[[V29]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V31:.*]] = "ttir.subtract"(%[[V30]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V32:.*]] = "ttir.subtract"(%[[V30]], %[[V31]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V33:.*]] = "ttir.subtract"(%[[V19]], %[[V32]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.subtract"(%[[V29]], %[[V31]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V35:.*]] = "ttir.add"(%[[V33]], %[[V34]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V37:.*]] = "ttir.subtract"(%[[V36]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V38:.*]] = "ttir.subtract"(%[[V37]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V40:.*]] = "ttir.where"(%[[V10]], %[[V38]], %[[V39]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V41:.*]] = "ttir.add"(%[[V35]], %[[V40]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V42:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V43:.*]] = "ttir.multiply"(%[[V8]], %[[V42]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V44:.*]] = "ttir.subtract"(%[[V43]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V45:.*]] = "ttir.subtract"(%[[V43]], %[[V44]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V46:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V47:.*]] = "ttir.multiply"(%[[V28]], %[[V46]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V48:.*]] = "ttir.subtract"(%[[V47]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V49:.*]] = "ttir.subtract"(%[[V47]], %[[V48]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V50:.*]] = "ttir.multiply"(%[[V45]], %[[V49]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V51:.*]] = "ttir.subtract"(%[[V50]], %[[V29]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V52:.*]] = "ttir.subtract"(%[[V28]], %[[V49]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V53:.*]] = "ttir.multiply"(%[[V45]], %[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.add"(%[[V51]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V55:.*]] = "ttir.subtract"(%[[V8]], %[[V45]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V56:.*]] = "ttir.multiply"(%[[V55]], %[[V49]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V57:.*]] = "ttir.add"(%[[V54]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V58:.*]] = "ttir.multiply"(%[[V55]], %[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V59:.*]] = "ttir.add"(%[[V57]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V60:.*]] = "ttir.add"(%[[V41]], %[[V59]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V61:.*]] = "ttir.subtract"(%[[V6]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V62:.*]] = "ttir.add"(%[[V6]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V63:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V64:.*]] = "ttir.multiply"(%[[V62]], %[[V63]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V65:.*]] = "ttir.multiply"(%[[V61]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.full"() <{fill_value = 6.77929529E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V67:.*]] = "ttir.add"(%[[V65]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.expm1"(%[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V69:.*]] = "ttir.multiply"(%[[V29]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.full"() <{fill_value = -0.70703125 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V71:.*]] = "ttir.multiply"(%[[V45]], %[[V70]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V72:.*]] = "ttir.subtract"(%[[V71]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.full"() <{fill_value = -7.55190849E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V74:.*]] = "ttir.multiply"(%[[V45]], %[[V73]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.add"(%[[V72]], %[[V74]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = "ttir.multiply"(%[[V55]], %[[V70]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V77:.*]] = "ttir.add"(%[[V75]], %[[V76]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V78:.*]] = "ttir.multiply"(%[[V55]], %[[V73]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V79:.*]] = "ttir.add"(%[[V77]], %[[V78]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V80:.*]] = "ttir.full"() <{fill_value = -1.21016175E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V81:.*]] = "ttir.multiply"(%[[V8]], %[[V80]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V82:.*]] = "ttir.add"(%[[V79]], %[[V81]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V83:.*]] = "ttir.full"() <{fill_value = -1.41421354 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V84:.*]] = "ttir.multiply"(%[[V28]], %[[V83]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V85:.*]] = "ttir.multiply"(%[[V82]], %[[V84]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V86:.*]] = "ttir.add"(%[[V69]], %[[V85]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V87:.*]] = "ttir.add"(%[[V60]], %[[V86]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V88:.*]] = "ttir.add"(%[[V30]], %[[V87]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V89:.*]] = "ttir.multiply"(%[[V0]], %[[V88]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V90:.*]] = builtin.unrealized_conversion_cast %[[V89]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V90]] : tensor<2x32x32xbf16>
  %0 = ttir.gelu_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// approximate = "none" is the default spelled out: the same ops.
// CHECK-LABEL: func.func @gelu_none
func.func @gelu_none(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.gelu_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V3:.*]] = "ttir.lt"(%[[V1]], %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.abs"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.full"() <{fill_value = 1.600000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V6:.*]] = "ttir.minimum"(%[[V4]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.neg"(%[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V8:.*]] = "ttir.where"(%[[V3]], %[[V7]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V10:.*]] = "ttir.ge"(%[[V8]], %[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V12:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V13:.*]] = "ttir.full"() <{fill_value = -0.707106769 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V14:.*]] = "ttir.multiply"(%[[V8]], %[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.abs"(%[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.erfc"(%[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V17:.*]] = "ttir.multiply"(%[[V12]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.subtract"(%[[V11]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V19:.*]] = "ttir.where"(%[[V10]], %[[V18]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.full"() <{fill_value = 9.830400e+04 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V21:.*]] = "ttir.add"(%[[V6]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.subtract"(%[[V21]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V24:.*]] = "ttir.multiply"(%[[V22]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.multiply"(%[[V22]], %[[V24]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.full"() <{fill_value = -0.918945312 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V27:.*]] = "ttir.add"(%[[V25]], %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.exp"(%[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V29:.*]] = "ttir.multiply"(%[[V1]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = "ttir.add"(%[[V19]], %[[V29]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V31:.*]] = "ttir.subtract"(%[[V30]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V32:.*]] = "ttir.subtract"(%[[V30]], %[[V31]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V33:.*]] = "ttir.subtract"(%[[V19]], %[[V32]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.subtract"(%[[V29]], %[[V31]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V35:.*]] = "ttir.add"(%[[V33]], %[[V34]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V37:.*]] = "ttir.subtract"(%[[V36]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V38:.*]] = "ttir.subtract"(%[[V37]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V40:.*]] = "ttir.where"(%[[V10]], %[[V38]], %[[V39]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V41:.*]] = "ttir.add"(%[[V35]], %[[V40]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V42:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V43:.*]] = "ttir.multiply"(%[[V8]], %[[V42]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V44:.*]] = "ttir.subtract"(%[[V43]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V45:.*]] = "ttir.subtract"(%[[V43]], %[[V44]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V46:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V47:.*]] = "ttir.multiply"(%[[V28]], %[[V46]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V48:.*]] = "ttir.subtract"(%[[V47]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V49:.*]] = "ttir.subtract"(%[[V47]], %[[V48]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V50:.*]] = "ttir.multiply"(%[[V45]], %[[V49]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V51:.*]] = "ttir.subtract"(%[[V50]], %[[V29]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V52:.*]] = "ttir.subtract"(%[[V28]], %[[V49]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V53:.*]] = "ttir.multiply"(%[[V45]], %[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.add"(%[[V51]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V55:.*]] = "ttir.subtract"(%[[V8]], %[[V45]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V56:.*]] = "ttir.multiply"(%[[V55]], %[[V49]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V57:.*]] = "ttir.add"(%[[V54]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V58:.*]] = "ttir.multiply"(%[[V55]], %[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V59:.*]] = "ttir.add"(%[[V57]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V60:.*]] = "ttir.add"(%[[V41]], %[[V59]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V61:.*]] = "ttir.subtract"(%[[V6]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V62:.*]] = "ttir.add"(%[[V6]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V63:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V64:.*]] = "ttir.multiply"(%[[V62]], %[[V63]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V65:.*]] = "ttir.multiply"(%[[V61]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.full"() <{fill_value = 6.77929529E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V67:.*]] = "ttir.add"(%[[V65]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.expm1"(%[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V69:.*]] = "ttir.multiply"(%[[V29]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.full"() <{fill_value = -0.70703125 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V71:.*]] = "ttir.multiply"(%[[V45]], %[[V70]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V72:.*]] = "ttir.subtract"(%[[V71]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.full"() <{fill_value = -7.55190849E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V74:.*]] = "ttir.multiply"(%[[V45]], %[[V73]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.add"(%[[V72]], %[[V74]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = "ttir.multiply"(%[[V55]], %[[V70]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V77:.*]] = "ttir.add"(%[[V75]], %[[V76]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V78:.*]] = "ttir.multiply"(%[[V55]], %[[V73]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V79:.*]] = "ttir.add"(%[[V77]], %[[V78]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V80:.*]] = "ttir.full"() <{fill_value = -1.21016175E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V81:.*]] = "ttir.multiply"(%[[V8]], %[[V80]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V82:.*]] = "ttir.add"(%[[V79]], %[[V81]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V83:.*]] = "ttir.full"() <{fill_value = -1.41421354 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V84:.*]] = "ttir.multiply"(%[[V28]], %[[V83]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V85:.*]] = "ttir.multiply"(%[[V82]], %[[V84]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V86:.*]] = "ttir.add"(%[[V69]], %[[V85]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V87:.*]] = "ttir.add"(%[[V60]], %[[V86]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V88:.*]] = "ttir.add"(%[[V30]], %[[V87]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V89:.*]] = "ttir.multiply"(%[[V0]], %[[V88]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V90:.*]] = builtin.unrealized_conversion_cast %[[V89]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V90]] : tensor<2x32x32xbf16>
  %0 = ttir.gelu_bw %g, %x {approximate = "none"} : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// approximate = "tanh": one sigmoid (of -|w|) and one exp (below w = -84), no tanh.
// CHECK-LABEL: func.func @gelu_tanh
func.func @gelu_tanh(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.gelu_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.full"() <{fill_value = 1.59576917 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V2:.*]] = "ttir.full"() <{fill_value = 0.0713548139 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V3:.*]] = "ttir.multiply"(%[[V0]], %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.multiply"(%[[V2]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.add"(%[[V1]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.multiply"(%[[V0]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.full"() <{fill_value = 8.400000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V8:.*]] = "ttir.add"(%[[V6]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V10:.*]] = "ttir.lt"(%[[V8]], %[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V12:.*]] = "ttir.full"() <{fill_value = 1.17549435E-38 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V13:.*]] = "ttir.multiply"(%[[V11]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.where"(%[[V10]], %[[V13]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.abs"(%[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.full"() <{fill_value = 1.600000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V17:.*]] = "ttir.gt"(%[[V15]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V19:.*]] = "ttir.ge"(%[[V0]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V21:.*]] = "ttir.lt"(%[[V0]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.full"() <{fill_value = 87.3365478 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V23:.*]] = "ttir.add"(%[[V6]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.exp"(%[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.abs"(%[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.neg"(%[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.sigmoid"(%[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.where"(%[[V10]], %[[V24]], %[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V29:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V30:.*]] = "ttir.add"(%[[V6]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V31:.*]] = "ttir.add"(%[[V30]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V32:.*]] = "ttir.full"() <{fill_value = 1.59576917 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V33:.*]] = "ttir.multiply"(%[[V32]], %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.add"(%[[V33]], %[[V33]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V35:.*]] = "ttir.neg"(%[[V34]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.add"(%[[V31]], %[[V35]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V37:.*]] = "ttir.add"(%[[V29]], %[[V36]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V38:.*]] = "ttir.multiply"(%[[V28]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V40:.*]] = "ttir.subtract"(%[[V0]], %[[V39]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V41:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V42:.*]] = "ttir.ge"(%[[V40]], %[[V41]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V43:.*]] = "ttir.subtract"(%[[V29]], %[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V44:.*]] = "ttir.where"(%[[V42]], %[[V29]], %[[V43]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V45:.*]] = "ttir.where"(%[[V21]], %[[V38]], %[[V44]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V46:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V47:.*]] = "ttir.multiply"(%[[V28]], %[[V46]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V48:.*]] = "ttir.subtract"(%[[V47]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V49:.*]] = "ttir.subtract"(%[[V47]], %[[V48]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V50:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V51:.*]] = "ttir.multiply"(%[[V37]], %[[V50]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V52:.*]] = "ttir.subtract"(%[[V51]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V53:.*]] = "ttir.subtract"(%[[V51]], %[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.multiply"(%[[V49]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V55:.*]] = "ttir.subtract"(%[[V54]], %[[V38]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V56:.*]] = "ttir.subtract"(%[[V37]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V57:.*]] = "ttir.multiply"(%[[V49]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V58:.*]] = "ttir.add"(%[[V55]], %[[V57]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V59:.*]] = "ttir.subtract"(%[[V28]], %[[V49]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V60:.*]] = "ttir.multiply"(%[[V59]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V61:.*]] = "ttir.add"(%[[V58]], %[[V60]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V62:.*]] = "ttir.multiply"(%[[V59]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V63:.*]] = "ttir.add"(%[[V61]], %[[V62]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V64:.*]] = "ttir.subtract"(%[[V37]], %[[V29]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V65:.*]] = "ttir.subtract"(%[[V37]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.subtract"(%[[V29]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V67:.*]] = "ttir.subtract"(%[[V36]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.add"(%[[V66]], %[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V69:.*]] = "ttir.multiply"(%[[V28]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.add"(%[[V63]], %[[V69]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V71:.*]] = "ttir.multiply"(%[[V36]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V72:.*]] = "ttir.multiply"(%[[V71]], %[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.subtract"(%[[V70]], %[[V72]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V74:.*]] = "ttir.multiply"(%[[V36]], %[[V43]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.subtract"(%[[V29]], %[[V43]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = "ttir.subtract"(%[[V75]], %[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V77:.*]] = "ttir.multiply"(%[[V36]], %[[V76]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V78:.*]] = "ttir.add"(%[[V74]], %[[V77]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V79:.*]] = "ttir.subtract"(%[[V78]], %[[V29]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V80:.*]] = "ttir.multiply"(%[[V27]], %[[V79]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V81:.*]] = "ttir.multiply"(%[[V43]], %[[V36]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V82:.*]] = "ttir.multiply"(%[[V81]], %[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V83:.*]] = "ttir.add"(%[[V76]], %[[V82]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V84:.*]] = "ttir.where"(%[[V42]], %[[V80]], %[[V83]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V85:.*]] = "ttir.where"(%[[V21]], %[[V73]], %[[V84]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V86:.*]] = "ttir.multiply"(%[[V28]], %[[V43]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V87:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V88:.*]] = "ttir.multiply"(%[[V0]], %[[V87]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V89:.*]] = "ttir.subtract"(%[[V88]], %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V90:.*]] = "ttir.subtract"(%[[V88]], %[[V89]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V91:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V92:.*]] = "ttir.multiply"(%[[V5]], %[[V91]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V93:.*]] = "ttir.subtract"(%[[V92]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V94:.*]] = "ttir.subtract"(%[[V92]], %[[V93]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V95:.*]] = "ttir.multiply"(%[[V90]], %[[V94]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V96:.*]] = "ttir.subtract"(%[[V95]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V97:.*]] = "ttir.subtract"(%[[V5]], %[[V94]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V98:.*]] = "ttir.multiply"(%[[V90]], %[[V97]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V99:.*]] = "ttir.add"(%[[V96]], %[[V98]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V100:.*]] = "ttir.subtract"(%[[V0]], %[[V90]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V101:.*]] = "ttir.multiply"(%[[V100]], %[[V94]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V102:.*]] = "ttir.add"(%[[V99]], %[[V101]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V103:.*]] = "ttir.multiply"(%[[V100]], %[[V97]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V104:.*]] = "ttir.add"(%[[V102]], %[[V103]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V105:.*]] = "ttir.subtract"(%[[V5]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V106:.*]] = "ttir.subtract"(%[[V5]], %[[V105]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V107:.*]] = "ttir.subtract"(%[[V1]], %[[V106]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V108:.*]] = "ttir.subtract"(%[[V4]], %[[V105]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V109:.*]] = "ttir.add"(%[[V107]], %[[V108]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V110:.*]] = "ttir.full"() <{fill_value = 7.135010e-02 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V111:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V112:.*]] = "ttir.multiply"(%[[V3]], %[[V111]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V113:.*]] = "ttir.subtract"(%[[V112]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V114:.*]] = "ttir.subtract"(%[[V112]], %[[V113]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V115:.*]] = "ttir.multiply"(%[[V110]], %[[V114]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V116:.*]] = "ttir.subtract"(%[[V115]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V117:.*]] = "ttir.subtract"(%[[V3]], %[[V114]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V118:.*]] = "ttir.multiply"(%[[V110]], %[[V117]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V119:.*]] = "ttir.add"(%[[V116]], %[[V118]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V120:.*]] = "ttir.full"() <{fill_value = 4.71621752E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V121:.*]] = "ttir.multiply"(%[[V120]], %[[V114]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V122:.*]] = "ttir.add"(%[[V119]], %[[V121]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V123:.*]] = "ttir.multiply"(%[[V120]], %[[V117]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V124:.*]] = "ttir.add"(%[[V122]], %[[V123]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V125:.*]] = "ttir.full"() <{fill_value = 0.0713548139 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V126:.*]] = "ttir.multiply"(%[[V90]], %[[V90]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V127:.*]] = "ttir.subtract"(%[[V126]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V128:.*]] = "ttir.multiply"(%[[V90]], %[[V100]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V129:.*]] = "ttir.add"(%[[V127]], %[[V128]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V130:.*]] = "ttir.multiply"(%[[V100]], %[[V90]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V131:.*]] = "ttir.add"(%[[V129]], %[[V130]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V132:.*]] = "ttir.multiply"(%[[V100]], %[[V100]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V133:.*]] = "ttir.add"(%[[V131]], %[[V132]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V134:.*]] = "ttir.multiply"(%[[V125]], %[[V133]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V135:.*]] = "ttir.full"() <{fill_value = 2.39883247E-9 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V136:.*]] = "ttir.multiply"(%[[V135]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V137:.*]] = "ttir.add"(%[[V134]], %[[V136]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V138:.*]] = "ttir.add"(%[[V124]], %[[V137]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V139:.*]] = "ttir.full"() <{fill_value = -4.53406805E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V140:.*]] = "ttir.add"(%[[V138]], %[[V139]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V141:.*]] = "ttir.add"(%[[V109]], %[[V140]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V142:.*]] = "ttir.multiply"(%[[V0]], %[[V141]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V143:.*]] = "ttir.add"(%[[V104]], %[[V142]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V144:.*]] = "ttir.full"() <{fill_value = -3.1010095E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V145:.*]] = "ttir.multiply"(%[[V10]], %[[V144]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V146:.*]] = "ttir.add"(%[[V143]], %[[V145]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V147:.*]] = "ttir.full"() <{fill_value = 4.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V148:.*]] = "ttir.abs"(%[[V36]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V149:.*]] = "ttir.subtract"(%[[V43]], %[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V150:.*]] = "ttir.multiply"(%[[V148]], %[[V149]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V151:.*]] = "ttir.subtract"(%[[V147]], %[[V150]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V152:.*]] = "ttir.multiply"(%[[V146]], %[[V151]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V153:.*]] = "ttir.subtract"(%[[V36]], %[[V31]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V154:.*]] = "ttir.subtract"(%[[V36]], %[[V153]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V155:.*]] = "ttir.subtract"(%[[V31]], %[[V154]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V156:.*]] = "ttir.subtract"(%[[V35]], %[[V153]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V157:.*]] = "ttir.add"(%[[V155]], %[[V156]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V158:.*]] = "ttir.subtract"(%[[V31]], %[[V30]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V159:.*]] = "ttir.subtract"(%[[V31]], %[[V158]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V160:.*]] = "ttir.subtract"(%[[V30]], %[[V159]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V161:.*]] = "ttir.subtract"(%[[V6]], %[[V158]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V162:.*]] = "ttir.add"(%[[V160]], %[[V161]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V163:.*]] = "ttir.full"() <{fill_value = 1.59570313 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V164:.*]] = "ttir.multiply"(%[[V163]], %[[V90]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V165:.*]] = "ttir.subtract"(%[[V164]], %[[V33]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V166:.*]] = "ttir.multiply"(%[[V163]], %[[V100]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V167:.*]] = "ttir.add"(%[[V165]], %[[V166]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V168:.*]] = "ttir.full"() <{fill_value = 6.60419464E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V169:.*]] = "ttir.multiply"(%[[V168]], %[[V90]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V170:.*]] = "ttir.add"(%[[V167]], %[[V169]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V171:.*]] = "ttir.multiply"(%[[V168]], %[[V100]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V172:.*]] = "ttir.add"(%[[V170]], %[[V171]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V173:.*]] = "ttir.full"() <{fill_value = -4.53406805E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V174:.*]] = "ttir.multiply"(%[[V173]], %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V175:.*]] = "ttir.add"(%[[V172]], %[[V174]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V176:.*]] = "ttir.add"(%[[V175]], %[[V175]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V177:.*]] = "ttir.subtract"(%[[V162]], %[[V176]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V178:.*]] = "ttir.add"(%[[V157]], %[[V177]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V179:.*]] = "ttir.add"(%[[V152]], %[[V178]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V180:.*]] = "ttir.multiply"(%[[V86]], %[[V179]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V181:.*]] = "ttir.add"(%[[V85]], %[[V180]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V182:.*]] = "ttir.add"(%[[V45]], %[[V181]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V183:.*]] = "ttir.where"(%[[V17]], %[[V19]], %[[V182]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V184:.*]] = "ttir.subtract"(%[[V0]], %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V185:.*]] = "ttir.add"(%[[V183]], %[[V184]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V186:.*]] = "ttir.multiply"(%[[V14]], %[[V185]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V187:.*]] = builtin.unrealized_conversion_cast %[[V186]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V187]] : tensor<2x32x32xbf16>
  %0 = ttir.gelu_bw %g, %x {approximate = "tanh"} : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: no typecasts.
// CHECK-LABEL: func.func @gelu_f32
func.func @gelu_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.gelu_bw
  // CHECK: %[[V0:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V1:.*]] = "ttir.lt"(%arg1, %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.abs"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.full"() <{fill_value = 1.600000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V4:.*]] = "ttir.minimum"(%[[V2]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.neg"(%[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V6:.*]] = "ttir.where"(%[[V1]], %[[V5]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V8:.*]] = "ttir.ge"(%[[V6]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V10:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V11:.*]] = "ttir.full"() <{fill_value = -0.707106769 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V12:.*]] = "ttir.multiply"(%[[V6]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.abs"(%[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.erfc"(%[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.multiply"(%[[V10]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.subtract"(%[[V9]], %[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V17:.*]] = "ttir.where"(%[[V8]], %[[V16]], %[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.full"() <{fill_value = 9.830400e+04 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V19:.*]] = "ttir.add"(%[[V4]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.subtract"(%[[V19]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V21:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V22:.*]] = "ttir.multiply"(%[[V20]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.multiply"(%[[V20]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.full"() <{fill_value = -0.918945312 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V25:.*]] = "ttir.add"(%[[V23]], %[[V24]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.exp"(%[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.multiply"(%arg1, %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.add"(%[[V17]], %[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V29:.*]] = "ttir.subtract"(%[[V28]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = "ttir.subtract"(%[[V28]], %[[V29]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V31:.*]] = "ttir.subtract"(%[[V17]], %[[V30]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V32:.*]] = "ttir.subtract"(%[[V27]], %[[V29]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V33:.*]] = "ttir.add"(%[[V31]], %[[V32]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V35:.*]] = "ttir.subtract"(%[[V34]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.subtract"(%[[V35]], %[[V15]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V37:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V38:.*]] = "ttir.where"(%[[V8]], %[[V36]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = "ttir.add"(%[[V33]], %[[V38]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V40:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V41:.*]] = "ttir.multiply"(%[[V6]], %[[V40]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V42:.*]] = "ttir.subtract"(%[[V41]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V43:.*]] = "ttir.subtract"(%[[V41]], %[[V42]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V44:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V45:.*]] = "ttir.multiply"(%[[V26]], %[[V44]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V46:.*]] = "ttir.subtract"(%[[V45]], %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V47:.*]] = "ttir.subtract"(%[[V45]], %[[V46]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V48:.*]] = "ttir.multiply"(%[[V43]], %[[V47]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V49:.*]] = "ttir.subtract"(%[[V48]], %[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V50:.*]] = "ttir.subtract"(%[[V26]], %[[V47]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V51:.*]] = "ttir.multiply"(%[[V43]], %[[V50]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V52:.*]] = "ttir.add"(%[[V49]], %[[V51]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V53:.*]] = "ttir.subtract"(%[[V6]], %[[V43]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.multiply"(%[[V53]], %[[V47]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V55:.*]] = "ttir.add"(%[[V52]], %[[V54]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V56:.*]] = "ttir.multiply"(%[[V53]], %[[V50]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V57:.*]] = "ttir.add"(%[[V55]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V58:.*]] = "ttir.add"(%[[V39]], %[[V57]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V59:.*]] = "ttir.subtract"(%[[V4]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V60:.*]] = "ttir.add"(%[[V4]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V61:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V62:.*]] = "ttir.multiply"(%[[V60]], %[[V61]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V63:.*]] = "ttir.multiply"(%[[V59]], %[[V62]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V64:.*]] = "ttir.full"() <{fill_value = 6.77929529E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V65:.*]] = "ttir.add"(%[[V63]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.expm1"(%[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V67:.*]] = "ttir.multiply"(%[[V27]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.full"() <{fill_value = -0.70703125 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V69:.*]] = "ttir.multiply"(%[[V43]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.subtract"(%[[V69]], %[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V71:.*]] = "ttir.full"() <{fill_value = -7.55190849E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V72:.*]] = "ttir.multiply"(%[[V43]], %[[V71]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.add"(%[[V70]], %[[V72]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V74:.*]] = "ttir.multiply"(%[[V53]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.add"(%[[V73]], %[[V74]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = "ttir.multiply"(%[[V53]], %[[V71]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V77:.*]] = "ttir.add"(%[[V75]], %[[V76]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V78:.*]] = "ttir.full"() <{fill_value = -1.21016175E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V79:.*]] = "ttir.multiply"(%[[V6]], %[[V78]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V80:.*]] = "ttir.add"(%[[V77]], %[[V79]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V81:.*]] = "ttir.full"() <{fill_value = -1.41421354 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V82:.*]] = "ttir.multiply"(%[[V26]], %[[V81]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V83:.*]] = "ttir.multiply"(%[[V80]], %[[V82]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V84:.*]] = "ttir.add"(%[[V67]], %[[V83]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V85:.*]] = "ttir.add"(%[[V58]], %[[V84]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V86:.*]] = "ttir.add"(%[[V28]], %[[V85]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V87:.*]] = "ttir.multiply"(%arg0, %[[V86]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V87]] : tensor<2x32x32xf32>
  %0 = ttir.gelu_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
