// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s | FileCheck %s
// A contraction is one program: output tiles in DST-sized blocks over the cores, the K loop
// accumulating in DST (matmul_tiles), B's in-tile transpose by mm_init's flag, A's by
// transpose_wh_tile, the epilogue (bias, rounding) before the block's one pack.

// CHECK-LABEL: func.func @linear
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @linear_program
// CHECK: func.func @reader
// CHECK: ttkernel.noc_async_read_tile
// CHECK: func.func @compute
// CHECK: ttkernel.mm_init(%{{.*}}, %{{.*}}, %{{.*}}, %c1_i32)
// CHECK: scf.for
// CHECK: ttkernel.matmul_tiles(
// CHECK: ttkernel.unary_bcast(
// CHECK: ttkernel.add_binary_tile(
// CHECK: ttkernel.pack_tile(
// CHECK: func.func @writer
func.func @linear(%x: tensor<64x96xbf16>, %w: tensor<32x96xbf16>, %b: tensor<1x32xbf16>) -> tensor<64x32xbf16> {
  %0 = "ttir.linear"(%x, %w, %b) <{transpose_b = true}> : (tensor<64x96xbf16>, tensor<32x96xbf16>, tensor<1x32xbf16>) -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

// CHECK-LABEL: func.func @transposed_a
// CHECK: module @transposed_a_program
// CHECK: func.func @compute
// CHECK: ttkernel.transpose_wh_tile(
// CHECK: ttkernel.mm_init_short(
// CHECK: ttkernel.matmul_tiles(
func.func @transposed_a(%a: tensor<96x64xbf16>, %b: tensor<96x64xbf16>) -> tensor<64x64xf32> {
  %0 = "ttir.matmul"(%a, %b) <{transpose_a = true}> : (tensor<96x64xbf16>, tensor<96x64xbf16>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
