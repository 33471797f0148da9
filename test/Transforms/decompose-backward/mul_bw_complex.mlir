// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// Complex operands: input_grad = grad * conj(other), other_grad = grad * conj(input).

// CHECK-LABEL: func.func @complex
func.func @complex(%g: tensor<1x1x32x64xcomplex<bf16>>, %a: tensor<1x1x32x64xcomplex<bf16>>, %b: tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) {
  // CHECK: %[[CB:.*]] = "ttir.conj"(%arg2) : (tensor<1x1x32x64xcomplex<bf16>>) -> tensor<1x1x32x64xcomplex<bf16>>
  // CHECK: %[[GA:.*]] = "ttir.multiply"(%arg0, %[[CB]])
  // CHECK: %[[CA:.*]] = "ttir.conj"(%arg1)
  // CHECK: %[[GB:.*]] = "ttir.multiply"(%arg0, %[[CA]])
  // CHECK: return %[[GA]], %[[GB]]
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>)
  return %0#0, %0#1 : tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>
}
