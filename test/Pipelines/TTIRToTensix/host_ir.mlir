// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline="grid=2x1" %s | FileCheck %s
// The host program is tt-mlir's TTMetal IR (verified by tt-mlir): a host function taking and
// returning host memrefs creates the device buffers (interleaved pages: tiles or rows, in DRAM
// or L1), writes the arguments, enqueues the program (buffers, then a runtime scalar, then the
// CBs on their ports; one kernel config per kernel with its buffer addresses as rt_args),
// reads the results back, finishes and deallocates. What TTMetal cannot say is in ttbw.*
// attributes: names and unpadded shapes of buffers, the grid, per-core runtime args. Addresses
// are the allocation step's (lowering/addresses.py): DRAM buffers bottom-up from 0x10000, each
// 32-byte aligned per bank (here one 2048-byte tile per bank), a program's CBs from L1 address 0.

// CHECK-LABEL: func.func @same_shape(%arg0: memref<1x1x32x64xbf16>, %arg1: memref<1x1x32x64xbf16>, %arg2: memref<1x1x32x64xbf16>) -> (memref<1x1x32x64xbf16>, memref<1x1x32x64xbf16>) attributes {ttbw.grid = array<i64: 2, 1>}
// CHECK: %[[G:.*]] = "ttmetal.create_buffer"() <{address = 65536 : i64}> {ttbw.name = "arg0", ttbw.shape = array<i64: 1, 1, 32, 64>} : () -> memref<1x1x1x2x!ttcore.tile<32x32, bf16>, #ttcore.interleaved<4096x2048>, #dram>
// CHECK: %[[A:.*]] = "ttmetal.create_buffer"() <{address = 67584 : i64}> {ttbw.name = "arg1"
// CHECK: %[[B:.*]] = "ttmetal.create_buffer"() <{address = 69632 : i64}> {ttbw.name = "arg2"
// CHECK: %[[IG:.*]] = "ttmetal.create_buffer"() <{address = 71680 : i64}> {ttbw.name = "result0"
// CHECK: %[[OG:.*]] = "ttmetal.create_buffer"() <{address = 73728 : i64}> {ttbw.name = "result1"
// CHECK: "ttmetal.enqueue_write_buffer"(%arg0, %[[G]])
// CHECK: "ttmetal.enqueue_write_buffer"(%arg1, %[[A]])
// CHECK: "ttmetal.enqueue_write_buffer"(%arg2, %[[B]])
// CHECK: %[[CB0:.*]] = "ttmetal.create_buffer"() <{address = 0 : i64}> : () -> memref<1x2x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<4096x2048, 1>, #l1>
// CHECK: "ttmetal.enqueue_program"(%[[G]], %[[B]], %[[A]], %[[IG]], %[[OG]], %[[CB0]], %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}})
// CHECK-SAME: cb_ports = array<i64: 0, 1, 2, 16, 24>
// CHECK-SAME: #ttmetal.noc_config<@same_shape_program::@reader, #ttmetal.core_range<0x0, 1x2>, #ttmetal.kernel_args<rt_args = [<buffer_address[0]>, <buffer_address[1]>, <buffer_address[2]>] >, noc0>
// CHECK-SAME: #ttmetal.compute_config<@same_shape_program::@compute, #ttmetal.core_range<0x0, 1x2>, #ttmetal.kernel_args< >, hifi4, false, false, false, [default]>
// CHECK-SAME: #ttmetal.noc_config<@same_shape_program::@writer, #ttmetal.core_range<0x0, 1x2>, #ttmetal.kernel_args<rt_args = [<buffer_address[3]>, <buffer_address[4]>] >, noc1>
// CHECK-SAME: operandSegmentSizes = array<i32: 5, 5>
// CHECK-SAME: ttbw.kernels = [{address_buffers = array<i64: 0, 1, 2>, address_slots = array<i64: 0, 1, 2>, compile_args = array<i64: 0, 1, 2, 23, 2, 2, 2>, cores = array<i64: 0, 0, 1, 0>
// CHECK-SAME: runtime_arg_layout = ["addr_in0", "addr_in1", "addr_in2", "first_unit", "num_units"
// CHECK-SAME: runtime_args = [array<i64: 0, 0, 0, 0, 1,
// CHECK-SAME: array<i64: 0, 0, 0, 1, 1,
// CHECK: "ttmetal.deallocate_buffer"(%[[CB0]])
// CHECK: %[[R0:.*]] = memref.alloc() : memref<1x1x32x64xbf16>
// CHECK-NEXT: "ttmetal.enqueue_read_buffer"(%[[IG]], %[[R0]])
// CHECK: %[[R1:.*]] = memref.alloc() : memref<1x1x32x64xbf16>
// CHECK-NEXT: "ttmetal.enqueue_read_buffer"(%[[OG]], %[[R1]])
// CHECK-NEXT: "ttmetal.finish"() : () -> ()
// CHECK: "ttmetal.deallocate_buffer"(%[[G]])
// CHECK: return %[[R0]], %[[R1]] : memref<1x1x32x64xbf16>, memref<1x1x32x64xbf16>
// CHECK: module @same_shape_program {
// CHECK: func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK: func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>}
// CHECK: func.func @writer() attributes {ttkernel.thread = #ttkernel.thread<noc>}
func.func @same_shape(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>
}

