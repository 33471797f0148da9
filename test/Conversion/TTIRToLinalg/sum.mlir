// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s
// ttir.sum: a reduction generic into a zero-filled accumulator, then one
// rounding generic. bf16 accumulates in f32 (as torch.sum on bf16); f32 in f64.

// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$KEEP:.*]] = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
// CHECK-LABEL: func.func @sum_keep_dim_bf16
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xbf16>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x1x4xf32>
// CHECK: %[[ACC:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<2x1x4xf32>)
// CHECK: %[[TOTAL:.*]] = linalg.generic {indexing_maps = [#[[$IN]], #[[$KEEP]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-SAME: ins(%[[X]] : tensor<2x3x4xbf16>) outs(%[[ACC]] : tensor<2x1x4xf32>)
// CHECK: ^bb0(%[[V:.*]]: bf16, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[V]] : bf16 to f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[OUT]], %[[W]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK: %[[R:.*]] = linalg.generic
// CHECK-SAME: ins(%[[TOTAL]] : tensor<2x1x4xf32>) outs(%{{.*}} : tensor<2x1x4xbf16>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: return %[[R]] : tensor<2x1x4xbf16>
func.func @sum_keep_dim_bf16(%x: tensor<2x3x4xbf16>) -> tensor<2x1x4xbf16> {
  %0 = "ttir.sum"(%x) {dim_arg = [1 : i32], keep_dim = true} : (tensor<2x3x4xbf16>) -> tensor<2x1x4xbf16>
  return %0 : tensor<2x1x4xbf16>
}

// -----

// Negative dims count from the back; without keep_dim the reduced dims leave the map.
// CHECK-DAG: #[[$DROP:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @sum_drop_dims_f32
// CHECK: arith.constant 0.000000e+00 : f64
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[$DROP]]], iterator_types = ["reduction", "parallel", "reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<3xf64>)
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @sum_drop_dims_f32(%x: tensor<2x3x4xf32>) -> tensor<3xf32> {
  %0 = "ttir.sum"(%x) {dim_arg = [0 : i32, -1 : i32], keep_dim = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// No dim_arg: every dim; the result is rank 0.
// CHECK-DAG: #[[$ALL:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @sum_all
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[$ALL]]], iterator_types = ["reduction", "reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<f32>)
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<bf16>)
func.func @sum_all(%x: tensor<32x64xbf16>) -> tensor<bf16> {
  %0 = "ttir.sum"(%x) {keep_dim = false} : (tensor<32x64xbf16>) -> tensor<bf16>
  return %0 : tensor<bf16>
}
