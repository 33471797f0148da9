// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s | FileCheck %s
// The DST evaluator computes a subexpression used several times once (codegen/dst_plan.py):
// its tile stays in DST until its last use. sigmoid_bw's (g - g t) t reads t = s(-|x|) twice:
// one sigmoid_tile (and one exp_tile, its scaled form beyond |x| = 84; -|x| itself, two cheap
// ops, is recomputed per section). tanh-gelu's p = s(-|2u|) is read by each form of its slope: one sigmoid_tile
// (and one exp_tile, its scaled factor below 2u = -84).

// CHECK-LABEL: func.func @sigmoid_bw(
// CHECK: func.func @compute()
// CHECK-NOT: ttkernel.sigmoid_tile(
// CHECK-COUNT-1: ttkernel.exp_tile(
// CHECK-NOT: ttkernel.exp_tile(
// CHECK-COUNT-1: ttkernel.sigmoid_tile(
// CHECK-NOT: ttkernel.{{sigmoid|exp}}_tile(
// CHECK: func.func @writer()
func.func @sigmoid_bw(%g: tensor<64x64xf32>, %x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = ttir.sigmoid_bw %g, %x : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

// CHECK-LABEL: func.func @gelu_tanh_bw(
// CHECK: func.func @compute()
// CHECK-NOT: ttkernel.exp_tile(
// CHECK-COUNT-1: ttkernel.sigmoid_tile(
// CHECK-NOT: ttkernel.sigmoid_tile(
// CHECK-COUNT-1: ttkernel.exp_tile(
// CHECK-NOT: ttkernel.{{sigmoid|exp}}_tile(
// CHECK: func.func @writer()
func.func @gelu_tanh_bw(%g: tensor<64x64xf32>, %x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = ttir.gelu_bw %g, %x {approximate = "tanh"} : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

// exp(x) read three times: one exp_tile, its slot read in place by the first two uses and taken
// over by the last (mul into a free slot, then add into the lowest slot it consumes).
// CHECK-LABEL: func.func @three_uses(
// CHECK: func.func @compute()
// CHECK: ttkernel.copy_tile(%{{.*}}, %c0_i32, %c0_i32)
// CHECK-NEXT: ttkernel.exp_tile_init()
// CHECK-NEXT: ttkernel.exp_tile(%c0_i32)
// CHECK-NEXT: ttkernel.mul_binary_tile_init()
// CHECK-NEXT: ttkernel.mul_binary_tile(%c0_i32, %c0_i32, %c1_i32)
// CHECK-NEXT: ttkernel.add_binary_tile_init()
// CHECK-NEXT: ttkernel.add_binary_tile(%c1_i32, %c0_i32, %c0_i32)
// CHECK-NEXT: ttkernel.tile_regs_commit()
// CHECK-NOT: ttkernel.exp_tile(
func.func @three_uses(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = "ttir.exp"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = "ttir.multiply"(%0, %0) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = "ttir.add"(%1, %0) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %2 : tensor<64x64xf32>
}
