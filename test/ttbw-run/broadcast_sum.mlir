// A broadcast b: its gradient is summed back to b's shape inside the one program; the
// composite module (fuse=false: one program per TTIR op) gives the same values.
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t.fused.mlir
// RUN: ttbw-run %t.fused.mlir 1 2 0.5 | FileCheck %s
// RUN: ttbw-opt --ttir-to-tensix-pipeline="fuse=false" %s -o %t.composite.mlir
// RUN: ttbw-run %t.composite.mlir 1 2 0.5 | FileCheck %s

// input_grad = grad * b = 0.5 everywhere; other_grad = sum over 64 rows of grad * a = 128.
// CHECK-LABEL: result 0: memref<1x64x3xbf16>
// CHECK-NEXT: {{\[}}{{\[}}[0.5, 0.5, 0.5],
// CHECK-LABEL: result 1: memref<1x1x3xbf16>
// CHECK-NEXT: {{\[}}{{\[}}[128., 128., 128.]]]
func.func @mul_bw(%grad: tensor<1x64x3xbf16>, %a: tensor<1x64x3xbf16>, %b: tensor<1x1x3xbf16>) -> (tensor<1x64x3xbf16>, tensor<1x1x3xbf16>) {
  %0:2 = "ttir.mul_bw"(%grad, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x64x3xbf16>, tensor<1x64x3xbf16>, tensor<1x1x3xbf16>) -> (tensor<1x64x3xbf16>, tensor<1x1x3xbf16>)
  return %0#0, %0#1 : tensor<1x64x3xbf16>, tensor<1x1x3xbf16>
}
