// Inputs and outputs as .npy: results are also saved as DIR/result_K.npy.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t/m.mlir
// RUN: %python -c "import numpy as np; np.save('%t/g.npy', np.arange(8, dtype=np.float32).reshape(2, 4)); np.save('%t/a.npy', np.full((2, 4), 0.5, np.float32))"
// RUN: ttbw-run %t/m.mlir %t/g.npy %t/a.npy 4 -o %t/out --no-print | count 0
// RUN: %python -c "import numpy as np; print(np.load('%t/out/result_0.npy').tolist())" | FileCheck %s

// CHECK: {{\[}}[0.0, 4.0, 8.0, 12.0], [16.0, 20.0, 24.0, 28.0]]
func.func @mul_bw(%grad: tensor<2x4xbf16>, %a: tensor<2x4xbf16>, %b: f32) -> tensor<2x4xbf16> {
  %0 = "ttir.mul_bw"(%grad, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<2x4xbf16>, tensor<2x4xbf16>, f32) -> tensor<2x4xbf16>
  return %0 : tensor<2x4xbf16>
}
