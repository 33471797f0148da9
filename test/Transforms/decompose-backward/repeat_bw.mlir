// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// repeat_bw's rule (passes/derivatives_reduction.py): grad summed over every dim's repeats in one ttir.sum
// (one rounding): a dim of size > 1 split into (repeats, size), a dim of size 1 summed whole.

// CHECK-LABEL: func.func @outer
func.func @outer(%g: tensor<2x6x32x64xbf16>, %x: tensor<1x3x32x64xbf16>) -> tensor<1x3x32x64xbf16> {
  // CHECK-NOT: ttir.repeat_bw
  // CHECK: %[[SPLIT:.*]] = "ttir.reshape"(%arg0) <{shape = [2 : i32, 2 : i32, 3 : i32, 32 : i32, 64 : i32]}>
  // CHECK: %[[SUM:.*]] = "ttir.sum"(%[[SPLIT]]) <{dim_arg = [0 : i32, 1 : i32], keep_dim = true}> : (tensor<2x2x3x32x64xbf16>) -> tensor<1x1x3x32x64xbf16>
  // CHECK: "ttir.reshape"(%[[SUM]]) <{shape = [1 : i32, 3 : i32, 32 : i32, 64 : i32]}>
  %0 = ttir.repeat_bw %g, %x {repeat_dimensions = array<i64: 2, 2, 1, 1>} : tensor<2x6x32x64xbf16>, tensor<1x3x32x64xbf16> -> tensor<1x3x32x64xbf16>
  return %0 : tensor<1x3x32x64xbf16>
}

// -----

// A leading dim the repeats add is summed and dropped.
// CHECK-LABEL: func.func @leading
func.func @leading(%g: tensor<2x3x40xf32>, %x: tensor<3x40xf32>) -> tensor<3x40xf32> {
  // CHECK: "ttir.sum"(%{{.*}}) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<2x3x40xf32>) -> tensor<1x3x40xf32>
  // CHECK: "ttir.reshape"(%{{.*}}) <{shape = [3 : i32, 40 : i32]}>
  %0 = ttir.repeat_bw %g, %x {repeat_dimensions = array<i64: 2, 1, 1>} : tensor<2x3x40xf32>, tensor<3x40xf32> -> tensor<3x40xf32>
  return %0 : tensor<3x40xf32>
}

// -----

// No repeat: grad itself.
// CHECK-LABEL: func.func @identity
func.func @identity(%g: tensor<3x40xf32>, %x: tensor<3x40xf32>) -> tensor<3x40xf32> {
  // CHECK-NEXT: return %arg0
  %0 = ttir.repeat_bw %g, %x {repeat_dimensions = array<i64: 1, 1>} : tensor<3x40xf32>, tensor<3x40xf32> -> tensor<3x40xf32>
  return %0 : tensor<3x40xf32>
}
