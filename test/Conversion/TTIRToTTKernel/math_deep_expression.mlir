// RUN: ttbw-opt --convert-ttir-to-ttkernel %s | FileCheck %s
// A gelu derivative g * (0.5 * (1 + erf(x / sqrt2)) + x * exp(-x*x / 2) / sqrt(2 pi)), 15 ops in
// f32, fuses into one program with one compute kernel: the DST evaluator computes each node's
// neediest operand first and frees a tile once consumed, so the expression fits in 3 of the
// fp32 DST's 4 tiles (x, read twice, is copied again where used). The first constant is the
// program's runtime scalar, the others f32 literals.

// CHECK-LABEL: func.func @gelu_derivative(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK-COUNT-1: func.func @compute()
// CHECK: ttkernel.tile_regs_acquire()
// CHECK: ttkernel.erf_tile(%c0_i32)
// CHECK: arith.constant 1.000000e+00 : f32
// CHECK: ttkernel.add_binary_tile(%c0_i32, %c1_i32, %c0_i32)
// CHECK: ttkernel.negative_tile(%c1_i32)
// CHECK-NEXT: ttkernel.exp_tile_init()
// CHECK-NEXT: ttkernel.exp_tile(%c1_i32)
// CHECK: ttkernel.copy_tile(%{{.*}}, %c0_i32, %c2_i32)
// CHECK-NEXT: ttkernel.mul_binary_tile_init()
// CHECK-NEXT: ttkernel.mul_binary_tile(%c2_i32, %c1_i32, %c2_i32)
// CHECK: ttkernel.add_binary_tile(%c0_i32, %c2_i32, %c0_i32)
// CHECK-NOT: %c3_i32)
// CHECK: ttkernel.mul_binary_tile(%c1_i32, %c0_i32, %c1_i32)
// CHECK-NEXT: ttkernel.tile_regs_commit()
// CHECK-NOT: func.func @compute()
func.func @gelu_derivative(%x: tensor<64x64xf32>, %g: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %half = "ttir.full"() {shape = array<i32>, fill_value = 0.5 : f32} : () -> tensor<f32>
  %one = "ttir.full"() {shape = array<i32>, fill_value = 1.0 : f32} : () -> tensor<f32>
  %c = "ttir.full"() {shape = array<i32>, fill_value = 0.70710678 : f32} : () -> tensor<f32>
  %k = "ttir.full"() {shape = array<i32>, fill_value = 0.39894228 : f32} : () -> tensor<f32>
  %0 = "ttir.multiply"(%x, %c) : (tensor<64x64xf32>, tensor<f32>) -> tensor<64x64xf32>
  %1 = "ttir.erf"(%0) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = "ttir.add"(%1, %one) : (tensor<64x64xf32>, tensor<f32>) -> tensor<64x64xf32>
  %3 = "ttir.multiply"(%2, %half) : (tensor<64x64xf32>, tensor<f32>) -> tensor<64x64xf32>
  %4 = "ttir.multiply"(%x, %x) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %5 = "ttir.multiply"(%4, %half) : (tensor<64x64xf32>, tensor<f32>) -> tensor<64x64xf32>
  %6 = "ttir.neg"(%5) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %7 = "ttir.exp"(%6) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %8 = "ttir.multiply"(%x, %7) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %9 = "ttir.multiply"(%8, %k) : (tensor<64x64xf32>, tensor<f32>) -> tensor<64x64xf32>
  %10 = "ttir.add"(%3, %9) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %11 = "ttir.multiply"(%g, %10) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %11 : tensor<64x64xf32>
}
