// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs="fuse=false" --convert-linalg-to-ttkernel %s | FileCheck %s
// The codegen's formats and layouts come from each tensor's #ttir.layout encoding: CBs in
// the operand's device format, the region's final truncf is the pack's rounding.

// An add into bfloat8_b: computed in the fp32 DST, rounded to bf16 first (CB 20), then
// block-quantized (bfloat8_b elements are bf16 values: the region truncates to bf16).
// CHECK: module @add_to_bfp8_0_add {
// CHECK: func.func @compute()
// CHECK: %[[OUT:.*]] = ttkernel.get_compile_time_arg_val(2) : () -> !ttkernel.cb<2, !ttcore.tile<32x32, bfp_bf8>>
// CHECK: %[[ROUND:.*]] = ttkernel.get_compile_time_arg_val(6) : () -> !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>
// CHECK: ttkernel.add_binary_tile(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[ROUND]], %c0_i32, false)
// CHECK: ttkernel.copy_tile(%[[ROUND]]
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OUT]], %c0_i32, false)
func.func @add_to_bfp8(%x: tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>, %y: tensor<64x64xbf16>) -> tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">> {
  %0 = "ttir.add"(%x, %y) : (tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<64x64xbf16>) -> tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
  return %0 : tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
}

// -----

// A multiply into bfloat8_b on the FPU: its 16-bit DST holds the bf16-rounded product, no hop.
// CHECK: module @mul_to_bfp8_0_multiply {
// CHECK: ttkernel.mul_tiles(
func.func @mul_to_bfp8(%x: tensor<64x64xbf16>, %y: tensor<64x64xbf16>) -> tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">> {
  %0 = "ttir.multiply"(%x, %y) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
  return %0 : tensor<64x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
}

// -----

// ROW_MAJOR f32 in, TILE bf16 out (a typecast): the reader builds each tile from the rows
// over a page cleared from the zero tile compute packs once (CB 23); compute is copy + pack.
// Reader args end with core_x, core_y and the row geometry H, W, Ht, Wt, row_bytes.
// CHECK: module @rm_to_tile_0_typecast {
// CHECK: func.func @reader()
// CHECK: ttkernel.tensor_accessor.get_noc_addr(
// CHECK: ttkernel.noc_async_read(
// CHECK: func.func @compute()
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.copy_tile(
// CHECK: ttkernel.pack_tile(
func.func @rm_to_tile(%x: tensor<50x70xf32, #ttir.layout<"f32", "row_major">>) -> tensor<50x70xbf16> {
  %0 = "ttir.typecast"(%x) : (tensor<50x70xf32, #ttir.layout<"f32", "row_major">>) -> tensor<50x70xbf16>
  return %0 : tensor<50x70xbf16>
}

// -----

// A ROW_MAJOR result: the writer writes each tile's valid row chunks; neg is negative_tile.
// CHECK: module @rm_neg_0_neg {
// CHECK: func.func @compute()
// CHECK: ttkernel.negative_tile(
// CHECK: func.func @writer()
// CHECK: ttkernel.noc_async_write(
func.func @rm_neg(%x: tensor<50x70xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<50x70xbf16, #ttir.layout<"bf16", "row_major">> {
  %0 = "ttir.neg"(%x) : (tensor<50x70xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<50x70xbf16, #ttir.layout<"bf16", "row_major">>
  return %0 : tensor<50x70xbf16, #ttir.layout<"bf16", "row_major">>
}

// -----

// A runtime scalar (tensor.from_elements of an f32 argument): no buffer; fill_tile of the
// value the compute kernel rebuilds from its args m, n_up, n_down.
// CHECK: module @runtime_scalar_0_multiply {
// CHECK: func.func @compute()
// CHECK: arith.sitofp
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.mul_binary_tile(
func.func @runtime_scalar(%x: tensor<64x64xf32>, %s: f32) -> tensor<64x64xf32> {
  %t = tensor.from_elements %s : tensor<f32>
  %0 = "ttir.multiply"(%x, %t) : (tensor<64x64xf32>, tensor<f32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
