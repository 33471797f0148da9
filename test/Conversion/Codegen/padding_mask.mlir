// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// Sums inside the tile mask each term's padding to 0 first: an expression need not keep 0 in
// a tile's padding (here y, broadcast over the rows, fills the padding rows of x + y). Per
// step whose tile of the iteration space has padding (valid rows x valid cols < 1024, from the
// space's rows / cols and the step's tile: runtime args of both kernels), the reader makes the
// step's mask (the zero tile, then the 1.0 tile over each face's valid rows / columns) and
// pushes it on CB 15; the compute selects 0 where it is 0 (where_tile) before packing the term.
// A full tile skips both.

// CHECK-LABEL: func.func @sum_rows_of_a_row_broadcast(
// CHECK: "ttmetal.enqueue_program"
// CHECK-SAME: "space_rows", "space_cols"]
// CHECK-SAME: "first_unit", "space_kept0_div"
// CHECK-SAME: "space_rows", "space_cols"]
// CHECK: module @sum_rows_of_a_row_broadcast_program {
// CHECK: func.func @reader()
// CHECK: %[[MASK:.*]] = ttkernel.get_compile_time_arg_val(5) : () -> !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[PAD:.*]] = arith.cmpi ult, %{{.*}}, %c1024_i32 : i32
// CHECK-NEXT: scf.if %[[PAD]] {
// CHECK-NEXT: ttkernel.cb_reserve_back(%[[MASK]],
// CHECK: ttkernel.noc_async_read(
// CHECK: ttkernel.cb_push_back(%[[MASK]],
// CHECK-NEXT: }
// CHECK: func.func @compute()
// CHECK: ttkernel.fill_tile(%{{.*}}, %{{.*}})
// CHECK: ttkernel.fill_tile(%{{.*}}, %{{.*}})
// CHECK: scf.for
// CHECK: %[[CPAD:.*]] = arith.cmpi ult, %{{.*}}, %c1024_i32 : i32
// CHECK-NEXT: scf.if %[[CPAD]] {
// CHECK-NEXT: ttkernel.cb_wait_front(%[[CMASK:[0-9]+]],
// CHECK: ttkernel.add_binary_tile(
// CHECK: scf.if %[[CPAD]] {
// CHECK-NEXT: ttkernel.copy_tile_init(%[[CMASK]])
// CHECK-NEXT: ttkernel.copy_tile(%[[CMASK]], %{{.*}}, %c1_i32)
// CHECK: ttkernel.where_tile(%c1_i32, %c0_i32, %c2_i32, %c0_i32, <f32>)
// CHECK: ttkernel.pack_tile(
// CHECK: scf.if %[[CPAD]] {
// CHECK-NEXT: ttkernel.cb_pop_front(%[[CMASK]],
// CHECK: ttkernel.reduce_tile(
func.func @sum_rows_of_a_row_broadcast(%x: tensor<33x40xbf16>, %y: tensor<1x40xbf16>) -> tensor<1x40xbf16> {
  %0 = "ttir.add"(%x, %y) : (tensor<33x40xbf16>, tensor<1x40xbf16>) -> tensor<33x40xbf16>
  %1 = "ttir.sum"(%0) {dim_arg = [0 : i32], keep_dim = true} : (tensor<33x40xbf16>) -> tensor<1x40xbf16>
  return %1 : tensor<1x40xbf16>
}

// -----

// Across tiles only: the padding of a term lands in the padding of the result, no mask.
// CHECK-LABEL: func.func @sum_over_a_batch(
// CHECK-NOT: space_rows
// CHECK: module @sum_over_a_batch_program {
// CHECK-NOT: scf.if
// CHECK: func.func @writer()
func.func @sum_over_a_batch(%x: tensor<3x33x40xbf16>, %y: tensor<1x1x40xbf16>) -> tensor<1x33x40xbf16> {
  %0 = "ttir.add"(%x, %y) : (tensor<3x33x40xbf16>, tensor<1x1x40xbf16>) -> tensor<3x33x40xbf16>
  %1 = "ttir.sum"(%0) {dim_arg = [0 : i32], keep_dim = true} : (tensor<3x33x40xbf16>) -> tensor<1x33x40xbf16>
  return %1 : tensor<1x33x40xbf16>
}
