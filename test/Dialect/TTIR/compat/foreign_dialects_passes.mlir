// RUN: ttbw-opt --ttir-backward-decomposition-pipeline %s | FileCheck %s
// RUN: ttbw-opt --ttir-decompose-backward --ttir-reduce-broadcast-grads --ttir-expand-complex %s | FileCheck %s
// ttbw's passes rewrite the backward op and leave tt-mlir's ttcore / ttnn attributes, types
// and ops as they were.

// CHECK-LABEL: func.func @mixed
// CHECK-SAME: {ttcore.argument_type = #ttcore.argument_type<input>}
// CHECK-SAME: %arg2: tensor<1x1x!ttcore.tile<32x32, bf16>>
func.func @mixed(%grad: tensor<32x32xbf16> {ttcore.argument_type = #ttcore.argument_type<input>},
                 %x: tensor<32x32xbf16>, %t: tensor<1x1x!ttcore.tile<32x32, bf16>>)
    -> (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<1x1x!ttcore.tile<32x32, bf16>>) {
  // CHECK: ttcore.load_cached(@const_eval_0, [%arg1]) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  %0 = ttcore.load_cached(@const_eval_0, [%x]) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  // CHECK: "ttir.neg"(%arg0)
  // CHECK-NOT: ttir.neg_bw
  %1 = ttir.neg_bw %grad, %0 : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  // CHECK: "ttnn.identity"(%arg2) {buffer = #ttnn.buffer_type<dram>}
  %2 = "ttnn.identity"(%t) {buffer = #ttnn.buffer_type<dram>} : (tensor<1x1x!ttcore.tile<32x32, bf16>>) -> tensor<1x1x!ttcore.tile<32x32, bf16>>
  return %1, %0, %2 : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<1x1x!ttcore.tile<32x32, bf16>>
}

// CHECK-LABEL: func.func @const_eval_0
func.func @const_eval_0(%arg0: tensor<32x32xbf16>) -> tensor<32x32xbf16> attributes {ttcore.const_eval} {
  return %arg0 : tensor<32x32xbf16>
}
