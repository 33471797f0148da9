// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs="fuse=false" --convert-linalg-to-ttkernel %s | FileCheck %s
// The generic codegen's broadcasts, read from the indexing maps alone (each function is one
// TTIR op, lowered as one program through --convert-ttir-to-linalg="target=device"). The
// broadcast operand fixes the units (one per tile of it); its tile is read once per unit,
// before the inner loop over the tiles it is broadcast to, and held. Reader args: addresses,
// first_unit, num_units, inner, then per operand the kept / summed (div, mod, stride) triplets.

// Row broadcast (y has one row): 6 units (y's tiles: 2 batches x 3 tile columns, two kept
// groups around the summed tile-row axis), 2 inner tiles (x's two tile rows); bf16 x bf16
// on the FPU: unary_bcast<row> into DST, then binary_dest_reuse_tiles<mul>.
// CHECK: module @row_bf16_0_multiply {
// CHECK: func.func @reader()
// CHECK: %[[X:.*]] = ttkernel.get_compile_time_arg_val(0)
// CHECK: %[[Y:.*]] = ttkernel.get_compile_time_arg_val(1)
// CHECK: scf.for
// CHECK: ttkernel.cb_reserve_back(%[[Y]]
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: scf.for
// CHECK: ttkernel.cb_reserve_back(%[[X]]
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK: %[[CX:.*]] = ttkernel.get_compile_time_arg_val(0)
// CHECK: %[[CY:.*]] = ttkernel.get_compile_time_arg_val(1)
// CHECK: ttkernel.binary_op_init_common(
// CHECK: scf.for
// CHECK: ttkernel.cb_wait_front(%[[CY]]
// CHECK: scf.for
// CHECK: ttkernel.unary_bcast(%[[CY]], %c0_i32, %c0_i32, <row>)
// CHECK: ttkernel.binary_dest_reuse_tiles(%[[CX]], %c0_i32, %c0_i32, <mul>, <dest_to_srca>)
// CHECK: ttkernel.pack_tile(
// CHECK: }
// CHECK: ttkernel.cb_pop_front(%[[CY]]
func.func @row_bf16(%x: tensor<2x64x96xbf16>, %y: tensor<2x1x96xbf16>) -> tensor<2x64x96xbf16> {
  %0 = "ttir.multiply"(%x, %y) : (tensor<2x64x96xbf16>, tensor<2x1x96xbf16>) -> tensor<2x64x96xbf16>
  return %0 : tensor<2x64x96xbf16>
}

// -----

// Column broadcast, an add: the SFPU (bf16 + bf16 is not exact in bf16), y's tile broadcast
// into its DST slot by unary_bcast<col> (the FPU reads bf16 exactly). 2 units, 3 inner.
// CHECK: module @col_add_0_add {
// CHECK: func.func @compute()
// CHECK: %[[X:.*]] = ttkernel.get_compile_time_arg_val(0)
// CHECK: %[[Y:.*]] = ttkernel.get_compile_time_arg_val(1)
// CHECK: ttkernel.init_sfpu(
// CHECK: ttkernel.copy_tile(%[[X]], %c0_i32, %c0_i32)
// CHECK: ttkernel.unary_bcast(%[[Y]], %c0_i32, %c1_i32, <col>)
// CHECK: ttkernel.add_binary_tile(%c0_i32, %c1_i32, %c0_i32)
func.func @col_add(%x: tensor<64x96xbf16>, %y: tensor<64x1xbf16>) -> tensor<64x96xbf16> {
  %0 = "ttir.add"(%x, %y) : (tensor<64x96xbf16>, tensor<64x1xbf16>) -> tensor<64x96xbf16>
  return %0 : tensor<64x96xbf16>
}

// -----

// Scalar broadcast of an f32 tile: the reader broadcasts it in L1 (element (0, 0) copied over
// the page through the core's own NOC address, exact for inf / NaN / subnormals, where the
// FPU would read TF32); compute sees whole tiles (copy_tile, SFPU subtract).
// CHECK: module @scalar_f32_0_subtract {
// CHECK: func.func @reader()
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: ttkernel.noc_async_read_barrier(
// CHECK: ttkernel.get_noc_addr(
// CHECK: ttkernel.noc_async_read(
// CHECK: func.func @compute()
// CHECK: %[[Y:.*]] = ttkernel.get_compile_time_arg_val(1)
// CHECK-NOT: unary_bcast
// CHECK: ttkernel.copy_tile(%[[Y]], %c0_i32, %c1_i32)
// CHECK: ttkernel.sub_binary_tile(%c0_i32, %c1_i32, %c0_i32)
// CHECK: func.func @writer()
func.func @scalar_f32(%x: tensor<3x64x96xf32>, %y: tensor<3x1x1xf32>) -> tensor<3x64x96xf32> {
  %0 = "ttir.subtract"(%x, %y) : (tensor<3x64x96xf32>, tensor<3x1x1xf32>) -> tensor<3x64x96xf32>
  return %0 : tensor<3x64x96xf32>
}

// -----

// Outer broadcast (y lacks the batch dim): no broadcast inside the tile; 6 units (y's tiles),
// 4 inner (the batch), y's tile held: y's summed stride is 0.
// CHECK: module @outer_0_multiply {
// CHECK: func.func @compute()
// CHECK-NOT: unary_bcast
// CHECK: ttkernel.mul_tiles(%{{.*}}, %{{.*}}, %c0_i32, %c0_i32, %c0_i32)
func.func @outer(%x: tensor<4x64x96xbf16>, %y: tensor<64x96xbf16>) -> tensor<4x64x96xbf16> {
  %0 = "ttir.multiply"(%x, %y) : (tensor<4x64x96xbf16>, tensor<64x96xbf16>) -> tensor<4x64x96xbf16>
  return %0 : tensor<4x64x96xbf16>
}
