// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | FileCheck %s
// No broadcast: one fused program (the mul_bw decomposed, its TTIR fused through device
// linalg, lowered by the generic codegen). The function becomes a nested module holding the
// reader / compute / writer kernels and the host program description; grad, a and b are
// read once (buffers named after the decomposed function's arguments), each product is one
// FPU multiply, and only the two outputs go to DRAM.


// CHECK: func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK-COUNT-3: ttkernel.noc_async_read_tile(
// CHECK-NOT: noc_async_write_tile
// CHECK: func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>}
// CHECK-DAG: %[[G:.*]] = ttkernel.get_compile_time_arg_val(0)
// CHECK-DAG: %[[B:.*]] = ttkernel.get_compile_time_arg_val(1)
// CHECK-DAG: %[[A:.*]] = ttkernel.get_compile_time_arg_val(2)
// CHECK-DAG: %[[OA:.*]] = ttkernel.get_compile_time_arg_val(3)
// CHECK-DAG: %[[OB:.*]] = ttkernel.get_compile_time_arg_val(11)
// CHECK: scf.for
// CHECK: ttkernel.cb_wait_front(%[[G]],
// CHECK: scf.for
// CHECK: ttkernel.tile_regs_acquire(
// CHECK: ttkernel.mul_tiles(%[[G]], %[[B]], %c0_i32, %c0_i32, %c0_i32)
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OA]], %c0_i32, false)
// CHECK: ttkernel.tile_regs_acquire(
// CHECK: ttkernel.mul_tiles(%[[G]], %[[A]], %c0_i32, %c0_i32, %c0_i32)
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OB]], %c0_i32, false)
// CHECK-NOT: noc_async_write_tile
// CHECK: func.func @writer() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK-NOT: noc_async_read_tile
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CHECK-NOT: noc_async_write_tile
// CHECK-NOT: ttir.
func.func @same_shape(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>
}
