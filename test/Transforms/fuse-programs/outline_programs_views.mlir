// RUN: ttbw-opt --split-input-file --ttbw-outline-programs %s | FileCheck %s
// Reshapes around programs: a reshaped empty init comes into the program with its empty (upstream
// fusion reshapes an accumulator's init with its generic); a result read both directly and through
// a reshape is returned once, the host function reshapes it.

#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func private @reshaped_init_program(%arg0: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> attributes {ttbw.program}
// CHECK: %[[E:.*]] = tensor.empty() : tensor<64x64xbf16>
// CHECK: tensor.expand_shape %[[E]]
// CHECK: linalg.generic
// CHECK-LABEL: func.func @reshaped_init(
// CHECK-NEXT: %[[R:.*]] = call @reshaped_init_program(%arg0) : (tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16>
// CHECK-NEXT: return %[[R]]
func.func @reshaped_init(%x: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> {
  %0 = tensor.empty() : tensor<64x64xbf16>
  %1 = tensor.expand_shape %0 [[0, 1], [2]] output_shape [2, 32, 64] : tensor<64x64xbf16> into tensor<2x32x64xbf16>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<2x32x64xbf16>) outs(%1 : tensor<2x32x64xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    %n = arith.negf %in : bf16
    linalg.yield %n : bf16
  } -> tensor<2x32x64xbf16>
  return %2 : tensor<2x32x64xbf16>
}

// -----

#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func private @read_twice_program(%arg0: tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16> attributes {ttbw.program}
// CHECK-NOT: collapse_shape
// CHECK: return
// CHECK-LABEL: func.func @read_twice(
// CHECK-NEXT: %[[R:.*]] = call @read_twice_program(%arg0) : (tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16>
// CHECK-NEXT: %[[V:.*]] = tensor.collapse_shape %[[R]] {{\[\[}}0, 1], [2]] : tensor<2x32x64xbf16> into tensor<64x64xbf16>
// CHECK-NEXT: return %[[R]], %[[V]]
func.func @read_twice(%x: tensor<2x32x64xbf16>) -> (tensor<2x32x64xbf16>, tensor<64x64xbf16>) {
  %0 = tensor.empty() : tensor<2x32x64xbf16>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<2x32x64xbf16>) outs(%0 : tensor<2x32x64xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    %n = arith.negf %in : bf16
    linalg.yield %n : bf16
  } -> tensor<2x32x64xbf16>
  %2 = tensor.collapse_shape %1 [[0, 1], [2]] : tensor<2x32x64xbf16> into tensor<64x64xbf16>
  return %1, %2 : tensor<2x32x64xbf16>, tensor<64x64xbf16>
}
