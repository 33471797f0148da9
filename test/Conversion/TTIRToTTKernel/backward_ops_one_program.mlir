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
