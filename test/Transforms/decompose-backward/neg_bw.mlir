// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// neg_bw: input_grad = -grad (exact: computed in grad's own type).

// CHECK-LABEL: func.func @neg
func.func @neg(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.neg_bw
  // CHECK: %[[N:.*]] = "ttir.neg"(%arg0) : (tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16>
  // CHECK-NEXT: return %[[N]]
  %0 = ttir.neg_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// A preallocated input_grad is written in place; memory_config on the function result.
// CHECK-LABEL: func.func @preallocated
// CHECK-SAME: {ttir.memory_config = #ttir.memory_config<"l1", "interleaved">}
func.func @preallocated(%g: tensor<32x64xf32>, %x: tensor<32x64xf32>, %out: tensor<32x64xf32>) -> tensor<32x64xf32> {
  // CHECK: %[[N:.*]] = "ttir.neg"(%arg0)
  // CHECK: %[[R:.*]] = bufferization.materialize_in_destination %[[N]] in %arg2
  // CHECK: return %[[R]]
  %0 = ttir.neg_bw %g, %x input_grad(%out : tensor<32x64xf32>) {memory_config = #ttir.memory_config<"l1", "interleaved">} : tensor<32x64xf32>, tensor<32x64xf32> -> tensor<32x64xf32>
  return %0 : tensor<32x64xf32>
}

// -----

// grad and input of different data types: -grad rounded once to input's.
// CHECK-LABEL: func.func @mixed_dtypes
func.func @mixed_dtypes(%g: tensor<32x32xf32>, %x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: %[[N:.*]] = "ttir.neg"(%arg0) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  // CHECK: builtin.unrealized_conversion_cast %[[N]] : tensor<32x32xf32> to tensor<32x32xbf16> {ttbw.sum_to}
  %0 = ttir.neg_bw %g, %x : tensor<32x32xf32>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
