// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// The binary backward class's rules, shown on add_bw (mul_bw's own tests: ../mul_bw/).

func.func @not_broadcast(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<3x32xbf16>) {
  // expected-error @+1 {{'ttir.add_bw' op operand 'other' of shape 3x32 is not broadcast-compatible with 'grad' of shape 4x32}}
  %0:2 = ttir.add_bw %g, %a, %b : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<3x32xbf16> -> input_grad tensor<4x32xbf16> other_grad tensor<3x32xbf16>
  return
}

// -----

func.func @grad_shape(%g: tensor<2x4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{'grad' shape 2x4x32 must equal the broadcast of 'input' and 'other' shapes (4x32)}}
  %0:2 = ttir.add_bw %g, %a, %b : tensor<2x4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> input_grad tensor<4x32xbf16> other_grad tensor<4x32xbf16>
  return
}

// -----

func.func @result_shape(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<1x32xbf16>) {
  // expected-error @+1 {{result 'other_grad' must have the shape of operand 'other' (1x32), got 4x32}}
  %0:2 = ttir.add_bw %g, %a, %b : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<1x32xbf16> -> input_grad tensor<4x32xbf16> other_grad tensor<4x32xbf16>
  return
}

// -----

func.func @result_dtype(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{result 'input_grad' must have the data type of operand 'input' (bf16), got f32}}
  %0:2 = ttir.add_bw %g, %a, %b : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> input_grad tensor<4x32xf32> other_grad tensor<4x32xbf16>
  return
}

// -----

func.func @no_output(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{'are_required_outputs' requests no output: at least one gradient is expected to be calculated}}
  ttir.add_bw %g, %a, %b {are_required_outputs = array<i1: false, false>} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> ->
  return
}

// -----

func.func @mask_size(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{'are_required_outputs' must be exactly two bools (array<i1: x, y>), got array<i1: true>}}
  %0 = ttir.add_bw %g, %a, %b {are_required_outputs = array<i1: true>} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> input_grad tensor<4x32xbf16>
  return
}

// -----

func.func @missing_result(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{result 'other_grad' is missing but the output is requested}}
  %0 = ttir.add_bw %g, %a, %b : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> input_grad tensor<4x32xbf16>
  return
}

// -----

func.func @unrequested_preallocated(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>, %o: tensor<4x32xbf16>) {
  // expected-error @+1 {{a preallocated 'other_grad' is given for an output that is not requested (are_required_outputs[1] is false)}}
  %0 = ttir.add_bw %g, %a, %b other_grad(%o : tensor<4x32xbf16>) {are_required_outputs = array<i1: true, false>} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> input_grad tensor<4x32xbf16>
  return
}

// -----

func.func @preallocated_grad_shape(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<1x32xbf16>, %o: tensor<4x32xbf16>) {
  // expected-error @+1 {{preallocated 'other_grad' has the shape of 'grad' (4x32) but must have the shape of operand 'other' (1x32)}}
  %0:2 = ttir.add_bw %g, %a, %b other_grad(%o : tensor<4x32xbf16>) : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<1x32xbf16> -> input_grad tensor<4x32xbf16> other_grad tensor<1x32xbf16>
  return
}

// -----

func.func @scalar_mask(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %s: f32) {
  // expected-error @+1 {{'are_required_outputs' is not accepted with a scalar 'other' (ttnn's scalar overload has only the input gradient)}}
  %0 = ttir.add_bw %g, %a, %s {are_required_outputs = array<i1: true, false>} : tensor<4x32xbf16>, tensor<4x32xbf16>, f32 -> input_grad tensor<4x32xbf16>
  return
}

// -----

func.func @scalar_result(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %s: f32) {
  // expected-error @+1 {{a scalar 'other' has no gradient result}}
  %0:2 = ttir.add_bw %g, %a, %s : tensor<4x32xbf16>, tensor<4x32xbf16>, f32 -> input_grad tensor<4x32xbf16> other_grad tensor<4x32xbf16>
  return
}

// -----

func.func @scalar_type(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %s: i32) {
  // expected-error @+1 {{operand 'other' must be a tensor or an f32 scalar, got i32}}
  %0 = ttir.add_bw %g, %a, %s : tensor<4x32xbf16>, tensor<4x32xbf16>, i32 -> input_grad tensor<4x32xbf16>
  return
}

// -----

func.func @complex(%g: tensor<4x32xcomplex<f32>>, %a: tensor<4x32xcomplex<f32>>, %b: tensor<4x32xcomplex<f32>>) {
  // expected-error @+1 {{complex tensors are not supported: addalpha_bw takes real tensors}}
  %0:2 = ttir.addalpha_bw %g, %a, %b : tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>> -> input_grad tensor<4x32xcomplex<f32>> other_grad tensor<4x32xcomplex<f32>>
  return
}

// -----

func.func @memory_config(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{unknown memory_config buffer type "system_memory"; expected dram or l1}}
  %0:2 = ttir.add_bw %g, %a, %b {memory_config = #ttir.memory_config<"system_memory", "interleaved">} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> input_grad tensor<4x32xbf16> other_grad tensor<4x32xbf16>
  return
}

// -----

func.func @unknown_attribute(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.add_bw' op unknown attribute 'beta' (its attributes: alpha, are_required_outputs, memory_config)}}
  %0:2 = ttir.add_bw %g, %a, %b {beta = 2.0 : f32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> input_grad tensor<4x32xbf16> other_grad tensor<4x32xbf16>
  return
}

// -----

func.func @segments(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{segment sizes must be 1 for 'grad', 'input' and 'other' and 0 or 1 for the optional operands and results, got operandSegmentSizes = array<i32: 1, 2, 0, 0, 0>}}
  %0 = "ttir.add_bw"(%g, %a, %b) <{operandSegmentSizes = array<i32: 1, 2, 0, 0, 0>, resultSegmentSizes = array<i32: 1, 0>}> : (tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>) -> tensor<4x32xbf16>
  return
}
