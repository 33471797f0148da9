// RUN: ttbw-opt --ttir-to-tensix-pipeline="fuse=false" %s | FileCheck %s
// RUN: ttbw-opt --ttir-to-tensix-pipeline="fuse=false" %s | ttbw-translate --ttkernel-to-cpp - | FileCheck %s --check-prefix=CPP
// Composite mode (ttnn's composite path): one program per TTIR op of the decomposition, in
// execution order, each a nested module with its own kernels; a manifest module @f
// to DRAM by one program's writer and read back by the next program's reader.

// No broadcast: two elementwise multiplies (the generic codegen: a bf16 x bf16 product is
// exact on the FPU, mul_tiles, rounded once at the pack), both results, no intermediate.
// CHECK-LABEL: func.func @same_shape(
// CHECK: "ttmetal.enqueue_program"
// CHECK: func.func @reader() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK: func.func @compute() attributes {ttkernel.thread = #ttkernel.thread<compute>}
// CHECK: ttkernel.mul_tiles(
// CHECK: func.func @writer() attributes {ttkernel.thread = #ttkernel.thread<noc>}
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: module @same_shape_1_multiply {
// CHECK: ttkernel.mul_tiles(
// CHECK-NOT: module @same_shape_2
// CHECK-NOT: ttir.
func.func @same_shape(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>
}

// Row broadcast b (1x1x1x64), grad_b only: multiply program (grad * a -> DRAM intermediate
// multiply0), then a sum program (sum over H: reduce_tile over rows) reading multiply0.
// CHECK-LABEL: func.func @row(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @row_0_multiply {
// CHECK: func.func @writer()
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: module @row_1_sum {
// CHECK: func.func @reader()
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK: ttkernel.reduce_tile(
// CHECK-NOT: module @row_2
func.func @row(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x1x64xbf16>) -> tensor<1x1x1x64xbf16> {
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: false, true>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 0, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>) -> tensor<1x1x1x64xbf16>
  return %0 : tensor<1x1x1x64xbf16>
}

// Both gradients, b (64) broadcast over batch and H: a broadcast multiply (grad * bcast(b), b's
// tile held per unit), a multiply into DRAM, a sum program over leading + H dims, and
// a free reshape (1x1x1x64 -> 64) listed as an alias.
// CHECK-LABEL: func.func @both(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @both_0_multiply {
// CHECK: module @both_1_multiply {
// CHECK: module @both_2_sum {
func.func @both(%g: tensor<2x3x32x64xbf16>, %a: tensor<2x3x32x64xbf16>, %b: tensor<64xbf16>) -> (tensor<2x3x32x64xbf16>, tensor<64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x3x32x64xbf16>, tensor<2x3x32x64xbf16>, tensor<64xbf16>) -> (tensor<2x3x32x64xbf16>, tensor<64xbf16>)
  return %0#0, %0#1 : tensor<2x3x32x64xbf16>, tensor<64xbf16>
}

// ttbw-translate finds every program module (the manifest modules hold no kernels).
// CPP: // ===== kernel: same_shape_0_multiply.reader =====
// CPP: // ===== kernel: same_shape_0_multiply.compute =====
// CPP: mul_tiles(
// CPP: // ===== kernel: same_shape_0_multiply.writer =====
// CPP: // ===== kernel: same_shape_1_multiply.writer =====
// CPP: // ===== kernel: row_0_multiply.writer =====
// CPP: noc_async_write_tile(
// CPP: // ===== kernel: row_1_sum.reader =====
// CPP: noc_async_read_tile(
// CPP: // ===== kernel: row_1_sum.compute =====
// CPP: reduce_tile
// CPP: // ===== kernel: both_0_multiply.writer =====
// CPP: // ===== kernel: both_2_sum.writer =====
