// The matmul through the whole pipeline and the executor: ones (64x96) x twos (96x32) = 192.
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t.mlir
// RUN: ttbw-run %t.mlir 1 2 | FileCheck %s

// CHECK-LABEL: result 0: memref<64x32xbf16>
// CHECK-NEXT: {{\[}}[192., 192.,
func.func @matmul(%a: tensor<64x96xbf16>, %b: tensor<96x32xbf16>) -> tensor<64x32xbf16> {
  %0 = "ttir.matmul"(%a, %b) : (tensor<64x96xbf16>, tensor<96x32xbf16>) -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}
