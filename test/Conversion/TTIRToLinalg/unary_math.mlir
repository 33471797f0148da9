// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s --implicit-check-not='"ttir.'
// Unary math ops with a math-dialect op: one generic whose body is the math op in f32
// opmath (bf16 widened, one rounding at the end), as torch computes them on the CPU; an f32
// result in f64 (libm's double function), rounded once: correctly rounded.

// CHECK-LABEL: func.func @exp_bf16(
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT: %[[E:.*]] = math.exp %[[W]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[E]] : f32 to bf16
// CHECK-NEXT: linalg.yield %[[R]] : bf16
func.func @exp_bf16(%x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %0 = "ttir.exp"(%x) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// f32: computed in f64, rounded once.
// CHECK-LABEL: func.func @log_f32(
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK-NEXT: %[[L:.*]] = math.log %[[W]] : f64
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[L]] : f64 to f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @log_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "ttir.log"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @one_math_op_each(
// CHECK: math.absf %{{.*}} : f64
// CHECK: math.erf %{{.*}} : f64
// CHECK: math.expm1 %{{.*}} : f64
// CHECK: math.log1p %{{.*}} : f64
// CHECK: math.sqrt %{{.*}} : f64
// CHECK: math.tanh %{{.*}} : f64
func.func @one_math_op_each(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "ttir.abs"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "ttir.erf"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "ttir.expm1"(%1) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "ttir.log1p"(%2) : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "ttir.sqrt"(%3) : (tensor<4xf32>) -> tensor<4xf32>
  %5 = "ttir.tanh"(%4) : (tensor<4xf32>) -> tensor<4xf32>
  return %5 : tensor<4xf32>
}

// -----

// An f32 input, a bf16 result: computed in f32, rounded once.
// CHECK-LABEL: func.func @erf_f32_to_bf16(
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: bf16):
// CHECK-NEXT: %[[E:.*]] = math.erf %[[X]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[E]] : f32 to bf16
func.func @erf_f32_to_bf16(%x: tensor<4xf32>) -> tensor<4xbf16> {
  %0 = "ttir.erf"(%x) : (tensor<4xf32>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
