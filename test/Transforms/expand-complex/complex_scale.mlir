// RUN: ttbw-opt --split-input-file --ttir-expand-complex %s | FileCheck %s
// A real factor or divisor scales each part (ttnn's per-part scale of add_bw / sub_bw's
// alpha): x * s = (xr * s, xi * s), s * x likewise, x / s = (xr / s, xi / s).

// CHECK-LABEL: func.func @scale
// CHECK-SAME: (%[[XR:.*]]: tensor<32x64xbf16>, %[[XI:.*]]: tensor<32x64xbf16>, %[[S:.*]]: tensor<bf16>)
func.func @scale(%x: tensor<32x64xcomplex<bf16>>, %s: tensor<bf16>) -> (tensor<32x64xcomplex<bf16>>, tensor<32x64xcomplex<bf16>>) {
  // CHECK: %[[RE:.*]] = "ttir.multiply"(%[[XR]], %[[S]]) : (tensor<32x64xbf16>, tensor<bf16>) -> tensor<32x64xbf16>
  // CHECK: %[[IM:.*]] = "ttir.multiply"(%[[XI]], %[[S]])
  // CHECK: %[[RE2:.*]] = "ttir.multiply"(%[[XR]], %[[S]])
  // CHECK: %[[IM2:.*]] = "ttir.multiply"(%[[XI]], %[[S]])
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
