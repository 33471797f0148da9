// ttbw-run executes the module ttbw-opt emitted: one fused program, results printed.
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t.mlir
// RUN: ttbw-run %t.mlir 2 3 5 | FileCheck %s

// grad = 2, a = 3, b = 5: input_grad = grad * b = 10, other_grad = grad * a = 6.
// CHECK-LABEL: result 0: memref<2x3xbf16>
// CHECK-NEXT: {{\[}}[10., 10., 10.],
// CHECK-NEXT: [10., 10., 10.]]
// CHECK-LABEL: result 1: memref<2x3xbf16>
// CHECK-NEXT: {{\[}}[6., 6., 6.],
// CHECK-NEXT: [6., 6., 6.]]
func.func @mul_bw(%grad: tensor<2x3xbf16>, %a: tensor<2x3xbf16>, %b: tensor<2x3xbf16>) -> (tensor<2x3xbf16>, tensor<2x3xbf16>) {
  %0:2 = "ttir.mul_bw"(%grad, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x3xbf16>, tensor<2x3xbf16>, tensor<2x3xbf16>) -> (tensor<2x3xbf16>, tensor<2x3xbf16>)
  return %0#0, %0#1 : tensor<2x3xbf16>, tensor<2x3xbf16>
}
