// What sibling fusion leaves alone: the IR comes back unchanged.
// RUN: ttbw-opt --split-input-file --linalg-fuse-siblings %s | FileCheck %s

// Different iteration domains (a 4x8 and a 4x1 loop nest) reading the same tensor.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @other_domain
// CHECK-COUNT-2: linalg.generic
func.func @other_domain(%x: tensor<4x8xf32>, %init0: tensor<4x8xf32>, %init1: tensor<4x1xf32>) -> (tensor<4x8xf32>, tensor<4x1xf32>) {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%init0 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%init1 : tensor<4x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x1xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4x1xf32>
}

// -----

// The second reads the first's result: producer and consumer, not siblings.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @dependent
// CHECK-COUNT-2: linalg.generic
func.func @dependent(%x: tensor<8xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %0 : tensor<8xf32>, tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// No common input.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @nothing_shared
// CHECK-COUNT-2: linalg.generic
func.func @nothing_shared(%x: tensor<8xf32>, %y: tensor<8xf32>, %init: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%y : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// A use of the first's result between them that is not a pure tensor op (a memref write) is
// never moved, so the two stay apart.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @side_effect_between
// CHECK: linalg.generic
// CHECK: bufferization.materialize_in_destination
// CHECK: linalg.generic
func.func @side_effect_between(%x: tensor<8xf32>, %init: tensor<8xf32>, %m: memref<8xf32>) -> tensor<8xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8xf32>
  bufferization.materialize_in_destination %0 in restrict writable %m : (tensor<8xf32>, memref<8xf32>) -> ()
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8xf32>
  return %1 : tensor<8xf32>
}
