// RUN: ttbw-opt --ttir-backward-decomposition-pipeline %s | FileCheck %s
// A tt-mlir style module: foreign TTIR ops (properties included) around a mul_bw go through
// the whole decomposition untouched; only the mul_bw is decomposed.

// CHECK-LABEL: func.func @forward_backward
func.func @forward_backward(%x: tensor<32x128xbf16>, %w: tensor<128x64xbf16>, %g: tensor<32x64xbf16>, %b: tensor<1x64xbf16>) -> (tensor<32x64xbf16>, tensor<1x64xbf16>) {
  // CHECK: %[[MM:.*]] = "ttir.matmul"(%arg0, %arg1) <{transpose_a = false, transpose_b = false}> : (tensor<32x128xbf16>, tensor<128x64xbf16>) -> tensor<32x64xbf16>
  // CHECK-NEXT: %[[SM:.*]] = "ttir.softmax"(%[[MM]]) <{dimension = 1 : si32}> : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
  // CHECK-NEXT: %[[GA:.*]] = "ttir.multiply"(%arg2, %arg3)
  // CHECK-NEXT: %[[GB:.*]] = "ttir.multiply"(%arg2, %[[SM]])
  // CHECK-NEXT: %[[S:.*]] = "ttir.sum"(%[[GB]]) <{dim_arg = [0 : i32], keep_dim = true}>
  // CHECK-NEXT: %[[R:.*]] = "ttir.rms_norm"(%[[GA]]) <{epsilon = 9.99999974E-6 : f32, normalized_shape = array<i64: 64>}>
  // CHECK-NEXT: return %[[R]], %[[S]]
  %0 = "ttir.matmul"(%x, %w) <{transpose_a = false, transpose_b = false}> : (tensor<32x128xbf16>, tensor<128x64xbf16>) -> tensor<32x64xbf16>
  %1 = "ttir.softmax"(%0) <{dimension = 1 : si32}> : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
  %2:2 = ttir.mul_bw %g, %1, %b : tensor<32x64xbf16>, tensor<32x64xbf16>, tensor<1x64xbf16> -> input_grad tensor<32x64xbf16> other_grad tensor<1x64xbf16>
  %3 = "ttir.rms_norm"(%2#0) <{epsilon = 1.0e-05 : f32, normalized_shape = array<i64: 64>}> : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
  return %3, %2#1 : tensor<32x64xbf16>, tensor<1x64xbf16>
}
