// A kernel's NaN or infinite f32 constant is written NAN / INFINITY by tt-mlir's TTKernel -> C++,
// which the emulator's kernel headers define as tt-metal's do (was a compile error of an edited
// module: found by test/fuzz). Here the zero fills are edited to +inf, then to NaN: the sum is
// NaN either way (+inf is also the compensation the first term's Kahan step subtracts: inf - inf).
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | sed 's/arith.constant 0.000000e+00 : f32/arith.constant 0x7F800000 : f32/' > %t.inf.mlir
// RUN: ttbw-run %t.inf.mlir 1 | FileCheck %s --check-prefix=INF
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s | sed 's/arith.constant 0.000000e+00 : f32/arith.constant 0x7FC00000 : f32/' > %t.nan.mlir
// RUN: ttbw-run %t.nan.mlir 1 | FileCheck %s --check-prefix=NAN

// INF-LABEL: result 0: memref<1x4xf32>
// INF-NEXT: {{\[}}[nan, nan, nan, nan]]
// NAN-LABEL: result 0: memref<1x4xf32>
// NAN-NEXT: {{\[}}[nan, nan, nan, nan]]
func.func @sum_rows(%x: tensor<8x4xf32>) -> tensor<1x4xf32> {
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32], keep_dim = true} : (tensor<8x4xf32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}
