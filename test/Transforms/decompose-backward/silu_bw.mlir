// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// silu_bw: input_grad = grad * s * (1 + x * (1 - s)), s = sigmoid(x), from t = s(-|x|) (1 - s
// cancels for large x) in three forms selected by x >= 0 and x + 1/2 >= 0 (passes/derivatives.py:
// the fewest undamped roundings on each range); where g is not finite (g - g != 0), +-g by the
// slope's sign (x - root >= 0) plus x - x (NaN at x = +-inf); within 1/4 of the root, g times the
// slope's Taylor polynomial in t = (x - r_hi) - r_lo (passes/slope_roots.py); f32 opmath, rounded once.

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
  // CHECK: %[[V13:.*]] = "ttir.full"() <{fill_value = -1.27846456 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V14:.*]] = "ttir.subtract"(%[[V4]], %[[V13]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V15:.*]] = "ttir.abs"(%[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.full"() <{fill_value = 2.500000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V17:.*]] = "ttir.subtract"(%[[V15]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V19:.*]] = "ttir.le"(%[[V17]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.full"() <{fill_value = 1.29792825E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V21:.*]] = "ttir.subtract"(%[[V14]], %[[V20]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.full"() <{fill_value = -4.09053428E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V23:.*]] = "ttir.multiply"(%[[V22]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.full"() <{fill_value = 1.85707249E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V25:.*]] = "ttir.add"(%[[V23]], %[[V24]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V26:.*]] = "ttir.multiply"(%[[V25]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.full"() <{fill_value = 7.98521854E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V28:.*]] = "ttir.add"(%[[V26]], %[[V27]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V29:.*]] = "ttir.multiply"(%[[V28]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = "ttir.full"() <{fill_value = 1.26627405E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V31:.*]] = "ttir.add"(%[[V29]], %[[V30]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V32:.*]] = "ttir.multiply"(%[[V31]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V33:.*]] = "ttir.full"() <{fill_value = -0.00660658907 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V34:.*]] = "ttir.add"(%[[V32]], %[[V33]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V35:.*]] = "ttir.multiply"(%[[V34]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.full"() <{fill_value = -0.0152226556 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V37:.*]] = "ttir.add"(%[[V35]], %[[V36]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V38:.*]] = "ttir.multiply"(%[[V37]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = "ttir.full"() <{fill_value = 0.0188748147 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V40:.*]] = "ttir.add"(%[[V38]], %[[V39]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V41:.*]] = "ttir.multiply"(%[[V40]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V42:.*]] = "ttir.full"() <{fill_value = 0.146648794 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V43:.*]] = "ttir.add"(%[[V41]], %[[V42]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V44:.*]] = "ttir.multiply"(%[[V43]], %[[V21]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V45:.*]] = "ttir.full"() <{fill_value = 0.217811704 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V46:.*]] = "ttir.add"(%[[V44]], %[[V45]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V47:.*]] = "ttir.multiply"(%[[V21]], %[[V46]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V48:.*]] = "ttir.multiply"(%[[V0]], %[[V47]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V49:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V50:.*]] = "ttir.ge"(%[[V4]], %[[V49]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V51:.*]] = "ttir.abs"(%[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V52:.*]] = "ttir.neg"(%[[V51]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V53:.*]] = "ttir.sigmoid"(%[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.multiply"(%[[V0]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V55:.*]] = "ttir.subtract"(%[[V0]], %[[V54]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V56:.*]] = "ttir.multiply"(%[[V4]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V57:.*]] = "ttir.multiply"(%[[V55]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V58:.*]] = "ttir.add"(%[[V55]], %[[V57]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V59:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V60:.*]] = "ttir.add"(%[[V4]], %[[V59]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V61:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V62:.*]] = "ttir.ge"(%[[V60]], %[[V61]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V63:.*]] = "ttir.multiply"(%[[V0]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V64:.*]] = "ttir.multiply"(%[[V63]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V65:.*]] = "ttir.subtract"(%[[V63]], %[[V64]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.add"(%[[V0]], %[[V65]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V67:.*]] = "ttir.multiply"(%[[V66]], %[[V53]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V69:.*]] = "ttir.add"(%[[V68]], %[[V4]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.subtract"(%[[V69]], %[[V56]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V71:.*]] = "ttir.multiply"(%[[V54]], %[[V70]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V72:.*]] = "ttir.where"(%[[V62]], %[[V67]], %[[V71]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.where"(%[[V50]], %[[V58]], %[[V72]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V74:.*]] = "ttir.where"(%[[V19]], %[[V48]], %[[V73]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V75:.*]] = "ttir.where"(%[[V3]], %[[V12]], %[[V74]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V76:.*]] = builtin.unrealized_conversion_cast %[[V75]] : tensor<2x32x32xf32> to tensor<2x32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[V76]] : tensor<2x32x32xbf16>
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
  // CHECK: %[[V11:.*]] = "ttir.full"() <{fill_value = -1.27846456 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V12:.*]] = "ttir.subtract"(%arg1, %[[V11]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V13:.*]] = "ttir.abs"(%[[V12]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V14:.*]] = "ttir.full"() <{fill_value = 2.500000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V15:.*]] = "ttir.subtract"(%[[V13]], %[[V14]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V16:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V17:.*]] = "ttir.le"(%[[V15]], %[[V16]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V18:.*]] = "ttir.full"() <{fill_value = 1.29792825E-8 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V19:.*]] = "ttir.subtract"(%[[V12]], %[[V18]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V20:.*]] = "ttir.full"() <{fill_value = -4.09053428E-5 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V21:.*]] = "ttir.multiply"(%[[V20]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V22:.*]] = "ttir.full"() <{fill_value = 1.85707249E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V23:.*]] = "ttir.add"(%[[V21]], %[[V22]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V24:.*]] = "ttir.multiply"(%[[V23]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V25:.*]] = "ttir.full"() <{fill_value = 7.98521854E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V26:.*]] = "ttir.add"(%[[V24]], %[[V25]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V27:.*]] = "ttir.multiply"(%[[V26]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V28:.*]] = "ttir.full"() <{fill_value = 1.26627405E-4 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V29:.*]] = "ttir.add"(%[[V27]], %[[V28]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V30:.*]] = "ttir.multiply"(%[[V29]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V31:.*]] = "ttir.full"() <{fill_value = -0.00660658907 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V32:.*]] = "ttir.add"(%[[V30]], %[[V31]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V33:.*]] = "ttir.multiply"(%[[V32]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V34:.*]] = "ttir.full"() <{fill_value = -0.0152226556 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V35:.*]] = "ttir.add"(%[[V33]], %[[V34]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V36:.*]] = "ttir.multiply"(%[[V35]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V37:.*]] = "ttir.full"() <{fill_value = 0.0188748147 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V38:.*]] = "ttir.add"(%[[V36]], %[[V37]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V39:.*]] = "ttir.multiply"(%[[V38]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V40:.*]] = "ttir.full"() <{fill_value = 0.146648794 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V41:.*]] = "ttir.add"(%[[V39]], %[[V40]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V42:.*]] = "ttir.multiply"(%[[V41]], %[[V19]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V43:.*]] = "ttir.full"() <{fill_value = 0.217811704 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V44:.*]] = "ttir.add"(%[[V42]], %[[V43]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V45:.*]] = "ttir.multiply"(%[[V19]], %[[V44]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V46:.*]] = "ttir.multiply"(%arg0, %[[V45]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V47:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V48:.*]] = "ttir.ge"(%arg1, %[[V47]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V49:.*]] = "ttir.abs"(%arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V50:.*]] = "ttir.neg"(%[[V49]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V51:.*]] = "ttir.sigmoid"(%[[V50]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V52:.*]] = "ttir.multiply"(%arg0, %[[V51]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V53:.*]] = "ttir.subtract"(%arg0, %[[V52]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V54:.*]] = "ttir.multiply"(%arg1, %[[V51]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V55:.*]] = "ttir.multiply"(%[[V53]], %[[V54]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V56:.*]] = "ttir.add"(%[[V53]], %[[V55]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V57:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V58:.*]] = "ttir.add"(%arg1, %[[V57]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V59:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V60:.*]] = "ttir.ge"(%[[V58]], %[[V59]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V61:.*]] = "ttir.multiply"(%arg0, %arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V62:.*]] = "ttir.multiply"(%[[V61]], %[[V51]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V63:.*]] = "ttir.subtract"(%[[V61]], %[[V62]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V64:.*]] = "ttir.add"(%arg0, %[[V63]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V65:.*]] = "ttir.multiply"(%[[V64]], %[[V51]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V66:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : {{.*}} -> tensor<f32>
  // CHECK: %[[V67:.*]] = "ttir.add"(%[[V66]], %arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V68:.*]] = "ttir.subtract"(%[[V67]], %[[V54]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V69:.*]] = "ttir.multiply"(%[[V52]], %[[V68]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V70:.*]] = "ttir.where"(%[[V60]], %[[V65]], %[[V69]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V71:.*]] = "ttir.where"(%[[V48]], %[[V56]], %[[V70]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V72:.*]] = "ttir.where"(%[[V17]], %[[V46]], %[[V71]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: %[[V73:.*]] = "ttir.where"(%[[V2]], %[[V10]], %[[V72]]) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V73]] : tensor<2x32x32xf32>
  %0 = ttir.silu_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
