// RUN: ttbw-opt --convert-ttir-to-ttkernel %s | FileCheck %s
// No broadcast: one fused program (the mul_bw decomposed, its TTIR fused through device
// linalg, lowered by the generic codegen). The function becomes a nested module holding the
// reader / compute / writer kernels and the host program description; grad, a and b are
// read once (buffers named after the decomposed function's arguments), each product is one
// FPU multiply, and only the two outputs go to DRAM.

// CHECK-LABEL: module @same_shape attributes {ttbw.program = "{\22version\22:1,\22op\22:\22ttir.mul_bw\22,\22variant\22:\22generic\22,\22grid\22:[8,8]
// CHECK-SAME: {\22name\22:\22arg0\22,\22role\22:\22input\22,\22shape\22:[1,1,32,64],\22dtype\22:\22bf16\22,\22layout\22:\22tile\22,\22memory\22:\22dram\22,{{.*}}\22arg\22:0}
// CHECK-SAME: {\22name\22:\22result0\22,\22role\22:\22output\22,{{.*}}\22result\22:0}
// CHECK-SAME: \22circular_buffers\22:[{\22index\22:0,\22format\22:\22bf16\22,\22pages\22:2,\22page_size\22:2048}
// CHECK-SAME: {\22name\22:\22reader\22,\22thread\22:\22noc\22,\22processor\22:\22reader\22,\22compile_args\22:[0,1,2,23,2,2,2],{{.*}}\22runtime_arg_layout\22:[\22addr_in0\22,\22addr_in1\22,\22addr_in2\22,\22first_unit\22,\22num_units\22,\22inner\22,
// CHECK-SAME: \22runtime_args\22:[{\22core\22:[0,0],\22args\22:[{\22address_of\22:\22arg0\22},{\22address_of\22:\22arg2\22},{\22address_of\22:\22arg1\22},0,1,

// CHECK: func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK-COUNT-3: "ttkernel.noc_async_read_tile"
// CHECK-NOT: noc_async_write_tile
// CHECK: func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>}
// CHECK-DAG: %[[G:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}>
// CHECK-DAG: %[[B:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 1 : i32}>
// CHECK-DAG: %[[A:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 2 : i32}>
// CHECK-DAG: %[[OA:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 3 : i32}>
// CHECK-DAG: %[[OB:.*]] = "ttkernel.get_compile_time_arg_val"() <{arg_index = 11 : i32}>
// CHECK: scf.for
// CHECK: "ttkernel.cb_wait_front"(%[[G]],
// CHECK: scf.for
// CHECK: "ttkernel.tile_regs_acquire"
// CHECK: "ttkernel.mul_tiles"(%[[G]], %[[B]], %c0_i32, %c0_i32, %c0_i32)
// CHECK: "ttkernel.pack_tile"(%c0_i32, %[[OA]], %c0_i32)
// CHECK: "ttkernel.tile_regs_acquire"
// CHECK: "ttkernel.mul_tiles"(%[[G]], %[[A]], %c0_i32, %c0_i32, %c0_i32)
// CHECK: "ttkernel.pack_tile"(%c0_i32, %[[OB]], %c0_i32)
// CHECK-NOT: noc_async_write_tile
// CHECK: func.func @writer() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK-NOT: noc_async_read_tile
// CHECK-COUNT-2: "ttkernel.noc_async_write_tile"
// CHECK-NOT: noc_async_write_tile
// CHECK-NOT: ttir.
func.func @same_shape(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>
}
