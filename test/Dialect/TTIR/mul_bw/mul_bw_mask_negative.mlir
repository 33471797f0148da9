// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// are_required_outputs and the results it asks for.

func.func @mask_three_bools(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{'are_required_outputs' must be exactly two bools (array<i1: x, y>), got array<i1: true, true, false>}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: true, true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

func.func @mask_not_bools(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{'are_required_outputs' must be exactly two bools}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = [1, 1], operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

func.func @nothing_requested(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) {
  // expected-error @+1 {{'are_required_outputs' requests no output: at least one gradient is expected to be calculated}}
  "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: false, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 0, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> ()
  return
}

// -----

func.func @result_for_unrequested_output(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{result 'other_grad' is present but are_required_outputs[1] is false}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

func.func @missing_requested_result(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{result 'input_grad' is missing but the output is requested}}
  %0 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 0, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @scalar_with_mask(%g: tensor<2x2xbf16>, %a: tensor<2x2xbf16>, %s: f32) -> tensor<2x2xbf16> {
  // expected-error @+1 {{'are_required_outputs' is not accepted with a scalar 'other'}}
  %0 = "ttir.mul_bw"(%g, %a, %s) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<2x2xbf16>, tensor<2x2xbf16>, f32) -> tensor<2x2xbf16>
  return %0 : tensor<2x2xbf16>
}

// -----

func.func @scalar_with_second_result(%g: tensor<2x2xbf16>, %a: tensor<2x2xbf16>, %s: f32) -> (tensor<2x2xbf16>, tensor<2x2xbf16>) {
  // expected-error @+1 {{a scalar 'other' has no gradient result}}
  %0:2 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x2xbf16>, tensor<2x2xbf16>, f32) -> (tensor<2x2xbf16>, tensor<2x2xbf16>)
  return %0#0, %0#1 : tensor<2x2xbf16>, tensor<2x2xbf16>
}
