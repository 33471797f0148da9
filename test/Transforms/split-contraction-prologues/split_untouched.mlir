// RUN: ttbw-opt --split-input-file --ttbw-split-contraction-prologues %s | FileCheck %s
// What the split leaves as it is: a plain contraction (its operands as stored), and a reduction
// whose split would not leave a matrix product (an elementwise product summed over K: the other
// walk's).

#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @plain(
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
func.func @plain(%x: tensor<64x96xbf16>, %w: tensor<96x32xbf16>) -> tensor<64x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64x32xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x32xf32>) -> tensor<64x32xf32>
  %2 = linalg.generic {indexing_maps = [#a, #b, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<64x96xbf16>, tensor<96x32xbf16>) outs(%1 : tensor<64x32xf32>) {
  ^bb0(%in: bf16, %in_w: bf16, %out: f32):
    %e = arith.extf %in : bf16 to f32
    %ew = arith.extf %in_w : bf16 to f32
    %m = arith.mulf %e, %ew : f32
    %r = arith.addf %out, %m : f32
    linalg.yield %r : f32
  } -> tensor<64x32xf32>
  return %2 : tensor<64x32xf32>
}

// -----

#x = affine_map<(d0, d1) -> (d0, d1)>
#o = affine_map<(d0, d1) -> (d0)>
// A row sum of x * exp(y): no matrix dims, left to the elementwise / reduction walk.
// CHECK-LABEL: func.func @row_sum(
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
func.func @row_sum(%x: tensor<64x96xf32>, %y: tensor<64x96xf32>) -> tensor<64xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64xf32>) -> tensor<64xf32>
  %2 = linalg.generic {indexing_maps = [#x, #x, #o], iterator_types = ["parallel", "reduction"]} ins(%x, %y : tensor<64x96xf32>, tensor<64x96xf32>) outs(%1 : tensor<64xf32>) {
  ^bb0(%in: f32, %in_y: f32, %out: f32):
    %e = math.exp %in_y : f32
    %m = arith.mulf %in, %e : f32
    %r = arith.addf %out, %m : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  return %2 : tensor<64xf32>
}
