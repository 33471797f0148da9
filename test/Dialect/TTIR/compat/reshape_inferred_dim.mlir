// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s --check-prefix=LINALG
// `ttir.reshape` with one -1 in `shape` (tt-mlir's rule: it stands for the result's dim there);
// it prints back as written and lowers by the result type.

// CHECK-LABEL: func.func @inferred
// LINALG-LABEL: func.func @inferred
func.func @inferred(%x: tensor<4x32xf32>) -> tensor<2x64xf32> {
  // CHECK: "ttir.reshape"(%arg0) <{shape = [2 : i32, -1 : i32]}> : (tensor<4x32xf32>) -> tensor<2x64xf32>
  // LINALG: tensor.collapse_shape
  // LINALG: tensor.expand_shape {{.*}} output_shape [2, 64]
  %0 = "ttir.reshape"(%x) <{shape = [2 : i32, -1 : i32]}> : (tensor<4x32xf32>) -> tensor<2x64xf32>
  return %0 : tensor<2x64xf32>
}
