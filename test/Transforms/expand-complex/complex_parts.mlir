// RUN: ttbw-opt --split-input-file --ttir-expand-complex %s | FileCheck %s
// ttir.real / ttir.imag read a complex value's parts (no op: their uses take the part), and
// ttir.complex makes two real values a complex one's parts.

// CHECK-LABEL: func.func @parts
// CHECK-SAME: (%[[ZR:.*]]: tensor<4xf32>, %[[ZI:.*]]: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
func.func @parts(%z: tensor<4xcomplex<f32>>) -> (tensor<4xf32>, tensor<4xcomplex<f32>>) {
  // CHECK-NOT: ttir.real
  // CHECK-NOT: ttir.imag
  // CHECK: %[[P:.*]] = "ttir.multiply"(%[[ZR]], %[[ZI]])
  // CHECK: return %[[P]], %[[ZI]], %[[ZR]]
  %re = "ttir.real"(%z) : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %im = "ttir.imag"(%z) : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %p = "ttir.multiply"(%re, %im) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %swapped = "ttir.complex"(%im, %re) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
  return %p, %swapped : tensor<4xf32>, tensor<4xcomplex<f32>>
}

// -----

// A complex value built from real ones flows through the other complex ops per part.
// CHECK-LABEL: func.func @built
// CHECK-SAME: (%[[A:.*]]: tensor<4xbf16>, %[[B:.*]]: tensor<4xbf16>) -> (tensor<4xbf16>, tensor<4xbf16>)
func.func @built(%a: tensor<4xbf16>, %b: tensor<4xbf16>) -> tensor<4xcomplex<bf16>> {
  // CHECK: %[[N:.*]] = "ttir.neg"(%[[B]])
  // CHECK: return %[[A]], %[[N]]
  %z = "ttir.complex"(%a, %b) : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xcomplex<bf16>>
  %c = "ttir.conj"(%z) : (tensor<4xcomplex<bf16>>) -> tensor<4xcomplex<bf16>>
  return %c : tensor<4xcomplex<bf16>>
}

// -----

// A part keeps the complex value's encoding.
// CHECK-LABEL: func.func @encoded
// CHECK-SAME: (%[[ZR:.*]]: tensor<32xf32, #ttir.layout<"f32", "row_major">>, %[[ZI:.*]]: tensor<32xf32, #ttir.layout<"f32", "row_major">>) -> tensor<32xf32, #ttir.layout<"f32", "row_major">>
func.func @encoded(%z: tensor<32xcomplex<f32>, #ttir.layout<"f32", "row_major">>) -> tensor<32xf32, #ttir.layout<"f32", "row_major">> {
  // CHECK: return %[[ZI]]
  %im = "ttir.imag"(%z) : (tensor<32xcomplex<f32>, #ttir.layout<"f32", "row_major">>) -> tensor<32xf32, #ttir.layout<"f32", "row_major">>
  return %im : tensor<32xf32, #ttir.layout<"f32", "row_major">>
}
