// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-to-tensix-pipeline="fuse=false" %s
// What composite mode (fuse=false) refuses, located at the op (the TTIR op of the decomposition,
// at the backward op's line): a NaN scalar, broadcast patterns the codegen's tile mapping cannot
// index (more than three alternating groups of tile axes).

func.func @nan_scalar(%g: tensor<64x64xbf16>, %a: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %s = arith.constant 0x7FC00000 : f32
  // expected-error @+1 {{'ttir.multiply' op: unsupported: device backend: a scalar operand must not be NaN, got nan}}
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<64x64xbf16>, tensor<64x64xbf16>, f32) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

func.func @alternating(%g: tensor<2x2x2x2x2x2x2x32x32xbf16>, %a: tensor<2x2x2x2x2x2x2x32x32xbf16>, %b: tensor<2x1x2x1x2x1x2x32x32xbf16>) -> tensor<2x2x2x2x2x2x2x32x32xbf16> {
  // expected-error @+1 {{'ttir.multiply' op: unsupported: codegen: the broadcast pattern over the iteration space}}
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<2x2x2x2x2x2x2x32x32xbf16>, tensor<2x2x2x2x2x2x2x32x32xbf16>, tensor<2x1x2x1x2x1x2x32x32xbf16>) -> tensor<2x2x2x2x2x2x2x32x32xbf16>
  return %0 : tensor<2x2x2x2x2x2x2x32x32xbf16>
}
