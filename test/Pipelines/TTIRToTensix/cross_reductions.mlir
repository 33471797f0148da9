// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s | FileCheck %s
// Sibling reductions over three and four different sets of dims, in one program. The units
// are the tile axes every reduction keeps; the other tile axes are a middle and an inner loop,
// each reduction keeping all or none of each: its partial is one f32 tile per middle step
// (written after the inner loop), a FIFO of one tile per inner position (written after the
// middle loop), one tile per unit (written after the middle loop) or one per step (a sum
// inside the tile only; written in the inner loop). The middle loop is one class of tile axes
// (by the reductions keeping them), the inner loop the others, in some order: a reduction
// keeping only its fastest axes has a FIFO over those (its page count a runtime arg,
// `pages_out<j>`; with the middle loop, zeroed per middle step). Of the orders that work, the
// one whose FIFOs hold the fewest tiles. (A partial is two f32 tiles, its sum and its Kahan
// compensation: a FIFO of n partials is a CB of 2n tiles.)

// addcmul_bw with every operand broadcast: grad_a sums every tile axis (one partial per unit:
// one unit, one core), grad_t1 keeps both (its rows summed inside the tile, per step), grad_t2
// keeps the columns: they are the middle loop (a partial per middle step), so no FIFO.
// CHECK-LABEL: func.func @addcmul_cross_rank(
// CHECK: "ttmetal.enqueue_program"
// CHECK-SAME: #ttmetal.core_range<0x0, 1x1>
// CHECK-NOT: pages_out
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @addcmul_cross_rank_program {
// CHECK: func.func @writer()
// CHECK: %[[OUT_A:.*]] = ttkernel.get_compile_time_arg_val(0)
// CHECK: %[[OUT_T1:.*]] = ttkernel.get_compile_time_arg_val(1)
// CHECK: %[[OUT_T2:.*]] = ttkernel.get_compile_time_arg_val(2)
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: ttkernel.cb_wait_front(%[[OUT_T1]],
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: }
// CHECK: ttkernel.cb_wait_front(%[[OUT_T2]],
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: }
// CHECK: ttkernel.cb_wait_front(%[[OUT_A]],
// CHECK: ttkernel.noc_async_write_tile(
// CHECK-NOT: noc_async_write_tile
func.func @addcmul_cross_rank(%g: tensor<2x32x64xbf16>, %a: tensor<32x1xbf16>, %t1: tensor<2x1x64xbf16>, %t2: tensor<64xbf16>) -> (tensor<32x1xbf16>, tensor<2x1x64xbf16>, tensor<64xbf16>) {
  %0:3 = ttir.addcmul_bw %g, %a, %t1, %t2 {value = 0.5 : f32} : tensor<2x32x64xbf16>, tensor<32x1xbf16>, tensor<2x1x64xbf16>, tensor<64xbf16> -> tensor<32x1xbf16>, tensor<2x1x64xbf16>, tensor<64xbf16>
  return %0#0, %0#1, %0#2 : tensor<32x1xbf16>, tensor<2x1x64xbf16>, tensor<64xbf16>
}

// -----

// Four sums of x: the batch dim every one keeps (the units: 2 cores), the channels (3) and the
// columns (2 tiles) the two loops; the rows summed inside the tile by all. The columns are the
// inner loop (a FIFO of 2 tiles, not 3): %0 per unit, %1 per middle step, %2 in the FIFO, %3
// per step.
// CHECK-LABEL: func.func @four_sums(
// CHECK: memref<1x2x!ttcore.tile<32x32, f32>, #ttcore.cb_layout<8192x4096
// CHECK: "ttmetal.enqueue_program"
// CHECK-SAME: #ttmetal.core_range<0x0, 1x2>
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @four_sums_program {
// CHECK: func.func @writer()
// CHECK: %[[OUT0:.*]] = ttkernel.get_compile_time_arg_val(0)
// CHECK: %[[OUT1:.*]] = ttkernel.get_compile_time_arg_val(1)
// CHECK: %[[OUT2:.*]] = ttkernel.get_compile_time_arg_val(2)
// CHECK: %[[OUT3:.*]] = ttkernel.get_compile_time_arg_val(3)
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: ttkernel.cb_wait_front(%[[OUT3]],
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: }
// CHECK: ttkernel.cb_wait_front(%[[OUT1]],
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: }
// CHECK: scf.for
// CHECK: ttkernel.cb_wait_front(%[[OUT2]],
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: }
// CHECK: ttkernel.cb_wait_front(%[[OUT0]],
// CHECK: ttkernel.noc_async_write_tile(
// CHECK-NOT: noc_async_write_tile
func.func @four_sums(%x: tensor<2x3x32x64xbf16>) -> (tensor<2x1x1x1xbf16>, tensor<2x3x1x1xbf16>, tensor<2x1x1x64xbf16>, tensor<2x3x1x64xbf16>) {
  %0 = "ttir.sum"(%x) {dim_arg = [1 : i32, 2 : i32, 3 : i32], keep_dim = true} : (tensor<2x3x32x64xbf16>) -> tensor<2x1x1x1xbf16>
  %1 = "ttir.sum"(%x) {dim_arg = [2 : i32, 3 : i32], keep_dim = true} : (tensor<2x3x32x64xbf16>) -> tensor<2x3x1x1xbf16>
  %2 = "ttir.sum"(%x) {dim_arg = [1 : i32, 2 : i32], keep_dim = true} : (tensor<2x3x32x64xbf16>) -> tensor<2x1x1x64xbf16>
  %3 = "ttir.sum"(%x) {dim_arg = [2 : i32], keep_dim = true} : (tensor<2x3x32x64xbf16>) -> tensor<2x3x1x64xbf16>
  return %0, %1, %2, %3 : tensor<2x1x1x1xbf16>, tensor<2x3x1x1xbf16>, tensor<2x1x1x64xbf16>, tensor<2x3x1x64xbf16>
}

