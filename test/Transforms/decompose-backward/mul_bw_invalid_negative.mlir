// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-decompose-backward %s
// The pass refuses what the verifier refuses: invalid ops never reach it.

func.func @grad_shape(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<3x32xbf16>) -> (tensor<4x32xbf16>, tensor<3x32xbf16>) {
  // expected-error @+1 {{'ttir.mul_bw' op operand 'other' of shape 3x32 is not broadcast-compatible}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<3x32xbf16>) -> (tensor<4x32xbf16>, tensor<3x32xbf16>)
  return %0#0, %0#1 : tensor<4x32xbf16>, tensor<3x32xbf16>
}
