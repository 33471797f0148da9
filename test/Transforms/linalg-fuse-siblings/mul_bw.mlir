// A mul_bw with broadcast on both sides, decomposed, lowered to linalg, fused producer ->
// consumer (upstream) and then as siblings: the two gradients are one generic reading grad,
// a and b once, each sum accumulated in f32; the final truncations stay separate (their
// domains are the gradients' shapes).
// RUN: ttbw-opt --ttir-mul-bw-decomposition-pipeline --convert-ttir-to-linalg --linalg-fuse-elementwise-ops --canonicalize --cse --linalg-fuse-siblings --cse %s | FileCheck %s

// CHECK-LABEL: func.func @mul_bw_broadcast
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel", "reduction"]} ins(%arg0, %arg2, %arg1 : tensor<1x3x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x3x32x1xbf16>) outs(%{{.*}}, %{{.*}} : tensor<1x3x32x1xf32>, tensor<1x1x32x64xf32>)
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f32, f32
// CHECK: linalg.generic {{.*}} ins(%[[R]]#0 : tensor<1x3x32x1xf32>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: linalg.generic {{.*}} ins(%[[R]]#1 : tensor<1x1x32x64xf32>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @mul_bw_broadcast(%grad: tensor<1x3x32x64xbf16>, %a: tensor<1x3x32x1xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%grad, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x32x64xbf16>, tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>
}
