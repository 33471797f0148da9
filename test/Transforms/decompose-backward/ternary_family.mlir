// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// addcdiv_bw's and lerp_bw's rules (passes/derivatives.py).

// lerp_bw with a constant scalar weight: a rank-0 ttir.full; g (1 - w) and g w, the end's gradient
// summed back to its broadcast shape.
// CHECK-LABEL: func.func @lerp_scalar
func.func @lerp_scalar(%g: tensor<2x32xf32>, %a: tensor<2x32xf32>, %e: tensor<1x32xf32>) -> (tensor<2x32xf32>, tensor<1x32xf32>) {
  %w = arith.constant 0.25 : f32
  // CHECK-NOT: ttir.lerp_bw
  // CHECK: %[[W:.*]] = "ttir.full"() <{fill_value = 2.500000e-01 : f32
  // CHECK: %[[ONE:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32
  // CHECK: %[[REST:.*]] = "ttir.subtract"(%[[ONE]], %[[W]])
  // CHECK: "ttir.multiply"(%arg0, %[[REST]])
  // CHECK: "ttir.multiply"(%arg0, %[[W]])
  // CHECK: {ttbw.sum_to}
  %0:2 = ttir.lerp_bw %g, %a, %e, %w : tensor<2x32xf32>, tensor<2x32xf32>, tensor<1x32xf32>, f32 -> tensor<2x32xf32>, tensor<1x32xf32>
  return %0#0, %0#1 : tensor<2x32xf32>, tensor<1x32xf32>
}

// -----

// addcdiv_bw: the input's gradient is grad itself; tensor1's a quotient by tensor2.
// CHECK-LABEL: func.func @addcdiv
func.func @addcdiv(%g: tensor<32x32xf32>, %a: tensor<32x32xf32>, %t1: tensor<32x32xf32>, %t2: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) {
  // CHECK-NOT: ttir.addcdiv_bw
  // CHECK: "ttir.div"(%arg0, %arg3)
  // CHECK: return %arg0,
  %0:3 = ttir.addcdiv_bw %g, %a, %t1, %t2 {value = 2.0 : f32} : tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>
  return %0#0, %0#1, %0#2 : tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>
}
