// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// Complex reciprocal_bw: PyTorch's -grad * conj(r * r), r = 1 / x (NaN + NaN i at x = 0,
// where r = inf + NaN i), computed in complex<f32>.

// CHECK-LABEL: func.func @reciprocal_f32
func.func @reciprocal_f32(%g: tensor<32x64xcomplex<f32>>, %x: tensor<32x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>> {
  // CHECK: %[[NG:.*]] = "ttir.neg"(%arg0)
  // CHECK: %[[R:.*]] = "ttir.reciprocal"(%arg1) : (tensor<32x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>>
  // CHECK: %[[RR:.*]] = "ttir.multiply"(%[[R]], %[[R]])
  // CHECK: %[[C:.*]] = "ttir.conj"(%[[RR]])
  // CHECK: %[[GX:.*]] = "ttir.multiply"(%[[NG]], %[[C]])
  // CHECK: return %[[GX]]
  %0 = ttir.reciprocal_bw %g, %x : tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>> -> tensor<32x64xcomplex<f32>>
  return %0 : tensor<32x64xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @reciprocal_bf16
func.func @reciprocal_bf16(%g: tensor<32x32xcomplex<bf16>>, %x: tensor<32x32xcomplex<bf16>>) -> tensor<32x32xcomplex<bf16>> {
  // CHECK: "ttir.typecast"(%arg0) : (tensor<32x32xcomplex<bf16>>) -> tensor<32x32xcomplex<f32>>
  // CHECK: "ttir.reciprocal"(%{{.*}}) : (tensor<32x32xcomplex<f32>>) -> tensor<32x32xcomplex<f32>>
  // CHECK: "ttir.conj"
  // CHECK: %[[GX:.*]] = "ttir.multiply"
  // CHECK: %[[R:.*]] = builtin.unrealized_conversion_cast %[[GX]] : tensor<32x32xcomplex<f32>> to tensor<32x32xcomplex<bf16>> {ttbw.sum_to}
  // CHECK: return %[[R]]
  %0 = ttir.reciprocal_bw %g, %x : tensor<32x32xcomplex<bf16>>, tensor<32x32xcomplex<bf16>> -> tensor<32x32xcomplex<bf16>>
  return %0 : tensor<32x32xcomplex<bf16>>
}
