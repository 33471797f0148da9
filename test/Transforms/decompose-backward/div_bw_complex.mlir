// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// Complex div_bw (PyTorch's rule): input_grad = grad / conj(other), other_grad =
// -grad * conj((input / other) / other), as -(grad / conj(other)) * conj(input / other). A complex quotient is several roundings: the
// gradients are computed in complex<f32> and rounded once to the result's type.

// CHECK-LABEL: func.func @div_broadcast
func.func @div_broadcast(%g: tensor<32x64xcomplex<bf16>>, %a: tensor<32x64xcomplex<bf16>>, %b: tensor<1x64xcomplex<bf16>>) -> (tensor<32x64xcomplex<bf16>>, tensor<1x64xcomplex<bf16>>) {
  // CHECK: %[[G:.*]] = "ttir.typecast"(%arg0) : (tensor<32x64xcomplex<bf16>>) -> tensor<32x64xcomplex<f32>>
  // CHECK: %[[B:.*]] = "ttir.typecast"(%arg2) : (tensor<1x64xcomplex<bf16>>) -> tensor<1x64xcomplex<f32>>
  // CHECK: %[[CB:.*]] = "ttir.conj"(%[[B]])
  // CHECK: %[[GA:.*]] = "ttir.div"(%[[G]], %[[CB]]) : (tensor<32x64xcomplex<f32>>, tensor<1x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>>
  // CHECK: %[[RA:.*]] = builtin.unrealized_conversion_cast %[[GA]] : tensor<32x64xcomplex<f32>> to tensor<32x64xcomplex<bf16>> {ttbw.sum_to}
  // CHECK: %[[G2:.*]] = "ttir.typecast"(%arg0)
  // CHECK: %[[B2:.*]] = "ttir.typecast"(%arg2)
  // CHECK: %[[CB2:.*]] = "ttir.conj"(%[[B2]])
  // CHECK: %[[GB:.*]] = "ttir.div"(%[[G2]], %[[CB2]])
  // CHECK: %[[A2:.*]] = "ttir.typecast"(%arg1)
  // CHECK: %[[Q:.*]] = "ttir.div"(%[[A2]], %[[B2]])
  // CHECK: %[[CQ:.*]] = "ttir.conj"(%[[Q]])
  // CHECK: %[[P:.*]] = "ttir.multiply"(%[[GB]], %[[CQ]])
  // CHECK: %[[N:.*]] = "ttir.neg"(%[[P]])
  // CHECK: %[[RB:.*]] = builtin.unrealized_conversion_cast %[[N]] : tensor<32x64xcomplex<f32>> to tensor<1x64xcomplex<bf16>> {ttbw.sum_to}
  // CHECK: return %[[RA]], %[[RB]]
  %0:2 = ttir.div_bw %g, %a, %b : tensor<32x64xcomplex<bf16>>, tensor<32x64xcomplex<bf16>>, tensor<1x64xcomplex<bf16>> -> input_grad tensor<32x64xcomplex<bf16>> other_grad tensor<1x64xcomplex<bf16>>
  return %0#0, %0#1 : tensor<32x64xcomplex<bf16>>, tensor<1x64xcomplex<bf16>>
}

// -----

// CHECK-LABEL: func.func @div_input_only_f32
func.func @div_input_only_f32(%g: tensor<32x64xcomplex<f32>>, %a: tensor<32x64xcomplex<f32>>, %b: tensor<32x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>> {
  // CHECK-NOT: ttir.typecast
  // CHECK: %[[CB:.*]] = "ttir.conj"(%arg2)
  // CHECK: %[[GA:.*]] = "ttir.div"(%arg0, %[[CB]])
  // CHECK-NOT: ttir.div
  // CHECK: return %[[GA]]
  %0 = ttir.div_bw %g, %a, %b {are_required_outputs = array<i1: true, false>} : tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>> -> input_grad tensor<32x64xcomplex<f32>>
  return %0 : tensor<32x64xcomplex<f32>>
}
