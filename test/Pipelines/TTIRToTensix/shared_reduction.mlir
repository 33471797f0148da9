// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s 2>&1 | FileCheck %s
// A reduction read by several results (returned as it is and through an epilogue, or by two
// epilogues) is one program: after fusion each reader gets a clone of the reduction, so every
// result has a chain of its own; the clones are sibling reductions over one iteration space,
// reading their input once (one partial sum each, one reduce_tile each per step).

// sum(x) returned as bf16 and widened to f32 (the f32 result goes through the bf16 CB).
// CHECK-NOT: warning:
// CHECK-LABEL: func.func @sum_and_its_cast(
// CHECK: "ttmetal.enqueue_write_buffer"(%arg0,
// CHECK-NOT: "ttmetal.enqueue_write_buffer"
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @sum_and_its_cast_program {
// CHECK: func.func @compute()
// CHECK: scf.for
// CHECK: scf.for
// CHECK: ttkernel.reduce_tile(
// CHECK: ttkernel.reduce_tile(
// CHECK-NOT: ttkernel.reduce_tile(
// CHECK: func.func @writer()
func.func @sum_and_its_cast(%x: tensor<3x40x40xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<3x1x40xf32, #ttir.layout<"f32", "row_major">>, tensor<3x1x40xbf16, #ttir.layout<"bf16", "row_major">>) {
  %0 = "ttir.sum"(%x) {dim_arg = [1 : i32], keep_dim = true} : (tensor<3x40x40xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<3x1x40xbf16, #ttir.layout<"bf16", "row_major">>
  %1 = "ttir.typecast"(%0) : (tensor<3x1x40xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<3x1x40xf32, #ttir.layout<"f32", "row_major">>
  return %1, %0 : tensor<3x1x40xf32, #ttir.layout<"f32", "row_major">>, tensor<3x1x40xbf16, #ttir.layout<"bf16", "row_major">>
}

// -----

// sum(x * y) and its negation: the product fused into both reductions, x and y read once.
// CHECK-NOT: warning:
// CHECK-LABEL: func.func @sum_and_its_negation(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @sum_and_its_negation_program {
// CHECK: func.func @compute()
// CHECK: ttkernel.reduce_tile(
// CHECK: ttkernel.reduce_tile(
// CHECK: ttkernel.negative_tile(
// CHECK: func.func @writer()
func.func @sum_and_its_negation(%x: tensor<64x96xbf16>, %y: tensor<64x96xbf16>) -> (tensor<1x96xbf16>, tensor<1x96xbf16>) {
  %0 = "ttir.multiply"(%x, %y) : (tensor<64x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
  %1 = "ttir.sum"(%0) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xbf16>) -> tensor<1x96xbf16>
  %2 = "ttir.neg"(%1) : (tensor<1x96xbf16>) -> tensor<1x96xbf16>
  return %1, %2 : tensor<1x96xbf16>, tensor<1x96xbf16>
}

// -----

// Two epilogues of one f32 sum: neg and exp, each over its own partial.
// CHECK-NOT: warning:
// CHECK-LABEL: func.func @two_epilogues(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @two_epilogues_program {
// CHECK: func.func @compute()
// CHECK-DAG: ttkernel.negative_tile(
// CHECK-DAG: ttkernel.exp_tile(
// CHECK: func.func @writer()
func.func @two_epilogues(%x: tensor<64x96xf32>) -> (tensor<1x96xf32>, tensor<1x96xf32>) {
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xf32>) -> tensor<1x96xf32>
  %1 = "ttir.neg"(%0) : (tensor<1x96xf32>) -> tensor<1x96xf32>
  %2 = "ttir.exp"(%0) : (tensor<1x96xf32>) -> tensor<1x96xf32>
  return %1, %2 : tensor<1x96xf32>, tensor<1x96xf32>
}
