// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s --implicit-check-not='"ttir.'
// ttir.where(first, second, third) = first != 0 ? second : third (tt-mlir's operand order; a
// NaN condition is true, -0 false, as torch's bool()), all three broadcast to the result.

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$COL:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @where(
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$COL]], #[[$ROW]], #[[$ID]]]
// CHECK: ^bb0(%[[C:.*]]: bf16, %[[T:.*]]: bf16, %[[F:.*]]: f32, %{{.*}}: bf16):
// CHECK-NEXT: %[[CW:.*]] = arith.extf %[[C]] : bf16 to f32
// CHECK-NEXT: %[[TW:.*]] = arith.extf %[[T]] : bf16 to f32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[NZ:.*]] = arith.cmpf une, %[[CW]], %[[Z]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.select %[[NZ]], %[[TW]], %[[F]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[S]] : f32 to bf16
// CHECK-NEXT: linalg.yield %[[R]] : bf16
func.func @where(%c: tensor<32x64xbf16>, %t: tensor<32x1xbf16>, %f: tensor<64xf32>) -> tensor<32x64xbf16> {
  %0 = "ttir.where"(%c, %t, %f) : (tensor<32x64xbf16>, tensor<32x1xbf16>, tensor<64xf32>) -> tensor<32x64xbf16>
  return %0 : tensor<32x64xbf16>
}
