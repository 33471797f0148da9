// RUN: ttbw-opt --split-input-file --convert-ttir-to-linalg %s | FileCheck %s
// ttir.typecast: bf16 <-> f32 through arith.extf / arith.truncf (round to
// nearest even); a change of device data type only (bf16 -> bfp_bf8) is a no-op.

// CHECK-LABEL: func.func @bf16_to_f32
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}} : tensor<32x32xbf16>) outs(%{{.*}} : tensor<32x32xf32>)
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : bf16 to f32
// CHECK-NEXT: linalg.yield %[[W]] : f32
func.func @bf16_to_f32(%x: tensor<32x32xbf16>) -> tensor<32x32xf32> {
  %0 = "ttir.typecast"(%x) : (tensor<32x32xbf16>) -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

// CHECK-LABEL: func.func @f32_to_bf16
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}} : tensor<32x32xf32>) outs(%{{.*}} : tensor<32x32xbf16>)
// CHECK: %[[N:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK-NEXT: linalg.yield %[[N]] : bf16
func.func @f32_to_bf16(%x: tensor<32x32xf32>) -> tensor<32x32xbf16> {
  %0 = "ttir.typecast"(%x) : (tensor<32x32xf32>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// bfp_bf8 is computed as bf16 on the CPU (its block-float rounding is not emulated).
// CHECK-LABEL: func.func @bf16_to_bfp_bf8
// CHECK-SAME: (%[[X:.*]]: tensor<32x32xbf16>) -> tensor<32x32xbf16>
// CHECK-NEXT: return %[[X]] : tensor<32x32xbf16>
func.func @bf16_to_bfp_bf8(%x: tensor<32x32xbf16>) -> tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">> {
  %0 = "ttir.typecast"(%x) : (tensor<32x32xbf16>) -> tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
  return %0 : tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
}
