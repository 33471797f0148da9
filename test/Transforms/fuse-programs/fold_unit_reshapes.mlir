// RUN: ttbw-opt --split-input-file --ttbw-fold-unit-reshapes %s | FileCheck %s
// A generic reading another's result through reshapes that only add or drop unit dims reads it
// directly, the reshapes folded into its indexing map (0 at the source's unit dims), and the
// producer is copied for it (the next round of fusion takes the copy; canonicalize drops the
// rest); a reshape moving data is left where it is.

#id = affine_map<(d0, d1) -> (d0, d1)>
#s = affine_map<() -> ()>
// CHECK: #[[MAP:.*]] = affine_map<() -> (0, 0)>
// CHECK-LABEL: func.func @to_rank_0(
// CHECK: %[[SUM:.*]] = linalg.generic
// CHECK: linalg.generic {indexing_maps = [#[[MAP]], #{{.*}}], iterator_types = []} ins(%[[SUM]] : tensor<1x1xf32>)
func.func @to_rank_0(%x: tensor<1x1xbf16>) -> tensor<bf16> {
  %0 = tensor.empty() : tensor<1x1xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x1xbf16>) outs(%0 : tensor<1x1xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %e = arith.extf %in : bf16 to f32
    linalg.yield %e : f32
  } -> tensor<1x1xf32>
  %2 = tensor.collapse_shape %1 [] : tensor<1x1xf32> into tensor<f32>
  %3 = tensor.empty() : tensor<bf16>
  %4 = linalg.generic {indexing_maps = [#s, #s], iterator_types = []} ins(%2 : tensor<f32>) outs(%3 : tensor<bf16>) {
  ^bb0(%in: f32, %out: bf16):
    %t = arith.truncf %in : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<bf16>
  return %4 : tensor<bf16>
}

// -----

// A reshape that moves data (64x32 -> 32x64) is no unit reshape: the reader keeps reading it.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @moving(
// CHECK: %[[R:.*]] = tensor.expand_shape
// CHECK: linalg.generic {{.*}} ins(%[[R]] : tensor<32x64xf32>)
func.func @moving(%x: tensor<64x32xf32>) -> tensor<32x64xf32> {
  %0 = tensor.empty() : tensor<64x32xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<64x32xf32>
  %2 = tensor.collapse_shape %1 [[0, 1]] : tensor<64x32xf32> into tensor<2048xf32>
  %3 = tensor.expand_shape %2 [[0, 1]] output_shape [32, 64] : tensor<2048xf32> into tensor<32x64xf32>
  %4 = tensor.empty() : tensor<32x64xf32>
  %5 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<32x64xf32>) outs(%4 : tensor<32x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<32x64xf32>
  return %5 : tensor<32x64xf32>
}
