// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s --implicit-check-not=ttir
// Layout encodings are dropped everywhere (signature, block arguments, upstream
// ops); tensor.from_elements stays; a tensor-form materialize_in_destination
// forwards its source.

// CHECK-LABEL: func.func @signature(
// CHECK-SAME: %{{.*}}: tensor<32x32xbf16>, %{{.*}}: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<32x32xbf16>)
func.func @signature(%a: tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>, %b: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<32x32xbf16, #ttir.layout<"bf16", "tile">> {
  %0 = "ttir.multiply"(%a, %b) : (tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<32x32xbf16, #ttir.layout<"bf16", "tile">>
  return %0 : tensor<32x32xbf16, #ttir.layout<"bf16", "tile">>
}

// -----

// CHECK-LABEL: func.func @upstream_ops(
// CHECK-SAME: %[[X:.*]]: tensor<4xf32>, %[[S:.*]]: f32, %[[D:.*]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[T:.*]] = tensor.from_elements %[[S]] : tensor<f32>
// CHECK: %[[P:.*]] = linalg.generic
// CHECK-SAME: ins(%[[X]], %[[T]] : tensor<4xf32>, tensor<f32>)
// CHECK-NOT: bufferization.materialize_in_destination
// CHECK: return %[[P]] : tensor<4xf32>
func.func @upstream_ops(%x: tensor<4xf32>, %s: f32, %dest: tensor<4xf32, #ttir.layout<"f32", "tile">>) -> tensor<4xf32, #ttir.layout<"f32", "tile">> {
  %t = tensor.from_elements %s : tensor<f32>
  %p = "ttir.multiply"(%x, %t) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %r = bufferization.materialize_in_destination %p in %dest : (tensor<4xf32>, tensor<4xf32, #ttir.layout<"f32", "tile">>) -> tensor<4xf32, #ttir.layout<"f32", "tile">>
  return %r : tensor<4xf32, #ttir.layout<"f32", "tile">>
}
