// RUN: ttbw-opt --split-input-file --ttir-expand-complex %s | FileCheck %s
// A real factor multiplies as PyTorch's x * (s + 0i) (add_bw / sub_bw's complex alpha): x * s =
// (xr * s - xi * 0, xr * 0 + xi * s), so an infinite part makes the other NaN, as torch's; s * x
// likewise. A real divisor scales each part: x / s = (xr / s, xi / s).

// CHECK-LABEL: func.func @scale
// CHECK-SAME: (%[[XR:.*]]: tensor<32x64xbf16>, %[[XI:.*]]: tensor<32x64xbf16>, %[[S:.*]]: tensor<bf16>)
func.func @scale(%x: tensor<32x64xcomplex<bf16>>, %s: tensor<bf16>) -> (tensor<32x64xcomplex<bf16>>, tensor<32x64xcomplex<bf16>>) {
  // CHECK: %[[ZERO:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}> : () -> tensor<bf16>
  // CHECK: %[[RS:.*]] = "ttir.multiply"(%[[XR]], %[[S]]) : (tensor<32x64xbf16>, tensor<bf16>) -> tensor<32x64xbf16>
  // CHECK: %[[IZ:.*]] = "ttir.multiply"(%[[XI]], %[[ZERO]]) : (tensor<32x64xbf16>, tensor<bf16>) -> tensor<32x64xbf16>
  // CHECK: %[[RE:.*]] = "ttir.subtract"(%[[RS]], %[[IZ]])
  // CHECK: %[[RZ:.*]] = "ttir.multiply"(%[[XR]], %[[ZERO]])
  // CHECK: %[[IS:.*]] = "ttir.multiply"(%[[XI]], %[[S]])
  // CHECK: %[[IM:.*]] = "ttir.add"(%[[RZ]], %[[IS]])
  // CHECK: %[[ZERO2:.*]] = "ttir.full"()
  // CHECK: %[[RS2:.*]] = "ttir.multiply"(%[[XR]], %[[S]])
  // CHECK: %[[IZ2:.*]] = "ttir.multiply"(%[[XI]], %[[ZERO2]])
  // CHECK: %[[RE2:.*]] = "ttir.subtract"(%[[RS2]], %[[IZ2]])
  // CHECK: %[[RZ2:.*]] = "ttir.multiply"(%[[XR]], %[[ZERO2]])
  // CHECK: %[[IS2:.*]] = "ttir.multiply"(%[[XI]], %[[S]])
  // CHECK: %[[IM2:.*]] = "ttir.add"(%[[RZ2]], %[[IS2]])
  // CHECK: return %[[RE]], %[[IM]], %[[RE2]], %[[IM2]]
  %0 = "ttir.multiply"(%x, %s) : (tensor<32x64xcomplex<bf16>>, tensor<bf16>) -> tensor<32x64xcomplex<bf16>>
  %1 = "ttir.multiply"(%s, %x) : (tensor<bf16>, tensor<32x64xcomplex<bf16>>) -> tensor<32x64xcomplex<bf16>>
  return %0, %1 : tensor<32x64xcomplex<bf16>>, tensor<32x64xcomplex<bf16>>
}

// -----

// CHECK-LABEL: func.func @real_divisor
// CHECK-SAME: (%[[XR:.*]]: tensor<32x64xf32>, %[[XI:.*]]: tensor<32x64xf32>, %[[S:.*]]: tensor<1x64xf32>)
func.func @real_divisor(%x: tensor<32x64xcomplex<f32>>, %s: tensor<1x64xf32>) -> tensor<32x64xcomplex<f32>> {
  // CHECK: %[[RE:.*]] = "ttir.div"(%[[XR]], %[[S]]) : (tensor<32x64xf32>, tensor<1x64xf32>) -> tensor<32x64xf32>
  // CHECK: %[[IM:.*]] = "ttir.div"(%[[XI]], %[[S]])
  // CHECK: return %[[RE]], %[[IM]]
  %0 = "ttir.div"(%x, %s) : (tensor<32x64xcomplex<f32>>, tensor<1x64xf32>) -> tensor<32x64xcomplex<f32>>
  return %0 : tensor<32x64xcomplex<f32>>
}
