// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s
// ttir.multiply/add/subtract: one linalg.generic with NumPy broadcasting in its
// indexing maps; bf16 computes in f32 and rounds once (PyTorch's opmath), f32 in f64.

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @multiply_bf16
// CHECK-SAME: (%[[A:.*]]: tensor<32x64xbf16>, %[[B:.*]]: tensor<32x64xbf16>) -> tensor<32x64xbf16>
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<32x64xbf16>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<32x64xbf16>, tensor<32x64xbf16>) outs(%[[INIT]] : tensor<32x64xbf16>)
// CHECK: ^bb0(%[[X:.*]]: bf16, %[[Y:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT: %[[XW:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT: %[[YW:.*]] = arith.extf %[[Y]] : bf16 to f32
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[XW]], %[[YW]] : f32
// CHECK-NEXT: %[[PN:.*]] = arith.truncf %[[P]] : f32 to bf16
// CHECK-NEXT: linalg.yield %[[PN]] : bf16
// CHECK: return %[[R]] : tensor<32x64xbf16>
func.func @multiply_bf16(%a: tensor<32x64xbf16>, %b: tensor<32x64xbf16>) -> tensor<32x64xbf16> {
  %0 = "ttir.multiply"(%a, %b) : (tensor<32x64xbf16>, tensor<32x64xbf16>) -> tensor<32x64xbf16>
  return %0 : tensor<32x64xbf16>
}

// -----

// Both sides broadcast: size-1 dims read index 0 (where the result is wider), missing leading dims are dropped.
// CHECK-DAG: #[[$LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
// CHECK-DAG: #[[$RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @add_broadcast_f32
// CHECK: linalg.generic {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<1x3x32x1xf32>, tensor<32x64xf32>) outs(%{{.*}} : tensor<1x3x32x64xf32>)
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK-NEXT: %[[S:.*]] = arith.addf %{{.*}}, %{{.*}} : f64
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[S]] : f64 to f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @add_broadcast_f32(%a: tensor<1x3x32x1xf32>, %b: tensor<32x64xf32>) -> tensor<1x3x32x64xf32> {
  %0 = "ttir.add"(%a, %b) : (tensor<1x3x32x1xf32>, tensor<32x64xf32>) -> tensor<1x3x32x64xf32>
  return %0 : tensor<1x3x32x64xf32>
}

// -----

// A rank-0 operand maps every iteration to its single element.
// CHECK-DAG: #[[$SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @subtract_rank0
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$SCALAR]], #[[$ID]]]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<2x3xbf16>, tensor<bf16>)
// CHECK: arith.subf %{{.*}}, %{{.*}} : f32
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @subtract_rank0(%a: tensor<2x3xbf16>, %b: tensor<bf16>) -> tensor<2x3xbf16> {
  %0 = "ttir.subtract"(%a, %b) : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// Rank 0 with rank 0: a generic with no loops.
// CHECK-DAG: #[[$EMPTY:.*]] = affine_map<() -> ()>
// CHECK-LABEL: func.func @multiply_rank0
// CHECK: linalg.generic {indexing_maps = [#[[$EMPTY]], #[[$EMPTY]], #[[$EMPTY]]], iterator_types = []}
// CHECK-SAME: outs(%{{.*}} : tensor<f32>)
func.func @multiply_rank0(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = "ttir.multiply"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
