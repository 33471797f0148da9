// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// addcmul_bw (input + value * tensor1 * tensor2): input_grad = grad,
// tensor1_grad = grad tensor2 value, tensor2_grad = grad tensor1 value, in f32, in a range-safe
// order (exact_arith.times_both): grad (t value) where t and value are on either side of 1,
// else (grad t) value.

// CHECK-LABEL: func.func @broadcast
func.func @broadcast(%g: tensor<2x32x64xbf16>, %a: tensor<2x32x64xbf16>, %t1: tensor<2x32x64xbf16>, %t2: tensor<32x1xbf16>) -> (tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<32x1xbf16>) {
  // CHECK-NOT: ttir.addcmul_bw
  // CHECK: %[[V:.*]] = "ttir.full"() <{fill_value = 5.000000e-01 : f32, shape = array<i32>}>
  // CHECK: %[[SIDES:.*]] = "ttir.lt"(%{{.*}}, %{{.*}}) : (tensor<32x1xf32>, tensor<f32>) -> tensor<32x1xf32>
  // CHECK: %[[S2:.*]] = "ttir.multiply"(%{{.*}}, %[[V]]) : (tensor<32x1xf32>, tensor<f32>) -> tensor<32x1xf32>
  // CHECK: %[[A:.*]] = "ttir.multiply"(%{{.*}}, %[[S2]]) : (tensor<2x32x64xf32>, tensor<32x1xf32>) -> tensor<2x32x64xf32>
  // CHECK: %[[GT:.*]] = "ttir.multiply"(%{{.*}}, %{{.*}}) : (tensor<2x32x64xf32>, tensor<32x1xf32>) -> tensor<2x32x64xf32>
  // CHECK: %[[B:.*]] = "ttir.multiply"(%[[GT]], %[[V]]) : (tensor<2x32x64xf32>, tensor<f32>) -> tensor<2x32x64xf32>
  // CHECK: %[[G1:.*]] = "ttir.where"(%[[SIDES]], %[[A]], %[[B]])
  // CHECK: builtin.unrealized_conversion_cast %[[G1]] : tensor<2x32x64xf32> to tensor<2x32x64xbf16> {ttbw.sum_to}
  // CHECK: %[[G2:.*]] = "ttir.where"
  // CHECK: builtin.unrealized_conversion_cast %[[G2]] : tensor<2x32x64xf32> to tensor<32x1xbf16> {ttbw.sum_to}
  // CHECK: return %arg0,
  %0:3 = ttir.addcmul_bw %g, %a, %t1, %t2 {value = 0.5 : f32} : tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<32x1xbf16> -> tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<32x1xbf16>
  return %0#0, %0#1, %0#2 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<32x1xbf16>
}
