// RUN: ttbw-opt --split-input-file --convert-ttir-to-ttkernel="fuse=false" %s | FileCheck %s
// Composite mode, ROW_MAJOR tensors: programs read ROW_MAJOR operands row by row into
// zero-padded tiles (the reader clears each page from a zero tile, CB 23) and a
// ROW_MAJOR result is written row by row by the typecast the decomposition ends with; one
// page per row (page_size = row bytes) and the row geometry H, W, Ht, Wt, row_bytes in the
// runtime args.

// CHECK-LABEL: module @rm attributes {ttbw.composite =
// CHECK-SAME: \22programs\22:[{\22name\22:\22rm_0_multiply\22,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22,\22inputs\22:[\22arg0\22,\22arg2\22],\22outputs\22:[\22multiply0\22]},{\22name\22:\22rm_1_multiply\22,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22,\22inputs\22:[\22arg0\22,\22arg1\22],\22outputs\22:[\22multiply1\22]},{\22name\22:\22rm_2_sum\22,\22op\22:\22ttir.sum\22,\22variant\22:\22generic\22,\22inputs\22:[\22multiply1\22],\22outputs\22:[\22sum2\22]},{\22name\22:\22rm_3_typecast\22,\22op\22:\22ttir.typecast\22,\22variant\22:\22generic\22,\22inputs\22:[\22sum2\22],\22outputs\22:[\22typecast3\22]}]
// CHECK-SAME: {\22name\22:\22arg0\22,\22shape\22:[2,50,70],\22dtype\22:\22bf16\22,\22layout\22:\22row_major\22,\22memory\22:\22dram\22,\22page_size\22:140,\22num_pages\22:100,\22arg\22:0,
// CHECK-SAME: {\22name\22:\22typecast3\22,\22shape\22:[1,50,70],\22dtype\22:\22bf16\22,\22layout\22:\22row_major\22,\22memory\22:\22dram\22,\22page_size\22:140,\22num_pages\22:50,\22result\22:1,
// CHECK: module @rm_1_multiply attributes {ttbw.program =
// CHECK-SAME: {\22index\22:23,\22format\22:\22bf16\22,\22pages\22:1,\22page_size\22:2048}
// CHECK-SAME: \22name\22:\22reader\22{{.*}}\22runtime_args\22:[{\22core\22:[0,0],\22args\22:[{\22address_of\22:\22arg0\22},{\22address_of\22:\22arg1\22},0,{{[0-9,]*}},0,0,50,70,2,3,140,0,0,0,0,0]}
// CHECK: func.func @reader()
// CHECK: "ttkernel.get_noc_addr"
// CHECK: "ttkernel.tensor_accessor.get_noc_addr"
// CHECK: "ttkernel.noc_async_read"
// CHECK: "ttkernel.noc_async_read_tile"
// CHECK: module @rm_3_typecast attributes {ttbw.program =
// CHECK-SAME: \22name\22:\22writer\22{{.*}}\22runtime_args\22:[{\22core\22:[0,0],\22args\22:[{\22address_of\22:\22typecast3\22},0,{{[0-9,]*}},50,70,2,3,140]}
// CHECK: func.func @writer()
// CHECK: "ttkernel.tensor_accessor.get_noc_addr"
// CHECK: "ttkernel.noc_async_write"
func.func @rm(%g: tensor<2x50x70xbf16, #ttir.layout<"bf16", "row_major">>, %a: tensor<2x50x70xbf16>, %b: tensor<1x50x70xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<2x50x70xbf16>, tensor<1x50x70xbf16, #ttir.layout<"bf16", "row_major">>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x50x70xbf16, #ttir.layout<"bf16", "row_major">>, tensor<2x50x70xbf16>, tensor<1x50x70xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<2x50x70xbf16>, tensor<1x50x70xbf16, #ttir.layout<"bf16", "row_major">>)
  return %0#0, %0#1 : tensor<2x50x70xbf16>, tensor<1x50x70xbf16, #ttir.layout<"bf16", "row_major">>
}

// -----

// A rank-0 ROW_MAJOR tensor is one row of one element (page_size 2, num_pages 1): b's gradient,
// the sum over everything, reaches its row through the final typecast program.
// CHECK-LABEL: module @rank0 attributes {ttbw.composite =
// CHECK-SAME: {\22name\22:\22typecast3\22,\22shape\22:[1,1],\22dtype\22:\22bf16\22,\22layout\22:\22row_major\22,\22memory\22:\22dram\22,\22page_size\22:2,\22num_pages\22:1,\22result\22:0,
// CHECK: module @rank0_2_typecast attributes {ttbw.program =
// CHECK: "ttkernel.noc_async_write"
func.func @rank0(%g: tensor<32xbf16>, %a: tensor<32xbf16>, %b: tensor<bf16, #ttir.layout<"bf16", "row_major">>) -> tensor<bf16, #ttir.layout<"bf16", "row_major">> {
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: false, true>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 0, 1>} : (tensor<32xbf16>, tensor<32xbf16>, tensor<bf16, #ttir.layout<"bf16", "row_major">>) -> tensor<bf16, #ttir.layout<"bf16", "row_major">>
  return %0 : tensor<bf16, #ttir.layout<"bf16", "row_major">>
}
