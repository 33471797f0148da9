// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-to-tensix-pipeline %s | FileCheck %s
// Any number of backward ops in one function, and backward ops mixed with plain TTIR, lower
// through the pipeline: the decomposition leaves one function of TTIR, fused across the ops
// where the fusion rules allow: here one program each.

// Two backward ops reading the same tensors: every input read once by one program.
// CHECK-LABEL: func.func @two_ops(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @two_ops_program
func.func @two_ops(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  %1 = ttir.gelu_bw %g, %a : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0, %1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

// A chain: gelu_bw's input gradient is mul_bw's grad, its weight broadcast over the rows
// (summed back: a reduction), all one program.
// CHECK-LABEL: func.func @chain(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @chain_program
// CHECK: func.func @compute
// CHECK: ttkernel.reduce_tile(
func.func @chain(%g: tensor<64x96xbf16>, %h: tensor<64x96xbf16>, %x: tensor<64x96xbf16>, %w: tensor<1x96xbf16>) -> (tensor<64x96xbf16>, tensor<1x96xbf16>) {
  %0 = ttir.gelu_bw %g, %h : tensor<64x96xbf16>, tensor<64x96xbf16> -> tensor<64x96xbf16>
  %1:2 = "ttir.mul_bw"(%0, %x, %w) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<64x96xbf16>, tensor<64x96xbf16>, tensor<1x96xbf16>) -> (tensor<64x96xbf16>, tensor<1x96xbf16>)
  return %1#0, %1#1 : tensor<64x96xbf16>, tensor<1x96xbf16>
}

// -----

// A backward op next to plain TTIR reading its gradient.
// CHECK-LABEL: func.func @mixed(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @mixed_program
func.func @mixed(%g: tensor<32x64xbf16>, %x: tensor<32x64xbf16>, %y: tensor<32x64xbf16>) -> tensor<32x64xbf16> {
  %0 = ttir.tanh_bw %g, %x : tensor<32x64xbf16>, tensor<32x64xbf16> -> tensor<32x64xbf16>
  %1 = "ttir.multiply"(%0, %y) : (tensor<32x64xbf16>, tensor<32x64xbf16>) -> tensor<32x64xbf16>
  %2 = "ttir.add"(%1, %x) : (tensor<32x64xbf16>, tensor<32x64xbf16>) -> tensor<32x64xbf16>
  return %2 : tensor<32x64xbf16>
}
