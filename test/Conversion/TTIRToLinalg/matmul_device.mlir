// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg="target=device" %s | FileCheck %s --implicit-check-not='"ttir.'
// target=device: the contraction accumulates in f32 (the fp32 DST) whatever the result, its
// operands keep their #ttir.layout encodings, an f32 product has no rounding generic, and the
// generics are marked with the TTIR op they come from.

// CHECK-LABEL: func.func @bfp8_weight
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<64x128xbf16>, tensor<128x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) outs(%{{.*}} : tensor<64x32xf32>) attrs = {ttbw.op = "matmul"}
// CHECK: linalg.generic {{.*}} ins(%[[P]] : tensor<64x32xf32>) outs(%{{.*}} : tensor<64x32xbf16, #ttir.layout<"bfp_bf8", "tile">>)
// CHECK: arith.truncf
func.func @bfp8_weight(%x: tensor<64x128xbf16>, %w: tensor<128x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<64x32xbf16, #ttir.layout<"bfp_bf8", "tile">> {
  %0 = "ttir.matmul"(%x, %w) : (tensor<64x128xbf16>, tensor<128x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<64x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
  return %0 : tensor<64x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
}

// -----

// CHECK-LABEL: func.func @f32_product
// CHECK-NOT: f64
// CHECK: %[[P:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<64x64xf32>)
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-NOT: linalg.generic
// CHECK: return %[[P]]
func.func @f32_product(%a: tensor<64x128xf32>) -> tensor<64x64xf32> {
  %0 = "ttir.matmul"(%a, %a) <{transpose_b = true}> : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
