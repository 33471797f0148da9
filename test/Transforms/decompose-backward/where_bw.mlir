// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// where_bw: input_grad = where(condition, grad, 0), other_grad = where(condition, 0, grad).

// CHECK-LABEL: func.func @broadcast
func.func @broadcast(%g: tensor<2x32x64xbf16>, %c: tensor<32x64xbf16>, %a: tensor<2x32x64xbf16>, %b: tensor<1x64xbf16>) -> (tensor<2x32x64xbf16>, tensor<1x64xbf16>) {
  // CHECK-NOT: ttir.where_bw
  // CHECK: %[[C:.*]] = "ttir.typecast"(%arg1) : (tensor<32x64xbf16>) -> tensor<32x64xf32>
  // CHECK: %[[G:.*]] = "ttir.typecast"(%arg0) : (tensor<2x32x64xbf16>) -> tensor<2x32x64xf32>
  // CHECK: %[[Z:.*]] = "ttir.full"() <{fill_value = 0.000000e+00 : f32, shape = array<i32>}>
  // CHECK: %[[GA:.*]] = "ttir.where"(%[[C]], %[[G]], %[[Z]]) : (tensor<32x64xf32>, tensor<2x32x64xf32>, tensor<f32>) -> tensor<2x32x64xf32>
  // CHECK: builtin.unrealized_conversion_cast %[[GA]] : tensor<2x32x64xf32> to tensor<2x32x64xbf16> {ttbw.sum_to}
  // CHECK: %[[GB:.*]] = "ttir.where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<32x64xf32>, tensor<f32>, tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
  // CHECK: builtin.unrealized_conversion_cast %[[GB]] : tensor<2x32x64xf32> to tensor<1x64xbf16> {ttbw.sum_to}
  %0:2 = ttir.where_bw %g, %c, %a, %b : tensor<2x32x64xbf16>, tensor<32x64xbf16>, tensor<2x32x64xbf16>, tensor<1x64xbf16> -> input_grad tensor<2x32x64xbf16> other_grad tensor<1x64xbf16>
  return %0#0, %0#1 : tensor<2x32x64xbf16>, tensor<1x64xbf16>
}

// -----

// Masks and a preallocated result.
// CHECK-LABEL: func.func @other_only_preallocated
func.func @other_only_preallocated(%g: tensor<32x32xf32>, %c: tensor<32x32xf32>, %a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %ob: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: %[[W:.*]] = "ttir.where"(%arg1, %{{.*}}, %arg0)
  // CHECK-NOT: ttir.where
  // CHECK: %[[R:.*]] = bufferization.materialize_in_destination %[[W]] in %arg4
  // CHECK: return %[[R]]
  %0 = ttir.where_bw %g, %c, %a, %b other_grad(%ob : tensor<32x32xf32>) {are_required_outputs = array<i1: false, true>} : tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32> -> other_grad tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}
