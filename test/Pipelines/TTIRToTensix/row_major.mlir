// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | FileCheck %s
// ROW_MAJOR tensors, fused: the reader builds each tile from its rows (a page cleared from the
// zero tile compute packs once, then the valid row chunks with noc_async_read), the writer
// writes back only the valid row chunks; never tilize_block / untilize_block (their padding
// would be stale L1 data).

// CHECK: func.func @reader()
// CHECK-NOT: noc_async_read_tile
// CHECK: ttkernel.get_noc_addr(
// CHECK: ttkernel.tensor_accessor.get_noc_addr(
// CHECK: ttkernel.noc_async_read(
// CHECK: func.func @compute()
// CHECK-NOT: tilize_block
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.mul_tiles(
// CHECK: ttkernel.mul_tiles(
// CHECK: func.func @writer()
// CHECK-NOT: noc_async_write_tile
// CHECK: ttkernel.noc_async_write(
// CHECK-NOT: untilize_block
func.func @row_major(%g: tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, %a: tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, %b: tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>)
  return %0#0, %0#1 : tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>, tensor<32x64xbf16, #ttir.layout<"bf16", "row_major">>
}
