// RUN: ttbw-opt --split-input-file --ttir-decompose-backward --ttir-reduce-broadcast-grads %s | FileCheck %s
// A gradient whose data type differs from its operand's is cast: after the reduction, or, narrower
// than its operand (a bf16 product of an f32 operand), before it, so that the sum is kept in f32.

// CHECK-LABEL: func.func @mixed
func.func @mixed(%g: tensor<32x64xbf16>, %a: tensor<32x64xbf16>, %b: tensor<1x64xf32>) -> (tensor<32x64xbf16>, tensor<1x64xf32>) {
  // CHECK: %[[GA:.*]] = "ttir.multiply"(%{{.*}}, %arg2) : (tensor<32x64xf32>, tensor<1x64xf32>) -> tensor<32x64xf32>
  // CHECK: %[[CA:.*]] = "ttir.typecast"(%[[GA]]) : (tensor<32x64xf32>) -> tensor<32x64xbf16>
  // CHECK: %[[GB:.*]] = "ttir.multiply"(%arg0, %arg1) : (tensor<32x64xbf16>, tensor<32x64xbf16>) -> tensor<32x64xbf16>
  // CHECK: %[[WB:.*]] = "ttir.typecast"(%[[GB]]) : (tensor<32x64xbf16>) -> tensor<32x64xf32>
  // CHECK: %[[SB:.*]] = "ttir.sum"(%[[WB]]) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<32x64xf32>) -> tensor<1x64xf32>
  // CHECK: return %[[CA]], %[[SB]]
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x64xbf16>, tensor<32x64xbf16>, tensor<1x64xf32>) -> (tensor<32x64xbf16>, tensor<1x64xf32>)
  return %0#0, %0#1 : tensor<32x64xbf16>, tensor<1x64xf32>
}

// -----

// grad * a (a bfloat8_b, promoted as f32) is an f32 product, cast to b's bf16 ROW_MAJOR.
// CHECK-LABEL: func.func @bfp8_row_major
func.func @bfp8_row_major(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, %b: tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>) {
  // CHECK: "ttir.typecast"(%{{.*}}) : (tensor<32x32xbf16>) -> tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
  // CHECK: "ttir.typecast"(%{{.*}}) : (tensor<32x32xf32>) -> tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>)
  return %0#0, %0#1 : tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>
}
