// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// The softmax family from the forward's output y, in f32, rounded once: softmax y (g - sum(g y)),
// softmin y (sum(g y) - g), log_softmax g - exp(y) sum(g); the sum keeps its dim.

// CHECK-LABEL: func.func @softmax(
// CHECK-DAG: %[[Y:.*]] = "ttir.typecast"(%arg1) : (tensor<4x32xbf16>) -> tensor<4x32xf32>
// CHECK-DAG: %[[G:.*]] = "ttir.typecast"(%arg0) : (tensor<4x32xbf16>) -> tensor<4x32xf32>
// CHECK: %[[P:.*]] = "ttir.multiply"(%[[G]], %[[Y]])
// CHECK: %[[S:.*]] = "ttir.sum"(%[[P]]) <{dim_arg = [1 : i32], keep_dim = true}> : (tensor<4x32xf32>) -> tensor<4x1xf32>
// CHECK: %[[D:.*]] = "ttir.subtract"(%[[G]], %[[S]]) : (tensor<4x32xf32>, tensor<4x1xf32>) -> tensor<4x32xf32>
// CHECK: %[[R:.*]] = "ttir.multiply"(%[[Y]], %[[D]])
// CHECK: builtin.unrealized_conversion_cast %[[R]] : tensor<4x32xf32> to tensor<4x32xbf16> {ttbw.sum_to}
func.func @softmax(%g: tensor<4x32xbf16>, %y: tensor<4x32xbf16>) -> tensor<4x32xbf16> {
  %0 = ttir.softmax_bw %g, %y {dim = -1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return %0 : tensor<4x32xbf16>
}

// -----

// CHECK-LABEL: func.func @log_softmax(
// CHECK-DAG: %[[E:.*]] = "ttir.exp"(%arg1)
// CHECK-DAG: %[[S:.*]] = "ttir.sum"(%arg0) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<4x32xf32>) -> tensor<1x32xf32>
// CHECK: %[[M:.*]] = "ttir.multiply"(%[[E]], %[[S]]) : (tensor<4x32xf32>, tensor<1x32xf32>) -> tensor<4x32xf32>
// CHECK: "ttir.subtract"(%arg0, %[[M]])
func.func @log_softmax(%g: tensor<4x32xf32>, %y: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %0 = ttir.log_softmax_bw %g, %y {dim = 0 : i32} : tensor<4x32xf32>, tensor<4x32xf32> -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}
