// RUN: ttbw-opt --split-input-file --ttbw-zero-empty-tensors %s | FileCheck %s
// Tensors with no elements: a returned one becomes a tensor.empty (the host function allocates
// it; nothing computes it), a sum over an empty dim the zero it starts from (a generic of no
// inputs), so no program reads an empty tensor.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @empty_result_and_sum(
// CHECK: %[[Z:.*]] = linalg.generic {indexing_maps = [#{{.*}}], iterator_types = ["parallel", "parallel"]} outs(
// CHECK-NEXT: ^bb0(%{{.*}}: f32):
// CHECK-NEXT: %[[C:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: linalg.yield %[[C]] : f32
// CHECK: %[[E:.*]] = tensor.empty() : tensor<0x32xbf16>
// CHECK-NEXT: return %[[E]], %[[Z]] : tensor<0x32xbf16>, tensor<1x32xf32>
func.func @empty_result_and_sum(%g: tensor<0x32xbf16>) -> (tensor<0x32xbf16>, tensor<1x32xf32>) {
  %0 = tensor.empty() : tensor<0x32xbf16>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%g : tensor<0x32xbf16>) outs(%0 : tensor<0x32xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    %n = arith.negf %in : bf16
    linalg.yield %n : bf16
  } -> tensor<0x32xbf16>
  %cst = arith.constant 0.000000e+00 : f32
  %2 = tensor.empty() : tensor<1x32xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x32xf32>) -> tensor<1x32xf32>
  %4 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["reduction", "parallel"]} ins(%g : tensor<0x32xbf16>) outs(%3 : tensor<1x32xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %e = arith.extf %in : bf16 to f32
    %s = arith.addf %out, %e : f32
    linalg.yield %s : f32
  } -> tensor<1x32xf32>
  return %1, %4 : tensor<0x32xbf16>, tensor<1x32xf32>
}

// -----

// Tensors with elements are left as they are.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @nothing_empty(
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<2x32xbf16>)
func.func @nothing_empty(%g: tensor<2x32xbf16>) -> tensor<2x32xbf16> {
  %0 = tensor.empty() : tensor<2x32xbf16>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%g : tensor<2x32xbf16>) outs(%0 : tensor<2x32xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    %n = arith.negf %in : bf16
    linalg.yield %n : bf16
  } -> tensor<2x32xbf16>
  return %1 : tensor<2x32xbf16>
}
