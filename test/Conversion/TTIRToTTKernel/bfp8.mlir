// RUN: ttbw-opt --convert-ttir-to-ttkernel %s | FileCheck %s
// bfloat8_b tensors: bfp_bf8 tile CBs and bfp8_b buffers / CBs in the host description.

// CHECK-LABEL: module @bfp8
// CHECK-SAME: {\22name\22:\22arg0\22,\22role\22:\22input\22,\22shape\22:[32,32],\22dtype\22:\22bfp8_b\22,\22layout\22:\22tile\22,\22memory\22:\22dram\22,\22page_size\22:1088
// CHECK-SAME: {\22index\22:0,\22format\22:\22bfp8_b\22,\22pages\22:2,\22page_size\22:1088}
// CHECK: func.func @compute()
// CHECK: "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !ttkernel.cb<2, !ttcore.tile<32x32, bfp_bf8>>
// CHECK: "ttkernel.mul_tiles"
// CHECK: "ttkernel.mul_tiles"
func.func @bfp8(%g: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, %a: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, %b: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>)
  return %0#0, %0#1 : tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
}
