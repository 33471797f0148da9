// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// Complex add_bw / sub_bw (ttnn's ComplexTensor overloads): input_grad = grad; other_grad =
// grad, -grad, or with an alpha alpha * grad, -alpha * grad: each part scaled by a real f32
// constant (in f32, rounded once to the result's type).

// CHECK-LABEL: func.func @add_no_alpha
func.func @add_no_alpha(%g: tensor<32x64xcomplex<f32>>, %a: tensor<32x64xcomplex<f32>>, %b: tensor<32x64xcomplex<f32>>) -> (tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>>) {
  // CHECK-NOT: ttir.
  // CHECK: return %arg0, %arg0
  %0:2 = ttir.add_bw %g, %a, %b : tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>> -> input_grad tensor<32x64xcomplex<f32>> other_grad tensor<32x64xcomplex<f32>>
  return %0#0, %0#1 : tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @add_alpha_broadcast
func.func @add_alpha_broadcast(%g: tensor<2x32x64xcomplex<bf16>>, %a: tensor<2x32x64xcomplex<bf16>>, %b: tensor<32x1xcomplex<bf16>>) -> (tensor<2x32x64xcomplex<bf16>>, tensor<32x1xcomplex<bf16>>) {
  // CHECK: %[[G:.*]] = "ttir.typecast"(%arg0) : (tensor<2x32x64xcomplex<bf16>>) -> tensor<2x32x64xcomplex<f32>>
  // CHECK: %[[ALPHA:.*]] = "ttir.full"() <{fill_value = 2.500000e+00 : f32, shape = array<i32>}> : () -> tensor<f32>
  // CHECK: %[[GB:.*]] = "ttir.multiply"(%[[G]], %[[ALPHA]]) : (tensor<2x32x64xcomplex<f32>>, tensor<f32>) -> tensor<2x32x64xcomplex<f32>>
  // CHECK: %[[SUM:.*]] = builtin.unrealized_conversion_cast %[[GB]] : tensor<2x32x64xcomplex<f32>> to tensor<32x1xcomplex<bf16>> {ttbw.sum_to}
  // CHECK: return %arg0, %[[SUM]]
  %0:2 = ttir.add_bw %g, %a, %b {alpha = 2.5 : f32} : tensor<2x32x64xcomplex<bf16>>, tensor<2x32x64xcomplex<bf16>>, tensor<32x1xcomplex<bf16>> -> input_grad tensor<2x32x64xcomplex<bf16>> other_grad tensor<32x1xcomplex<bf16>>
  return %0#0, %0#1 : tensor<2x32x64xcomplex<bf16>>, tensor<32x1xcomplex<bf16>>
}

// -----

// CHECK-LABEL: func.func @sub_no_alpha
func.func @sub_no_alpha(%g: tensor<32x64xcomplex<f32>>, %a: tensor<32x64xcomplex<f32>>, %b: tensor<32x64xcomplex<f32>>) -> (tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>>) {
  // CHECK: %[[NEG:.*]] = "ttir.neg"(%arg0) : (tensor<32x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>>
  // CHECK: return %arg0, %[[NEG]]
  %0:2 = ttir.sub_bw %g, %a, %b : tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>> -> input_grad tensor<32x64xcomplex<f32>> other_grad tensor<32x64xcomplex<f32>>
  return %0#0, %0#1 : tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @sub_alpha_other_only
func.func @sub_alpha_other_only(%g: tensor<32x64xcomplex<f32>>, %a: tensor<32x64xcomplex<f32>>, %b: tensor<32x64xcomplex<f32>>) -> tensor<32x64xcomplex<f32>> {
  // CHECK: %[[ALPHA:.*]] = "ttir.full"() <{fill_value = -5.000000e-01 : f32, shape = array<i32>}>
  // CHECK: %[[GB:.*]] = "ttir.multiply"(%arg0, %[[ALPHA]]) : (tensor<32x64xcomplex<f32>>, tensor<f32>) -> tensor<32x64xcomplex<f32>>
  // CHECK: return %[[GB]]
  %0 = ttir.sub_bw %g, %a, %b {alpha = 0.5 : f32, are_required_outputs = array<i1: false, true>} : tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>>, tensor<32x64xcomplex<f32>> -> other_grad tensor<32x64xcomplex<f32>>
  return %0 : tensor<32x64xcomplex<f32>>
}
