// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-ttkernel %s
// What the fused lowering refuses, located at the op. (Complex bfloat8_b and mixed bf16 / f32
// complex tensors, refused before the generic codegen, are one program now: complex.mlir's
// neighbours and test_device_complex.py. Decomposed TTIR: decomposed_negative.mlir.)

func.func @two_ops(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  // expected-error @+1 {{unsupported: function @two_ops holds 2 backward ops (ttir.mul_bw, ttir.mul_bw)}}
  %1 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0, %1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
