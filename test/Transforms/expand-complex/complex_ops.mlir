// RUN: ttbw-opt --ttir-expand-complex %s | FileCheck %s
// General complex multiply and conj outside the mul_bw pattern.

// CHECK-LABEL: func.func @general
// CHECK-SAME: (%[[XR:.*]]: tensor<4xf32>, %[[XI:.*]]: tensor<4xf32>, %[[YR:.*]]: tensor<4xf32>, %[[YI:.*]]: tensor<4xf32>)
func.func @general(%x: tensor<4xcomplex<f32>>, %y: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) {
  // CHECK: %[[A:.*]] = "ttir.multiply"(%[[XR]], %[[YR]])
  // CHECK: %[[B:.*]] = "ttir.multiply"(%[[XI]], %[[YI]])
  // CHECK: %[[RE:.*]] = "ttir.subtract"(%[[A]], %[[B]])
  // CHECK: %[[C:.*]] = "ttir.multiply"(%[[XR]], %[[YI]])
  // CHECK: %[[D:.*]] = "ttir.multiply"(%[[XI]], %[[YR]])
  // CHECK: %[[IM:.*]] = "ttir.add"(%[[C]], %[[D]])
  // CHECK: %[[N:.*]] = "ttir.neg"(%[[XI]])
  // CHECK: return %[[RE]], %[[IM]], %[[XR]], %[[N]]
  %0 = "ttir.multiply"(%x, %y) : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %1 = "ttir.conj"(%x) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0, %1 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
}
