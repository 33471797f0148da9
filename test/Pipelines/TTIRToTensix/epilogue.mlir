// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// A reduction followed by elementwise ops is one program: the finished f32 partial sum goes
// through DST once more with the epilogue's expression (its tensor inputs have the result's
// dims: read once per output tile, before the inner loop, and held over it), then is rounded
// once into the result. TTIR's own roundings inside the epilogue (a bf16 sum read by a bf16
// op) are rounding hops through bf16 CBs, as in any expression.

// neg(sum(x * y)), bf16: the sum rounded to bf16 (a hop), negated (negative_tile), packed.
// CHECK-LABEL: func.func @neg_sum(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @neg_sum_program {
// CHECK: func.func @compute()
// CHECK: scf.for
// CHECK: scf.for
// CHECK: ttkernel.reduce_tile(
// CHECK: }
// CHECK: ttkernel.cb_wait_front(%[[ACC:[0-9]+]], %c2_i32) : (!ttkernel.cb<2, !ttcore.tile<32x32, f32>>, i32)
// CHECK: ttkernel.copy_tile(%[[ACC]],
// CHECK: ttkernel.pack_tile(%{{.*}}, %[[HOP:[0-9]+]], %{{.*}}) : (i32, !ttkernel.cb<1, !ttcore.tile<32x32, bf16>>, i32)
// CHECK: ttkernel.copy_tile(%[[HOP]],
// CHECK: ttkernel.negative_tile(
// CHECK: ttkernel.cb_pop_front(%[[HOP]],
// CHECK: ttkernel.cb_pop_front(%[[ACC]],
// CHECK: ttkernel.pack_tile(
// CHECK: func.func @writer()
func.func @neg_sum(%x: tensor<64x96xbf16>, %y: tensor<64x96xbf16>) -> tensor<1x96xbf16> {
  %0 = "ttir.multiply"(%x, %y) : (tensor<64x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
  %1 = "ttir.sum"(%0) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xbf16>) -> tensor<1x96xbf16>
  %2 = "ttir.neg"(%1) : (tensor<1x96xbf16>) -> tensor<1x96xbf16>
  return %2 : tensor<1x96xbf16>
}

// -----

// sum(x) * z, z of the reduced shape (f32): z is read once per output tile, before the inner
// loop, and multiplied by the f32 partial (no hop: the f32 sum is not rounded first).
// CHECK-LABEL: func.func @sum_times_z(
// CHECK: "ttmetal.enqueue_program"(%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}, %{{[0-9a-z_]+}},
// CHECK-SAME: operandSegmentSizes = array<i32: 3,
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @sum_times_z_program {
// CHECK: func.func @reader()
// CHECK: scf.for
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: scf.for
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK: ttkernel.add_binary_tile(
// CHECK: }
// CHECK: ttkernel.copy_tile(
// CHECK: ttkernel.copy_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK-NOT: ttkernel.copy_tile(
// CHECK: ttkernel.pack_tile(
func.func @sum_times_z(%x: tensor<4x64x64xf32>, %z: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = false} : (tensor<4x64x64xf32>) -> tensor<64x64xf32>
  %1 = "ttir.multiply"(%0, %z) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %1 : tensor<64x64xf32>
}

// -----

// sum(x) * 2.0 + z with z broadcast over the result's tile (a scalar tensor): the constant is
// the program's scalar (fill_tile), z's element broadcast in L1 by the reader (f32).
// CHECK-LABEL: func.func @scaled_sum_plus_scalar_tensor(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK: ttkernel.reduce_tile(
// CHECK: }
// CHECK: ttkernel.copy_tile(
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.copy_tile(
// CHECK: ttkernel.add_binary_tile(
// CHECK: ttkernel.pack_tile(
func.func @scaled_sum_plus_scalar_tensor(%x: tensor<40x70xf32>, %z: tensor<1x1xf32>) -> tensor<40x1xf32> {
  %c = "ttir.full"() <{fill_value = 2.000000e+00 : f32, shape = array<i32>}> : () -> tensor<f32>
  %0 = "ttir.sum"(%x) {dim_arg = [1 : i32], keep_dim = true} : (tensor<40x70xf32>) -> tensor<40x1xf32>
  %1 = "ttir.multiply"(%0, %c) : (tensor<40x1xf32>, tensor<f32>) -> tensor<40x1xf32>
  %2 = "ttir.add"(%1, %z) : (tensor<40x1xf32>, tensor<1x1xf32>) -> tensor<40x1xf32>
  return %2 : tensor<40x1xf32>
}

// -----

// A sum over dims of size 1 only is elementwise (0 + x): with its consumers, one program of
// no reduction.
// CHECK-LABEL: func.func @unit_sums(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK-NOT: reduce_tile
// CHECK: ttkernel.add_binary_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.add_binary_tile(
func.func @unit_sums(%x: tensor<1x32xf32>, %y: tensor<1x32xbf16>) -> tensor<1x32xf32> {
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<1x32xf32>) -> tensor<1x32xf32>
  %1 = "ttir.typecast"(%y) : (tensor<1x32xbf16>) -> tensor<1x32xf32>
  %2 = "ttir.multiply"(%0, %1) : (tensor<1x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
  %3 = "ttir.sum"(%2) {dim_arg = [0 : i32], keep_dim = true} : (tensor<1x32xf32>) -> tensor<1x32xf32>
  return %3 : tensor<1x32xf32>
}

// -----

// The sum broadcast back over the reduced dim (sum(x) - x) is no epilogue (the result has
// more tiles than the reduction's): the read-back walk, one program (read_back.mlir).
// CHECK-LABEL: func.func @sum_broadcast_back(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @sum_broadcast_back_program {
func.func @sum_broadcast_back(%x: tensor<64x96xbf16>) -> tensor<64x96xbf16> {
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<64x96xbf16>) -> tensor<1x96xbf16>
  %1 = "ttir.subtract"(%0, %x) : (tensor<1x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
  return %1 : tensor<64x96xbf16>
}
