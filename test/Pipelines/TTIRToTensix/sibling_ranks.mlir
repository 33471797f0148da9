// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s 2>&1 | FileCheck %s
// Sibling generics of different ranks whose iteration spaces differ only by leading 1s (a
// rank-0 gradient next to a 1x1x1 one) are one program: each generic's dims are aligned to
// the trailing dims of the longest space. (Spaces that differ otherwise:
// sibling_ranks_negative.mlir.)

// mul_bw of a 1x1x1 a and a rank-0 b, bfloat8_b: both gradients from one program.
// CHECK-NOT: warning:
// CHECK-LABEL: func.func @rank0_next_to_rank3(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @rank0_next_to_rank3_program {
// CHECK: func.func @writer()
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
func.func @rank0_next_to_rank3(%g: tensor<1x1x1xbf16, #ttir.layout<"bfp_bf8", "tile">>, %a: tensor<1x1x1xbf16, #ttir.layout<"bfp_bf8", "tile">>, %b: tensor<bf16, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<1x1x1xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<bf16, #ttir.layout<"bfp_bf8", "tile">>) {
  %0:2 = ttir.mul_bw %g, %a, %b : tensor<1x1x1xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<1x1x1xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<bf16, #ttir.layout<"bfp_bf8", "tile">> -> input_grad tensor<1x1x1xbf16, #ttir.layout<"bfp_bf8", "tile">> other_grad tensor<bf16, #ttir.layout<"bfp_bf8", "tile">>
  return %0#0, %0#1 : tensor<1x1x1xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<bf16, #ttir.layout<"bfp_bf8", "tile">>
}

// -----

// Elementwise siblings over 1x32x64 and 32x64: one program, two outputs.
// CHECK-NOT: warning:
// CHECK-LABEL: func.func @siblings_of_two_ranks(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @siblings_of_two_ranks_program {
// CHECK: func.func @compute()
// CHECK-DAG: ttkernel.abs_tile(
// CHECK-DAG: ttkernel.negative_tile(
// CHECK: func.func @writer()
func.func @siblings_of_two_ranks(%x: tensor<1x32x64xf32>, %y: tensor<32x64xf32>) -> (tensor<1x32x64xf32>, tensor<32x64xf32>) {
  %0 = "ttir.abs"(%x) : (tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
  %1 = "ttir.neg"(%y) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  return %0, %1 : tensor<1x32x64xf32>, tensor<32x64xf32>
}
