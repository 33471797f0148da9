// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// div_bw: input_grad = grad / other (one rounding: in the operands' type);
// other_grad = -grad * a / b^2 in f32: where t = grad / b, q = a / b and b are within 2^+-50,
// rounded once (t and q with their division remainders, exact by Dekker's products t b and
// q b, and t q by Dekker's product, the tails summed before the one rounding); beyond, its
// three roundings in the order that stays in range where the result does (the factor of middle
// magnitude last): -(grad / other) * q where q is in the middle or other = 0,
// -grad * (q / other) where grad is, else -(grad * q) / other.

// CHECK-LABEL: func.func @broadcast
func.func @broadcast(%g: tensor<2x32x64xbf16>, %a: tensor<2x32x64xbf16>, %b: tensor<32x1xbf16>) -> (tensor<2x32x64xbf16>, tensor<32x1xbf16>) {
  // CHECK: %[[GA:.*]] = "ttir.div"(%arg0, %arg2) : (tensor<2x32x64xbf16>, tensor<32x1xbf16>) -> tensor<2x32x64xbf16>
  // CHECK: %[[G:.*]] = "ttir.typecast"(%arg0) : (tensor<2x32x64xbf16>) -> tensor<2x32x64xf32>
  // CHECK: %[[B:.*]] = "ttir.typecast"(%arg2) : (tensor<32x1xbf16>) -> tensor<32x1xf32>
  // CHECK: %[[T:.*]] = "ttir.div"(%[[G]], %[[B]]) : (tensor<2x32x64xf32>, tensor<32x1xf32>) -> tensor<2x32x64xf32>
  // CHECK: %[[TA:.*]] = "ttir.abs"(%[[T]])
  // CHECK: %[[LOW:.*]] = "ttir.full"() <{fill_value = 8.88178419E-16 : f32, shape = array<i32>}>
  // CHECK: "ttir.ge"(%[[TA]], %[[LOW]])
  // CHECK: %[[HIGH:.*]] = "ttir.full"() <{fill_value = 1.12589991E+15 : f32, shape = array<i32>}>
  // CHECK: "ttir.le"(%[[TA]], %[[HIGH]])
  // CHECK: %[[A:.*]] = "ttir.typecast"(%arg1) : (tensor<2x32x64xbf16>) -> tensor<2x32x64xf32>
  // CHECK: %[[Q:.*]] = "ttir.div"(%[[A]], %[[B]]) : (tensor<2x32x64xf32>, tensor<32x1xf32>) -> tensor<2x32x64xf32>
  // CHECK: "ttir.abs"(%[[Q]])
  // CHECK: "ttir.abs"(%[[B]])
  // CHECK: %[[IN:.*]] = "ttir.multiply"(%{{.*}}, %{{.*}}) : (tensor<2x32x64xf32>, tensor<32x1xf32>) -> tensor<2x32x64xf32>
  // The rounded-once form: t q, its Dekker error from t's and q's Veltkamp splits.
  // CHECK: %[[P:.*]] = "ttir.multiply"(%[[T]], %[[Q]])
  // CHECK: %[[C:.*]] = "ttir.full"() <{fill_value = 4.097000e+03 : f32, shape = array<i32>}>
  // CHECK: "ttir.multiply"(%[[T]], %[[C]])
  // CHECK: "ttir.multiply"(%[[Q]], %{{.*}}) : (tensor<2x32x64xf32>, tensor<f32>)
  // q's remainder a - q b (exact) over b
  // CHECK: %[[QB:.*]] = "ttir.multiply"(%[[Q]], %[[B]])
  // CHECK: %[[QR:.*]] = "ttir.subtract"(%[[A]], %[[QB]])
  // CHECK: %[[QRE:.*]] = "ttir.subtract"(%[[QR]], %{{.*}})
  // CHECK: %[[QT:.*]] = "ttir.div"(%[[QRE]], %[[B]])
  // CHECK: %[[TQT:.*]] = "ttir.multiply"(%[[T]], %[[QT]])
  // t's remainder g - t b (exact) over b
  // CHECK: %[[TB:.*]] = "ttir.multiply"(%[[T]], %[[B]])
  // CHECK: %[[TR:.*]] = "ttir.subtract"(%[[G]], %[[TB]])
  // CHECK: %[[TRE:.*]] = "ttir.subtract"(%[[TR]], %{{.*}})
  // CHECK: %[[TT:.*]] = "ttir.div"(%[[TRE]], %[[B]])
  // CHECK: %[[TTQ:.*]] = "ttir.multiply"(%[[TT]], %[[Q]])
  // CHECK: %[[TAILS:.*]] = "ttir.add"(%[[TQT]], %[[TTQ]])
  // CHECK: %[[TAIL:.*]] = "ttir.add"(%{{.*}}, %[[TAILS]])
  // CHECK: %[[SUM:.*]] = "ttir.add"(%[[P]], %[[TAIL]])
  // CHECK: %[[ONCE:.*]] = "ttir.neg"(%[[SUM]])
  // The range-safe orders.
  // CHECK: %[[Z:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : () -> tensor<f32>
  // CHECK: %[[BZ:.*]] = "ttir.eq"(%[[B]], %[[Z]])
  // CHECK: %[[GP:.*]] = "ttir.multiply"(%[[T]], %[[Q]])
  // CHECK: %[[GN:.*]] = "ttir.neg"(%[[GP]])
  // CHECK: %[[QA:.*]] = "ttir.abs"(%[[Q]])
  // CHECK: %[[GA_:.*]] = "ttir.abs"(%[[G]])
  // CHECK: %[[QG:.*]] = "ttir.ge"(%[[QA]], %[[GA_]])
  // CHECK: %[[AA:.*]] = "ttir.abs"(%[[A]])
  // CHECK: %[[ONE:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32, shape = array<i32>}> : () -> tensor<f32>
  // CHECK: %[[A1:.*]] = "ttir.ge"(%[[AA]], %[[ONE]])
  // CHECK: %[[QMID:.*]] = "ttir.ne"(%[[QG]], %[[A1]])
  // CHECK: %[[GQ:.*]] = "ttir.ge"(%[[GA_]], %[[QA]])
  // CHECK: %[[GBP:.*]] = "ttir.multiply"(%[[G]], %[[B]])
  // CHECK: %[[GBA:.*]] = "ttir.abs"(%[[GBP]])
  // CHECK: %[[GB1G:.*]] = "ttir.ge"(%[[GBA]], %[[ONE]])
  // CHECK: %[[GMID:.*]] = "ttir.ne"(%[[GQ]], %[[GB1G]])
  // CHECK: %[[QOB:.*]] = "ttir.div"(%[[Q]], %[[B]])
  // CHECK: %[[TP:.*]] = "ttir.multiply"(%[[G]], %[[QOB]])
  // CHECK: %[[TN:.*]] = "ttir.neg"(%[[TP]])
  // CHECK: %[[GQP:.*]] = "ttir.multiply"(%[[G]], %[[Q]])
  // CHECK: %[[RD:.*]] = "ttir.div"(%[[GQP]], %[[B]])
  // CHECK: %[[RN:.*]] = "ttir.neg"(%[[RD]])
  // CHECK: %[[W1:.*]] = "ttir.where"(%[[GMID]], %[[TN]], %[[RN]])
  // CHECK: %[[W2:.*]] = "ttir.where"(%[[QMID]], %[[GN]], %[[W1]])
  // CHECK: %[[SAFE:.*]] = "ttir.where"(%[[BZ]], %[[GN]], %[[W2]]) : (tensor<32x1xf32>, tensor<2x32x64xf32>, tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
  // CHECK: %[[W:.*]] = "ttir.where"(%[[IN]], %[[ONCE]], %[[SAFE]])
  // CHECK: %[[GB:.*]] = builtin.unrealized_conversion_cast %[[W]] : tensor<2x32x64xf32> to tensor<32x1xbf16> {ttbw.sum_to}
  // CHECK: return %[[GA]], %[[GB]]
  %0:2 = ttir.div_bw %g, %a, %b : tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<32x1xbf16> -> input_grad tensor<2x32x64xbf16> other_grad tensor<32x1xbf16>
  return %0#0, %0#1 : tensor<2x32x64xbf16>, tensor<32x1xbf16>
}

