// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttbw-outline-programs %s | FileCheck %s
// Upstream fusion folds a transpose's producer into it, reading every input of the producer
// through the transpose; the codegen reads a whole TILE operand transposed but not a broadcast
// one (a row sum read as a column). Such a generic is split: the computation in its inputs'
// order, then a transposing copy.

#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
#rows = affine_map<(d0, d1) -> (d0, 0)>
#cols = affine_map<(d0, d1) -> (d1, 0)>
// CHECK-LABEL: func.func private @transposed_0_elementwise(%arg0: tensor<32x10xf32>, %arg1: tensor<32x1xf32>) -> tensor<32x10xf32> attributes {ttbw.program}
// CHECK: linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<32x10xf32>, tensor<32x1xf32>) outs(%{{.*}} : tensor<32x10xf32>)
// CHECK: math.exp
// CHECK-LABEL: func.func private @transposed_1_copy(%arg0: tensor<32x10xf32>) -> tensor<10x32xf32> attributes {ttbw.program}
// CHECK: linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<32x10xf32>) outs(%{{.*}} : tensor<10x32xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]]
// CHECK-LABEL: func.func @transposed(
// CHECK-NEXT: %[[E:.*]] = call @transposed_0_elementwise(%arg0, %arg1)
// CHECK-NEXT: %[[C:.*]] = call @transposed_1_copy(%[[E]])
// CHECK-NEXT: return %[[C]]
func.func @transposed(%y: tensor<32x10xf32>, %s: tensor<32x1xf32>) -> tensor<10x32xf32> {
  %0 = tensor.empty() : tensor<10x32xf32>
  // expected-warning @+1 {{function @transposed is not one fused program}}
  %1 = linalg.generic {indexing_maps = [#t, #cols, #id], iterator_types = ["parallel", "parallel"]} ins(%y, %s : tensor<32x10xf32>, tensor<32x1xf32>) outs(%0 : tensor<10x32xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %e = math.exp %in : f32
    %m = arith.mulf %e, %in_0 : f32
    linalg.yield %m : f32
  } -> tensor<10x32xf32>
  return %1 : tensor<10x32xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
#rows = affine_map<(d0, d1) -> (d0, 0)>
#cols = affine_map<(d0, d1) -> (d1, 0)>
// The function returns the computation in its inputs' order too: the copy reads that result,
// the computation is not made twice.
// CHECK-LABEL: func.func private @both_0_elementwise(
// CHECK-LABEL: func.func private @both_1_copy(
// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @both(
// CHECK-NEXT: %[[E:.*]] = call @both_0_elementwise(%arg0, %arg1)
// CHECK-NEXT: %[[C:.*]] = call @both_1_copy(%[[E]])
// CHECK-NEXT: return %[[E]], %[[C]]
func.func @both(%y: tensor<32x10xf32>, %s: tensor<32x1xf32>) -> (tensor<32x10xf32>, tensor<10x32xf32>) {
  %0 = tensor.empty() : tensor<32x10xf32>
  // expected-warning @+1 {{function @both is not one fused program}}
  %1 = linalg.generic {indexing_maps = [#id, #rows, #id], iterator_types = ["parallel", "parallel"]} ins(%y, %s : tensor<32x10xf32>, tensor<32x1xf32>) outs(%0 : tensor<32x10xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %e = math.exp %in : f32
    %m = arith.mulf %e, %in_0 : f32
    linalg.yield %m : f32
  } -> tensor<32x10xf32>
  %2 = tensor.empty() : tensor<10x32xf32>
  %3 = linalg.generic {indexing_maps = [#t, #cols, #id], iterator_types = ["parallel", "parallel"]} ins(%y, %s : tensor<32x10xf32>, tensor<32x1xf32>) outs(%2 : tensor<10x32xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %e = math.exp %in : f32
    %m = arith.mulf %e, %in_0 : f32
    linalg.yield %m : f32
  } -> tensor<10x32xf32>
  return %1, %3 : tensor<32x10xf32>, tensor<10x32xf32>
}
