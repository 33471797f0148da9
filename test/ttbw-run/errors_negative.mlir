// ttbw-run refuses what does not fit, with one clear error and exit code 1.
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t.mlir
// RUN: not ttbw-run %t.mlir 1 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: ttbw-run: error: @mul_bw takes 3 arguments (memref<2x4xbf16>, memref<2x4xbf16>, f32); 1 given
// RUN: not ttbw-run %t.mlir 1 1 random:7 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: ttbw-run: error: input 2: argument 2 is a scalar (f32); give a number
// RUN: not ttbw-run %t.mlir 1 1 1 --function nope 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: ttbw-run: error: no lowered function @nope in the module (it has: mul_bw)
// RUN: not ttbw-run %s 1 1 1 2>&1 | FileCheck %s --check-prefix=UNLOWERED
// UNLOWERED: ttbw-run: error: {{.*}}errors_negative.mlir: no host function (run --ttir-to-tensix-pipeline first
// RUN: not ttbw-run %t.mlir %t.missing.npy 1 1 2>&1 | FileCheck %s --check-prefix=NPY
// NPY: ttbw-run: error: input 0: cannot load '{{.*}}missing.npy' as .npy
// RUN: not ttbw-run %t.mlir 1 1 1 --grid 0x1 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: ttbw-run: error: --grid: option 'grid' expects COLSxROWS
// RUN: not ttbw-run 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: ttbw-run: error: the following arguments are required: input{{.*}}. Try: 'ttbw-run --help'
func.func @mul_bw(%grad: tensor<2x4xbf16>, %a: tensor<2x4xbf16>, %b: f32) -> tensor<2x4xbf16> {
  %0 = "ttir.mul_bw"(%grad, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<2x4xbf16>, tensor<2x4xbf16>, f32) -> tensor<2x4xbf16>
  return %0 : tensor<2x4xbf16>
}