// -----

// Three classes of tile axes: the batch (only grad_a keeps it), the rows (no reduction keeps
// them), the columns (only grad_t2 keeps them); grad_t1 is elementwise. The batch is the middle
// loop (grad_a's partial per middle step), rows and columns the inner loop: grad_t2 keeps its
// fastest axis, a FIFO of 3 pages (not 6), zeroed per unit and written after the middle loop.
// CHECK-LABEL: func.func @inner_suffix_fifo(
// CHECK: memref<1x6x!ttcore.tile<32x32, f32>, #ttcore.cb_layout<24576x4096
// CHECK-NOT: memref<1x12x!ttcore.tile<32x32, f32>
// CHECK: "ttmetal.enqueue_program"
// CHECK-SAME: "pages_out2"]
// CHECK-SAME: "pages_out2"]
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @writer()
// CHECK: %[[OUT2:.*]] = ttkernel.get_compile_time_arg_val(2)
// CHECK: scf.for
// CHECK: %[[PAGES:.*]] = ttkernel.get_arg_val(
// CHECK: scf.for
// CHECK: scf.for
// CHECK: }
// CHECK: %[[N:.*]] = arith.index_cast %[[PAGES]] : i32 to index
// CHECK-NEXT: %{{.*}} = arith.constant 0 : index
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[N]]
// CHECK: ttkernel.cb_wait_front(%[[OUT2]],
// CHECK: ttkernel.noc_async_write_tile(
// CHECK-NOT: noc_async_write_tile
func.func @inner_suffix_fifo(%g: tensor<3x64x96xbf16>, %a: tensor<3x1x1xbf16>, %t1: tensor<3x64x96xbf16>, %t2: tensor<1x96xbf16>) -> (tensor<3x1x1xbf16>, tensor<3x64x96xbf16>, tensor<1x96xbf16>) {
  %0:3 = ttir.addcmul_bw %g, %a, %t1, %t2 {value = 0.5 : f32} : tensor<3x64x96xbf16>, tensor<3x1x1xbf16>, tensor<3x64x96xbf16>, tensor<1x96xbf16> -> tensor<3x1x1xbf16>, tensor<3x64x96xbf16>, tensor<1x96xbf16>
  return %0#0, %0#1, %0#2 : tensor<3x1x1xbf16>, tensor<3x64x96xbf16>, tensor<1x96xbf16>
}

// -----

// grad_t1 keeps the columns (the middle loop) and the rows but not the batch: the inner loop is
// batch then rows, grad_t1's partials a FIFO over the rows (2 pages) zeroed per middle step and
// written after its inner loop; grad_t2 keeps batch and rows, the whole inner loop (a FIFO of 6).
// CHECK-LABEL: func.func @middle_and_inner_suffix(
// CHECK: memref<1x12x!ttcore.tile<32x32, f32>, #ttcore.cb_layout<49152x4096
// CHECK: "ttmetal.enqueue_program"
// CHECK-SAME: "pages_out1"]
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @writer()
// CHECK: %[[OUT1:.*]] = ttkernel.get_compile_time_arg_val(1)
// CHECK: scf.for
// CHECK: %[[PAGES:.*]] = ttkernel.get_arg_val(
// CHECK: scf.for
// CHECK: ttkernel.noc_async_write_tile(
// CHECK: %[[N:.*]] = arith.index_cast %[[PAGES]] : i32 to index
// CHECK-NEXT: %{{.*}} = arith.constant 0 : index
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[N]]
// CHECK: ttkernel.cb_wait_front(%[[OUT1]],
// CHECK: }
// CHECK-NEXT: }
func.func @middle_and_inner_suffix(%g: tensor<3x64x96xbf16>, %a: tensor<96xbf16>, %t1: tensor<64x96xbf16>, %t2: tensor<3x64x1xbf16>) -> (tensor<96xbf16>, tensor<64x96xbf16>, tensor<3x64x1xbf16>) {
  %0:3 = ttir.addcmul_bw %g, %a, %t1, %t2 {value = 0.5 : f32} : tensor<3x64x96xbf16>, tensor<96xbf16>, tensor<64x96xbf16>, tensor<3x64x1xbf16> -> tensor<96xbf16>, tensor<64x96xbf16>, tensor<3x64x1xbf16>
  return %0#0, %0#1, %0#2 : tensor<96xbf16>, tensor<64x96xbf16>, tensor<3x64x1xbf16>
}
