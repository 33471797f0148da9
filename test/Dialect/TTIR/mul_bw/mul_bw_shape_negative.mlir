// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// Shape rules of ttir.mul_bw: grad = broadcast(input, other); results have their operand's shape.

func.func @grad_not_broadcast_shape(%g: tensor<1x1x32x32xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) {
  // expected-error @+1 {{'ttir.mul_bw' op operand 'input' of shape 1x1x32x64 is not broadcast-compatible with 'grad' of shape 1x1x32x32}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x32xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>
}

// -----

func.func @grad_bigger_than_broadcast(%g: tensor<1x2x32x32xbf16>, %a: tensor<1x1x32x32xbf16>, %b: tensor<1x1x32x32xbf16>) -> (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>) {
  // expected-error @+1 {{'grad' shape 1x2x32x32 must equal the broadcast of 'input' and 'other' shapes (1x1x32x32)}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x2x32x32xbf16>, tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>) -> (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>
}

// -----

func.func @other_not_broadcast_compatible(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<3x32xbf16>) -> (tensor<4x32xbf16>, tensor<3x32xbf16>) {
  // expected-error @+1 {{operand 'other' of shape 3x32 is not broadcast-compatible with 'grad' of shape 4x32}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<3x32xbf16>) -> (tensor<4x32xbf16>, tensor<3x32xbf16>)
  return %0#0, %0#1 : tensor<4x32xbf16>, tensor<3x32xbf16>
}

// -----

func.func @operand_higher_rank_than_grad(%g: tensor<32x32xbf16>, %a: tensor<1x32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<1x32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{operand 'input' of shape 1x32x32 has a higher rank (3) than 'grad' (2, shape 32x32)}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<1x32x32xbf16>, tensor<32x32xbf16>) -> (tensor<1x32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<1x32x32xbf16>, tensor<32x32xbf16>
}

// -----

// A gradient has its operand's shape, not grad's broadcast shape.
func.func @result_has_grad_shape(%g: tensor<1x1x32x32xbf16>, %a: tensor<1x1x32x32xbf16>, %b: tensor<1x1x1x32xbf16>) -> (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>) {
  // expected-error @+1 {{result 'other_grad' must have the shape of operand 'other' (1x1x1x32), got 1x1x32x32}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>, tensor<1x1x1x32xbf16>) -> (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>
}

// -----

func.func @scalar_result_shape(%g: tensor<2x2xbf16>, %a: tensor<2x2xbf16>, %s: f32) -> tensor<2x1xbf16> {
  // expected-error @+1 {{result 'input_grad' must have the shape of operand 'input' (2x2), got 2x1}}
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<2x2xbf16>, tensor<2x2xbf16>, f32) -> tensor<2x1xbf16>
  return %0 : tensor<2x1xbf16>
}

// -----

func.func @dynamic_shape(%g: tensor<?x32xbf16>, %a: tensor<?x32xbf16>, %b: tensor<?x32xbf16>) -> (tensor<?x32xbf16>, tensor<?x32xbf16>) {
  // expected-error @+1 {{operand 'grad': dynamic dimensions are not supported}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<?x32xbf16>, tensor<?x32xbf16>, tensor<?x32xbf16>) -> (tensor<?x32xbf16>, tensor<?x32xbf16>)
  return %0#0, %0#1 : tensor<?x32xbf16>, tensor<?x32xbf16>
}