// -----

// A runtime scalar: the f32 argument is an operand of enqueue_program; ttbw.kernels says
// which compute args take its encoding (m, n_up, n_down). f32 data: fp32 DST.
// CHECK-LABEL: func.func @runtime_scalar(%arg0: memref<1x4xf32>, %arg1: memref<1x4xf32>, %arg2: f32) -> memref<1x4xf32>
// CHECK: "ttmetal.enqueue_write_buffer"(%arg0,
// CHECK-NOT: "ttmetal.enqueue_write_buffer"
// CHECK: "ttmetal.enqueue_program"(%{{[0-9]+}}, %{{[0-9]+}}, %arg2, %{{[0-9]+}}, %{{[0-9]+}})
// CHECK-SAME: #ttmetal.compute_config<@runtime_scalar_program::@compute, #ttmetal.core_range<0x0, 1x1>, #ttmetal.kernel_args< >, hifi4, true,
// CHECK-SAME: operandSegmentSizes = array<i32: 3, 2>
// CHECK-SAME: runtime_arg_layout = ["num_units", "inner", "scalar_m", "scalar_n_up", "scalar_n_down"], runtime_args = [array<i64: 1, 1, 0, 0, 0>], scalar_slots = array<i64: 2, 3, 4>}
func.func @runtime_scalar(%grad: tensor<1x4xf32>, %a: tensor<1x4xf32>, %b: f32) -> tensor<1x4xf32> {
  %0 = "ttir.mul_bw"(%grad, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<1x4xf32>, tensor<1x4xf32>, f32) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

// Buffer types: a ROW_MAJOR buffer (one page per row), a bfloat8_b tile buffer (1088-byte
// pages); with a scalar b, a is not read: no buffer.
// CHECK-LABEL: func.func @types(%arg0: memref<32x32xbf16>, %arg1: memref<32x32xbf16>) -> memref<32x32xbf16>
// CHECK: ttbw.name = "arg0", ttbw.shape = array<i64: 32, 32>} : () -> memref<1x1x32x32xbf16, #ttcore.interleaved<64x2>, #dram>
// CHECK-NOT: ttbw.name = "arg1"
// CHECK: ttbw.name = "result0", ttbw.shape = array<i64: 32, 32>} : () -> memref<1x1x1x1x!ttcore.tile<32x32, bfp_bf8>, #ttcore.interleaved<1088x1088>, #dram>
func.func @types(%grad: tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>, %a: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">> {
  %b = arith.constant 2.0 : f32
  %0 = "ttir.mul_bw"(%grad, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, f32) -> tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
  return %0 : tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
}

// -----

// A rank-0 value: a one-element host memref marked ttbw.shape = [] (TTMetal transfers need a
// rank); its ROW_MAJOR buffer is one row of one element.
// CHECK-LABEL: func.func @rank0(%arg0: memref<3x5xf32>, %arg1: memref<1xf32> {ttbw.shape = array<i64>}, %arg2: memref<3x5xf32>) -> (memref<1xf32> {ttbw.shape = array<i64>}, memref<3x5xf32>)
// CHECK: ttbw.name = "arg1", ttbw.shape = array<i64: 1, 1>} : () -> memref<1x1x1x1xf32, #ttcore.interleaved<4x4>, #dram>
func.func @rank0(%g: tensor<3x5xf32, #ttir.layout<"f32", "row_major">>, %a: tensor<f32, #ttir.layout<"f32", "row_major">>, %b: tensor<3x5xf32>) -> (tensor<f32, #ttir.layout<"f32", "row_major">>, tensor<3x5xf32>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<3x5xf32, #ttir.layout<"f32", "row_major">>, tensor<f32, #ttir.layout<"f32", "row_major">>, tensor<3x5xf32>) -> (tensor<f32, #ttir.layout<"f32", "row_major">>, tensor<3x5xf32>)
  return %0#0, %0#1 : tensor<f32, #ttir.layout<"f32", "row_major">>, tensor<3x5xf32>
}
