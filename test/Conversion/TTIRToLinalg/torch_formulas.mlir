// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s --implicit-check-not='"ttir.'
// Unary ops with no math-dialect op, written in the body the way torch computes them on
// the CPU (so their edge values are torch's): sigmoid = 1 / (1 + exp(-x)),
// reciprocal = 1 / x, rsqrt = 1 / sqrt(x), relu = x < 0 ? 0 : x, sign = (x > 0) - (x < 0);
// gelu (its erf form) as x * 0.5 * erfc(-x / sqrt2).

// CHECK-LABEL: func.func @sigmoid(
// CHECK: ^bb0(%[[X:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ONE2:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[W]] : f32
// CHECK-NEXT: %[[E:.*]] = math.exp %[[N]] : f32
// CHECK-NEXT: %[[D:.*]] = arith.addf %[[ONE2]], %[[E]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.divf %[[ONE]], %[[D]] : f32
// CHECK-NEXT: arith.truncf %[[S]] : f32 to bf16
func.func @sigmoid(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = "ttir.sigmoid"(%x) : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// An f32 result: computed in f64, rounded once.
// CHECK-LABEL: func.func @reciprocal(
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[ONE]], %[[W]] : f64
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[Q]] : f64 to f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @reciprocal(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "ttir.reciprocal"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @rsqrt(
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[S:.*]] = math.sqrt %[[W]] : f64
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[ONE]], %[[S]] : f64
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[Q]] : f64 to f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @rsqrt(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "ttir.rsqrt"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// relu keeps -0 and NaN (torch's clamp_min(x, 0)).
// CHECK-LABEL: func.func @relu(
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[NEG:.*]] = arith.cmpf olt, %[[W]], %[[Z]] : f64
// CHECK-NEXT: %[[Z2:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[S:.*]] = arith.select %[[NEG]], %[[Z2]], %[[W]] : f64
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[S]] : f64 to f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @relu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "ttir.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// sign(NaN) = 0 and sign(-0) = +0, as torch.
// CHECK-LABEL: func.func @sign(
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[X:.*]], %{{.*}} : f64
// CHECK-NEXT: %[[P:.*]] = arith.uitofp %[[GT]] : i1 to f64
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : f64
// CHECK-NEXT: %[[N:.*]] = arith.uitofp %[[LT]] : i1 to f64
// CHECK-NEXT: %[[S:.*]] = arith.subf %[[P]], %[[N]] : f64
func.func @sign(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "ttir.sign"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// gelu's erf form, torch's x * 0.5 * (1 + erf(x / sqrt2)) with 1 + erf(t) written erfc(-t) (no
// cancellation where erf is near -1).
// CHECK-LABEL: func.func @gelu(
// CHECK: ^bb0(%[[X:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[H:.*]] = arith.mulf %[[W]], %[[HALF]] : f32
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[W]] : f32
// CHECK-NEXT: %[[C:.*]] = arith.constant 0.707106769 : f32
// CHECK-NEXT: %[[T:.*]] = arith.mulf %[[N]], %[[C]] : f32
// CHECK-NEXT: %[[E:.*]] = math.erfc %[[T]] : f32
// CHECK-NEXT: %[[G:.*]] = arith.mulf %[[H]], %[[E]] : f32
// CHECK-NEXT: arith.truncf %[[G]] : f32 to bf16
func.func @gelu(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = "ttir.gelu"(%x) : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
