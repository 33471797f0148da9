// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s --implicit-check-not='"ttir.'
// ttir.matmul / ttir.linear (CPU reference path): one contraction generic over (batch..., m,
// n, k) into a zero-filled accumulator (f32 for bf16, f64 for f32), broadcast batch dims
// reading index 0, transposes swapping the operand's map results; then one generic adding the
// bias and rounding once.

// CHECK-DAG: #[[$A:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, 0, d2, d4)>
// CHECK-DAG: #[[$B:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d4, d3)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @batch_broadcast_bf16
// CHECK-SAME: (%[[X:.*]]: tensor<2x1x64x128xbf16>, %[[Y:.*]]: tensor<3x128x32xbf16>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[ACC:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<2x3x64x32xf32>)
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[X]], %[[Y]] : tensor<2x1x64x128xbf16>, tensor<3x128x32xbf16>) outs(%[[ACC]] : tensor<2x3x64x32xf32>)
// CHECK: ^bb0(%[[U:.*]]: bf16, %[[V:.*]]: bf16, %[[S:.*]]: f32):
// CHECK-NEXT: %[[U32:.*]] = arith.extf %[[U]] : bf16 to f32
// CHECK-NEXT: %[[V32:.*]] = arith.extf %[[V]] : bf16 to f32
// CHECK-NEXT: %[[UV:.*]] = arith.mulf %[[U32]], %[[V32]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.addf %[[S]], %[[UV]] : f32
// CHECK-NEXT: linalg.yield %[[T]] : f32
// CHECK: %[[R:.*]] = linalg.generic
// CHECK-SAME: ins(%[[P]] : tensor<2x3x64x32xf32>) outs(%{{.*}} : tensor<2x3x64x32xbf16>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: return %[[R]]
func.func @batch_broadcast_bf16(%a: tensor<2x1x64x128xbf16>, %b: tensor<3x128x32xbf16>) -> tensor<2x3x64x32xbf16> {
  %0 = "ttir.matmul"(%a, %b) : (tensor<2x1x64x128xbf16>, tensor<3x128x32xbf16>) -> tensor<2x3x64x32xbf16>
  return %0 : tensor<2x3x64x32xbf16>
}

// -----

// CHECK-DAG: #[[$AT:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[$BT:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @transposed_f32
// CHECK: arith.constant 0.000000e+00 : f64
// CHECK: linalg.generic {indexing_maps = [#[[$AT]], #[[$BT]], #{{.*}}], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<64x32xf64>)
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @transposed_f32(%a: tensor<128x64xf32>, %b: tensor<32x128xf32>) -> tensor<64x32xf32> {
  %0 = "ttir.matmul"(%a, %b) <{transpose_a = true, transpose_b = true}> : (tensor<128x64xf32>, tensor<32x128xf32>) -> tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}

// -----

// 1-D operands: a vector a has no m dim, a vector b no n dim; vector . vector is one element.
// CHECK-DAG: #[[$K:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$ONE:.*]] = affine_map<(d0) -> (0)>
// CHECK-LABEL: func.func @vectors
// CHECK: linalg.generic {indexing_maps = [#[[$K]], #[[$K]], #[[$ONE]]], iterator_types = ["reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<1xf32>)
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<64xbf16>, tensor<64x32xbf16>) outs(%{{.*}} : tensor<32xf32>)
func.func @vectors(%v: tensor<64xbf16>, %m: tensor<64x32xbf16>) -> (tensor<1xbf16>, tensor<32xbf16>) {
  %0 = "ttir.matmul"(%v, %v) : (tensor<64xbf16>, tensor<64xbf16>) -> tensor<1xbf16>
  %1 = "ttir.matmul"(%v, %m) : (tensor<64xbf16>, tensor<64x32xbf16>) -> tensor<32xbf16>
  return %0, %1 : tensor<1xbf16>, tensor<32xbf16>
}

// -----

// linear: the bias broadcast to the result in the rounding generic, added in the accumulator's type.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @linear_bias
// CHECK: %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[P]], %{{.*}} : tensor<4x32xf32>, tensor<1x32xbf16>)
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : bf16 to f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %{{.*}}, %[[W]] : f32
// CHECK-NEXT: arith.truncf %[[S]] : f32 to bf16
func.func @linear_bias(%x: tensor<4x64xbf16>, %w: tensor<32x64xbf16>, %bias: tensor<1x32xbf16>) -> tensor<4x32xbf16> {
  %0 = "ttir.linear"(%x, %w, %bias) <{transpose_b = true}> : (tensor<4x64xbf16>, tensor<32x64xbf16>, tensor<1x32xbf16>) -> tensor<4x32xbf16>
  return %0 : tensor<4x32xbf16>
}
