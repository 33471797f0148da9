// RUN: ttbw-opt --ttir-decompose-backward %s | FileCheck %s
// A rewrite is recorded once per op signature and replayed on the ops that share it
// (passes/replay.py). mul_bw(g, a, a) reads `a` as both input and other, so its rewrite is no
// template for mul_bw(g, a, b) of the same types: there input_grad = g·b, other_grad = g·a.
// No --split-input-file: both functions are in one module, so the second could be a replay.

// CHECK-LABEL: func.func @aliased
// CHECK: %[[IG:.*]] = "ttir.multiply"(%arg0, %arg1)
// CHECK: %[[OG:.*]] = "ttir.multiply"(%arg0, %arg1)
// CHECK: return %[[IG]], %[[OG]]
func.func @aliased(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0:2 = ttir.mul_bw %g, %a, %a : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16> other_grad tensor<32x32xbf16>
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// CHECK-LABEL: func.func @distinct
// CHECK: %[[IG:.*]] = "ttir.multiply"(%arg0, %arg2)
// CHECK: %[[OG:.*]] = "ttir.multiply"(%arg0, %arg1)
// CHECK: return %[[IG]], %[[OG]]
func.func @distinct(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0:2 = ttir.mul_bw %g, %a, %b : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16> other_grad tensor<32x32xbf16>
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
