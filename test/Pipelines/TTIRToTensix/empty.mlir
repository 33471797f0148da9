// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs="fuse=false" --convert-linalg-to-ttkernel %s | FileCheck %s --check-prefix=COMPOSITE
// Tensors with no elements (a zero-size dim) get no device buffer and no program: the host
// function allocates an empty result and returns it as it is. A result with elements that
// sums over an empty dim is torch's 0: a program of no inputs fills it (the empty tensors
// are never read).

// Every result empty: no buffer, no program, no kernel module.
// CHECK-LABEL: func.func @all_empty(
// CHECK-SAME: %arg0: memref<0x32xbf16>, %arg1: memref<1x32xbf16>) -> memref<0x32xbf16>
// CHECK-NOT: ttmetal.create_buffer
// CHECK-NOT: ttmetal.enqueue_write_buffer
// CHECK-NOT: ttmetal.enqueue_program
// CHECK: %[[R:.*]] = memref.alloc() : memref<0x32xbf16>
// CHECK-NOT: ttmetal.enqueue_read_buffer
// CHECK: "ttmetal.finish"()
// CHECK-NEXT: return %[[R]] : memref<0x32xbf16>
// CHECK-NOT: module @all_empty_program
// COMPOSITE-LABEL: func.func @all_empty(
// COMPOSITE-NOT: ttmetal.create_buffer
// COMPOSITE-NOT: ttmetal.enqueue_program
// COMPOSITE: memref.alloc() : memref<0x32xbf16>
// COMPOSITE-NOT: module @all_empty_0
func.func @all_empty(%x: tensor<0x32xbf16>, %y: tensor<1x32xbf16>) -> tensor<0x32xbf16> {
  %0 = "ttir.multiply"(%x, %y) : (tensor<0x32xbf16>, tensor<1x32xbf16>) -> tensor<0x32xbf16>
  %1 = "ttir.neg"(%0) : (tensor<0x32xbf16>) -> tensor<0x32xbf16>
  return %1 : tensor<0x32xbf16>
}

// -----

// An empty product and its sum over the empty dim (a mul_bw's gradients with grad of shape
// 0x32, b of shape 1x32): only the sum's result has a buffer, written by a program that reads
// nothing (the constant 0 rounded to bf16 by the pack).
// CHECK-LABEL: func.func @sum_over_empty(
// CHECK-NOT: ttmetal.enqueue_write_buffer
// CHECK: %[[OUT:.*]] = "ttmetal.create_buffer"() <{address = 65536 : i64}> {ttbw.name = "result1", ttbw.shape = array<i64: 1, 32>}
// CHECK-NOT: ttmetal.enqueue_write_buffer
// CHECK: "ttmetal.enqueue_program"(%[[OUT]], %{{.*}}) <{cb_ports = array<i64: 16>
// CHECK-SAME: operandSegmentSizes = array<i32: 1, 1>
// CHECK: %[[EMPTY:.*]] = memref.alloc() : memref<0x32xbf16>
// CHECK: %[[SUM:.*]] = memref.alloc() : memref<1x32xbf16>
// CHECK-NEXT: "ttmetal.enqueue_read_buffer"(%[[OUT]], %[[SUM]])
// CHECK: return %[[EMPTY]], %[[SUM]] : memref<0x32xbf16>, memref<1x32xbf16>
// CHECK: module @sum_over_empty_program {
// CHECK: func.func @compute()
// CHECK-NOT: ttkernel.cb_wait_front
// CHECK: ttkernel.fill_tile(
// CHECK: ttkernel.pack_tile(
// COMPOSITE-LABEL: func.func @sum_over_empty(
// COMPOSITE: %[[OUT:.*]] = "ttmetal.create_buffer"() <{address = 65536 : i64}> {ttbw.name = "result1"
// COMPOSITE-NOT: ttmetal.enqueue_write_buffer
// COMPOSITE: "ttmetal.enqueue_program"(%[[OUT]], %{{.*}}) <{cb_ports = array<i64: 16>
// COMPOSITE-SAME: @sum_over_empty_0_sum::@reader
// COMPOSITE-NOT: ttmetal.enqueue_program
// COMPOSITE: return
// COMPOSITE: module @sum_over_empty_0_sum {
// COMPOSITE-NOT: module @sum_over_empty_1
func.func @sum_over_empty(%g: tensor<0x32xbf16>, %a: tensor<0x32xbf16>, %b: tensor<1x32xbf16>) -> (tensor<0x32xbf16>, tensor<1x32xbf16>) {
  %0 = "ttir.multiply"(%g, %b) : (tensor<0x32xbf16>, tensor<1x32xbf16>) -> tensor<0x32xbf16>
  %1 = "ttir.multiply"(%g, %a) : (tensor<0x32xbf16>, tensor<0x32xbf16>) -> tensor<0x32xbf16>
  %2 = "ttir.sum"(%1) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<0x32xbf16>) -> tensor<1x32xbf16>
  return %0, %2 : tensor<0x32xbf16>, tensor<1x32xbf16>
}

// -----

// An f32 sum inside the tile over an empty column dim, read on through a typecast: zeros.
// CHECK-LABEL: func.func @in_tile_sum_over_empty(
// CHECK-SAME: -> memref<3x1xbf16> attributes
// CHECK: %[[OUT:.*]] = "ttmetal.create_buffer"() {{.*}} -> memref<1x1x3x1xbf16, #ttcore.interleaved<2x2>, #dram>
// CHECK: "ttmetal.enqueue_program"(%[[OUT]], %{{[0-9a-z_]+}}) <{
// CHECK: module @in_tile_sum_over_empty_program {
// COMPOSITE-LABEL: func.func @in_tile_sum_over_empty(
// COMPOSITE: module @in_tile_sum_over_empty_0_sum {
// COMPOSITE: module @in_tile_sum_over_empty_1_typecast {
func.func @in_tile_sum_over_empty(%x: tensor<3x0xf32>) -> tensor<3x1xbf16, #ttir.layout<"bf16", "row_major">> {
  %0 = "ttir.sum"(%x) <{dim_arg = [1 : i32], keep_dim = true}> : (tensor<3x0xf32>) -> tensor<3x1xf32>
  %1 = "ttir.typecast"(%0) : (tensor<3x1xf32>) -> tensor<3x1xbf16, #ttir.layout<"bf16", "row_major">>
  return %1 : tensor<3x1xbf16, #ttir.layout<"bf16", "row_major">>
}
