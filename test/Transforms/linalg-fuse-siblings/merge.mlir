// RUN: ttbw-opt --split-input-file --linalg-fuse-siblings %s | FileCheck %s

// Two reductions over the same domain that read %g: one generic with both outputs, %g read
// once; a loop reduced by either is a reduction of the merged op.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
#col = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @two_sums
// CHECK: %[[R:.*]]:2 = linalg.generic {indexing_maps = [#map, #map1, #map2, #map1, #map2], iterator_types = ["reduction", "reduction"]} ins(%arg0, %arg1, %arg2 : tensor<4x8xf32>, tensor<4x1xf32>, tensor<1x8xf32>) outs(%arg3, %arg4 : tensor<4x1xf32>, tensor<1x8xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f32, f32
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @two_sums(%g: tensor<4x8xf32>, %x: tensor<4x1xf32>, %y: tensor<1x8xf32>, %init0: tensor<4x1xf32>, %init1: tensor<1x8xf32>) -> (tensor<4x1xf32>, tensor<1x8xf32>) {
  %0 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%g, %x : tensor<4x8xf32>, tensor<4x1xf32>) outs(%init0 : tensor<4x1xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x1xf32>
  %1 = linalg.generic {indexing_maps = [#id, #col, #col], iterator_types = ["reduction", "parallel"]} ins(%g, %y : tensor<4x8xf32>, tensor<1x8xf32>) outs(%init1 : tensor<1x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x8xf32>
  return %0, %1 : tensor<4x1xf32>, tensor<1x8xf32>
}

// -----

// Three elementwise siblings: merged into one; the input read through the same map by all of
// them is one operand.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @three_siblings
// CHECK: %[[R:.*]]:3 = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<16xbf16>, tensor<16xbf16>) outs(%arg2, %arg2, %arg2 : tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>)
// CHECK: ^bb0(%[[IN0:.*]]: bf16, %[[IN1:.*]]: bf16, %{{.*}}: bf16, %{{.*}}: bf16, %{{.*}}: bf16):
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2
func.func @three_siblings(%x: tensor<16xbf16>, %y: tensor<16xbf16>, %init: tensor<16xbf16>) -> (tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>) {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<16xbf16>) outs(%init : tensor<16xbf16>) {
  ^bb0(%a: bf16, %o: bf16):
    %n = arith.negf %a : bf16
    linalg.yield %n : bf16
  } -> tensor<16xbf16>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %y : tensor<16xbf16>, tensor<16xbf16>) outs(%init : tensor<16xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %o: bf16):
    %s = arith.addf %a, %b : bf16
    linalg.yield %s : bf16
  } -> tensor<16xbf16>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%y : tensor<16xbf16>) outs(%init : tensor<16xbf16>) {
  ^bb0(%b: bf16, %o: bf16):
    %m = arith.mulf %b, %b : bf16
    linalg.yield %m : bf16
  } -> tensor<16xbf16>
  return %0, %1, %2 : tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>
}

// -----

// A use of the first generic's result between the two moves after the merged op.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @user_in_between
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: %[[R:.*]]:2 = linalg.generic
// CHECK: linalg.generic {{.*}} ins(%[[R]]#0 : tensor<8xf32>) outs(%[[E]] : tensor<8xf32>)
// CHECK: return %{{.*}}, %[[R]]#1
func.func @user_in_between(%x: tensor<8xf32>, %init: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%0 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %1, %2 : tensor<8xf32>, tensor<8xf32>
}
