// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s | FileCheck %s
// Siblings whose iteration spaces differ by more than leading 1s (2x32x64 next to 32x64)
// are not one program: op by op, with a warning naming both spaces.

// CHECK-LABEL: func.func @siblings_of_two_spaces(
// CHECK-COUNT-2: "ttmetal.enqueue_program"
// CHECK-NOT: "ttmetal.enqueue_program"
func.func @siblings_of_two_spaces(%x: tensor<2x32x64xf32>, %y: tensor<32x64xf32>) -> (tensor<2x32x64xf32>, tensor<32x64xf32>) {
  // expected-warning @+1 {{function @siblings_of_two_spaces is not one fused program (codegen: sibling generics over different iteration spaces [2, 32, 64] / [32, 64]): lowered as 2 programs}}
  %0 = "ttir.abs"(%x) : (tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
  %1 = "ttir.neg"(%y) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  return %0, %1 : tensor<2x32x64xf32>, tensor<32x64xf32>
}
