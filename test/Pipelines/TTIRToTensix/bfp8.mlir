// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s | FileCheck %s
// bfloat8_b tensors: bfp_bf8 tile CBs and bfp8_b buffers / CBs in the host description. A
// bfloat8_b result's edge tiles are masked before the pack (a block's 16 elements share one
// exponent with the padding, where an inf from the inputs' zero padding would flush them):
// the reader makes the mask of each edge tile, the compute selects 0 there (where_tile in the
// DST's format: bf16 after an FPU product).

// CHECK-LABEL: func.func @bfp8(
// CHECK: "ttmetal.enqueue_program"
// CHECK: module @bfp8_program {
// CHECK: func.func @compute()
// CHECK: ttkernel.get_compile_time_arg_val(0) : () -> !ttkernel.cb<2, !ttcore.tile<32x32, bfp_bf8>>
// CHECK: ttkernel.mul_tiles(
// CHECK: ttkernel.where_tile({{.*}}<bf16>)
// CHECK: ttkernel.mul_tiles(
// CHECK: ttkernel.where_tile({{.*}}<bf16>)
func.func @bfp8(%g: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, %a: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, %b: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>)
  return %0#0, %0#1 : tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>
}

// -----

// log_bw: g / x in the fp32 DST, 0 in the padding (where_tile f32), rounded to bf16 through its
// hop CB, then packed as bfloat8_b.
// CHECK-LABEL: func.func @bfp8_log(
// CHECK: func.func @reader()
// CHECK: ttkernel.noc_async_read(
// CHECK: func.func @compute()
// CHECK: ttkernel.div_binary_tile(
// CHECK: scf.if
// CHECK: ttkernel.where_tile({{.*}}<f32>)
// CHECK: ttkernel.pack_tile({{.*}}!ttkernel.cb<2, !ttcore.tile<32x32, bf16>>
// CHECK: ttkernel.pack_tile({{.*}}!ttkernel.cb<2, !ttcore.tile<32x32, bfp_bf8>>
func.func @bfp8_log(%g: tensor<32x20xbf16, #ttir.layout<"bfp_bf8", "tile">>, %x: tensor<32x20xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<32x20xbf16, #ttir.layout<"bfp_bf8", "tile">> {
  %0 = ttir.log_bw %g, %x : tensor<32x20xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x20xbf16, #ttir.layout<"bfp_bf8", "tile">> -> tensor<32x20xbf16, #ttir.layout<"bfp_bf8", "tile">>
  return %0 : tensor<32x20xbf16, #ttir.layout<"bfp_bf8", "tile">>
}
