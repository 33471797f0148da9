// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s | FileCheck %s
// Both operands broadcast: both gradients are sums, over different axes (cross reductions),
// in one program: grad read once, a and b once each. The loop nest per core: units (the tile
// axes both gradients keep), a middle loop over the axes only grad_a keeps (a's tile read once
// per step), the inner loop over the axes only grad_b keeps (b's tiles all held in L1 per
// unit, tile j read at step j); grad_a's partial is one f32 tile per middle step, grad_b's
// partials rotate through an f32 FIFO of one tile per inner step, written after the middle
// loop. Sizes are runtime args (the middle count last in the compute args).

// CHECK: func.func @reader()
// CHECK: scf.for
// CHECK: scf.for
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: scf.for
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: scf.for
// CHECK: ttkernel.noc_async_read_tile(
// CHECK-NOT: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.unary_bcast({{.*}}, <col>)
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.reduce_tile({{.*}}reduce_dim_row
// CHECK: ttkernel.add_binary_tile(
// CHECK: func.func @writer()
// CHECK: scf.for
// CHECK: scf.for
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: scf.for
// CHECK: ttkernel.noc_async_write_tile(
// CHECK-NOT: noc_async_write_tile
func.func @two_sided(%g: tensor<1x3x32x64xbf16>, %a: tensor<1x3x32x1xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x32x64xbf16>, tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>
}

// -----

// Only grad_a requested: one reduction, but b lacks a tile axis the units keep (the channels),
// so the plain walk would read b's tiles once per channel. The same loop nest reads them once:
// b's inner tiles held per unit, the channels a middle loop, no FIFO.
// CHECK-LABEL: func.func @one_sum_broadcast_input(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @one_sum_broadcast_input_program {
// CHECK: func.func @reader()
// CHECK: scf.for
// CHECK: scf.for
// CHECK: ttkernel.noc_async_read_tile(
// CHECK: func.func @compute()
// CHECK: ttkernel.reduce_tile({{.*}}reduce_dim_row
// CHECK: func.func @writer()
// CHECK-COUNT-1: ttkernel.noc_async_write_tile(
// CHECK-NOT: noc_async_write_tile
func.func @one_sum_broadcast_input(%g: tensor<1x3x32x64xbf16>, %a: tensor<1x3x32x1xbf16>, %b: tensor<1x1x32x64xbf16>) -> tensor<1x3x32x1xbf16> {
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<1x3x32x64xbf16>, tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>) -> tensor<1x3x32x1xbf16>
  return %0 : tensor<1x3x32x1xbf16>
}
