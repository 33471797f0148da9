// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// The binary_backward family's rules (passes/derivatives_binary.py), one concern each.

// min_bw: 0 where input > other, grad / 2 at a tie (grad * 0.5 in f32), grad else.
// CHECK-LABEL: func.func @min_tie_halves
func.func @min_tie_halves(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK-NOT: ttir.min_bw
  // CHECK: %[[GT:.*]] = "ttir.gt"
  // CHECK: %[[ZERO:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32
  // CHECK: %[[EQ:.*]] = "ttir.eq"
  // CHECK: %[[HALF:.*]] = "ttir.multiply"
  // CHECK: %[[TIE:.*]] = "ttir.where"(%[[EQ]], %[[HALF]]
  // CHECK: "ttir.where"(%[[GT]], %[[ZERO]], %[[TIE]])
  %0 = ttir.min_bw %g, %a, %b {are_required_outputs = array<i1: true, false>} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// rsub_bw: -grad and grad, exact: no f32 step, no other op.
// CHECK-LABEL: func.func @rsub_exact
func.func @rsub_exact(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // CHECK-NOT: ttir.typecast
  // CHECK: %[[N:.*]] = "ttir.neg"(%arg0) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  // CHECK: return %[[N]], %arg0
  %0:2 = ttir.rsub_bw %g, %a, %b : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16> other_grad tensor<32x32xbf16>
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

// remainder_bw with a scalar other: grad only (the scalar has no gradient).
// CHECK-LABEL: func.func @remainder_scalar
func.func @remainder_scalar(%g: tensor<32x32xf32>, %a: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %s = arith.constant 3.0 : f32
  // CHECK-NOT: ttir.remainder_bw
  // CHECK-NOT: ttir.div
  // CHECK: return %arg0
  %0 = ttir.remainder_bw %g, %a, %s : tensor<32x32xf32>, tensor<32x32xf32>, f32 -> input_grad tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// ldexp_bw: grad * pow(2, other - shift) * 2^shift, shift = +-64 beyond +-64 (no exp of a rounded b ln2).
// CHECK-LABEL: func.func @ldexp_pow_of_two
func.func @ldexp_pow_of_two(%g: tensor<32x32xf32>, %a: tensor<32x32xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK-NOT: ttir.exp"
  // CHECK: %[[TWO:.*]] = "ttir.full"() <{fill_value = 2.000000e+00 : f32
  // CHECK: "ttir.pow"(%[[TWO]],
  // CHECK: fill_value = 1.84467441E+19 : f32
  %0 = ttir.ldexp_bw %g, %a, %b {are_required_outputs = array<i1: true, false>} : tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32> -> input_grad tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// bias_gelu_bw with a broadcast bias: the other gradient is summed back to the bias's shape.
// CHECK-LABEL: func.func @bias_gelu_broadcast
func.func @bias_gelu_broadcast(%g: tensor<32x32xf32>, %a: tensor<32x32xf32>, %b: tensor<1x32xf32>) -> tensor<1x32xf32> {
  // CHECK-NOT: ttir.bias_gelu_bw
  // CHECK: "ttir.erfc"
  // CHECK: builtin.unrealized_conversion_cast {{.*}} : tensor<32x32xf32> to tensor<1x32xf32> {ttbw.sum_to}
  %0 = ttir.bias_gelu_bw %g, %a, %b {are_required_outputs = array<i1: false, true>} : tensor<32x32xf32>, tensor<32x32xf32>, tensor<1x32xf32> -> other_grad tensor<1x32xf32>
  return %0 : tensor<1x32xf32>
}
