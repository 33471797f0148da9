// Tensors with no elements: the emitted module launches one program (the sum over the empty
// dim is 0) and returns the empty result as an empty array of its shape (torch's gradients).
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t.fused.mlir
// RUN: ttbw-run %t.fused.mlir 1 2 0.5 | FileCheck %s
// RUN: ttbw-opt --ttir-to-tensix-pipeline="fuse=false" %s -o %t.composite.mlir
// RUN: ttbw-run %t.composite.mlir 1 2 0.5 | FileCheck %s

// CHECK-LABEL: result 0: memref<0x3xbf16>
// CHECK-NEXT: []
// CHECK-LABEL: result 1: memref<1x3xbf16>
// CHECK-NEXT: {{\[}}[0., 0., 0.]]
func.func @mul_bw(%grad: tensor<0x3xbf16>, %a: tensor<0x3xbf16>, %b: tensor<1x3xbf16>) -> (tensor<0x3xbf16>, tensor<1x3xbf16>) {
  %0:2 = "ttir.mul_bw"(%grad, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<0x3xbf16>, tensor<0x3xbf16>, tensor<1x3xbf16>) -> (tensor<0x3xbf16>, tensor<1x3xbf16>)
  return %0#0, %0#1 : tensor<0x3xbf16>, tensor<1x3xbf16>
}
