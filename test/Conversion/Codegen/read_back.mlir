// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// A sum read back over the dims it reduces (y * (g - sum(g * y, dim))): one program, the
// read-back walk. The units are the sum's output tiles, the inner loop its summed tiles, walked
// twice per unit: the first pass sums the terms into the f32 partial, the finished sum goes
// to the reader (CB 24), which broadcasts it over the tile in L1 (CB 25, exact for f32), the
// second pass computes the result from it. The inputs both passes read are held in L1 over the
// unit (a CB of `inner` pages, read from DRAM once) when they fit, else read again.

// Held: 3 inner tiles per row of tiles, each input's CB 3 pages; the reader reads every inner
// tile of both inputs once per unit, before the passes (the first pass reads nothing more: it
// makes the padding masks of its edge tiles), broadcasts the finished sum, and has no second
// pass (nothing to read).
// CHECK-LABEL: func.func @held(
// CHECK: "ttmetal.create_buffer"() {{.*}} -> memref<1x3x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<6144x2048, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x3x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<6144x2048, 1>, #l1>
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @held_program {
// CHECK: func.func @reader()
// CHECK: %[[IN0:.*]] = ttkernel.get_compile_time_arg_val(0)
// CHECK: scf.for
// CHECK-NEXT: arith.index_cast
// CHECK: scf.for
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: ttkernel.cb_push_back(%[[IN0]],
// CHECK: }
// CHECK: scf.for
// CHECK-NOT: ttkernel.noc_async_read_tile(
// CHECK: %[[RAW:.*]] = ttkernel.get_compile_time_arg_val(6) : () -> !ttkernel.cb<1, !ttcore.tile<32x32, f32>>
// CHECK-NEXT: %[[VAL:.*]] = ttkernel.get_compile_time_arg_val(7) : () -> !ttkernel.cb<1, !ttcore.tile<32x32, f32>>
// CHECK: ttkernel.cb_wait_front(%[[RAW]],
// CHECK-NEXT: ttkernel.cb_reserve_back(%[[VAL]],
// CHECK: ttkernel.noc_async_read(%{{.*}}, %{{.*}}, %c4096_i32)
// CHECK: ttkernel.cb_push_back(%[[VAL]],
// CHECK-NEXT: ttkernel.cb_pop_front(%[[RAW]],
// CHECK-NEXT: }
// CHECK-NEXT: ttkernel.cb_pop_front(
// CHECK: func.func @compute()
// CHECK: scf.for
// CHECK: ttkernel.cb_wait_front(%{{.*}}, %[[INNER:.*]]) : (!ttkernel.cb<2, !ttcore.tile<32x32, bf16>>, i32) -> ()
// CHECK: scf.for
// CHECK: ttkernel.reduce_tile({{.*}}, <reduce_sum>, <reduce_dim_row>)
// CHECK: }
// CHECK: ttkernel.pack_tile(%c0_i32, %[[RAW:.*]], %c0_i32, false)
// CHECK: ttkernel.cb_push_back(%[[RAW]], %c1_i32)
// CHECK-NEXT: ttkernel.cb_wait_front(%[[SUMS:.*]], %c1_i32) : (!ttkernel.cb<1, !ttcore.tile<32x32, f32>>, i32) -> ()
// CHECK: scf.for
// CHECK: ttkernel.copy_tile(%[[SUMS]], %c0_i32, %c0_i32)
// CHECK: ttkernel.sub_binary_tile(
// CHECK: ttkernel.mul_binary_tile(
// CHECK: }
// CHECK-NEXT: ttkernel.cb_pop_front(%[[SUMS]], %c1_i32)
// CHECK-NEXT: ttkernel.cb_pop_front(%{{.*}}, %[[INNER]])
// CHECK-NEXT: ttkernel.cb_pop_front(%{{.*}}, %[[INNER]])
func.func @held(%y: tensor<64x96xbf16>, %g: tensor<64x96xbf16>) -> tensor<64x96xbf16> {
  %0 = "ttir.multiply"(%g, %y) : (tensor<64x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
  %1 = "ttir.sum"(%0) {dim_arg = [1 : i32], keep_dim = true} : (tensor<64x96xbf16>) -> tensor<64x1xbf16>
  %2 = "ttir.subtract"(%g, %1) : (tensor<64x96xbf16>, tensor<64x1xbf16>) -> tensor<64x96xbf16>
  %3 = "ttir.multiply"(%y, %2) : (tensor<64x96xbf16>, tensor<64x96xbf16>) -> tensor<64x96xbf16>
  return %3 : tensor<64x96xbf16>
}

// -----

// Over the L1 budget (160 inner tiles x 2 f32 inputs: 1.25 MiB per core): the two-pass form,
// one program still; the inputs' CBs 2 pages, both inputs read in the first pass and again in
// the second.
// CHECK-LABEL: func.func @two_pass(
// CHECK: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, f32>, #ttcore.cb_layout<8192x4096, 1>, #l1>
// CHECK-NEXT: "ttmetal.create_buffer"() {{.*}} -> memref<1x2x!ttcore.tile<32x32, f32>, #ttcore.cb_layout<8192x4096, 1>, #l1>
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @reader()
// CHECK: scf.for
// CHECK-NEXT: arith.index_cast
// CHECK-NOT: ttkernel.noc_async_read_tile(
// CHECK: scf.for
// CHECK: ttkernel.noc_async_read_tile(
// CHECK-NEXT: ttkernel.cb_reserve_back(
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: ttkernel.cb_pop_front(
// CHECK: scf.for
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
func.func @two_pass(%y: tensor<32x5120xf32>, %g: tensor<32x5120xf32>) -> tensor<32x5120xf32> {
  %0 = "ttir.multiply"(%g, %y) : (tensor<32x5120xf32>, tensor<32x5120xf32>) -> tensor<32x5120xf32>
  %1 = "ttir.sum"(%0) {dim_arg = [1 : i32], keep_dim = true} : (tensor<32x5120xf32>) -> tensor<32x1xf32>
  %2 = "ttir.subtract"(%g, %1) : (tensor<32x5120xf32>, tensor<32x1xf32>) -> tensor<32x5120xf32>
  %3 = "ttir.multiply"(%y, %2) : (tensor<32x5120xf32>, tensor<32x5120xf32>) -> tensor<32x5120xf32>
  return %3 : tensor<32x5120xf32>
}

// -----

// A sum over an outer dim (across tiles only): no in-tile reduce, no broadcast (the reader
// has no f32 CB); the finished sum packed straight to the CB the second pass reads.
// CHECK-LABEL: func.func @outer(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @reader()
// CHECK-NOT: f32>>
// CHECK: func.func @compute()
// CHECK-NOT: reduce_tile
// CHECK: ttkernel.add_binary_tile(
// CHECK: func.func @writer()
func.func @outer(%y: tensor<3x40x64xbf16>, %g: tensor<3x40x64xbf16>) -> tensor<3x40x64xbf16> {
  %0 = "ttir.multiply"(%g, %y) : (tensor<3x40x64xbf16>, tensor<3x40x64xbf16>) -> tensor<3x40x64xbf16>
  %1 = "ttir.sum"(%0) {dim_arg = [0 : i32], keep_dim = true} : (tensor<3x40x64xbf16>) -> tensor<1x40x64xbf16>
  %2 = "ttir.subtract"(%g, %1) : (tensor<3x40x64xbf16>, tensor<1x40x64xbf16>) -> tensor<3x40x64xbf16>
  return %2 : tensor<3x40x64xbf16>
}

// -----

// Two sums over the rows (layer norm's mean(g) and mean(g * x)), read back by one result: both
// terms in the first pass (one reduce_tile<reduce_dim_col> each), both finished sums broadcast
// (two f32 pages), each read by its page in the second pass.
// CHECK-LABEL: func.func @two_sums(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @reader()
// CHECK: ttkernel.get_compile_time_arg_val(6) : () -> !ttkernel.cb<2, !ttcore.tile<32x32, f32>>
// CHECK: func.func @compute()
// CHECK: ttkernel.reduce_tile({{.*}}, <reduce_sum>, <reduce_dim_col>)
// CHECK: ttkernel.reduce_tile({{.*}}, <reduce_sum>, <reduce_dim_col>)
// CHECK: ttkernel.cb_wait_front(%[[SUMS:.*]], %c2_i32) : (!ttkernel.cb<2, !ttcore.tile<32x32, f32>>, i32) -> ()
// CHECK: ttkernel.copy_tile(%[[SUMS]], %c{{[0-9]+}}_i32, %c{{[0-9]+}}_i32)
// CHECK: ttkernel.copy_tile(%[[SUMS]], %c1_i32,
func.func @two_sums(%g: tensor<70x48xf32>, %x: tensor<70x48xf32>) -> tensor<70x48xf32> {
  %0 = "ttir.sum"(%g) {dim_arg = [0 : i32], keep_dim = true} : (tensor<70x48xf32>) -> tensor<1x48xf32>
  %1 = "ttir.multiply"(%g, %x) : (tensor<70x48xf32>, tensor<70x48xf32>) -> tensor<70x48xf32>
  %2 = "ttir.sum"(%1) {dim_arg = [0 : i32], keep_dim = true} : (tensor<70x48xf32>) -> tensor<1x48xf32>
  %3 = "ttir.subtract"(%g, %0) : (tensor<70x48xf32>, tensor<1x48xf32>) -> tensor<70x48xf32>
  %4 = "ttir.multiply"(%x, %2) : (tensor<70x48xf32>, tensor<1x48xf32>) -> tensor<70x48xf32>
  %5 = "ttir.subtract"(%3, %4) : (tensor<70x48xf32>, tensor<70x48xf32>) -> tensor<70x48xf32>
  return %5 : tensor<70x48xf32>
}
