// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// ttnn's complex_unary_backward family and abs_bw's complex form: a rule reads a complex
// operand by its parts (ttir.real / ttir.imag) and builds a complex gradient from real ones
// (ttir.complex); conj_bw's conj is exact, in grad's own type.

// CHECK-LABEL: func.func @conj
func.func @conj(%g: tensor<32x32xcomplex<bf16>>, %x: tensor<32x32xcomplex<f32>>) -> tensor<32x32xcomplex<f32>> {
  // CHECK: %[[C:.*]] = "ttir.conj"(%arg0) : (tensor<32x32xcomplex<bf16>>) -> tensor<32x32xcomplex<bf16>>
  // CHECK: %[[R:.*]] = builtin.unrealized_conversion_cast %[[C]] : tensor<32x32xcomplex<bf16>> to tensor<32x32xcomplex<f32>> {ttbw.sum_to}
  // CHECK: return %[[R]]
  %0 = ttir.conj_bw %g, %x : tensor<32x32xcomplex<bf16>>, tensor<32x32xcomplex<f32>> -> tensor<32x32xcomplex<f32>>
  return %0 : tensor<32x32xcomplex<f32>>
}

// -----

// real_bw: g + 0i, the zero whatever g (a where over g of two zeros)
// CHECK-LABEL: func.func @real
func.func @real(%g: tensor<32x32xf32>, %x: tensor<32x32xcomplex<f32>>) -> tensor<32x32xcomplex<f32>> {
  // CHECK: %[[Z:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}>
  // CHECK: %[[ZERO:.*]] = "ttir.where"(%arg0, %[[Z]], %[[Z]])
  // CHECK: %[[C:.*]] = "ttir.complex"(%arg0, %[[ZERO]]) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xcomplex<f32>>
  // CHECK: return %[[C]]
  %0 = ttir.real_bw %g, %x : tensor<32x32xf32>, tensor<32x32xcomplex<f32>> -> tensor<32x32xcomplex<f32>>
  return %0 : tensor<32x32xcomplex<f32>>
}

// -----

// imag_bw in bf16: computed in f32 (a constant), rounded once to complex<bf16>
// CHECK-LABEL: func.func @imag_bf16
func.func @imag_bf16(%g: tensor<32x32xbf16>, %x: tensor<32x32xcomplex<bf16>>) -> tensor<32x32xcomplex<bf16>> {
  // CHECK: %[[G:.*]] = "ttir.typecast"(%arg0) : (tensor<32x32xbf16>) -> tensor<32x32xf32>
  // CHECK: %[[ZERO:.*]] = "ttir.where"(%[[G]]
  // CHECK: %[[C:.*]] = "ttir.complex"(%[[ZERO]], %[[G]])
  // CHECK: builtin.unrealized_conversion_cast %[[C]] : tensor<32x32xcomplex<f32>> to tensor<32x32xcomplex<bf16>> {ttbw.sum_to}
  %0 = ttir.imag_bw %g, %x : tensor<32x32xbf16>, tensor<32x32xcomplex<bf16>> -> tensor<32x32xcomplex<bf16>>
  return %0 : tensor<32x32xcomplex<bf16>>
}

// -----

// angle_bw: atan2_bw's gradients of atan2(im z, re z), 0 where z = 0
// CHECK-LABEL: func.func @angle
func.func @angle(%g: tensor<32x32xbf16>, %x: tensor<32x32xcomplex<bf16>>) -> tensor<32x32xcomplex<bf16>> {
  // CHECK: %[[Z:.*]] = "ttir.typecast"(%arg1) : (tensor<32x32xcomplex<bf16>>) -> tensor<32x32xcomplex<f32>>
  // CHECK: %[[RE:.*]] = "ttir.real"(%[[Z]]) : (tensor<32x32xcomplex<f32>>) -> tensor<32x32xf32>
  // CHECK: %[[EQR:.*]] = "ttir.eq"(%[[RE]],
  // CHECK: %[[IM:.*]] = "ttir.imag"(%[[Z]]) : (tensor<32x32xcomplex<f32>>) -> tensor<32x32xf32>
  // CHECK: %[[EQI:.*]] = "ttir.eq"(%[[IM]],
  // CHECK: %[[ORIGIN:.*]] = "ttir.multiply"(%[[EQR]], %[[EQI]])
  // CHECK: %[[GRE:.*]] = "ttir.where"(%[[ORIGIN]], %[[ZERO:.*]], %{{.*}})
  // CHECK: %[[GIM:.*]] = "ttir.where"(%[[ORIGIN]], %[[ZERO]], %{{.*}})
  // CHECK: %[[C:.*]] = "ttir.complex"(%[[GRE]], %[[GIM]])
  // CHECK: builtin.unrealized_conversion_cast %[[C]] : tensor<32x32xcomplex<f32>> to tensor<32x32xcomplex<bf16>> {ttbw.sum_to}
  %0 = ttir.angle_bw %g, %x : tensor<32x32xbf16>, tensor<32x32xcomplex<bf16>> -> tensor<32x32xcomplex<bf16>>
  return %0 : tensor<32x32xcomplex<bf16>>
}

// -----

// abs_bw's forms: g * sign(x) for a real x, hypot_bw's gradients of a complex x's parts
// CHECK-LABEL: func.func @abs
func.func @abs(%g: tensor<32x32xf32>, %x: tensor<32x32xcomplex<f32>>, %r: tensor<32x32xf32>) -> (tensor<32x32xcomplex<f32>>, tensor<32x32xf32>) {
  // CHECK: %[[RE:.*]] = "ttir.real"(%arg1)
  // CHECK: %[[IM:.*]] = "ttir.imag"(%arg1)
  // CHECK: "ttir.rsqrt"
  // CHECK: "ttir.complex"
  %0 = ttir.abs_bw %g, %x : tensor<32x32xf32>, tensor<32x32xcomplex<f32>> -> tensor<32x32xcomplex<f32>>
  // CHECK: %[[S:.*]] = "ttir.sign"(%arg2)
  // CHECK: "ttir.multiply"(%arg0, %[[S]])
  %1 = ttir.abs_bw %g, %r : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  return %0, %1 : tensor<32x32xcomplex<f32>>, tensor<32x32xf32>
}

// -----

// polar_bw: the input's parts are abs and angle, grad's are read too
// CHECK-LABEL: func.func @polar
func.func @polar(%g: tensor<32x32xcomplex<f32>>, %x: tensor<32x32xcomplex<f32>>) -> tensor<32x32xcomplex<f32>> {
  // CHECK-DAG: "ttir.real"(%arg1)
  // CHECK-DAG: "ttir.imag"(%arg1)
  // CHECK-DAG: "ttir.real"(%arg0)
  // CHECK-DAG: "ttir.imag"(%arg0)
  // CHECK: %[[C:.*]] = "ttir.complex"
  // CHECK-NEXT: return %[[C]]
  %0 = ttir.polar_bw %g, %x : tensor<32x32xcomplex<f32>>, tensor<32x32xcomplex<f32>> -> tensor<32x32xcomplex<f32>>
  return %0 : tensor<32x32xcomplex<f32>>
}
