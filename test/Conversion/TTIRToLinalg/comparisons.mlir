// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s --implicit-check-not='"ttir.'
// Comparisons: IEEE predicates (ordered, except ne: true for NaN), 1.0 / 0.0 in the result's
// element type (uitofp of the i1), operands broadcast; operand and result types may differ.

// CHECK-LABEL: func.func @predicates(
// CHECK: arith.cmpf oeq
// CHECK: arith.cmpf une
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf oge
// CHECK: arith.cmpf olt
// CHECK: arith.cmpf ole
func.func @predicates(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "ttir.eq"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "ttir.ne"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "ttir.gt"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = "ttir.ge"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %4 = "ttir.lt"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %5 = "ttir.le"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// bf16 against f32 (the bf16 side widened exactly), broadcast, a bf16 result.
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @gt_mixed(
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ID]]]
// CHECK: ^bb0(%[[A:.*]]: bf16, %[[B:.*]]: f32, %{{.*}}: bf16):
// CHECK-NEXT: %[[AW:.*]] = arith.extf %[[A]] : bf16 to f32
// CHECK-NEXT: %[[C:.*]] = arith.cmpf ogt, %[[AW]], %[[B]] : f32
// CHECK-NEXT: %[[F:.*]] = arith.uitofp %[[C]] : i1 to f32
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[F]] : f32 to bf16
// CHECK-NEXT: linalg.yield %[[R]] : bf16
func.func @gt_mixed(%a: tensor<32x64xbf16>, %b: tensor<1x64xf32>) -> tensor<32x64xbf16> {
  %0 = "ttir.gt"(%a, %b) : (tensor<32x64xbf16>, tensor<1x64xf32>) -> tensor<32x64xbf16>
  return %0 : tensor<32x64xbf16>
}
