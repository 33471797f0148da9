// A ROW_MAJOR f32 grad times 1 (canonicalize: a layout-only tensor.cast) read by two ops, one of
// them reading grad itself too: the program reads grad as ROW_MAJOR through the cast (was a
// "TensorAccessor page size 4096 does not match buffer 'arg0' page size 256" fault), and the cast
// given back as it is is copied into the TILE result.
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t.mlir
// RUN: ttbw-run %t.mlir 0.5 0.25 | FileCheck %s

// CHECK-LABEL: result 0: memref<2x2x40xf32>
// CHECK-NEXT: {{\[}}{{\[}}[1.6487212, 1.6487212,
// CHECK-LABEL: result 1: memref<2x2x40xf32>
// CHECK-NEXT: {{\[}}{{\[}}[0.375, 0.375,
// CHECK-LABEL: result 2: memref<2x2x40xf32>
// CHECK-NEXT: {{\[}}{{\[}}[0.5, 0.5,
func.func @two(%g: tensor<2x2x40xf32, #ttir.layout<"f32", "row_major">>, %x: tensor<2x2x40xf32>) -> (tensor<2x2x40xf32>, tensor<2x2x40xf32>, tensor<2x2x40xf32>) {
  %c = "ttir.full"() <{fill_value = 1.0 : f32, shape = array<i32>}> : () -> tensor<f32>
  %1 = "ttir.multiply"(%g, %c) : (tensor<2x2x40xf32, #ttir.layout<"f32", "row_major">>, tensor<f32>) -> tensor<2x2x40xf32>
  %2 = "ttir.exp"(%1) : (tensor<2x2x40xf32>) -> tensor<2x2x40xf32>
  %3 = "ttir.add"(%g, %x) : (tensor<2x2x40xf32, #ttir.layout<"f32", "row_major">>, tensor<2x2x40xf32>) -> tensor<2x2x40xf32>
  %4 = "ttir.multiply"(%3, %1) : (tensor<2x2x40xf32>, tensor<2x2x40xf32>) -> tensor<2x2x40xf32>
  return %2, %4, %1 : tensor<2x2x40xf32>, tensor<2x2x40xf32>, tensor<2x2x40xf32>
}
