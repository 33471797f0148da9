// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// A gelu derivative g * (0.5 * (1 + erf(x / sqrt2)) + x * exp(-x*x / 2) / sqrt(2 pi)), 15 ops in
// f32, fuses into one program with one compute kernel: the DST evaluator computes each node's
// neediest operand first, writes into the lowest tile it consumes and frees the others, so the
// expression fits in 3 of the fp32 DST's 4 tiles (x, read twice, is copied again where used).
// The first constant is the program's runtime scalar, the others f32 literals.

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
// CHECK-NEXT: ttkernel.mul_binary_tile(%c2_i32, %c1_i32, %c1_i32)
// CHECK: ttkernel.add_binary_tile(%c0_i32, %c1_i32, %c0_i32)
// CHECK-NOT: %c3_i32)
// CHECK: ttkernel.mul_binary_tile(%c1_i32, %c0_i32, %c0_i32)
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

// -----

// The same in bf16: every op's result rounds to bf16 (a rounding hop: its section packs to a
// bf16 CB, the next unpacks it). A hop's CB is popped by its last reader and reused, so the
// 11 hops of this chain take two CBs and the expression stays one program.
// CHECK-LABEL: func.func @gelu_derivative_bf16(
// CHECK: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: func.func @compute()
// CHECK-DAG: %[[HOP0:.*]] = ttkernel.get_compile_time_arg_val(10) : () -> !ttkernel.cb<1, !ttcore.tile<32x32, bf16>>
// CHECK-DAG: %[[HOP1:.*]] = ttkernel.get_compile_time_arg_val(11) : () -> !ttkernel.cb<1, !ttcore.tile<32x32, bf16>>
// CHECK-NOT: get_compile_time_arg_val(12)
// CHECK: ttkernel.erf_tile(
// CHECK: ttkernel.pack_tile(%{{.*}}, %[[HOP1]],
// CHECK: ttkernel.cb_wait_front(%[[HOP1]],
// CHECK: ttkernel.cb_pop_front(%[[HOP1]],
// CHECK: ttkernel.pack_tile(%{{.*}}, %[[HOP1]],
// CHECK: func.func @writer()
func.func @gelu_derivative_bf16(%x: tensor<64x64xbf16>, %g: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %half = "ttir.full"() {shape = array<i32>, fill_value = 0.5 : f32} : () -> tensor<bf16>
  %one = "ttir.full"() {shape = array<i32>, fill_value = 1.0 : f32} : () -> tensor<bf16>
  %c = "ttir.full"() {shape = array<i32>, fill_value = 0.70710678 : f32} : () -> tensor<bf16>
  %k = "ttir.full"() {shape = array<i32>, fill_value = 0.39894228 : f32} : () -> tensor<bf16>
  %0 = "ttir.multiply"(%x, %c) : (tensor<64x64xbf16>, tensor<bf16>) -> tensor<64x64xbf16>
  %1 = "ttir.erf"(%0) : (tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %2 = "ttir.add"(%1, %one) : (tensor<64x64xbf16>, tensor<bf16>) -> tensor<64x64xbf16>
  %3 = "ttir.multiply"(%2, %half) : (tensor<64x64xbf16>, tensor<bf16>) -> tensor<64x64xbf16>
  %4 = "ttir.multiply"(%x, %x) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %5 = "ttir.multiply"(%4, %half) : (tensor<64x64xbf16>, tensor<bf16>) -> tensor<64x64xbf16>
  %6 = "ttir.neg"(%5) : (tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %7 = "ttir.exp"(%6) : (tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %8 = "ttir.multiply"(%x, %7) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %9 = "ttir.multiply"(%8, %k) : (tensor<64x64xbf16>, tensor<bf16>) -> tensor<64x64xbf16>
  %10 = "ttir.add"(%3, %9) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %11 = "ttir.multiply"(%g, %10) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  return %11 : tensor<64x64xbf16>
}
