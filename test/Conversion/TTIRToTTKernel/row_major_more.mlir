// RUN: ttbw-opt --split-input-file --convert-ttir-to-ttkernel %s | FileCheck %s
// ROW_MAJOR tensors next to bfloat8_b (TILE) tensors, and rank-0 ROW_MAJOR tensors: the TILE
// plan with the reader building zero-padded tiles from rows (noc_async_read of row chunks into
// a page cleared from a zero tile), never tilize_block (its padding would be stale L1 data,
// which a bfloat8_b pack would fold into a row block's shared exponent).

// CHECK-LABEL: func.func @rm_bfp8(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @rm_bfp8_program {
// CHECK: func.func @reader()
// CHECK: ttkernel.get_noc_addr(
// CHECK: ttkernel.noc_async_read(
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK-DAG: %[[OY:.*]] = ttkernel.get_compile_time_arg_val(6)
// CHECK-DAG: %[[OX:.*]] = ttkernel.get_compile_time_arg_val(7)
// CHECK-DAG: %[[Z:.*]] = ttkernel.get_compile_time_arg_val(12)
// CHECK-NOT: tilize_block
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[Z]], %c0_i32, false)
// CHECK: ttkernel.mul_tiles(
// CHECK: ttkernel.mul_tiles(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OY]], %c0_i32, false)
// CHECK: ttkernel.pack_tile(%c1_i32, %[[OX]], %c0_i32, false)
// CHECK: func.func @writer()
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: ttkernel.noc_async_write(
// CHECK-NOT: untilize_block
func.func @rm_bfp8(%g: tensor<2x50x70xbf16, #ttir.layout<"bf16", "row_major">>, %a: tensor<2x50x70xbf16, #ttir.layout<"bfp_bf8", "tile">>, %b: tensor<2x50x70xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<2x50x70xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<2x50x70xbf16, #ttir.layout<"bf16", "row_major">>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x50x70xbf16, #ttir.layout<"bf16", "row_major">>, tensor<2x50x70xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<2x50x70xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<2x50x70xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<2x50x70xbf16, #ttir.layout<"bf16", "row_major">>)
  return %0#0, %0#1 : tensor<2x50x70xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<2x50x70xbf16, #ttir.layout<"bf16", "row_major">>
}

// -----

// A rank-0 ROW_MAJOR tensor is one row of one element (buffer shape [1, 1]); its gradient is
// the sum of every product (reduce_tile over the scalar, whole tiles added).
// CHECK-LABEL: func.func @rank0(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @rank0_program {
// CHECK: func.func @compute()
// CHECK-DAG: %[[OX:.*]] = ttkernel.get_compile_time_arg_val(7)
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.reduce_init({{.*}}reduce_dim_scalar
// CHECK-COUNT-3: ttkernel.reduce_tile(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OX]], %c0_i32, false)
// CHECK: func.func @writer()
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: ttkernel.noc_async_write(
func.func @rank0(%g: tensor<3x5xf32, #ttir.layout<"f32", "row_major">>, %a: tensor<f32, #ttir.layout<"f32", "row_major">>, %b: tensor<3x5xf32>) -> (tensor<f32, #ttir.layout<"f32", "row_major">>, tensor<3x5xf32>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<3x5xf32, #ttir.layout<"f32", "row_major">>, tensor<f32, #ttir.layout<"f32", "row_major">>, tensor<3x5xf32>) -> (tensor<f32, #ttir.layout<"f32", "row_major">>, tensor<3x5xf32>)
  return %0#0, %0#1 : tensor<f32, #ttir.layout<"f32", "row_major">>, tensor<3x5xf32>
}
