// RUN: ttbw-opt --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs %s | FileCheck %s
// One elementwise generic reading two matrix products' f32 results (fusion put both roundings
// into the adds): a candidate epilogue of the first product only (never outlined twice); a
// contraction program takes no second product's result, so each generic is a program.

// CHECK-LABEL: func.func private @f_0_matmul(%arg0: tensor<64x64xbf16>, %arg1: tensor<64x64xbf16>) -> tensor<64x64xf32>
// CHECK-LABEL: func.func private @f_1_elementwise(%arg0: tensor<64x64xbf16>, %arg1: tensor<64x64xf32>, %arg2: tensor<64x64xf32>) -> tensor<64x64xbf16>
// CHECK-LABEL: func.func private @f_2_matmul(%arg0: tensor<64x64xbf16>, %arg1: tensor<64x64xbf16>) -> tensor<64x64xf32>
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %[[P0:.*]] = call @f_0_matmul(%arg0, %arg1)
// CHECK-NEXT: %[[P2:.*]] = call @f_2_matmul(%arg1, %arg2)
// CHECK-NEXT: %[[E:.*]] = call @f_1_elementwise(%arg3, %[[P0]], %[[P2]])
// CHECK-NEXT: return %[[E]]
func.func @f(%a: tensor<64x64xbf16>, %b: tensor<64x64xbf16>, %c: tensor<64x64xbf16>, %x: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  // expected-warning @+1 {{function @f is not one fused program (codegen: a contraction program computes one contraction, its epilogue and at most one plain sum of an operand beside it): lowered as 3 programs}}
  %0 = "ttir.matmul"(%a, %b) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %1 = "ttir.matmul"(%c, %b) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %2 = "ttir.add"(%x, %0) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %3 = "ttir.add"(%2, %1) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  return %3 : tensor<64x64xbf16>
}
