// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-to-tensix-pipeline %s | FileCheck %s
// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STDERR
// A function the codegen cannot lower as one program is lowered as several (per reduction and
// its epilogue, else per generic), not silently: a warning at its first op names why and how
// many programs it launches. Without --verify-diagnostics the warning is printed, MLIR style.

// STDERR: not_one_program_warning.mlir:[[# @LINE + 9]]:8: warning: function @nested_read_back is not one fused program (codegen: a read-back sum's term reads another reduction (a sum of a read-back sum: a third pass over the data)): lowered as 2 programs
// STDERR-NEXT: %0 = "ttir.sum"
// CHECK-LABEL: func.func @nested_read_back(
// CHECK: "ttmetal.enqueue_program"
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @nested_read_back_0_sum {
func.func @nested_read_back(%x: tensor<64x96xf32>) -> tensor<64x96xf32> {
  // expected-warning @+1 {{function @nested_read_back is not one fused program (codegen: a read-back sum's term reads another reduction (a sum of a read-back sum: a third pass over the data)): lowered as 2 programs}}
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xf32>) -> tensor<1x96xf32>
  %1 = "ttir.subtract"(%x, %0) : (tensor<64x96xf32>, tensor<1x96xf32>) -> tensor<64x96xf32>
  %2 = "ttir.multiply"(%1, %1) : (tensor<64x96xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
  %3 = "ttir.sum"(%2) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xf32>) -> tensor<1x96xf32>
  %4 = "ttir.multiply"(%1, %3) : (tensor<64x96xf32>, tensor<1x96xf32>) -> tensor<64x96xf32>
  return %4 : tensor<64x96xf32>
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

// A DAG whose expression tree is exponential in its depth (each value read by two ops, 12
// deep: 12261 copies to make a tree of it) is not copied: fusion keeps its sharing in one region,
// one program, no warning.
// STDERR-NOT: warning:
// CHECK-LABEL: func.func @shared_dag(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @shared_dag_program
func.func @shared_dag(%x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %y0 = "ttir.exp"(%x) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %n0 = "ttir.neg"(%y0) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %y1 = "ttir.multiply"(%y0, %n0) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %n1 = "ttir.neg"(%y1) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %y2 = "ttir.multiply"(%y1, %n1) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %n2 = "ttir.neg"(%y2) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %y3 = "ttir.multiply"(%y2, %n2) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %n3 = "ttir.neg"(%y3) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %y4 = "ttir.multiply"(%y3, %n3) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %n4 = "ttir.neg"(%y4) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %y5 = "ttir.multiply"(%y4, %n4) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %n5 = "ttir.neg"(%y5) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %y6 = "ttir.multiply"(%y5, %n5) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %n6 = "ttir.neg"(%y6) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %y7 = "ttir.multiply"(%y6, %n6) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %n7 = "ttir.neg"(%y7) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %y8 = "ttir.multiply"(%y7, %n7) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %n8 = "ttir.neg"(%y8) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %y9 = "ttir.multiply"(%y8, %n8) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %n9 = "ttir.neg"(%y9) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %y10 = "ttir.multiply"(%y9, %n9) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %n10 = "ttir.neg"(%y10) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %y11 = "ttir.multiply"(%y10, %n10) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %n11 = "ttir.neg"(%y11) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %y12 = "ttir.multiply"(%y11, %n11) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  return %y12 : tensor<32x32xf32>
}

// -----

// The warning of one function is its own, the next function one program.
// STDERR: warning: function @three_reductions is not one fused program (codegen: sibling reductions over 3 sets of dims (tile axes in 3 classes
// STDERR-NOT: UserWarning
// Its results grouped into programs the codegen takes (two of the sums one cross walk): 2
// programs, fewer than per reduction (3).
// CHECK-LABEL: func.func @three_reductions(
// CHECK: module @three_reductions_0_sum
// CHECK: module @three_reductions_1_sum
// CHECK-NOT: module @three_reductions_2
// CHECK-LABEL: func.func @next_backward_op(
// CHECK: module @next_backward_op_program
func.func @three_reductions(%g: tensor<2x3x64x96xbf16>, %a: tensor<1x3x1x1xbf16>, %t1: tensor<96xbf16>, %t2: tensor<2x1x64x1xbf16>) -> (tensor<1x3x1x1xbf16>, tensor<96xbf16>, tensor<2x1x64x1xbf16>) {
  // expected-warning @+1 {{function @three_reductions is not one fused program (codegen: sibling reductions over 3 sets of dims (tile axes in 3 classes besides those all keep) that no order of the walk's middle and inner loops serves): lowered as 2 programs}}
  %0:3 = ttir.addcmul_bw %g, %a, %t1, %t2 {value = 0.5 : f32} : tensor<2x3x64x96xbf16>, tensor<1x3x1x1xbf16>, tensor<96xbf16>, tensor<2x1x64x1xbf16> -> tensor<1x3x1x1xbf16>, tensor<96xbf16>, tensor<2x1x64x1xbf16>
  return %0#0, %0#1, %0#2 : tensor<1x3x1x1xbf16>, tensor<96xbf16>, tensor<2x1x64x1xbf16>
}
func.func @next_backward_op(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0:2 = ttir.mul_bw %g, %a, %b : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16> other_grad tensor<32x32xbf16>
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
