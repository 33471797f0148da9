// RUN: ttbw-opt --split-input-file --ttir-decompose-backward --ttir-reduce-broadcast-grads --ttir-expand-complex %s | FileCheck %s
// Complex tensors become (real, imag) pairs; grad·conj(b) = (gr·br + gi·bi) + i(gi·br − gr·bi).

// CHECK-LABEL: func.func @complex
// CHECK-SAME: (%[[GR:.*]]: tensor<32x64xbf16>, %[[GI:.*]]: tensor<32x64xbf16>, %[[AR:.*]]: tensor<32x64xbf16>, %[[AI:.*]]: tensor<32x64xbf16>, %[[BR:.*]]: tensor<32x64xbf16>, %[[BI:.*]]: tensor<32x64xbf16>)
// CHECK-SAME: -> (tensor<32x64xbf16>, tensor<32x64xbf16>, tensor<32x64xbf16>, tensor<32x64xbf16>)
func.func @complex(%g: tensor<32x64xcomplex<bf16>>, %a: tensor<32x64xcomplex<bf16>>, %b: tensor<32x64xcomplex<bf16>>) -> (tensor<32x64xcomplex<bf16>>, tensor<32x64xcomplex<bf16>>) {
  // CHECK: %[[M0:.*]] = "ttir.multiply"(%[[GR]], %[[BR]])
  // CHECK: %[[M1:.*]] = "ttir.multiply"(%[[GI]], %[[BI]])
  // CHECK: %[[RE:.*]] = "ttir.add"(%[[M0]], %[[M1]])
  // CHECK: %[[M2:.*]] = "ttir.multiply"(%[[GI]], %[[BR]])
  // CHECK: %[[M3:.*]] = "ttir.multiply"(%[[GR]], %[[BI]])
  // CHECK: %[[IM:.*]] = "ttir.subtract"(%[[M2]], %[[M3]])
  // CHECK-NOT: complex
  // CHECK: return %[[RE]], %[[IM]], %{{.*}}, %{{.*}} : tensor<32x64xbf16>, tensor<32x64xbf16>, tensor<32x64xbf16>, tensor<32x64xbf16>
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x64xcomplex<bf16>>, tensor<32x64xcomplex<bf16>>, tensor<32x64xcomplex<bf16>>) -> (tensor<32x64xcomplex<bf16>>, tensor<32x64xcomplex<bf16>>)
  return %0#0, %0#1 : tensor<32x64xcomplex<bf16>>, tensor<32x64xcomplex<bf16>>
}

// -----

// Broadcast-reduce applies to each part of a complex gradient.
// CHECK-LABEL: func.func @complex_broadcast
func.func @complex_broadcast(%g: tensor<1x1x32x64xcomplex<f32>>, %a: tensor<1x1x32x64xcomplex<f32>>, %b: tensor<1x1x1x64xcomplex<f32>>) -> (tensor<1x1x32x64xcomplex<f32>>, tensor<1x1x1x64xcomplex<f32>>) {
  // CHECK-DAG: "ttir.sum"(%{{.*}}) <{dim_arg = [2 : i32], keep_dim = true}> : (tensor<1x1x32x64xf32>) -> tensor<1x1x1x64xf32>
  // CHECK-DAG: "ttir.sum"(%{{.*}}) <{dim_arg = [2 : i32], keep_dim = true}> : (tensor<1x1x32x64xf32>) -> tensor<1x1x1x64xf32>
  // CHECK: return {{.*}} : tensor<1x1x32x64xf32>, tensor<1x1x32x64xf32>, tensor<1x1x1x64xf32>, tensor<1x1x1x64xf32>
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>, tensor<1x1x1x64xcomplex<f32>>) -> (tensor<1x1x32x64xcomplex<f32>>, tensor<1x1x1x64xcomplex<f32>>)
  return %0#0, %0#1 : tensor<1x1x32x64xcomplex<f32>>, tensor<1x1x1x64xcomplex<f32>>
}

// -----

// Real functions are left alone.
// CHECK-LABEL: func.func @real
// CHECK-SAME: (%arg0: tensor<4xf32>) -> tensor<4xf32>
func.func @real(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "ttir.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
