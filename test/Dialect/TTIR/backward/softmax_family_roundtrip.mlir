// RUN: ttbw-opt --split-input-file %s | ttbw-opt --split-input-file | FileCheck %s
// The softmax family's backward ops (from the forward's output; `dim` as torch's, negative too).

// CHECK-LABEL: func.func @family(
// CHECK: ttir.softmax_bw %arg0, %arg1 {dim = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
// CHECK: ttir.softmin_bw %arg0, %arg1 {dim = -2 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
// CHECK: ttir.log_softmax_bw %arg0, %arg1 input_grad(%arg2 : tensor<4x32xbf16>) {dim = 0 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
func.func @family(%g: tensor<4x32xbf16>, %y: tensor<4x32xbf16>, %pre: tensor<4x32xbf16>) -> (tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>) {
  %0 = ttir.softmax_bw %g, %y {dim = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  %1 = ttir.softmin_bw %g, %y {dim = -2 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  %2 = ttir.log_softmax_bw %g, %y input_grad(%pre : tensor<4x32xbf16>) {dim = 0 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return %0, %1, %2 : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>
}
