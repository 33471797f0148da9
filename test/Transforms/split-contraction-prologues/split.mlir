// RUN: ttbw-opt --split-input-file --ttbw-split-contraction-prologues %s | FileCheck %s
// An elementwise prologue fusion put into a matrix product's operand becomes an elementwise
// generic over the operand's dims (the body ops computing the stored operand, the inputs they
// read with their maps over those dims); the contraction reads its result as stored.

#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
#s = affine_map<(d0, d1, d2) -> ()>
// A scaled by a runtime scalar (rank-0 input, map ()): the prologue reads x and the scalar.
// CHECK-LABEL: func.func @scaled_a(
// CHECK: %[[E:.*]] = tensor.empty() : tensor<64x96xbf16>
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[ID:map[0-9]*]], #[[SC:map[0-9]*]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg2 : tensor<64x96xbf16>, tensor<f32>) outs(%[[E]] : tensor<64x96xbf16>)
// CHECK: arith.mulf
// CHECK: arith.truncf
// CHECK: linalg.generic {{.*}} ins(%[[P]], %arg1 : tensor<64x96xbf16>, tensor<96x32xbf16>)
// CHECK-NEXT: ^bb0(%{{.*}}: bf16, %{{.*}}: bf16, %{{.*}}: f32):
// CHECK-NEXT: arith.extf
// CHECK-NEXT: arith.extf
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
func.func @scaled_a(%x: tensor<64x96xbf16>, %w: tensor<96x32xbf16>, %s: tensor<f32>) -> tensor<64x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64x32xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x32xf32>) -> tensor<64x32xf32>
  %2 = linalg.generic {indexing_maps = [#a, #s, #b, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %s, %w : tensor<64x96xbf16>, tensor<f32>, tensor<96x32xbf16>) outs(%1 : tensor<64x32xf32>) {
  ^bb0(%in: bf16, %sc: f32, %in_w: bf16, %out: f32):
    %e = arith.extf %in : bf16 to f32
    %d = arith.mulf %e, %sc : f32
    %t = arith.truncf %d : f32 to bf16
    %e2 = arith.extf %t : bf16 to f32
    %ew = arith.extf %in_w : bf16 to f32
    %m = arith.mulf %e2, %ew : f32
    %r = arith.addf %out, %m : f32
    linalg.yield %r : f32
  } -> tensor<64x32xf32>
  return %2 : tensor<64x32xf32>
}

// -----

#g = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#h = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#o = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// B = g * h (two inputs over B's dims, listed before A): the product reads A first, then B's
// prologue, stored as g and h are (B's dims in their order: identity maps, no transpose).
// CHECK-LABEL: func.func @product_b(
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[ID:map[0-9]*]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %arg1 : tensor<2x40x48xbf16>, tensor<2x40x48xbf16>) outs(%{{.*}} : tensor<2x40x48xbf16>)
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[G:map[0-9]*]], #{{.*}}], {{.*}} ins(%arg2, %[[P]] : tensor<2x32x40xbf16>, tensor<2x40x48xbf16>)
func.func @product_b(%g: tensor<2x40x48xbf16>, %h: tensor<2x40x48xbf16>, %a: tensor<2x32x40xbf16>) -> tensor<2x32x48xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x32x48xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x32x48xf32>) -> tensor<2x32x48xf32>
  %2 = linalg.generic {indexing_maps = [#g, #g, #h, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%g, %h, %a : tensor<2x40x48xbf16>, tensor<2x40x48xbf16>, tensor<2x32x40xbf16>) outs(%1 : tensor<2x32x48xf32>) {
  ^bb0(%in_g: bf16, %in_h: bf16, %in_a: bf16, %out: f32):
    %eg = arith.extf %in_g : bf16 to f32
    %eh = arith.extf %in_h : bf16 to f32
    %p = arith.mulf %eg, %eh : f32
    %pt = arith.truncf %p : f32 to bf16
    %pe = arith.extf %pt : bf16 to f32
    %ea = arith.extf %in_a : bf16 to f32
    %m = arith.mulf %pe, %ea : f32
    %r = arith.addf %out, %m : f32
    linalg.yield %r : f32
  } -> tensor<2x32x48xf32>
  return %2 : tensor<2x32x48xf32>
}
