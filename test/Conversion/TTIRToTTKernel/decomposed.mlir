// RUN: ttbw-opt --split-input-file --convert-ttir-to-ttkernel %s | FileCheck %s
// Decomposed TTIR (what ttir-mul-bw-decomposition-pipeline leaves) is lowered to the same
// fused program as the ttir.mul_bw it is the decomposition of: one program, no DRAM
// intermediate, the reduction inside the compute kernel.

// CHECK-LABEL: module @row_broadcast attributes {ttbw.program = "{\22version\22:1,\22op\22:\22ttir.mul_bw\22,\22variant\22:\22fused\22
// CHECK-SAME: {\22name\22:\22grad\22,\22role\22:\22input\22,\22shape\22:[1,3,64,96],{{.*}}\22arg\22:0}
// CHECK-SAME: {\22name\22:\22other_grad\22,\22role\22:\22output\22,\22shape\22:[1,1,1,96],{{.*}}\22result\22:1}
// CHECK: func.func @reader()
// CHECK-NOT: noc_async_write_tile
// CHECK: func.func @compute()
// CHECK: "ttkernel.reduce_tile"
// CHECK: func.func @writer()
// CHECK-COUNT-2: "ttkernel.noc_async_write_tile"
// CHECK-NOT: "ttir.
func.func @row_broadcast(%arg0: tensor<1x3x64x96xbf16>, %arg1: tensor<1x3x64x96xbf16>, %arg2: tensor<1x1x1x96xbf16>) -> (tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>) {
  %0 = "ttir.multiply"(%arg0, %arg2) : (tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>) -> tensor<1x3x64x96xbf16>
  %1 = "ttir.multiply"(%arg0, %arg1) : (tensor<1x3x64x96xbf16>, tensor<1x3x64x96xbf16>) -> tensor<1x3x64x96xbf16>
  %2 = "ttir.sum"(%1) {dim_arg = [1 : i32, 2 : i32], keep_dim = true} : (tensor<1x3x64x96xbf16>) -> tensor<1x1x1x96xbf16>
  return %0, %2 : tensor<1x3x64x96xbf16>, tensor<1x1x1x96xbf16>
}

// -----

