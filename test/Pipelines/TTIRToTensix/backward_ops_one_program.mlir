// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s | FileCheck %s
// A backward op with broadcast operands lowers to one program with one compute kernel: the
// gradients and the broadcast sums (reduce_tile) of every op, in the same kernel.

// CHECK-LABEL: func.func @add_bw
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @add_bw_program
// CHECK: func.func @reader
// CHECK: func.func @compute
// CHECK: ttkernel.reduce_tile(
// CHECK: func.func @writer
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CHECK-NOT: func.func @compute
func.func @add_bw(%g: tensor<1x2x32x64xbf16>, %a: tensor<1x2x32x1xbf16>, %b: tensor<64xbf16>) -> (tensor<1x2x32x1xbf16>, tensor<64xbf16>) {
  %0:2 = ttir.add_bw %g, %a, %b : tensor<1x2x32x64xbf16>, tensor<1x2x32x1xbf16>, tensor<64xbf16> -> input_grad tensor<1x2x32x1xbf16> other_grad tensor<64xbf16>
  return %0#0, %0#1 : tensor<1x2x32x1xbf16>, tensor<64xbf16>
}

// -----

// sub_bw with alpha: input_grad = g, other_grad = -2.5 g (f32, the scalar filled) summed over
// b's broadcast columns (reduce_tile), both in one compute kernel.
// CHECK-LABEL: func.func @subalpha_bw
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @subalpha_bw_program
// CHECK: func.func @compute
// CHECK: ttkernel.mul_binary_tile(
// CHECK: ttkernel.reduce_tile(
// CHECK: func.func @writer
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CHECK-NOT: func.func @compute
func.func @subalpha_bw(%g: tensor<32x64xbf16>, %a: tensor<32x64xbf16>, %b: tensor<32x1xbf16>) -> (tensor<32x64xbf16>, tensor<32x1xbf16>) {
  %0:2 = ttir.subalpha_bw %g, %a, %b {alpha = 2.5 : f32} : tensor<32x64xbf16>, tensor<32x64xbf16>, tensor<32x1xbf16> -> input_grad tensor<32x64xbf16> other_grad tensor<32x1xbf16>
  return %0#0, %0#1 : tensor<32x64xbf16>, tensor<32x1xbf16>
}

// -----

// sub_bw: other_grad = -g summed over b's broadcast batch and rows: negative_tile, reduce_tile.
// CHECK-LABEL: func.func @sub_bw
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @sub_bw_program
// CHECK: func.func @compute
// CHECK: ttkernel.negative_tile(
// CHECK: ttkernel.reduce_tile(
// CHECK: func.func @writer
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CHECK-NOT: func.func @compute
func.func @sub_bw(%g: tensor<2x32x64xbf16>, %a: tensor<2x32x64xbf16>, %b: tensor<1x64xbf16>) -> (tensor<2x32x64xbf16>, tensor<1x64xbf16>) {
  %0:2 = ttir.sub_bw %g, %a, %b : tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<1x64xbf16> -> input_grad tensor<2x32x64xbf16> other_grad tensor<1x64xbf16>
  return %0#0, %0#1 : tensor<2x32x64xbf16>, tensor<1x64xbf16>
}

// -----

// CHECK-LABEL: func.func @div_bw
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @div_bw_program
// CHECK: func.func @compute
// CHECK: ttkernel.div_binary_tile(
// CHECK: ttkernel.reduce_tile(
// CHECK: func.func @writer
// CHECK-NOT: func.func @compute
func.func @div_bw(%g: tensor<1x2x32x64xbf16>, %a: tensor<1x2x32x64xbf16>, %b: tensor<1x1x32x1xbf16>) -> (tensor<1x2x32x64xbf16>, tensor<1x1x32x1xbf16>) {
  %0:2 = ttir.div_bw %g, %a, %b : tensor<1x2x32x64xbf16>, tensor<1x2x32x64xbf16>, tensor<1x1x32x1xbf16> -> input_grad tensor<1x2x32x64xbf16> other_grad tensor<1x1x32x1xbf16>
  return %0#0, %0#1 : tensor<1x2x32x64xbf16>, tensor<1x1x32x1xbf16>
}

// -----

