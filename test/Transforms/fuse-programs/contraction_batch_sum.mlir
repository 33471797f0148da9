// RUN: ttbw-opt --split-input-file --ttbw-prepare-fusion %s | FileCheck %s
// A plain f32 sum over a contraction's batch dims folds into the contraction: the summed dims
// become reduction dims, its output map the sum's composed with the contraction's.

#a = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
#b = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#c = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#keep = affine_map<(d0, d1, d2) -> (0, d1, d2)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (0, d1, d2)>
// CHECK-LABEL: func.func @folded
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #[[$OUT]]], iterator_types = ["reduction", "parallel", "parallel", "reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<1x40x48xf32>)
// CHECK: arith.mulf
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @folded(%g: tensor<3x64x40xbf16>, %x: tensor<3x64x48xbf16>) -> tensor<1x40x48xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x40x48xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<3x40x48xf32>) -> tensor<3x40x48xf32>
  %p = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%g, %x : tensor<3x64x40xbf16>, tensor<3x64x48xbf16>) outs(%init : tensor<3x40x48xf32>) {
  ^bb0(%u: bf16, %v: bf16, %acc: f32):
    %ue = arith.extf %u : bf16 to f32
    %ve = arith.extf %v : bf16 to f32
    %m = arith.mulf %ue, %ve : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<3x40x48xf32>
  %e2 = tensor.empty() : tensor<1x40x48xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x40x48xf32>) -> tensor<1x40x48xf32>
  %r = linalg.generic {indexing_maps = [#id, #keep], iterator_types = ["reduction", "parallel", "parallel"]} ins(%p : tensor<3x40x48xf32>) outs(%init2 : tensor<1x40x48xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<1x40x48xf32>
  return %r : tensor<1x40x48xf32>
}

// -----

// The product is read elsewhere too: both stay.
#a = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
#b = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#c = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#keep = affine_map<(d0, d1, d2) -> (0, d1, d2)>
// CHECK-LABEL: func.func @shared_product
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel", "parallel"]
func.func @shared_product(%g: tensor<3x64x40xbf16>, %x: tensor<3x64x48xbf16>) -> (tensor<1x40x48xf32>, tensor<3x40x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x40x48xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<3x40x48xf32>) -> tensor<3x40x48xf32>
  %p = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%g, %x : tensor<3x64x40xbf16>, tensor<3x64x48xbf16>) outs(%init : tensor<3x40x48xf32>) {
  ^bb0(%u: bf16, %v: bf16, %acc: f32):
    %ue = arith.extf %u : bf16 to f32
    %ve = arith.extf %v : bf16 to f32
    %m = arith.mulf %ue, %ve : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<3x40x48xf32>
  %e2 = tensor.empty() : tensor<1x40x48xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x40x48xf32>) -> tensor<1x40x48xf32>
  %r = linalg.generic {indexing_maps = [#id, #keep], iterator_types = ["reduction", "parallel", "parallel"]} ins(%p : tensor<3x40x48xf32>) outs(%init2 : tensor<1x40x48xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<1x40x48xf32>
  return %r, %p : tensor<1x40x48xf32>, tensor<3x40x48xf32>
}
