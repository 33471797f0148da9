// RUN: ttbw-opt --split-input-file --convert-ttir-to-ttkernel="fuse=false" %s | FileCheck %s
// Composite mode, results in L1 (memory_config) and a preallocated other_grad: the returned
// buffers live in L1 (writer TensorAccessorArgs word 0), the intermediate stays in DRAM (2);
// the last program writes straight into the preallocated buffer (the decomposition's
// bufferization.materialize_in_destination), which is no separate buffer or copy.

// CHECK-LABEL: module @l1_prealloc attributes {ttbw.composite =
// CHECK-SAME: {\22name\22:\22l1_prealloc_2_sum\22,\22op\22:\22ttir.sum\22,\22variant\22:\22generic\22,\22inputs\22:[\22multiply1\22],\22outputs\22:[\22arg3\22]}],\22intermediates\22:[\22multiply1\22]
// CHECK-SAME: {\22name\22:\22arg3\22,\22shape\22:[1,32,64],\22dtype\22:\22bf16\22,\22layout\22:\22tile\22,\22memory\22:\22l1\22,\22page_size\22:2048,\22num_pages\22:2,\22preallocated_arg\22:3,\22result\22:1,\22written_by\22:\22l1_prealloc_2_sum\22,\22read_by\22:[]}
// CHECK-SAME: {\22name\22:\22multiply0\22,\22shape\22:[2,32,64],\22dtype\22:\22bf16\22,\22layout\22:\22tile\22,\22memory\22:\22l1\22,{{[^}]*}}\22result\22:0,
// CHECK-SAME: {\22name\22:\22multiply1\22,\22shape\22:[2,32,64],\22dtype\22:\22bf16\22,\22layout\22:\22tile\22,\22memory\22:\22dram\22,{{[^}]*}}\22intermediate\22:true,
// CHECK: module @l1_prealloc_1_multiply attributes {ttbw.program =
// CHECK-SAME: \22name\22:\22writer\22,\22thread\22:\22noc\22,\22processor\22:\22writer\22,\22compile_args\22:[16,2]
// CHECK: module @l1_prealloc_2_sum attributes {ttbw.program =
// CHECK-SAME: \22name\22:\22writer\22,\22thread\22:\22noc\22,\22processor\22:\22writer\22,\22compile_args\22:[16,0]
func.func @l1_prealloc(%g: tensor<2x32x64xbf16>, %a: tensor<2x32x64xbf16>, %b: tensor<1x32x64xbf16>, %o: tensor<1x32x64xbf16>) -> (tensor<2x32x64xbf16>, tensor<1x32x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b, %o) {memory_config = #ttir.memory_config<"l1", "interleaved">, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x32x64xbf16>, tensor<2x32x64xbf16>, tensor<1x32x64xbf16>, tensor<1x32x64xbf16>) -> (tensor<2x32x64xbf16>, tensor<1x32x64xbf16>)
  return %0#0, %0#1 : tensor<2x32x64xbf16>, tensor<1x32x64xbf16>
}
