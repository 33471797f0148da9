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
// 2^-126; 0 or 1 beyond |x| = 16. Both: within 1/4 of the slope's root, its Taylor polynomial in
// t = (x - r_hi) - r_lo instead (passes/slope_roots.py), selected by |x - r_hi| - 1/4 <= 0. f32 opmath.

// No attribute: the erfc form.
// CHECK-LABEL: func.func @gelu_default
func.func @gelu_default(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.gelu_bw
  // CHECK: %[[V0:.*]] = "ttir.typecast"(%arg0) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V1:.*]] = "ttir.typecast"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.full"() <{fill_value = -0.751791536 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V3:.*]] = "ttir.subtract"(%[[V1]], %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.abs"(%[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.full"() <{fill_value = 2.500000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V6:.*]] = "ttir.subtract"(%[[V4]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V8:.*]] = "ttir.le"(%[[V6]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.full"() <{fill_value = 1.21144499E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V10:.*]] = "ttir.subtract"(%[[V3]], %[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.full"() <{fill_value = 1.86339748E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V12:.*]] = "ttir.multiply"(%[[V11]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.full"() <{fill_value = -7.44826859E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V14:.*]] = "ttir.add"(%[[V12]], %[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.multiply"(%[[V14]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.full"() <{fill_value = -0.00223953812 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V17:.*]] = "ttir.add"(%[[V15]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.multiply"(%[[V17]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V19:.*]] = "ttir.full"() <{fill_value = 0.00453922851 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V20:.*]] = "ttir.add"(%[[V18]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V21:.*]] = "ttir.multiply"(%[[V20]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.full"() <{fill_value = 0.0194216799 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V23:.*]] = "ttir.add"(%[[V21]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.multiply"(%[[V23]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.full"() <{fill_value = -0.014771522 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V26:.*]] = "ttir.add"(%[[V24]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.multiply"(%[[V26]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.full"() <{fill_value = -0.114008233 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V29:.*]] = "ttir.add"(%[[V27]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = "ttir.multiply"(%[[V29]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V31:.*]] = "ttir.full"() <{fill_value = -0.0181996766 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V32:.*]] = "ttir.add"(%[[V30]], %[[V31]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V33:.*]] = "ttir.multiply"(%[[V32]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.full"() <{fill_value = 0.388284981 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V35:.*]] = "ttir.add"(%[[V33]], %[[V34]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.multiply"(%[[V35]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V37:.*]] = "ttir.full"() <{fill_value = 4.314940e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V38:.*]] = "ttir.add"(%[[V36]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = "ttir.multiply"(%[[V10]], %[[V38]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V40:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V41:.*]] = "ttir.lt"(%[[V1]], %[[V40]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V42:.*]] = "ttir.abs"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V43:.*]] = "ttir.full"() <{fill_value = 1.600000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V44:.*]] = "ttir.minimum"(%[[V42]], %[[V43]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V45:.*]] = "ttir.neg"(%[[V44]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V46:.*]] = "ttir.where"(%[[V41]], %[[V45]], %[[V44]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V47:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V48:.*]] = "ttir.ge"(%[[V46]], %[[V47]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V49:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V50:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V51:.*]] = "ttir.full"() <{fill_value = -0.707106769 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V52:.*]] = "ttir.multiply"(%[[V46]], %[[V51]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V53:.*]] = "ttir.abs"(%[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.erfc"(%[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V55:.*]] = "ttir.multiply"(%[[V50]], %[[V54]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V56:.*]] = "ttir.subtract"(%[[V49]], %[[V55]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V57:.*]] = "ttir.where"(%[[V48]], %[[V56]], %[[V55]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V58:.*]] = "ttir.full"() <{fill_value = 9.830400e+04 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V59:.*]] = "ttir.add"(%[[V44]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V60:.*]] = "ttir.subtract"(%[[V59]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V61:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V62:.*]] = "ttir.multiply"(%[[V60]], %[[V61]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V63:.*]] = "ttir.multiply"(%[[V60]], %[[V62]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V64:.*]] = "ttir.full"() <{fill_value = -0.918945312 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V65:.*]] = "ttir.add"(%[[V63]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.exp"(%[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V67:.*]] = "ttir.multiply"(%[[V1]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.add"(%[[V57]], %[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V69:.*]] = "ttir.subtract"(%[[V68]], %[[V57]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.subtract"(%[[V68]], %[[V69]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V71:.*]] = "ttir.subtract"(%[[V57]], %[[V70]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V72:.*]] = "ttir.subtract"(%[[V67]], %[[V69]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.add"(%[[V71]], %[[V72]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V74:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V75:.*]] = "ttir.subtract"(%[[V74]], %[[V57]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = "ttir.subtract"(%[[V75]], %[[V55]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V77:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V78:.*]] = "ttir.where"(%[[V48]], %[[V76]], %[[V77]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V79:.*]] = "ttir.add"(%[[V73]], %[[V78]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V80:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V81:.*]] = "ttir.multiply"(%[[V46]], %[[V80]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V82:.*]] = "ttir.subtract"(%[[V81]], %[[V46]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V83:.*]] = "ttir.subtract"(%[[V81]], %[[V82]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V84:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V85:.*]] = "ttir.multiply"(%[[V66]], %[[V84]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V86:.*]] = "ttir.subtract"(%[[V85]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V87:.*]] = "ttir.subtract"(%[[V85]], %[[V86]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V88:.*]] = "ttir.multiply"(%[[V83]], %[[V87]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V89:.*]] = "ttir.subtract"(%[[V88]], %[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V90:.*]] = "ttir.subtract"(%[[V66]], %[[V87]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V91:.*]] = "ttir.multiply"(%[[V83]], %[[V90]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V92:.*]] = "ttir.add"(%[[V89]], %[[V91]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V93:.*]] = "ttir.subtract"(%[[V46]], %[[V83]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V94:.*]] = "ttir.multiply"(%[[V93]], %[[V87]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V95:.*]] = "ttir.add"(%[[V92]], %[[V94]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V96:.*]] = "ttir.multiply"(%[[V93]], %[[V90]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V97:.*]] = "ttir.add"(%[[V95]], %[[V96]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V98:.*]] = "ttir.add"(%[[V79]], %[[V97]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V99:.*]] = "ttir.subtract"(%[[V44]], %[[V60]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V100:.*]] = "ttir.add"(%[[V44]], %[[V60]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V101:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V102:.*]] = "ttir.multiply"(%[[V100]], %[[V101]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V103:.*]] = "ttir.multiply"(%[[V99]], %[[V102]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V104:.*]] = "ttir.full"() <{fill_value = 6.77929529E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V105:.*]] = "ttir.add"(%[[V103]], %[[V104]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V106:.*]] = "ttir.expm1"(%[[V105]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V107:.*]] = "ttir.multiply"(%[[V67]], %[[V106]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V108:.*]] = "ttir.full"() <{fill_value = -0.70703125 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V109:.*]] = "ttir.multiply"(%[[V83]], %[[V108]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V110:.*]] = "ttir.subtract"(%[[V109]], %[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V111:.*]] = "ttir.full"() <{fill_value = -7.55190849E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V112:.*]] = "ttir.multiply"(%[[V83]], %[[V111]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V113:.*]] = "ttir.add"(%[[V110]], %[[V112]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V114:.*]] = "ttir.multiply"(%[[V93]], %[[V108]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V115:.*]] = "ttir.add"(%[[V113]], %[[V114]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V116:.*]] = "ttir.multiply"(%[[V93]], %[[V111]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V117:.*]] = "ttir.add"(%[[V115]], %[[V116]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V118:.*]] = "ttir.full"() <{fill_value = -1.21016175E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V119:.*]] = "ttir.multiply"(%[[V46]], %[[V118]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V120:.*]] = "ttir.add"(%[[V117]], %[[V119]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V121:.*]] = "ttir.full"() <{fill_value = -1.41421354 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V122:.*]] = "ttir.multiply"(%[[V66]], %[[V121]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V123:.*]] = "ttir.multiply"(%[[V120]], %[[V122]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V124:.*]] = "ttir.add"(%[[V107]], %[[V123]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V125:.*]] = "ttir.add"(%[[V98]], %[[V124]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V126:.*]] = "ttir.add"(%[[V68]], %[[V125]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V127:.*]] = "ttir.where"(%[[V8]], %[[V39]], %[[V126]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V128:.*]] = "ttir.multiply"(%[[V0]], %[[V127]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V129:.*]] = builtin.unrealized_conversion_cast %[[V128]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V129]] : tensor<2x32x32xbf16>
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
  // CHECK: %[[V2:.*]] = "ttir.full"() <{fill_value = -0.751791536 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V3:.*]] = "ttir.subtract"(%[[V1]], %[[V2]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V4:.*]] = "ttir.abs"(%[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.full"() <{fill_value = 2.500000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V6:.*]] = "ttir.subtract"(%[[V4]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V8:.*]] = "ttir.le"(%[[V6]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.full"() <{fill_value = 1.21144499E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V10:.*]] = "ttir.subtract"(%[[V3]], %[[V9]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.full"() <{fill_value = 1.86339748E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V12:.*]] = "ttir.multiply"(%[[V11]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.full"() <{fill_value = -7.44826859E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V14:.*]] = "ttir.add"(%[[V12]], %[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.multiply"(%[[V14]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.full"() <{fill_value = -0.00223953812 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V17:.*]] = "ttir.add"(%[[V15]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.multiply"(%[[V17]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V19:.*]] = "ttir.full"() <{fill_value = 0.00453922851 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V20:.*]] = "ttir.add"(%[[V18]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V21:.*]] = "ttir.multiply"(%[[V20]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.full"() <{fill_value = 0.0194216799 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V23:.*]] = "ttir.add"(%[[V21]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.multiply"(%[[V23]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.full"() <{fill_value = -0.014771522 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V26:.*]] = "ttir.add"(%[[V24]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.multiply"(%[[V26]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.full"() <{fill_value = -0.114008233 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V29:.*]] = "ttir.add"(%[[V27]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = "ttir.multiply"(%[[V29]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V31:.*]] = "ttir.full"() <{fill_value = -0.0181996766 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V32:.*]] = "ttir.add"(%[[V30]], %[[V31]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V33:.*]] = "ttir.multiply"(%[[V32]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.full"() <{fill_value = 0.388284981 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V35:.*]] = "ttir.add"(%[[V33]], %[[V34]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.multiply"(%[[V35]], %[[V10]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V37:.*]] = "ttir.full"() <{fill_value = 4.314940e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V38:.*]] = "ttir.add"(%[[V36]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = "ttir.multiply"(%[[V10]], %[[V38]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V40:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V41:.*]] = "ttir.lt"(%[[V1]], %[[V40]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V42:.*]] = "ttir.abs"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V43:.*]] = "ttir.full"() <{fill_value = 1.600000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V44:.*]] = "ttir.minimum"(%[[V42]], %[[V43]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V45:.*]] = "ttir.neg"(%[[V44]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V46:.*]] = "ttir.where"(%[[V41]], %[[V45]], %[[V44]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V47:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V48:.*]] = "ttir.ge"(%[[V46]], %[[V47]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V49:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V50:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V51:.*]] = "ttir.full"() <{fill_value = -0.707106769 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V52:.*]] = "ttir.multiply"(%[[V46]], %[[V51]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V53:.*]] = "ttir.abs"(%[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.erfc"(%[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V55:.*]] = "ttir.multiply"(%[[V50]], %[[V54]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V56:.*]] = "ttir.subtract"(%[[V49]], %[[V55]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V57:.*]] = "ttir.where"(%[[V48]], %[[V56]], %[[V55]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V58:.*]] = "ttir.full"() <{fill_value = 9.830400e+04 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V59:.*]] = "ttir.add"(%[[V44]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V60:.*]] = "ttir.subtract"(%[[V59]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V61:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V62:.*]] = "ttir.multiply"(%[[V60]], %[[V61]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V63:.*]] = "ttir.multiply"(%[[V60]], %[[V62]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V64:.*]] = "ttir.full"() <{fill_value = -0.918945312 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V65:.*]] = "ttir.add"(%[[V63]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.exp"(%[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V67:.*]] = "ttir.multiply"(%[[V1]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.add"(%[[V57]], %[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V69:.*]] = "ttir.subtract"(%[[V68]], %[[V57]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.subtract"(%[[V68]], %[[V69]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V71:.*]] = "ttir.subtract"(%[[V57]], %[[V70]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V72:.*]] = "ttir.subtract"(%[[V67]], %[[V69]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.add"(%[[V71]], %[[V72]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V74:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V75:.*]] = "ttir.subtract"(%[[V74]], %[[V57]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = "ttir.subtract"(%[[V75]], %[[V55]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V77:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V78:.*]] = "ttir.where"(%[[V48]], %[[V76]], %[[V77]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V79:.*]] = "ttir.add"(%[[V73]], %[[V78]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V80:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V81:.*]] = "ttir.multiply"(%[[V46]], %[[V80]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V82:.*]] = "ttir.subtract"(%[[V81]], %[[V46]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V83:.*]] = "ttir.subtract"(%[[V81]], %[[V82]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V84:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V85:.*]] = "ttir.multiply"(%[[V66]], %[[V84]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V86:.*]] = "ttir.subtract"(%[[V85]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V87:.*]] = "ttir.subtract"(%[[V85]], %[[V86]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V88:.*]] = "ttir.multiply"(%[[V83]], %[[V87]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V89:.*]] = "ttir.subtract"(%[[V88]], %[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V90:.*]] = "ttir.subtract"(%[[V66]], %[[V87]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V91:.*]] = "ttir.multiply"(%[[V83]], %[[V90]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V92:.*]] = "ttir.add"(%[[V89]], %[[V91]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V93:.*]] = "ttir.subtract"(%[[V46]], %[[V83]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V94:.*]] = "ttir.multiply"(%[[V93]], %[[V87]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V95:.*]] = "ttir.add"(%[[V92]], %[[V94]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V96:.*]] = "ttir.multiply"(%[[V93]], %[[V90]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V97:.*]] = "ttir.add"(%[[V95]], %[[V96]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V98:.*]] = "ttir.add"(%[[V79]], %[[V97]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V99:.*]] = "ttir.subtract"(%[[V44]], %[[V60]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V100:.*]] = "ttir.add"(%[[V44]], %[[V60]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V101:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V102:.*]] = "ttir.multiply"(%[[V100]], %[[V101]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V103:.*]] = "ttir.multiply"(%[[V99]], %[[V102]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V104:.*]] = "ttir.full"() <{fill_value = 6.77929529E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V105:.*]] = "ttir.add"(%[[V103]], %[[V104]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V106:.*]] = "ttir.expm1"(%[[V105]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V107:.*]] = "ttir.multiply"(%[[V67]], %[[V106]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V108:.*]] = "ttir.full"() <{fill_value = -0.70703125 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V109:.*]] = "ttir.multiply"(%[[V83]], %[[V108]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V110:.*]] = "ttir.subtract"(%[[V109]], %[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V111:.*]] = "ttir.full"() <{fill_value = -7.55190849E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V112:.*]] = "ttir.multiply"(%[[V83]], %[[V111]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V113:.*]] = "ttir.add"(%[[V110]], %[[V112]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V114:.*]] = "ttir.multiply"(%[[V93]], %[[V108]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V115:.*]] = "ttir.add"(%[[V113]], %[[V114]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V116:.*]] = "ttir.multiply"(%[[V93]], %[[V111]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V117:.*]] = "ttir.add"(%[[V115]], %[[V116]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V118:.*]] = "ttir.full"() <{fill_value = -1.21016175E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V119:.*]] = "ttir.multiply"(%[[V46]], %[[V118]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V120:.*]] = "ttir.add"(%[[V117]], %[[V119]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V121:.*]] = "ttir.full"() <{fill_value = -1.41421354 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V122:.*]] = "ttir.multiply"(%[[V66]], %[[V121]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V123:.*]] = "ttir.multiply"(%[[V120]], %[[V122]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V124:.*]] = "ttir.add"(%[[V107]], %[[V123]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V125:.*]] = "ttir.add"(%[[V98]], %[[V124]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V126:.*]] = "ttir.add"(%[[V68]], %[[V125]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V127:.*]] = "ttir.where"(%[[V8]], %[[V39]], %[[V126]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V128:.*]] = "ttir.multiply"(%[[V0]], %[[V127]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V129:.*]] = builtin.unrealized_conversion_cast %[[V128]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V129]] : tensor<2x32x32xbf16>
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
  // CHECK: %[[V20:.*]] = "ttir.full"() <{fill_value = -0.752461433 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V21:.*]] = "ttir.subtract"(%[[V0]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.abs"(%[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.full"() <{fill_value = 2.500000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V24:.*]] = "ttir.subtract"(%[[V22]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V26:.*]] = "ttir.le"(%[[V24]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.full"() <{fill_value = 1.13396279E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V28:.*]] = "ttir.subtract"(%[[V21]], %[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V29:.*]] = "ttir.full"() <{fill_value = 2.6392765E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V30:.*]] = "ttir.multiply"(%[[V29]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V31:.*]] = "ttir.full"() <{fill_value = -9.27442044E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V32:.*]] = "ttir.add"(%[[V30]], %[[V31]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V33:.*]] = "ttir.multiply"(%[[V32]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.full"() <{fill_value = -0.00242273184 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V35:.*]] = "ttir.add"(%[[V33]], %[[V34]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.multiply"(%[[V35]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V37:.*]] = "ttir.full"() <{fill_value = 0.00526105938 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V38:.*]] = "ttir.add"(%[[V36]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = "ttir.multiply"(%[[V38]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V40:.*]] = "ttir.full"() <{fill_value = 0.0196823087 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V41:.*]] = "ttir.add"(%[[V39]], %[[V40]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V42:.*]] = "ttir.multiply"(%[[V41]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V43:.*]] = "ttir.full"() <{fill_value = -0.0166193284 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V44:.*]] = "ttir.add"(%[[V42]], %[[V43]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V45:.*]] = "ttir.multiply"(%[[V44]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V46:.*]] = "ttir.full"() <{fill_value = -0.113944486 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V47:.*]] = "ttir.add"(%[[V45]], %[[V46]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V48:.*]] = "ttir.multiply"(%[[V47]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V49:.*]] = "ttir.full"() <{fill_value = -0.0157828536 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V50:.*]] = "ttir.add"(%[[V48]], %[[V49]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V51:.*]] = "ttir.multiply"(%[[V50]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V52:.*]] = "ttir.full"() <{fill_value = 0.387518436 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V53:.*]] = "ttir.add"(%[[V51]], %[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.multiply"(%[[V53]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V55:.*]] = "ttir.full"() <{fill_value = 0.430400103 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V56:.*]] = "ttir.add"(%[[V54]], %[[V55]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V57:.*]] = "ttir.multiply"(%[[V28]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V58:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V59:.*]] = "ttir.lt"(%[[V0]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V60:.*]] = "ttir.full"() <{fill_value = 87.3365478 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V61:.*]] = "ttir.add"(%[[V6]], %[[V60]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V62:.*]] = "ttir.exp"(%[[V61]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V63:.*]] = "ttir.abs"(%[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V64:.*]] = "ttir.neg"(%[[V63]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V65:.*]] = "ttir.sigmoid"(%[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.where"(%[[V10]], %[[V62]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V67:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V68:.*]] = "ttir.add"(%[[V6]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V69:.*]] = "ttir.add"(%[[V68]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.full"() <{fill_value = 1.59576917 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V71:.*]] = "ttir.multiply"(%[[V70]], %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V72:.*]] = "ttir.add"(%[[V71]], %[[V71]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.neg"(%[[V72]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V74:.*]] = "ttir.add"(%[[V69]], %[[V73]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.add"(%[[V67]], %[[V74]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = "ttir.multiply"(%[[V66]], %[[V75]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V77:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V78:.*]] = "ttir.subtract"(%[[V0]], %[[V77]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V79:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V80:.*]] = "ttir.ge"(%[[V78]], %[[V79]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V81:.*]] = "ttir.subtract"(%[[V67]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V82:.*]] = "ttir.where"(%[[V80]], %[[V67]], %[[V81]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V83:.*]] = "ttir.where"(%[[V59]], %[[V76]], %[[V82]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V84:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V85:.*]] = "ttir.multiply"(%[[V66]], %[[V84]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V86:.*]] = "ttir.subtract"(%[[V85]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V87:.*]] = "ttir.subtract"(%[[V85]], %[[V86]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V88:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V89:.*]] = "ttir.multiply"(%[[V75]], %[[V88]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V90:.*]] = "ttir.subtract"(%[[V89]], %[[V75]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V91:.*]] = "ttir.subtract"(%[[V89]], %[[V90]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V92:.*]] = "ttir.multiply"(%[[V87]], %[[V91]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V93:.*]] = "ttir.subtract"(%[[V92]], %[[V76]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V94:.*]] = "ttir.subtract"(%[[V75]], %[[V91]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V95:.*]] = "ttir.multiply"(%[[V87]], %[[V94]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V96:.*]] = "ttir.add"(%[[V93]], %[[V95]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V97:.*]] = "ttir.subtract"(%[[V66]], %[[V87]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V98:.*]] = "ttir.multiply"(%[[V97]], %[[V91]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V99:.*]] = "ttir.add"(%[[V96]], %[[V98]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V100:.*]] = "ttir.multiply"(%[[V97]], %[[V94]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V101:.*]] = "ttir.add"(%[[V99]], %[[V100]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V102:.*]] = "ttir.subtract"(%[[V75]], %[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V103:.*]] = "ttir.subtract"(%[[V75]], %[[V102]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V104:.*]] = "ttir.subtract"(%[[V67]], %[[V103]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V105:.*]] = "ttir.subtract"(%[[V74]], %[[V102]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V106:.*]] = "ttir.add"(%[[V104]], %[[V105]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V107:.*]] = "ttir.multiply"(%[[V66]], %[[V106]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V108:.*]] = "ttir.add"(%[[V101]], %[[V107]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V109:.*]] = "ttir.multiply"(%[[V74]], %[[V66]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V110:.*]] = "ttir.multiply"(%[[V109]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V111:.*]] = "ttir.subtract"(%[[V108]], %[[V110]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V112:.*]] = "ttir.multiply"(%[[V74]], %[[V81]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V113:.*]] = "ttir.subtract"(%[[V67]], %[[V81]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V114:.*]] = "ttir.subtract"(%[[V113]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V115:.*]] = "ttir.multiply"(%[[V74]], %[[V114]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V116:.*]] = "ttir.add"(%[[V112]], %[[V115]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V117:.*]] = "ttir.subtract"(%[[V116]], %[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V118:.*]] = "ttir.multiply"(%[[V65]], %[[V117]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V119:.*]] = "ttir.multiply"(%[[V81]], %[[V74]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V120:.*]] = "ttir.multiply"(%[[V119]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V121:.*]] = "ttir.add"(%[[V114]], %[[V120]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V122:.*]] = "ttir.where"(%[[V80]], %[[V118]], %[[V121]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V123:.*]] = "ttir.where"(%[[V59]], %[[V111]], %[[V122]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V124:.*]] = "ttir.multiply"(%[[V66]], %[[V81]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V125:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V126:.*]] = "ttir.multiply"(%[[V0]], %[[V125]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V127:.*]] = "ttir.subtract"(%[[V126]], %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V128:.*]] = "ttir.subtract"(%[[V126]], %[[V127]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V129:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V130:.*]] = "ttir.multiply"(%[[V5]], %[[V129]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V131:.*]] = "ttir.subtract"(%[[V130]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V132:.*]] = "ttir.subtract"(%[[V130]], %[[V131]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V133:.*]] = "ttir.multiply"(%[[V128]], %[[V132]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V134:.*]] = "ttir.subtract"(%[[V133]], %[[V6]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V135:.*]] = "ttir.subtract"(%[[V5]], %[[V132]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V136:.*]] = "ttir.multiply"(%[[V128]], %[[V135]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V137:.*]] = "ttir.add"(%[[V134]], %[[V136]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V138:.*]] = "ttir.subtract"(%[[V0]], %[[V128]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V139:.*]] = "ttir.multiply"(%[[V138]], %[[V132]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V140:.*]] = "ttir.add"(%[[V137]], %[[V139]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V141:.*]] = "ttir.multiply"(%[[V138]], %[[V135]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V142:.*]] = "ttir.add"(%[[V140]], %[[V141]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V143:.*]] = "ttir.subtract"(%[[V5]], %[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V144:.*]] = "ttir.subtract"(%[[V5]], %[[V143]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V145:.*]] = "ttir.subtract"(%[[V1]], %[[V144]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V146:.*]] = "ttir.subtract"(%[[V4]], %[[V143]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V147:.*]] = "ttir.add"(%[[V145]], %[[V146]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V148:.*]] = "ttir.full"() <{fill_value = 7.135010e-02 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V149:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V150:.*]] = "ttir.multiply"(%[[V3]], %[[V149]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V151:.*]] = "ttir.subtract"(%[[V150]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V152:.*]] = "ttir.subtract"(%[[V150]], %[[V151]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V153:.*]] = "ttir.multiply"(%[[V148]], %[[V152]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V154:.*]] = "ttir.subtract"(%[[V153]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V155:.*]] = "ttir.subtract"(%[[V3]], %[[V152]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V156:.*]] = "ttir.multiply"(%[[V148]], %[[V155]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V157:.*]] = "ttir.add"(%[[V154]], %[[V156]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V158:.*]] = "ttir.full"() <{fill_value = 4.71621752E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V159:.*]] = "ttir.multiply"(%[[V158]], %[[V152]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V160:.*]] = "ttir.add"(%[[V157]], %[[V159]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V161:.*]] = "ttir.multiply"(%[[V158]], %[[V155]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V162:.*]] = "ttir.add"(%[[V160]], %[[V161]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V163:.*]] = "ttir.full"() <{fill_value = 0.0713548139 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V164:.*]] = "ttir.multiply"(%[[V128]], %[[V128]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V165:.*]] = "ttir.subtract"(%[[V164]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V166:.*]] = "ttir.multiply"(%[[V128]], %[[V138]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V167:.*]] = "ttir.add"(%[[V165]], %[[V166]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V168:.*]] = "ttir.multiply"(%[[V138]], %[[V128]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V169:.*]] = "ttir.add"(%[[V167]], %[[V168]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V170:.*]] = "ttir.multiply"(%[[V138]], %[[V138]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V171:.*]] = "ttir.add"(%[[V169]], %[[V170]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V172:.*]] = "ttir.multiply"(%[[V163]], %[[V171]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V173:.*]] = "ttir.full"() <{fill_value = 2.39883247E-9 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V174:.*]] = "ttir.multiply"(%[[V173]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V175:.*]] = "ttir.add"(%[[V172]], %[[V174]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V176:.*]] = "ttir.add"(%[[V162]], %[[V175]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V177:.*]] = "ttir.full"() <{fill_value = -4.53406805E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V178:.*]] = "ttir.add"(%[[V176]], %[[V177]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V179:.*]] = "ttir.add"(%[[V147]], %[[V178]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V180:.*]] = "ttir.multiply"(%[[V0]], %[[V179]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V181:.*]] = "ttir.add"(%[[V142]], %[[V180]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V182:.*]] = "ttir.full"() <{fill_value = -3.1010095E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V183:.*]] = "ttir.multiply"(%[[V10]], %[[V182]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V184:.*]] = "ttir.add"(%[[V181]], %[[V183]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V185:.*]] = "ttir.full"() <{fill_value = 4.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V186:.*]] = "ttir.abs"(%[[V74]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V187:.*]] = "ttir.subtract"(%[[V81]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V188:.*]] = "ttir.multiply"(%[[V186]], %[[V187]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V189:.*]] = "ttir.subtract"(%[[V185]], %[[V188]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V190:.*]] = "ttir.multiply"(%[[V184]], %[[V189]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V191:.*]] = "ttir.subtract"(%[[V74]], %[[V69]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V192:.*]] = "ttir.subtract"(%[[V74]], %[[V191]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V193:.*]] = "ttir.subtract"(%[[V69]], %[[V192]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V194:.*]] = "ttir.subtract"(%[[V73]], %[[V191]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V195:.*]] = "ttir.add"(%[[V193]], %[[V194]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V196:.*]] = "ttir.subtract"(%[[V69]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V197:.*]] = "ttir.subtract"(%[[V69]], %[[V196]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V198:.*]] = "ttir.subtract"(%[[V68]], %[[V197]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V199:.*]] = "ttir.subtract"(%[[V6]], %[[V196]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V200:.*]] = "ttir.add"(%[[V198]], %[[V199]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V201:.*]] = "ttir.full"() <{fill_value = 1.59570313 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V202:.*]] = "ttir.multiply"(%[[V201]], %[[V128]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V203:.*]] = "ttir.subtract"(%[[V202]], %[[V71]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V204:.*]] = "ttir.multiply"(%[[V201]], %[[V138]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V205:.*]] = "ttir.add"(%[[V203]], %[[V204]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V206:.*]] = "ttir.full"() <{fill_value = 6.60419464E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V207:.*]] = "ttir.multiply"(%[[V206]], %[[V128]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V208:.*]] = "ttir.add"(%[[V205]], %[[V207]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V209:.*]] = "ttir.multiply"(%[[V206]], %[[V138]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V210:.*]] = "ttir.add"(%[[V208]], %[[V209]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V211:.*]] = "ttir.full"() <{fill_value = -4.53406805E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V212:.*]] = "ttir.multiply"(%[[V211]], %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V213:.*]] = "ttir.add"(%[[V210]], %[[V212]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V214:.*]] = "ttir.add"(%[[V213]], %[[V213]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V215:.*]] = "ttir.subtract"(%[[V200]], %[[V214]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V216:.*]] = "ttir.add"(%[[V195]], %[[V215]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V217:.*]] = "ttir.add"(%[[V190]], %[[V216]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V218:.*]] = "ttir.multiply"(%[[V124]], %[[V217]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V219:.*]] = "ttir.add"(%[[V123]], %[[V218]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V220:.*]] = "ttir.add"(%[[V83]], %[[V219]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V221:.*]] = "ttir.where"(%[[V26]], %[[V57]], %[[V220]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V222:.*]] = "ttir.where"(%[[V17]], %[[V19]], %[[V221]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V223:.*]] = "ttir.subtract"(%[[V0]], %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V224:.*]] = "ttir.add"(%[[V222]], %[[V223]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V225:.*]] = "ttir.multiply"(%[[V14]], %[[V224]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V226:.*]] = builtin.unrealized_conversion_cast %[[V225]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V226]] : tensor<2x32x32xbf16>
  %0 = ttir.gelu_bw %g, %x {approximate = "tanh"} : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands: no typecasts.
// CHECK-LABEL: func.func @gelu_f32
func.func @gelu_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.gelu_bw
  // CHECK: %[[V0:.*]] = "ttir.full"() <{fill_value = -0.751791536 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V1:.*]] = "ttir.subtract"(%arg1, %[[V0]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V2:.*]] = "ttir.abs"(%[[V1]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V3:.*]] = "ttir.full"() <{fill_value = 2.500000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V4:.*]] = "ttir.subtract"(%[[V2]], %[[V3]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V5:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V6:.*]] = "ttir.le"(%[[V4]], %[[V5]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V7:.*]] = "ttir.full"() <{fill_value = 1.21144499E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V8:.*]] = "ttir.subtract"(%[[V1]], %[[V7]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V9:.*]] = "ttir.full"() <{fill_value = 1.86339748E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V10:.*]] = "ttir.multiply"(%[[V9]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V11:.*]] = "ttir.full"() <{fill_value = -7.44826859E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V12:.*]] = "ttir.add"(%[[V10]], %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.multiply"(%[[V12]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.full"() <{fill_value = -0.00223953812 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V15:.*]] = "ttir.add"(%[[V13]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.multiply"(%[[V15]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V17:.*]] = "ttir.full"() <{fill_value = 0.00453922851 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V18:.*]] = "ttir.add"(%[[V16]], %[[V17]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V19:.*]] = "ttir.multiply"(%[[V18]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.full"() <{fill_value = 0.0194216799 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V21:.*]] = "ttir.add"(%[[V19]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.multiply"(%[[V21]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V23:.*]] = "ttir.full"() <{fill_value = -0.014771522 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V24:.*]] = "ttir.add"(%[[V22]], %[[V23]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.multiply"(%[[V24]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.full"() <{fill_value = -0.114008233 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V27:.*]] = "ttir.add"(%[[V25]], %[[V26]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.multiply"(%[[V27]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V29:.*]] = "ttir.full"() <{fill_value = -0.0181996766 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V30:.*]] = "ttir.add"(%[[V28]], %[[V29]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V31:.*]] = "ttir.multiply"(%[[V30]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V32:.*]] = "ttir.full"() <{fill_value = 0.388284981 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V33:.*]] = "ttir.add"(%[[V31]], %[[V32]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.multiply"(%[[V33]], %[[V8]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V35:.*]] = "ttir.full"() <{fill_value = 4.314940e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V36:.*]] = "ttir.add"(%[[V34]], %[[V35]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V37:.*]] = "ttir.multiply"(%[[V8]], %[[V36]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V38:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V39:.*]] = "ttir.lt"(%arg1, %[[V38]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V40:.*]] = "ttir.abs"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V41:.*]] = "ttir.full"() <{fill_value = 1.600000e+01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V42:.*]] = "ttir.minimum"(%[[V40]], %[[V41]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V43:.*]] = "ttir.neg"(%[[V42]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V44:.*]] = "ttir.where"(%[[V39]], %[[V43]], %[[V42]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V45:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V46:.*]] = "ttir.ge"(%[[V44]], %[[V45]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V47:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V48:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V49:.*]] = "ttir.full"() <{fill_value = -0.707106769 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V50:.*]] = "ttir.multiply"(%[[V44]], %[[V49]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V51:.*]] = "ttir.abs"(%[[V50]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V52:.*]] = "ttir.erfc"(%[[V51]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V53:.*]] = "ttir.multiply"(%[[V48]], %[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.subtract"(%[[V47]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V55:.*]] = "ttir.where"(%[[V46]], %[[V54]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V56:.*]] = "ttir.full"() <{fill_value = 9.830400e+04 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V57:.*]] = "ttir.add"(%[[V42]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V58:.*]] = "ttir.subtract"(%[[V57]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V59:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V60:.*]] = "ttir.multiply"(%[[V58]], %[[V59]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V61:.*]] = "ttir.multiply"(%[[V58]], %[[V60]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V62:.*]] = "ttir.full"() <{fill_value = -0.918945312 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V63:.*]] = "ttir.add"(%[[V61]], %[[V62]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V64:.*]] = "ttir.exp"(%[[V63]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V65:.*]] = "ttir.multiply"(%arg1, %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.add"(%[[V55]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V67:.*]] = "ttir.subtract"(%[[V66]], %[[V55]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.subtract"(%[[V66]], %[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V69:.*]] = "ttir.subtract"(%[[V55]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.subtract"(%[[V65]], %[[V67]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V71:.*]] = "ttir.add"(%[[V69]], %[[V70]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V72:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V73:.*]] = "ttir.subtract"(%[[V72]], %[[V55]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V74:.*]] = "ttir.subtract"(%[[V73]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V76:.*]] = "ttir.where"(%[[V46]], %[[V74]], %[[V75]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V77:.*]] = "ttir.add"(%[[V71]], %[[V76]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V78:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V79:.*]] = "ttir.multiply"(%[[V44]], %[[V78]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V80:.*]] = "ttir.subtract"(%[[V79]], %[[V44]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V81:.*]] = "ttir.subtract"(%[[V79]], %[[V80]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V82:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V83:.*]] = "ttir.multiply"(%[[V64]], %[[V82]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V84:.*]] = "ttir.subtract"(%[[V83]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V85:.*]] = "ttir.subtract"(%[[V83]], %[[V84]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V86:.*]] = "ttir.multiply"(%[[V81]], %[[V85]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V87:.*]] = "ttir.subtract"(%[[V86]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V88:.*]] = "ttir.subtract"(%[[V64]], %[[V85]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V89:.*]] = "ttir.multiply"(%[[V81]], %[[V88]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V90:.*]] = "ttir.add"(%[[V87]], %[[V89]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V91:.*]] = "ttir.subtract"(%[[V44]], %[[V81]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V92:.*]] = "ttir.multiply"(%[[V91]], %[[V85]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V93:.*]] = "ttir.add"(%[[V90]], %[[V92]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V94:.*]] = "ttir.multiply"(%[[V91]], %[[V88]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V95:.*]] = "ttir.add"(%[[V93]], %[[V94]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V96:.*]] = "ttir.add"(%[[V77]], %[[V95]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V97:.*]] = "ttir.subtract"(%[[V42]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V98:.*]] = "ttir.add"(%[[V42]], %[[V58]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V99:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V100:.*]] = "ttir.multiply"(%[[V98]], %[[V99]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V101:.*]] = "ttir.multiply"(%[[V97]], %[[V100]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V102:.*]] = "ttir.full"() <{fill_value = 6.77929529E-6 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V103:.*]] = "ttir.add"(%[[V101]], %[[V102]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V104:.*]] = "ttir.expm1"(%[[V103]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V105:.*]] = "ttir.multiply"(%[[V65]], %[[V104]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V106:.*]] = "ttir.full"() <{fill_value = -0.70703125 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V107:.*]] = "ttir.multiply"(%[[V81]], %[[V106]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V108:.*]] = "ttir.subtract"(%[[V107]], %[[V50]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V109:.*]] = "ttir.full"() <{fill_value = -7.55190849E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V110:.*]] = "ttir.multiply"(%[[V81]], %[[V109]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V111:.*]] = "ttir.add"(%[[V108]], %[[V110]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V112:.*]] = "ttir.multiply"(%[[V91]], %[[V106]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V113:.*]] = "ttir.add"(%[[V111]], %[[V112]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V114:.*]] = "ttir.multiply"(%[[V91]], %[[V109]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V115:.*]] = "ttir.add"(%[[V113]], %[[V114]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V116:.*]] = "ttir.full"() <{fill_value = -1.21016175E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V117:.*]] = "ttir.multiply"(%[[V44]], %[[V116]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V118:.*]] = "ttir.add"(%[[V115]], %[[V117]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V119:.*]] = "ttir.full"() <{fill_value = -1.41421354 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V120:.*]] = "ttir.multiply"(%[[V64]], %[[V119]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V121:.*]] = "ttir.multiply"(%[[V118]], %[[V120]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V122:.*]] = "ttir.add"(%[[V105]], %[[V121]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V123:.*]] = "ttir.add"(%[[V96]], %[[V122]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V124:.*]] = "ttir.add"(%[[V66]], %[[V123]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V125:.*]] = "ttir.where"(%[[V6]], %[[V37]], %[[V124]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V126:.*]] = "ttir.multiply"(%arg0, %[[V125]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V126]] : tensor<2x32x32xf32>
  %0 = ttir.gelu_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
