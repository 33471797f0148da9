// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// The unary_backward family's rules (passes/derivatives_unary.py), one concern each.

// clamp_bw with one bound: one where, grad or 0; a grad-or-0 result rounds nothing (bf16 kept
// up to the one f32 constant).
// CHECK-LABEL: func.func @clamp_min_only
func.func @clamp_min_only(%g: tensor<32x32xbf16>, %x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK-NOT: ttir.clamp_bw
  // CHECK: "ttir.ge"
  // CHECK-NOT: "ttir.le"
  // CHECK: "ttir.where"
  // CHECK-NOT: "ttir.where"
  // CHECK: return
  %0 = ttir.clamp_bw %g, %x {min = -5.000000e-01 : f32} : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// hardtanh_bw's defaults (-1, 1) when absent: low < x < high.
// CHECK-LABEL: func.func @hardtanh_defaults
func.func @hardtanh_defaults(%g: tensor<32x32xf32>, %x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: %[[LOW:.*]] = "ttir.full"() <{fill_value = -1.000000e+00 : f32
  // CHECK: "ttir.gt"(%arg1, %[[LOW]])
  // CHECK: %[[HIGH:.*]] = "ttir.full"() <{fill_value = 1.000000e+00 : f32
  // CHECK: "ttir.lt"(%arg1, %[[HIGH]])
  %0 = ttir.hardtanh_bw %g, %x : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// abs_bw: grad * sign(x), one rounding op (sign is exact): in bf16, bit-exact.
// CHECK-LABEL: func.func @abs_bf16
func.func @abs_bf16(%g: tensor<32x32xbf16>, %x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK-NOT: ttir.typecast
  // CHECK: %[[S:.*]] = "ttir.sign"(%arg1) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  // CHECK: %[[R:.*]] = "ttir.multiply"(%arg0, %[[S]]) : {{.*}} -> tensor<32x32xbf16>
  // CHECK: return %[[R]]
  %0 = ttir.abs_bw %g, %x : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// floor_bw: zeros whatever grad and x (no NaN from inf * 0).
// CHECK-LABEL: func.func @floor_zeros
func.func @floor_zeros(%g: tensor<32x32xbf16>, %x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: %[[Z:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32
  // CHECK: "ttir.where"(%{{.*}}, %[[Z]], %[[Z]])
  // CHECK-NOT: "ttir.multiply"
  %0 = ttir.floor_bw %g, %x : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// pow_bw with an odd integer n = e - 1: (g (e h)) h sign(x), h = |x|^(n / 2).
// CHECK-LABEL: func.func @pow_odd
func.func @pow_odd(%g: tensor<32x32xf32>, %x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: %[[A:.*]] = "ttir.abs"(%arg1)
  // CHECK: %[[H:.*]] = "ttir.pow"(%[[A]],
  // CHECK: "ttir.sign"(%arg1)
  %0 = ttir.pow_bw %g, %x {exponent = 4.000000e+00 : f32} : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// rdiv_bw with a rounding mode: zeros.
// CHECK-LABEL: func.func @rdiv_rounded
func.func @rdiv_rounded(%g: tensor<32x32xf32>, %x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK-NOT: "ttir.div"
  // CHECK: "ttir.where"
  %0 = ttir.rdiv_bw %g, %x {scalar = 2.000000e+00 : f32, round_mode = "floor"} : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// relu_squared_bw: x <= 0 ? 0 : (g x) 2, the exact doubling last (2 x first overflows).
// CHECK-LABEL: func.func @relu_squared
func.func @relu_squared(%g: tensor<32x32xf32>, %x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: %[[NONPOS:.*]] = "ttir.le"(%arg1,
  // CHECK: %[[GX:.*]] = "ttir.multiply"(%arg0, %arg1)
  // CHECK: %[[TWO:.*]] = "ttir.full"() <{fill_value = 2.000000e+00 : f32
  // CHECK: %[[D:.*]] = "ttir.multiply"(%[[GX]], %[[TWO]])
  // CHECK: "ttir.where"(%[[NONPOS]], %{{.*}}, %[[D]])
  %0 = ttir.relu_squared_bw %g, %x : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}
