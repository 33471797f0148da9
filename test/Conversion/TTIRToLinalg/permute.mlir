// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s --implicit-check-not='"ttir.'
// ttir.permute / ttir.transpose: a copy generic whose input map permutes the dims.

// CHECK-DAG: #[[$P:.*]] = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @permute
// CHECK: linalg.generic {indexing_maps = [#[[$P]], #[[$ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%arg0 : tensor<2x64x96xbf16>) outs(%{{.*}} : tensor<96x2x64xbf16>)
// CHECK-NEXT: ^bb0(%[[V:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT: linalg.yield %[[V]] : bf16
func.func @permute(%x: tensor<2x64x96xbf16>) -> tensor<96x2x64xbf16> {
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 2, 0, 1>}> : (tensor<2x64x96xbf16>) -> tensor<96x2x64xbf16>
  return %0 : tensor<96x2x64xbf16>
}

// -----

// CHECK-DAG: #[[$T:.*]] = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// CHECK-LABEL: func.func @transpose
// CHECK: linalg.generic {indexing_maps = [#[[$T]], #{{.*}}]
// CHECK-SAME: outs(%{{.*}} : tensor<2x96x64xf32>)
func.func @transpose(%x: tensor<2x64x96xf32>) -> tensor<2x96x64xf32> {
  %0 = "ttir.transpose"(%x) <{dim0 = -1 : si32, dim1 = 1 : si32}> : (tensor<2x64x96xf32>) -> tensor<2x96x64xf32>
  return %0 : tensor<2x96x64xf32>
}
