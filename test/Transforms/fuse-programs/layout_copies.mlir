// RUN: ttbw-opt --split-input-file --ttbw-prepare-fusion %s | FileCheck %s
// A generic reading a copy that only changes its input's layout (a ROW_MAJOR f32 argument
// typecast to TILE f32) reads the input itself: upstream's canonicalize would make the copy a
// tensor.cast, a view that drops the layout the codegen reads the buffer with.

#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @layout_copy_read_through(
// CHECK: linalg.generic {{.*}} ins(%arg0, %arg0 : tensor<40x50xf32, #ttir.layout<"f32", "row_major">>, tensor<40x50xf32, #ttir.layout<"f32", "row_major">>)
// CHECK: arith.mulf
func.func @layout_copy_read_through(%x: tensor<40x50xf32, #ttir.layout<"f32", "row_major">>) -> tensor<40x50xf32> {
  %0 = tensor.empty() : tensor<40x50xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<40x50xf32, #ttir.layout<"f32", "row_major">>) outs(%0 : tensor<40x50xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<40x50xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%1, %1 : tensor<40x50xf32>, tensor<40x50xf32>) outs(%0 : tensor<40x50xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<40x50xf32>
  return %2 : tensor<40x50xf32>
}

// -----

// A copy that changes the data type (bf16 to bfloat8_b: a quantization) is no layout copy: its
// reader keeps reading it.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @quantizing_copy_kept(
// CHECK: %[[Q:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<32x32xbf16>)
// CHECK: linalg.generic {{.*}} ins(%[[Q]] : tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>)
func.func @quantizing_copy_kept(%x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %0 = tensor.empty() : tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<32x32xbf16>) outs(%0 : tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) {
  ^bb0(%in: bf16, %out: bf16):
    linalg.yield %in : bf16
  } -> tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
  %2 = tensor.empty() : tensor<32x32xbf16>
  %3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) outs(%2 : tensor<32x32xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    %n = arith.negf %in : bf16
    linalg.yield %n : bf16
  } -> tensor<32x32xbf16>
  return %3 : tensor<32x32xbf16>
}
