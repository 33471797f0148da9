// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// addalpha_bw / subalpha_bw: input_grad = grad, other_grad = (+/-)alpha * grad (f32, rounded once).

// CHECK-LABEL: func.func @addalpha
func.func @addalpha(%g: tensor<32x64xbf16>, %a: tensor<32x64xbf16>, %b: tensor<32x1xbf16>) -> (tensor<32x64xbf16>, tensor<32x1xbf16>) {
  // CHECK: %[[G:.*]] = "ttir.typecast"(%arg0) : (tensor<32x64xbf16>) -> tensor<32x64xf32>
  // CHECK: %[[A:.*]] = "ttir.full"() <{fill_value = 2.500000e+00 : f32, shape = array<i32>}>
  // CHECK: %[[P:.*]] = "ttir.multiply"(%[[G]], %[[A]]) : (tensor<32x64xf32>, tensor<f32>) -> tensor<32x64xf32>
  // CHECK: %[[GB:.*]] = builtin.unrealized_conversion_cast %[[P]] : tensor<32x64xf32> to tensor<32x1xbf16> {ttbw.sum_to}
  // CHECK: return %arg0, %[[GB]]
  %0:2 = ttir.addalpha_bw %g, %a, %b {alpha = 2.5 : f32} : tensor<32x64xbf16>, tensor<32x64xbf16>, tensor<32x1xbf16> -> input_grad tensor<32x64xbf16> other_grad tensor<32x1xbf16>
  return %0#0, %0#1 : tensor<32x64xbf16>, tensor<32x1xbf16>
}

// -----

// CHECK-LABEL: func.func @subalpha_default
func.func @subalpha_default(%g: tensor<32x64xf32>, %a: tensor<32x64xf32>, %b: tensor<32x64xf32>) -> tensor<32x64xf32> {
  // CHECK: %[[A:.*]] = "ttir.full"() <{fill_value = -1.000000e+00 : f32, shape = array<i32>}>
  // CHECK: %[[P:.*]] = "ttir.multiply"(%arg0, %[[A]]) : (tensor<32x64xf32>, tensor<f32>) -> tensor<32x64xf32>
  // CHECK: return %[[P]]
  %0 = ttir.subalpha_bw %g, %a, %b {are_required_outputs = array<i1: false, true>} : tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32> -> other_grad tensor<32x64xf32>
  return %0 : tensor<32x64xf32>
}