// Op order does not matter; a mask shows as the missing gradient; where the results live
// comes from the ttir.memory_config result attribute the decomposition keeps.
// CHECK-LABEL: module @other_grad_in_l1 attributes {ttbw.program =
// CHECK-SAME: \22buffers\22:[{\22name\22:\22grad\22,{{[^{]*}}},{\22name\22:\22a\22,{{[^{]*}}},{\22name\22:\22other_grad\22,\22role\22:\22output\22,\22shape\22:[1,1,1,96],\22dtype\22:\22bf16\22,\22layout\22:\22tile\22,\22memory\22:\22l1\22,{{[^{]*}}}]
// CHECK: func.func @reader()
func.func @other_grad_in_l1(%arg0: tensor<1x3x64x96xbf16>, %arg1: tensor<1x3x64x96xbf16>, %arg2: tensor<1x1x1x96xbf16>) -> (tensor<1x1x1x96xbf16> {ttir.memory_config = #ttir.memory_config<"l1", "interleaved">}) {
  %0 = "ttir.multiply"(%arg0, %arg1) : (tensor<1x3x64x96xbf16>, tensor<1x3x64x96xbf16>) -> tensor<1x3x64x96xbf16>
  %1 = "ttir.sum"(%0) {dim_arg = [1 : i32, 2 : i32], keep_dim = true} : (tensor<1x3x64x96xbf16>) -> tensor<1x1x1x96xbf16>
  return %1 : tensor<1x1x1x96xbf16>
}

// -----

// Complex values are (real, imag) pairs here: buffer grad.real is argument 0, grad.imag 1, ...
// CHECK-LABEL: module @complex attributes {ttbw.program = "{\22version\22:1,\22op\22:\22ttir.mul_bw\22,\22variant\22:\22complex\22
// CHECK-SAME: {\22name\22:\22grad.real\22,{{[^}]*}}\22arg\22:0,\22part\22:\22real\22}
// CHECK-SAME: {\22name\22:\22grad.imag\22,{{[^}]*}}\22arg\22:1,\22part\22:\22imag\22}
// CHECK-SAME: {\22name\22:\22b.imag\22,{{[^}]*}}\22arg\22:5,\22part\22:\22imag\22}
// CHECK-SAME: {\22name\22:\22other_grad.imag\22,{{[^}]*}}\22result\22:3,\22part\22:\22imag\22}
func.func @complex(%arg0: tensor<32x32xf32>, %arg1: tensor<32x32xf32>, %arg2: tensor<32x32xf32>, %arg3: tensor<32x32xf32>, %arg4: tensor<32x32xf32>, %arg5: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) {
  %0 = "ttir.multiply"(%arg0, %arg4) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %1 = "ttir.multiply"(%arg1, %arg5) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %2 = "ttir.add"(%0, %1) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %3 = "ttir.multiply"(%arg1, %arg4) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %4 = "ttir.multiply"(%arg0, %arg5) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %5 = "ttir.subtract"(%3, %4) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %6 = "ttir.multiply"(%arg0, %arg2) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %7 = "ttir.multiply"(%arg1, %arg3) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %8 = "ttir.add"(%6, %7) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %9 = "ttir.multiply"(%arg1, %arg2) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %10 = "ttir.multiply"(%arg0, %arg3) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %11 = "ttir.subtract"(%9, %10) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  return %2, %5, %8, %11 : tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>
}

// -----

// A constant scalar b: ttir.full in f32, grad * s in f32, rounded to bf16 once.
// CHECK-LABEL: module @scalar attributes {ttbw.program =
// CHECK-SAME: \22scalar\22:{\22runtime\22:false,\22value\22:4.0}
func.func @scalar(%arg0: tensor<2x2xbf16>, %arg1: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  %0 = "ttir.full"() {fill_value = 4.000000e+00 : f32, shape = array<i32>} : () -> tensor<f32>
  %1 = "ttir.typecast"(%arg0) : (tensor<2x2xbf16>) -> tensor<2x2xf32>
  %2 = "ttir.multiply"(%1, %0) : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  %3 = "ttir.typecast"(%2) : (tensor<2x2xf32>) -> tensor<2x2xbf16>
  return %3 : tensor<2x2xbf16>
}

// -----

// No mul_bw's decomposition (the arguments are not grad, a, b in that order), so nothing is
// fused: one program per TTIR op, as with fuse=false.
// CHECK-LABEL: module @not_a_mul_bw attributes {ttbw.composite = "{\22version\22:1,\22op\22:null,\22mode\22:\22composite\22
// CHECK-SAME: \22programs\22:[{\22name\22:\22not_a_mul_bw_0_multiply\22,\22op\22:\22ttir.multiply\22,\22variant\22:\22generic\22
// CHECK: module @not_a_mul_bw_0_multiply attributes {ttbw.program =
// CHECK: "ttkernel.mul_tiles"
func.func @not_a_mul_bw(%b: tensor<32x32xbf16>, %g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %0 = "ttir.multiply"(%g, %b) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// A constant scalar b with a preallocated input_grad: still the mul_bw's one fused program.
// CHECK-LABEL: module @scalar_preallocated attributes {ttbw.program =
// CHECK-SAME: {\22name\22:\22input_grad\22,\22role\22:\22output\22,{{[^}]*}}\22preallocated_arg\22:2,\22result\22:0}
// CHECK-SAME: \22scalar\22:{\22runtime\22:false,\22value\22:4.0}
func.func @scalar_preallocated(%arg0: tensor<2x2xbf16>, %arg1: tensor<2x2xbf16>, %arg2: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  %0 = "ttir.full"() {fill_value = 4.000000e+00 : f32, shape = array<i32>} : () -> tensor<f32>
  %1 = "ttir.typecast"(%arg0) : (tensor<2x2xbf16>) -> tensor<2x2xf32>
  %2 = "ttir.multiply"(%1, %0) : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  %3 = "ttir.typecast"(%2) : (tensor<2x2xf32>) -> tensor<2x2xbf16>
  %4 = bufferization.materialize_in_destination %3 in %arg2 : (tensor<2x2xbf16>, tensor<2x2xbf16>) -> tensor<2x2xbf16>
  return %4 : tensor<2x2xbf16>
}
