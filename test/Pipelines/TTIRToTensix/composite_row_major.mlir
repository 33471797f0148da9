// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline="fuse=false" %s | FileCheck %s
// Composite mode, ROW_MAJOR tensors: programs read ROW_MAJOR operands row by row into
// zero-padded tiles (the reader clears each page from a zero tile, CB 23) and a
// ROW_MAJOR result is written row by row by the typecast the decomposition ends with; one
// page per row (page_size = row bytes) and the row geometry H, W, Ht, Wt, row_bytes in the
// runtime args.

// CHECK-LABEL: func.func @rm(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @rm_1_multiply {
// CHECK: func.func @reader()
// CHECK: ttkernel.get_noc_addr(
// CHECK: ttkernel.tensor_accessor.get_noc_addr(
// CHECK: ttkernel.noc_async_read(
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: module @rm_3_typecast {
// CHECK: func.func @writer()
// CHECK: ttkernel.tensor_accessor.get_noc_addr(
// CHECK: ttkernel.noc_async_write(
func.func @rm(%g: tensor<2x50x70xbf16, #ttir.layout<"bf16", "row_major">>, %a: tensor<2x50x70xbf16>, %b: tensor<1x50x70xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<2x50x70xbf16>, tensor<1x50x70xbf16, #ttir.layout<"bf16", "row_major">>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x50x70xbf16, #ttir.layout<"bf16", "row_major">>, tensor<2x50x70xbf16>, tensor<1x50x70xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<2x50x70xbf16>, tensor<1x50x70xbf16, #ttir.layout<"bf16", "row_major">>)
  return %0#0, %0#1 : tensor<2x50x70xbf16>, tensor<1x50x70xbf16, #ttir.layout<"bf16", "row_major">>
}

// -----

// A rank-0 ROW_MAJOR tensor is one row of one element (page_size 2, num_pages 1): b's gradient,
// the sum over everything, reaches its row through the final typecast program.
// CHECK-LABEL: func.func @rank0(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @rank0_2_typecast {
// CHECK: ttkernel.noc_async_write(
func.func @rank0(%g: tensor<32xbf16>, %a: tensor<32xbf16>, %b: tensor<bf16, #ttir.layout<"bf16", "row_major">>) -> tensor<bf16, #ttir.layout<"bf16", "row_major">> {
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: false, true>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 0, 1>} : (tensor<32xbf16>, tensor<32xbf16>, tensor<bf16, #ttir.layout<"bf16", "row_major">>) -> tensor<bf16, #ttir.layout<"bf16", "row_major">>
  return %0 : tensor<bf16, #ttir.layout<"bf16", "row_major">>
}
