// RUN: ttbw-opt %s | ttbw-opt | FileCheck %s
// The tt-mlir TTIR ops the decomposition emits print in tt-mlir's generic form, properties
// as <{...}>; the attribute-dictionary form ({...}) still parses.

// CHECK-LABEL: func.func @ops
func.func @ops(%x: tensor<1x3x32x64xbf16>, %y: tensor<1x1x32x64xbf16>) -> (tensor<3x32xbf16>, tensor<f32>, tensor<1x3x32x64xbf16>) {
  // CHECK: %[[M:.*]] = "ttir.multiply"(%arg0, %arg1) : (tensor<1x3x32x64xbf16>, tensor<1x1x32x64xbf16>) -> tensor<1x3x32x64xbf16>
  %0 = "ttir.multiply"(%x, %y) : (tensor<1x3x32x64xbf16>, tensor<1x1x32x64xbf16>) -> tensor<1x3x32x64xbf16>
  // CHECK: "ttir.add"(%[[M]], %arg0)
  %1 = "ttir.add"(%0, %x) : (tensor<1x3x32x64xbf16>, tensor<1x3x32x64xbf16>) -> tensor<1x3x32x64xbf16>
  // CHECK: "ttir.subtract"
  %2 = "ttir.subtract"(%1, %y) : (tensor<1x3x32x64xbf16>, tensor<1x1x32x64xbf16>) -> tensor<1x3x32x64xbf16>
  // CHECK: "ttir.neg"
  %3 = "ttir.neg"(%2) : (tensor<1x3x32x64xbf16>) -> tensor<1x3x32x64xbf16>
  // CHECK: "ttir.sum"(%{{.*}}) <{dim_arg = [0 : i32, 3 : i32], keep_dim = true}> : (tensor<1x3x32x64xbf16>) -> tensor<1x3x32x1xbf16>
  %4 = "ttir.sum"(%3) {dim_arg = [0 : i32, 3 : i32], keep_dim = true} : (tensor<1x3x32x64xbf16>) -> tensor<1x3x32x1xbf16>
  // CHECK: "ttir.reshape"(%{{.*}}) <{shape = [3 : i32, 32 : i32]}> : (tensor<1x3x32x1xbf16>) -> tensor<3x32xbf16>
  %5 = "ttir.reshape"(%4) {shape = [3 : i32, 32 : i32]} : (tensor<1x3x32x1xbf16>) -> tensor<3x32xbf16>
  // CHECK: "ttir.sum"(%{{.*}}) <{keep_dim = false}> : (tensor<1x3x32x64xbf16>) -> tensor<bf16>
  %6 = "ttir.sum"(%3) {keep_dim = false} : (tensor<1x3x32x64xbf16>) -> tensor<bf16>
  // CHECK: "ttir.typecast"(%{{.*}}) : (tensor<bf16>) -> tensor<f32>
  %7 = "ttir.typecast"(%6) : (tensor<bf16>) -> tensor<f32>
  // CHECK: "ttir.full"() <{fill_value = 4.000000e+00 : f32, shape = array<i32>}> : () -> tensor<f32>
  %8 = "ttir.full"() {fill_value = 4.0 : f32, shape = array<i32>} : () -> tensor<f32>
  %9 = "ttir.multiply"(%7, %8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  // CHECK: "ttir.typecast"(%{{.*}}) : (tensor<1x3x32x64xbf16>) -> tensor<1x3x32x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
  %10 = "ttir.typecast"(%3) : (tensor<1x3x32x64xbf16>) -> tensor<1x3x32x64xbf16, #ttir.layout<"bfp_bf8", "tile">>
  return %5, %9, %3 : tensor<3x32xbf16>, tensor<f32>, tensor<1x3x32x64xbf16>
}
