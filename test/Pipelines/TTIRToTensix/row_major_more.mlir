// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s | FileCheck %s
// ROW_MAJOR tensors next to bfloat8_b (TILE) tensors, and rank-0 ROW_MAJOR tensors: the reader
// builds zero-padded tiles from rows (noc_async_read of row chunks into a page cleared from a
// zero tile), never tilize_block (its padding would be stale L1 data, which a bfloat8_b pack
// would fold into a row block's shared exponent).

// CHECK: func.func @reader()
// CHECK: ttkernel.get_noc_addr(
// CHECK: ttkernel.noc_async_read(
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK-DAG: %[[OA:.*]] = ttkernel.get_compile_time_arg_val(3)
// CHECK-DAG: %[[OB:.*]] = ttkernel.get_compile_time_arg_val(11)
// CHECK-DAG: %[[Z:.*]] = ttkernel.get_compile_time_arg_val(10)
// CHECK-NOT: tilize_block
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[Z]], %c0_i32, false)
// CHECK: ttkernel.mul_tiles(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OA]], %c0_i32, false)
// CHECK: ttkernel.mul_tiles(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OB]], %c0_i32, false)
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
// the sum of every product (reduce_tile over the scalar of each of the f32 product's three
// TF32-exact parts), rounded once into its result.
// CHECK: func.func @compute()
// CHECK-DAG: %[[OA:.*]] = ttkernel.get_compile_time_arg_val(3)
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.reduce_init({{.*}}reduce_dim_scalar
// CHECK-COUNT-3: ttkernel.reduce_tile(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OA]], %c0_i32, false)
// CHECK: func.func @writer()
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: ttkernel.noc_async_write(
func.func @rank0(%g: tensor<3x5xf32, #ttir.layout<"f32", "row_major">>, %a: tensor<f32, #ttir.layout<"f32", "row_major">>, %b: tensor<3x5xf32>) -> (tensor<f32, #ttir.layout<"f32", "row_major">>, tensor<3x5xf32>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<3x5xf32, #ttir.layout<"f32", "row_major">>, tensor<f32, #ttir.layout<"f32", "row_major">>, tensor<3x5xf32>) -> (tensor<f32, #ttir.layout<"f32", "row_major">>, tensor<3x5xf32>)
  return %0#0, %0#1 : tensor<f32, #ttir.layout<"f32", "row_major">>, tensor<3x5xf32>
}
