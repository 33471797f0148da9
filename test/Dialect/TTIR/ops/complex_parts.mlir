// RUN: ttbw-opt %s | ttbw-opt | FileCheck %s
// ttbw's internal ttir.real / ttir.imag / ttir.complex (between ttir-decompose-backward and
// ttir-expand-complex): a complex tensor's parts, of its shape and encoding, and back.

// CHECK-LABEL: func.func @parts
func.func @parts(%z: tensor<2x32xcomplex<bf16>>) -> tensor<2x32xcomplex<bf16>> {
  // CHECK: %[[RE:.*]] = "ttir.real"(%arg0) : (tensor<2x32xcomplex<bf16>>) -> tensor<2x32xbf16>
  %re = "ttir.real"(%z) : (tensor<2x32xcomplex<bf16>>) -> tensor<2x32xbf16>
  // CHECK: %[[IM:.*]] = "ttir.imag"(%arg0) : (tensor<2x32xcomplex<bf16>>) -> tensor<2x32xbf16>
  %im = "ttir.imag"(%z) : (tensor<2x32xcomplex<bf16>>) -> tensor<2x32xbf16>
  // CHECK: %[[Z:.*]] = "ttir.complex"(%[[IM]], %[[RE]]) : (tensor<2x32xbf16>, tensor<2x32xbf16>) -> tensor<2x32xcomplex<bf16>>
  %0 = "ttir.complex"(%im, %re) : (tensor<2x32xbf16>, tensor<2x32xbf16>) -> tensor<2x32xcomplex<bf16>>
  // CHECK: return %[[Z]]
  return %0 : tensor<2x32xcomplex<bf16>>
}

// CHECK-LABEL: func.func @encoded
func.func @encoded(%z: tensor<32xcomplex<f32>, #ttir.layout<"f32", "row_major">>) -> tensor<32xcomplex<f32>, #ttir.layout<"f32", "row_major">> {
  // CHECK: "ttir.real"(%arg0) : (tensor<32xcomplex<f32>, #ttir.layout<"f32", "row_major">>) -> tensor<32xf32, #ttir.layout<"f32", "row_major">>
  %re = "ttir.real"(%z) : (tensor<32xcomplex<f32>, #ttir.layout<"f32", "row_major">>) -> tensor<32xf32, #ttir.layout<"f32", "row_major">>
  // CHECK: "ttir.complex"
  // CHECK-SAME: -> tensor<32xcomplex<f32>, #ttir.layout<"f32", "row_major">>
  %0 = "ttir.complex"(%re, %re) : (tensor<32xf32, #ttir.layout<"f32", "row_major">>, tensor<32xf32, #ttir.layout<"f32", "row_major">>) -> tensor<32xcomplex<f32>, #ttir.layout<"f32", "row_major">>
  return %0 : tensor<32xcomplex<f32>, #ttir.layout<"f32", "row_major">>
}