// CHECK-LABEL: func.func @where_bw
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @where_bw_program
// CHECK: func.func @compute
// CHECK: ttkernel.where_tile
// CHECK: ttkernel.reduce_tile(
// CHECK: func.func @writer
// CHECK-NOT: func.func @compute
func.func @where_bw(%g: tensor<2x32x64xbf16>, %c: tensor<2x32x64xbf16>, %a: tensor<2x32x64xbf16>, %b: tensor<1x64xbf16>) -> (tensor<2x32x64xbf16>, tensor<1x64xbf16>) {
  %0:2 = ttir.where_bw %g, %c, %a, %b : tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<1x64xbf16> -> input_grad tensor<2x32x64xbf16> other_grad tensor<1x64xbf16>
  return %0#0, %0#1 : tensor<2x32x64xbf16>, tensor<1x64xbf16>
}

// -----

// CHECK-LABEL: func.func @addcmul_bw
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute
// CHECK: ttkernel.reduce_tile(
// CHECK: func.func @writer
// CHECK-COUNT-3: ttkernel.noc_async_write_tile(
// CHECK-NOT: func.func @compute
func.func @addcmul_bw(%g: tensor<2x32x64xbf16>, %a: tensor<2x32x64xbf16>, %t1: tensor<2x32x64xbf16>, %t2: tensor<32x1xbf16>) -> (tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<32x1xbf16>) {
  %0:3 = ttir.addcmul_bw %g, %a, %t1, %t2 {value = 0.5 : f32} : tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<32x1xbf16> -> tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<32x1xbf16>
  return %0#0, %0#1, %0#2 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<32x1xbf16>
}

// -----

// Complex div_bw (PyTorch's scaled quotient, its four gradient parts) and reciprocal_bw: one
// program each, their quotients too deep for the 4 f32 DST tiles, the values they share
// computed once: DST sections spilled to the f32 spill CB, packed there and read back.
// CHECK-LABEL: func.func @div_bw_complex
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @div_bw_complex_program
// CHECK: func.func @compute
// CHECK: ttkernel.pack_tile(%c0_i32, %[[SPILL:[0-9]+]], %c0_i32, false) : (i32, !ttkernel.cb<{{[0-9]+}}, !ttcore.tile<32x32, f32>>, i32)
// CHECK: ttkernel.copy_tile(%[[SPILL]],
// CHECK: ttkernel.cb_pop_front(%[[SPILL]],
// CHECK: func.func @writer
// CHECK-COUNT-4: ttkernel.noc_async_write_tile(
// CHECK-NOT: func.func @compute
func.func @div_bw_complex(%g: tensor<32x64xcomplex<bf16>>, %a: tensor<32x64xcomplex<bf16>>, %b: tensor<32x64xcomplex<bf16>>) -> (tensor<32x64xcomplex<bf16>>, tensor<32x64xcomplex<bf16>>) {
  %0:2 = ttir.div_bw %g, %a, %b : tensor<32x64xcomplex<bf16>>, tensor<32x64xcomplex<bf16>>, tensor<32x64xcomplex<bf16>> -> input_grad tensor<32x64xcomplex<bf16>> other_grad tensor<32x64xcomplex<bf16>>
  return %0#0, %0#1 : tensor<32x64xcomplex<bf16>>, tensor<32x64xcomplex<bf16>>
}

// -----

// CHECK-LABEL: func.func @reciprocal_bw_complex
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute
// CHECK: ttkernel.pack_tile(%c0_i32, %[[SPILL:[0-9]+]], %c0_i32, false) : (i32, !ttkernel.cb<{{[0-9]+}}, !ttcore.tile<32x32, f32>>, i32)
// CHECK: ttkernel.copy_tile(%[[SPILL]],
// CHECK: ttkernel.cb_pop_front(%[[SPILL]],
// CHECK: func.func @writer
// CHECK-COUNT-2: ttkernel.noc_async_write_tile(
// CHECK-NOT: func.func @compute
func.func @reciprocal_bw_complex(%g: tensor<32x64xcomplex<f32>>, %x: tensor<32x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>> {
  %0 = ttir.reciprocal_bw %g, %x : tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>> -> tensor<32x64xcomplex<f32>>
  return %0 : tensor<32x64xcomplex<f32>>
}

// -----

// prod_bw: its six sums over the reduced dim read back in the same program, then one exp per
// element.
// CHECK-LABEL: func.func @prod_bw
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @prod_bw_program
// CHECK: func.func @compute
// CHECK: ttkernel.reduce_tile(
// CHECK: ttkernel.exp_tile(
func.func @prod_bw(%g: tensor<2x1x40xbf16>, %x: tensor<2x3x40xbf16>) -> tensor<2x3x40xbf16> {
  %0 = ttir.prod_bw %g, %x {dim_arg = [1 : i32]} : tensor<2x1x40xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x40xbf16>
  return %0 : tensor<2x3x40xbf16>
}
