// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// RUN: ttbw-opt --split-input-file %s | ttbw-opt --split-input-file | FileCheck %s
// RUN: ttbw-opt --split-input-file --cse %s | FileCheck %s --check-prefix=CSE
// RUN: ttbw-opt --split-input-file --canonicalize %s | FileCheck %s --check-prefix=DEAD
// tt-mlir's `ttir.empty` in its custom form (the generic form parses too). An allocation: cse
// keeps two apart; an unused one is dead.

// CHECK-LABEL: func.func @empty
// CSE-LABEL: func.func @empty
func.func @empty() -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  // CHECK: %0 = ttir.empty() : tensor<2x3xf32>
  // CHECK: %1 = ttir.empty() : tensor<2x3xf32>
  // CSE: %0 = ttir.empty() : tensor<2x3xf32>
  // CSE: %1 = ttir.empty() : tensor<2x3xf32>
  %0 = ttir.empty() : tensor<2x3xf32>
  %1 = "ttir.empty"() : () -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// DEAD-LABEL: func.func @unused
// DEAD-NOT: ttir.empty
func.func @unused(%a: tensor<4xsi32>) -> tensor<4xsi32> {
  %0 = ttir.empty() : tensor<4xsi32>
  return %a : tensor<4xsi32>
}
