// A runtime scalar b is a function argument: ttbw-run binds it from the command line and the
// executor encodes it into the compute kernel's runtime args.
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t.mlir
// RUN: ttbw-run %t.mlir 3 1 -0.25 | FileCheck %s

// CHECK-LABEL: result 0: memref<1x4xf32>
// CHECK-NEXT: {{\[}}[-0.75, -0.75, -0.75, -0.75]]
func.func @mul_bw(%grad: tensor<1x4xf32>, %a: tensor<1x4xf32>, %b: f32) -> tensor<1x4xf32> {
  %0 = "ttir.mul_bw"(%grad, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<1x4xf32>, tensor<1x4xf32>, f32) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}
