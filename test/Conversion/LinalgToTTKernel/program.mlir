// RUN: ttbw-opt --split-input-file --convert-linalg-to-ttkernel="grid=2x1" %s | FileCheck %s
// A program function (ttbw.program: fused device linalg, written here by hand) becomes a module
// of TTKernel reader / compute / writer kernels; the function calling it a TTMetal host
// function: its arguments' buffers written, the program enqueued, its results read back.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @f(%arg0: memref<64x64xbf16>, %arg1: memref<64x64xbf16>) -> (memref<64x64xbf16>, memref<1x64xbf16>) attributes {ttbw.grid = array<i64: 2, 1>}
// CHECK: %[[G:.*]] = "ttmetal.create_buffer"() <{address = 65536 : i64}> {ttbw.name = "arg0", ttbw.shape = array<i64: 64, 64>} : () -> memref<1x1x2x2x!ttcore.tile<32x32, bf16>, #ttcore.interleaved<4096x2048>, #dram>
// CHECK: %[[A:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "arg1"
// CHECK: %[[P:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "result0"
// CHECK: %[[S:.*]] = "ttmetal.create_buffer"() {{.*}}ttbw.name = "result1", ttbw.shape = array<i64: 1, 64>
// CHECK: "ttmetal.enqueue_write_buffer"(%arg0, %[[G]])
// CHECK: "ttmetal.enqueue_write_buffer"(%arg1, %[[A]])
// CHECK: "ttmetal.enqueue_program"(%[[G]], %[[A]], %[[P]], %[[S]],
// CHECK-SAME: @f_program::@reader
// CHECK-SAME: @f_program::@compute
// CHECK-SAME: @f_program::@writer
// CHECK-SAME: kernel = @f_program::@reader, processor = "reader"
// CHECK: "ttmetal.enqueue_read_buffer"(%[[P]],
// CHECK: "ttmetal.enqueue_read_buffer"(%[[S]],
// CHECK: "ttmetal.finish"
// CHECK: module @f_program {
// CHECK: func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK: ttkernel.noc_async_read_tile
// CHECK: func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>}
// CHECK: ttkernel.mul_tiles(
// CHECK: ttkernel.reduce_tile(
// CHECK: func.func @writer() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK: ttkernel.noc_async_write_tile
func.func private @f_program(%g: tensor<64x64xbf16>, %a: tensor<64x64xbf16>) -> (tensor<64x64xbf16>, tensor<1x64xbf16>) attributes {ttbw.program} {
  %0 = tensor.empty() : tensor<64x64xbf16>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%g, %a : tensor<64x64xbf16>, tensor<64x64xbf16>) outs(%0 : tensor<64x64xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %m = arith.mulf %xe, %ye : f32
    %t = arith.truncf %m : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<64x64xbf16>
  %cst = arith.constant 0.000000e+00 : f32
  %2 = tensor.empty() : tensor<1x64xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x64xf32>) -> tensor<1x64xf32>
  %4 = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["reduction", "parallel"]} ins(%g, %a : tensor<64x64xbf16>, tensor<64x64xbf16>) outs(%3 : tensor<1x64xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %m = arith.mulf %xe, %ye : f32
    %t = arith.truncf %m : f32 to bf16
    %te = arith.extf %t : bf16 to f32
    %s = arith.addf %acc, %te : f32
    linalg.yield %s : f32
  } -> tensor<1x64xf32>
  %5 = tensor.empty() : tensor<1x64xbf16>
  %6 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<1x64xf32>) outs(%5 : tensor<1x64xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<1x64xbf16>
  return %1, %6 : tensor<64x64xbf16>, tensor<1x64xbf16>
}
func.func @f(%g: tensor<64x64xbf16>, %a: tensor<64x64xbf16>) -> (tensor<64x64xbf16>, tensor<1x64xbf16>) {
  %0:2 = call @f_program(%g, %a) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> (tensor<64x64xbf16>, tensor<1x64xbf16>)
  return %0#0, %0#1 : tensor<64x64xbf16>, tensor<1x64xbf16>
}

// -----

// A function of no programs whose results all have no elements: a host function allocating them.
// CHECK-LABEL: func.func @empty(%arg0: memref<0x32xbf16>) -> memref<0x32xbf16>
// CHECK-NOT: ttmetal.create_buffer
// CHECK: %[[E:.*]] = memref.alloc() : memref<0x32xbf16>
// CHECK: "ttmetal.finish"
// CHECK: return %[[E]]
func.func @empty(%x: tensor<0x32xbf16>) -> tensor<0x32xbf16> {
  %0 = tensor.empty() : tensor<0x32xbf16>
  return %0 : tensor<0x32xbf16>
}
