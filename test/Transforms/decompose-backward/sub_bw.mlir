// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// sub_bw: input_grad = grad, other_grad = -grad (exact, in grad's type).

// CHECK-LABEL: func.func @broadcast
func.func @broadcast(%g: tensor<2x32x64xbf16>, %a: tensor<2x32x64xbf16>, %b: tensor<1x64xbf16>) -> (tensor<2x32x64xbf16>, tensor<1x64xbf16>) {
  // CHECK-NOT: ttir.sub_bw
  // CHECK: %[[N:.*]] = "ttir.neg"(%arg0) : (tensor<2x32x64xbf16>) -> tensor<2x32x64xbf16>
  // CHECK: %[[GB:.*]] = builtin.unrealized_conversion_cast %[[N]] : tensor<2x32x64xbf16> to tensor<1x64xbf16> {ttbw.sum_to}
  // CHECK: return %arg0, %[[GB]]
  %0:2 = ttir.sub_bw %g, %a, %b : tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<1x64xbf16> -> input_grad tensor<2x32x64xbf16> other_grad tensor<1x64xbf16>
  return %0#0, %0#1 : tensor<2x32x64xbf16>, tensor<1x64xbf16>
}

// -----

// CHECK-LABEL: func.func @scalar
func.func @scalar(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %s: f32) -> tensor<32x32xbf16> {
  // CHECK-NOT: ttir.neg
  // CHECK: return %arg0
  %0 = ttir.sub_bw %g, %a, %s : tensor<32x32xbf16>, tensor<32x32xbf16>, f32 -> input_grad tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// CHECK-LABEL: func.func @other_only
func.func @other_only(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: %[[N:.*]] = "ttir.neg"(%arg0)
  // CHECK-NEXT: return %[[N]]
  %0 = ttir.sub_bw %g, %a, %b {are_required_outputs = array<i1: false, true>} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> other_grad tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
