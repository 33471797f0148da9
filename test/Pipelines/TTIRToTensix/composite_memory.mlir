// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline="fuse=false" %s | FileCheck %s
// Composite mode, results in L1 (memory_config) and a preallocated other_grad: the returned
// buffers live in L1 (writer TensorAccessorArgs word 0), the intermediate stays in DRAM (2);
// the last program writes straight into the preallocated buffer (the decomposition's
// bufferization.materialize_in_destination), which is no separate buffer or copy.

// CHECK-LABEL: func.func @l1_prealloc(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @l1_prealloc_1_multiply {
// CHECK: module @l1_prealloc_2_sum {
func.func @l1_prealloc(%g: tensor<2x32x64xbf16>, %a: tensor<2x32x64xbf16>, %b: tensor<1x32x64xbf16>, %o: tensor<1x32x64xbf16>) -> (tensor<2x32x64xbf16>, tensor<1x32x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b, %o) {memory_config = #ttir.memory_config<"l1", "interleaved">, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<1x32x64xbf16>, tensor<1x32x64xbf16>) -> (tensor<2x32x64xbf16>, tensor<1x32x64xbf16>)
  return %0#0, %0#1 : tensor<2x32x64xbf16>, tensor<1x32x64xbf16>
}
