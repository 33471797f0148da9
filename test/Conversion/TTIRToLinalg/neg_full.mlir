// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s
// ttir.neg (elementwise, f32 opmath) and ttir.full (a splat constant; the f32
// fill value rounds once to the element type).

// CHECK-LABEL: func.func @neg_bf16
// CHECK: linalg.generic
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK-NEXT: arith.negf %{{.*}} : f32
// CHECK-NEXT: arith.truncf %{{.*}} : f32 to bf16
func.func @neg_bf16(%x: tensor<2x32xbf16>) -> tensor<2x32xbf16> {
  %0 = "ttir.neg"(%x) : (tensor<2x32xbf16>) -> tensor<2x32xbf16>
  return %0 : tensor<2x32xbf16>
}

// -----

// CHECK-LABEL: func.func @full
// CHECK-DAG: %[[A:.*]] = arith.constant dense<2.500000e+00> : tensor<1x32xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<1.000980e-01> : tensor<bf16>
// CHECK: return %[[A]], %[[B]] : tensor<1x32xf32>, tensor<bf16>
func.func @full() -> (tensor<1x32xf32>, tensor<bf16>) {
  %0 = "ttir.full"() {fill_value = 2.5 : f32, shape = array<i32: 1, 32>} : () -> tensor<1x32xf32>
  %1 = "ttir.full"() {fill_value = 0.1 : f32, shape = array<i32>} : () -> tensor<bf16>
  return %0, %1 : tensor<1x32xf32>, tensor<bf16>
}
