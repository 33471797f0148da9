// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// Preallocated results (input_grad / other_grad operands).

// Since tt-metal #56601 a preallocated gradient has its operand's shape.
func.func @preallocated_grad_shape(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x1x64xbf16>, %ib: tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>) {
  // expected-error @+1 {{preallocated 'other_grad' has the shape of 'grad' (1x1x32x64) but must have the shape of operand 'other' (1x1x1x64): since tt-metal #56601 a gradient has its operand's shape, not grad's broadcast shape}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b, %ib) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>
}

// -----

func.func @preallocated_other_shape(%g: tensor<4x64xbf16>, %a: tensor<4x64xbf16>, %b: tensor<4x64xbf16>, %ia: tensor<2x64xbf16>) -> (tensor<4x64xbf16>, tensor<4x64xbf16>) {
  // expected-error @+1 {{preallocated 'input_grad' must have the shape of operand 'input' (4x64), got 2x64}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b, %ia) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<4x64xbf16>, tensor<4x64xbf16>, tensor<4x64xbf16>, tensor<2x64xbf16>) -> (tensor<4x64xbf16>, tensor<4x64xbf16>)
  return %0#0, %0#1 : tensor<4x64xbf16>, tensor<4x64xbf16>
}

// -----

func.func @preallocated_dtype(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>, %ia: tensor<32x32xf32>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{preallocated 'input_grad' must have the data type of operand 'input' (bf16), got f32}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b, %ia) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xf32>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

func.func @preallocated_bfp8_vs_bf16(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>, %ia: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{preallocated 'input_grad' must have the data type of operand 'input' (bf16), got bfp_bf8}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b, %ia) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

func.func @preallocated_for_unrequested(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>, %ib: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{a preallocated 'other_grad' is given for an output that is not requested (are_required_outputs[1] is false)}}
  %0 = "ttir.mul_bw"(%g, %a, %b, %ib) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @scalar_with_other_grad(%g: tensor<2x2xbf16>, %a: tensor<2x2xbf16>, %s: f32, %ib: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  // expected-error @+1 {{a scalar 'other' has no gradient: 'other_grad' must not be given}}
  %0 = "ttir.mul_bw"(%g, %a, %s, %ib) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<2x2xbf16>, tensor<2x2xbf16>, f32, tensor<2x2xbf16>) -> tensor<2x2xbf16>
  return %0 : tensor<2x2xbf16>
}

// -----

func.func @preallocated_layout_differs_from_result(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>, %ia: tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{preallocated 'input_grad' type tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">> must equal its result type tensor<32x32xbf16>}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b, %ia) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
