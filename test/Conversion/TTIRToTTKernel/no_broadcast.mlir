// RUN: ttbw-opt --convert-ttir-to-ttkernel %s | FileCheck %s
// No broadcast: one fused program. The function becomes a nested module holding the
// reader / compute / writer kernels and the host program description; grad, a and b are
// read once, both products come from one DST pass, and only the two outputs go to DRAM.

// CHECK-LABEL: func.func @same_shape(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @same_shape_program {

// CHECK: func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK-COUNT-3: ttkernel.noc_async_read_tile(
// CHECK-NOT: noc_async_write_tile
// CHECK: func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>}
// CHECK-DAG: %[[G:.*]] = ttkernel.get_compile_time_arg_val(0)
// CHECK-DAG: %[[Y:.*]] = ttkernel.get_compile_time_arg_val(1)
// CHECK-DAG: %[[X:.*]] = ttkernel.get_compile_time_arg_val(2)
// CHECK-DAG: %[[OY:.*]] = ttkernel.get_compile_time_arg_val(6)
// CHECK-DAG: %[[OX:.*]] = ttkernel.get_compile_time_arg_val(7)
// CHECK: scf.for
// CHECK: ttkernel.cb_wait_front(%[[X]],
// CHECK: scf.for
// CHECK: ttkernel.cb_wait_front(%[[G]],
// CHECK: ttkernel.cb_wait_front(%[[Y]],
// CHECK: ttkernel.tile_regs_acquire(
// CHECK: ttkernel.mul_tiles(%[[G]], %[[X]], %c0_i32, %c0_i32, %c0_i32)
// CHECK: ttkernel.mul_tiles(%[[G]], %[[Y]], %c0_i32, %c0_i32, %c1_i32)
// CHECK: ttkernel.tile_regs_commit(
// CHECK: ttkernel.pack_tile(%c0_i32, %[[OY]], %c0_i32, false)
// CHECK: ttkernel.pack_tile(%c1_i32, %[[OX]], %c0_i32, false)
// CHECK-NOT: noc_async_write_tile
// CHECK: func.func @writer() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK-NOT: noc_async_read_tile
// CHECK-DAG: %[[WOY:.*]] = ttkernel.get_compile_time_arg_val(0)
// CHECK-DAG: %[[WOX:.*]] = ttkernel.get_compile_time_arg_val(1)
// CHECK: ttkernel.cb_wait_front(%[[WOY]],
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: ttkernel.cb_wait_front(%[[WOX]],
// CHECK: ttkernel.noc_async_write_tile(
// CHECK-NOT: noc_async_write_tile
// CHECK-NOT: ttir.
func.func @same_shape(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>
}
