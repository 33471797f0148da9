// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s
// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg="target=device" %s | FileCheck %s
// Operands of two float types (tt-mlir's TTIR allows them): each is widened to the opmath
// exactly, computed there and rounded once to the result's type.

// CHECK-LABEL: func.func @subtract_bf16_f32
// CHECK: ^bb0(%[[X:.*]]: bf16, %[[Y:.*]]: f32, %{{.*}}: bf16):
// CHECK-NEXT: %[[XW:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[XW]], %[[Y]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[D]] : f32 to bf16
// CHECK-NEXT: linalg.yield %[[R]] : bf16
func.func @subtract_bf16_f32(%x: tensor<4x32xbf16>, %y: tensor<4x32xf32>) -> tensor<4x32xbf16> {
  %0 = "ttir.subtract"(%x, %y) : (tensor<4x32xbf16>, tensor<4x32xf32>) -> tensor<4x32xbf16>
  return %0 : tensor<4x32xbf16>
}

// -----

// CHECK-LABEL: func.func @maximum_f32_bf16
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: bf16, %{{.*}}: f32):
// CHECK: arith.extf %[[Y]] : bf16 to
// CHECK: linalg.yield %{{.*}} : f32
func.func @maximum_f32_bf16(%x: tensor<4x32xf32>, %y: tensor<4x32xbf16>) -> tensor<4x32xf32> {
  %0 = "ttir.maximum"(%x, %y) : (tensor<4x32xf32>, tensor<4x32xbf16>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}
