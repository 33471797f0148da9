// RUN: ttbw-opt --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=2}), cse)' %s | FileCheck %s
// RUN: ttbw-opt --canonicalize --cse %s | FileCheck %s
// RUN: ttbw-opt '--canonicalize=max-iterations=2 region-simplify=disabled' %s | FileCheck %s
// Upstream passes run inside ttbw-opt, as flags or in a textual pipeline.

// CHECK-LABEL: func.func @fold
func.func @fold(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  // CHECK-NOT: arith.addi
  // CHECK: "ttir.neg"(%arg0)
  %c1 = arith.constant 1 : i32
  %c2 = arith.addi %c1, %c1 : i32
  %0 = "ttir.neg"(%x) : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
