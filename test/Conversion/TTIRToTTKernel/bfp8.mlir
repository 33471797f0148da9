// RUN: ttbw-opt --convert-ttir-to-ttkernel %s | FileCheck %s
// bfloat8_b tensors: bfp_bf8 tile CBs and bfp8_b buffers / CBs in the host description.

// CHECK-LABEL: func.func @bfp8(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @bfp8_program {
// CHECK: func.func @compute()
// CHECK: ttkernel.get_compile_time_arg_val(0) : () -> !ttkernel.cb<2, !ttcore.tile<32x32, bfp_bf8>>
// CHECK: ttkernel.mul_tiles(
// CHECK: ttkernel.mul_tiles(
func.func @bfp8(%g: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, %a: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, %b: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>)
  return %0#0, %0#1 : tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
}
