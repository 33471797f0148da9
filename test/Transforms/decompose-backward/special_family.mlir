// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// The special functions' rules (passes/derivatives_special.py: psi, zeta, erfinv's slope and I1
// from TTIR ops), one concern each.

// lgamma_bw: g psi(x) in f32, the operands widened once and the gradient rounded once to bf16;
// one logarithm (psi's asymptotic series); below 0 the reflection's exact reduction m = x - 2
// round(x / 2) (by the add-and-subtract of 1.5 2^23) and NaN at the negative integers.
// CHECK-LABEL: func.func @lgamma_bf16
func.func @lgamma_bf16(%g: tensor<32x32xbf16>, %x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK-NOT: ttir.lgamma_bw
  // CHECK: %[[X:.*]] = "ttir.typecast"(%arg1) : (tensor<32x32xbf16>) -> tensor<32x32xf32>
  // CHECK: %[[HALF:.*]] = "ttir.multiply"(%[[X]], %{{.*}})
  // CHECK: %[[C:.*]] = "ttir.full"() <{fill_value = 0x4B400000 : f32
  // CHECK: %[[UP:.*]] = "ttir.add"(%[[HALF]], %[[C]])
  // CHECK: "ttir.subtract"(%[[UP]], %[[C]])
  // CHECK: %[[MINUS:.*]] = "ttir.full"() <{fill_value = -1.000000e+00 : f32
  // CHECK: "ttir.sqrt"(%[[MINUS]])
  // CHECK: "ttir.typecast"(%arg0) : (tensor<32x32xbf16>) -> tensor<32x32xf32>
  // CHECK: "ttir.log"
  // CHECK-NOT: "ttir.log"
  // CHECK: %[[R:.*]] = builtin.unrealized_conversion_cast %{{.*}} : tensor<32x32xf32> to tensor<32x32xbf16> {ttbw.sum_to}
  // CHECK-NEXT: return %[[R]]
  %0 = ttir.lgamma_bw %g, %x : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// digamma_bw: g psi'(x) = g zeta(2, x): no logarithm; the shifts' terms pow(y + k, -2) and the
// series' z^-1 (its 1 / (s - 1) = 1 exact).
// CHECK-LABEL: func.func @digamma_f32
func.func @digamma_f32(%g: tensor<32x32xf32>, %x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK-NOT: ttir.typecast
  // CHECK-DAG: "ttir.full"() <{fill_value = -2.000000e+00 : f32
  // CHECK-DAG: "ttir.full"() <{fill_value = -1.000000e+00 : f32
  // CHECK-NOT: "ttir.log"
  // CHECK: return
  %0 = ttir.digamma_bw %g, %x : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// polygamma_bw of order n = 3: g psi^(4)(x) = -4! g zeta(5, x), the series' z^-4 term scaled by 3!
// (exact, no rounded 1 / 4), the shifts' terms as pow(y + k, -5).
// CHECK-LABEL: func.func @polygamma_order_3
func.func @polygamma_order_3(%g: tensor<32x32xf32>, %x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK-DAG: "ttir.full"() <{fill_value = -2.400000e+01 : f32
  // CHECK-DAG: "ttir.full"() <{fill_value = -6.000000e+00 : f32
  // CHECK-DAG: "ttir.full"() <{fill_value = -4.000000e+00 : f32
  // CHECK-DAG: "ttir.full"() <{fill_value = -5.000000e+00 : f32
  // CHECK: return
  %0 = ttir.polygamma_bw %g, %x {n = 3 : i32} : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// erfinv_bw: one logarithm (the guess's w = -ln(1 - x^2)), the Newton step's residual from erf or
// erfc, one exponential (of the guess squared), and g c / (1 - |x|) at |x| = 1.
// CHECK-LABEL: func.func @erfinv_f32
func.func @erfinv_f32(%g: tensor<32x32xf32>, %x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: %[[A:.*]] = "ttir.abs"(%arg1)
  // CHECK: %[[BELOW:.*]] = "ttir.subtract"(%{{.*}}, %[[A]])
  // CHECK: "ttir.div"(%{{.*}}, %[[BELOW]])
  // CHECK: "ttir.log"
  // CHECK-NOT: "ttir.log"
  // CHECK: "ttir.exp"
  // CHECK-NOT: "ttir.exp"
  // CHECK-DAG: "ttir.erf"
  // CHECK-DAG: "ttir.erfc"
  %0 = ttir.erfinv_bw %g, %x : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// i0_bw: g I1(x), one exponential (e^x, or e^(x - H) beyond 64 with the power of two 2^64 last)
// and one x^-1/2.
// CHECK-LABEL: func.func @i0_f32
func.func @i0_f32(%g: tensor<32x32xf32>, %x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: "ttir.rsqrt"
  // CHECK-NOT: "ttir.rsqrt"
  // CHECK: "ttir.exp"
  // CHECK-NOT: "ttir.exp"
  // CHECK: "ttir.full"() <{fill_value = 1.84467441E+19 : f32
  %0 = ttir.i0_bw %g, %x : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// multigammaln_bw: one psi (Legendre's duplication: one logarithm, of x - 3/2), and the window of
// the sum's root at 2.3548...
// CHECK-LABEL: func.func @multigammaln_f32
func.func @multigammaln_f32(%g: tensor<32x32xf32>, %x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: "ttir.full"() <{fill_value = 2.35481524 : f32
  // CHECK: "ttir.subtract"(%arg1, %{{.*}})
  // CHECK: "ttir.log"
  // CHECK-NOT: "ttir.log"
  %0 = ttir.multigammaln_bw %g, %x : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}
