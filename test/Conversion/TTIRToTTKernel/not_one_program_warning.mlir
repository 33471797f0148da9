// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-ttkernel %s | FileCheck %s
// RUN: ttbw-opt --split-input-file --convert-ttir-to-ttkernel %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STDERR
// A function the codegen cannot lower as one program is lowered op by op, not silently: a
// warning at the op names why and how many programs it launches. Without --verify-diagnostics
// the warning is printed, MLIR style, and the output is the op-by-op lowering.

// STDERR: not_one_program_warning.mlir:[[# @LINE + 9]]:8: warning: 'ttir.sum' op: not one fused program (codegen: an elementwise generic reads a reduction's result broadcast over more elements than it has: each needs the finished sum, a second pass over the data): lowered as 2 programs, one per TTIR op
// STDERR-NEXT: %0 = "ttir.sum"
// CHECK-LABEL: func.func @sum_broadcast_back(
// CHECK: "ttmetal.enqueue_program"
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @sum_broadcast_back_0_sum {
// CHECK: module @sum_broadcast_back_1_subtract {
func.func @sum_broadcast_back(%x: tensor<64x96xbf16>) -> tensor<64x96xbf16> {
  // expected-warning @+1 {{'ttir.sum' op: not one fused program (codegen: an elementwise generic reads a reduction's result broadcast over more elements than it has: each needs the finished sum, a second pass over the data): lowered as 2 programs, one per TTIR op}}
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xbf16>) -> tensor<1x96xbf16>
  %1 = "ttir.subtract"(%0, %x) : (tensor<1x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
  return %1 : tensor<64x96xbf16>
}

// -----

// One fused program: no warning.
// STDERR-NOT: warning:
// CHECK-LABEL: func.func @one_program(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
func.func @one_program(%x: tensor<64x96xbf16>, %y: tensor<64x96xbf16>) -> tensor<64x96xbf16> {
  %0 = "ttir.subtract"(%x, %y) : (tensor<64x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
  return %0 : tensor<64x96xbf16>
}

// -----

// exp(x)^(2^12) as 12 squarings: its expression tree reads exp(x) 4096 times, more copies
// than fusion makes (a DAG whose tree is exponential in its depth): op by op, with a warning.
// STDERR: warning: 'ttir.exp' op: not one fused program (fusion:
// CHECK-LABEL: func.func @squarings(
// CHECK-COUNT-13: "ttmetal.enqueue_program"
func.func @squarings(%x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-warning @+1 {{not one fused program (fusion: the expression trees of the function's results need more than 4096 copies of shared elementwise values): lowered as 13 programs}}
  %0 = "ttir.exp"(%x) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %1 = "ttir.multiply"(%0, %0) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %2 = "ttir.multiply"(%1, %1) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %3 = "ttir.multiply"(%2, %2) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %4 = "ttir.multiply"(%3, %3) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %5 = "ttir.multiply"(%4, %4) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %6 = "ttir.multiply"(%5, %5) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %7 = "ttir.multiply"(%6, %6) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %8 = "ttir.multiply"(%7, %7) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %9 = "ttir.multiply"(%8, %8) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %10 = "ttir.multiply"(%9, %9) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %11 = "ttir.multiply"(%10, %10) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %12 = "ttir.multiply"(%11, %11) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  return %12 : tensor<32x32xf32>
}

// -----

// A backward op's decomposition runs a pipeline inside the pass: the warning of an earlier
// function stays the pass's (a diagnostic at its op), not taken by the next function's run.
// STDERR: warning: 'ttir.addcmul_bw' op: not one fused program (codegen: sibling reductions over 3 sets of dims (tile axes in 3 classes
// STDERR-NOT: UserWarning
// CHECK-LABEL: func.func @three_reductions(
// CHECK-LABEL: func.func @next_backward_op(
func.func @three_reductions(%g: tensor<2x3x64x96xbf16>, %a: tensor<1x3x1x1xbf16>, %t1: tensor<96xbf16>, %t2: tensor<2x1x64x1xbf16>) -> (tensor<1x3x1x1xbf16>, tensor<96xbf16>, tensor<2x1x64x1xbf16>) {
  // expected-warning @+1 {{'ttir.addcmul_bw' op: not one fused program (codegen: sibling reductions over 3 sets of dims (tile axes in 3 classes besides those all keep) that no order of the walk's middle and inner loops serves): lowered as 12 programs, one per TTIR op}}
  %0:3 = ttir.addcmul_bw %g, %a, %t1, %t2 {value = 0.5 : f32} : tensor<2x3x64x96xbf16>, tensor<1x3x1x1xbf16>, tensor<96xbf16>, tensor<2x1x64x1xbf16> -> tensor<1x3x1x1xbf16>, tensor<96xbf16>, tensor<2x1x64x1xbf16>
  return %0#0, %0#1, %0#2 : tensor<1x3x1x1xbf16>, tensor<96xbf16>, tensor<2x1x64x1xbf16>
}
func.func @next_backward_op(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0:2 = ttir.mul_bw %g, %a, %b : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16> other_grad tensor<32x32xbf16>
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