// -----

// A scalar divisor: grad / s in f32 (the scalar's type), rounded once.
// CHECK-LABEL: func.func @scalar
func.func @scalar(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: %[[S:.*]] = "ttir.full"() <{fill_value = 4.000000e+00 : f32, shape = array<i32>}> : () -> tensor<f32>
  // CHECK: %[[G:.*]] = "ttir.typecast"(%arg0) : (tensor<32x32xbf16>) -> tensor<32x32xf32>
  // CHECK: %[[Q:.*]] = "ttir.div"(%[[G]], %[[S]]) : (tensor<32x32xf32>, tensor<f32>) -> tensor<32x32xf32>
  // CHECK: builtin.unrealized_conversion_cast %[[Q]] : tensor<32x32xf32> to tensor<32x32xbf16> {ttbw.sum_to}
  %s = arith.constant 4.0 : f32
  %0 = ttir.div_bw %g, %a, %s : tensor<32x32xbf16>, tensor<32x32xbf16>, f32 -> input_grad tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// A rounding mode: zeros (PyTorch's), whatever grad holds (no inf * 0).
// CHECK-LABEL: func.func @floor
func.func @floor(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<1x32xbf16>) -> (tensor<32x32xbf16>, tensor<1x32xbf16>) {
  // CHECK-NOT: ttir.div"
  // CHECK: %[[Z:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : () -> tensor<f32>
  // CHECK: %[[W:.*]] = "ttir.where"(%{{.*}}, %[[Z]], %[[Z]]) : (tensor<32x32xf32>, tensor<f32>, tensor<f32>) -> tensor<32x32xf32>
  // CHECK: builtin.unrealized_conversion_cast %[[W]] : tensor<32x32xf32> to tensor<32x32xbf16> {ttbw.sum_to}
  // CHECK: builtin.unrealized_conversion_cast %{{.*}} : tensor<32x32xf32> to tensor<1x32xbf16> {ttbw.sum_to}
  %0:2 = ttir.div_bw %g, %a, %b {round_mode = "floor"} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<1x32xbf16> -> input_grad tensor<32x32xbf16> other_grad tensor<1x32xbf16>
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<1x32xbf16>
}
