// RUN: ttbw-opt --split-input-file --ttbw-prepare-fusion %s | FileCheck %s
// Before upstream's producer -> consumer fusion: an elementwise generic read by several generics
// is copied once per reader (readers first), so each fuses its own copy; a sum over dims of size 1
// only is elementwise (0 + term).

#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @shared_producer(
// CHECK: %[[COPY:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<32x32xf32>)
// CHECK: math.exp
// CHECK: %[[EXP:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<32x32xf32>)
// CHECK: math.exp
// CHECK: linalg.generic {{.*}} ins(%[[COPY]] : tensor<32x32xf32>)
// CHECK: arith.negf
// CHECK: linalg.generic {{.*}} ins(%[[EXP]] : tensor<32x32xf32>)
// CHECK: math.sqrt
func.func @shared_producer(%x: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<32x32xf32>) {
  %0 = tensor.empty() : tensor<32x32xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<32x32xf32>) outs(%0 : tensor<32x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<32x32xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<32x32xf32>) outs(%0 : tensor<32x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<32x32xf32>
  %3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<32x32xf32>) outs(%0 : tensor<32x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.sqrt %in : f32
    linalg.yield %r : f32
  } -> tensor<32x32xf32>
  return %2, %3 : tensor<32x32xf32>, tensor<32x32xf32>
}

// -----

// A sum over a dim of size 1 (keep_dim) is 0 + term: an elementwise generic (its zero fill no
// longer read), so its consumers fuse with it.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @unit_sum(
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]}
// CHECK: arith.addf %[[ZERO]],
func.func @unit_sum(%x: tensor<1x32xbf16>) -> tensor<1x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x32xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x32xf32>) -> tensor<1x32xf32>
  %2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<1x32xbf16>) outs(%1 : tensor<1x32xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %e = arith.extf %in : bf16 to f32
    %s = arith.addf %out, %e : f32
    linalg.yield %s : f32
  } -> tensor<1x32xf32>
  return %2 : tensor<1x32xf32>
}

// -----

// A sum over a dim of more than one element stays a reduction.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @real_sum(
// CHECK: iterator_types = ["reduction", "parallel"]
func.func @real_sum(%x: tensor<2x32xbf16>) -> tensor<1x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x32xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x32xf32>) -> tensor<1x32xf32>
  %2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<2x32xbf16>) outs(%1 : tensor<1x32xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %e = arith.extf %in : bf16 to f32
    %s = arith.addf %out, %e : f32
    linalg.yield %s : f32
  } -> tensor<1x32xf32>
  return %2 : tensor<1x32xf32>
}
