// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-ttkernel %s
// What the fused lowering refuses, located at the op: what the device lowering does not
// support. (Decomposed TTIR that is no mul_bw's decomposition: decomposed_negative.mlir.)

func.func @complex_mixed_types(%g: tensor<1x1x32x64xcomplex<bf16>>, %a: tensor<1x1x32x64xcomplex<bf16>>, %b: tensor<1x1x1x64xcomplex<f32>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x1x64xcomplex<f32>>) {
  // expected-error @+1 {{'ttir.mul_bw' op: unsupported: device backend: complex tensors must all be bf16 or all f32 (grad: bf16, a: bf16, b: f32)}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x1x64xcomplex<f32>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x1x64xcomplex<f32>>)
  return %0#0, %0#1 : tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x1x64xcomplex<f32>>
}

// -----

func.func @complex_bfp8(%g: tensor<1x1x32x64xcomplex<bf16>, #ttir.layout<"bfp_bf8", "tile">>, %a: tensor<1x1x32x64xcomplex<bf16>, #ttir.layout<"bfp_bf8", "tile">>, %b: tensor<1x1x1x64xcomplex<bf16>, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<1x1x32x64xcomplex<bf16>, #ttir.layout<"bfp_bf8", "tile">>, tensor<1x1x1x64xcomplex<bf16>, #ttir.layout<"bfp_bf8", "tile">>) {
  // expected-error @+1 {{'ttir.mul_bw' op: unsupported: device backend: complex tensors must all be bf16 or all f32 (grad: bfp_bf8, a: bfp_bf8, b: bfp_bf8)}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xcomplex<bf16>, #ttir.layout<"bfp_bf8", "tile">>, tensor<1x1x32x64xcomplex<bf16>, #ttir.layout<"bfp_bf8", "tile">>, tensor<1x1x1x64xcomplex<bf16>, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<1x1x32x64xcomplex<bf16>, #ttir.layout<"bfp_bf8", "tile">>, tensor<1x1x1x64xcomplex<bf16>, #ttir.layout<"bfp_bf8", "tile">>)
  return %0#0, %0#1 : tensor<1x1x32x64xcomplex<bf16>, #ttir.layout<"bfp_bf8", "tile">>, tensor<1x1x1x64xcomplex<bf16>, #ttir.layout<"bfp_bf8", "tile">>
}

// -----

func.func @two_ops(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  // expected-error @+1 {{unsupported: function @two_ops holds 2 ttir.mul_bw ops}}
  %1 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0, %1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
