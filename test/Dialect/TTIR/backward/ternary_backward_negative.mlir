// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// where_bw's and addcmul_bw's rules (the backward verifier over their signatures).

func.func @where_grad_shape(%g: tensor<4x32xbf16>, %c: tensor<2x4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.where_bw' op operand 'condition' of shape 2x4x32 has a higher rank (3) than 'grad' (2, shape 4x32)}}
  %0:2 = ttir.where_bw %g, %c, %a, %b : tensor<4x32xbf16>, tensor<2x4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> input_grad tensor<4x32xbf16> other_grad tensor<4x32xbf16>
  return
}

// -----

func.func @where_broadcast(%g: tensor<4x32xbf16>, %c: tensor<1x32xbf16>, %a: tensor<1x32xbf16>, %b: tensor<1x32xbf16>) {
  // expected-error @+1 {{'grad' shape 4x32 must equal the broadcast of 'condition', 'input' and 'other' shapes (1x32)}}
  %0:2 = ttir.where_bw %g, %c, %a, %b : tensor<4x32xbf16>, tensor<1x32xbf16>, tensor<1x32xbf16>, tensor<1x32xbf16> -> input_grad tensor<1x32xbf16> other_grad tensor<1x32xbf16>
  return
}

// -----

func.func @where_result(%g: tensor<4x32xbf16>, %c: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<1x32xbf16>) {
  // expected-error @+1 {{result 'other_grad' must have the shape of operand 'other' (1x32), got 4x32}}
  %0:2 = ttir.where_bw %g, %c, %a, %b : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<1x32xbf16> -> input_grad tensor<4x32xbf16> other_grad tensor<4x32xbf16>
  return
}

// -----

func.func @where_mask(%g: tensor<4x32xbf16>, %c: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{'are_required_outputs' requests no output: at least one gradient is expected to be calculated}}
  ttir.where_bw %g, %c, %a, %b {are_required_outputs = array<i1: false, false>} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> ->
  return
}

// -----

func.func @where_preallocated(%g: tensor<4x32xbf16>, %c: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>, %o: tensor<4x32xf32>) {
  // expected-error @+1 {{preallocated 'input_grad' must have the data type of operand 'input' (bf16), got f32}}
  %0:2 = ttir.where_bw %g, %c, %a, %b input_grad(%o : tensor<4x32xf32>) : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> input_grad tensor<4x32xbf16> other_grad tensor<4x32xbf16>
  return
}

// -----

func.func @where_segments(%g: tensor<4x32xbf16>, %c: tensor<4x32xbf16>, %a: tensor<4x32xbf16>) {
  // expected-error @+1 {{segment sizes must be 1 for 'grad', 'condition', 'input' and 'other' and 0 or 1 for the optional operands and results}}
  %0 = "ttir.where_bw"(%g, %c, %a, %a) <{operandSegmentSizes = array<i32: 1, 1, 2, 0, 0, 0>, resultSegmentSizes = array<i32: 1, 0>}> : (tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>) -> tensor<4x32xbf16>
  return
}

// -----

func.func @addcmul_result(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %t1: tensor<4x32xbf16>, %t2: tensor<1x32xbf16>) {
  // expected-error @+1 {{result 'tensor2_grad' must have the shape of operand 'tensor2' (1x32), got 4x32}}
  %0:3 = ttir.addcmul_bw %g, %a, %t1, %t2 : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<1x32xbf16> -> tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>
  return
}

// -----

func.func @addcmul_shape(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %t1: tensor<3x32xbf16>, %t2: tensor<4x32xbf16>) {
  // expected-error @+1 {{operand 'tensor1' of shape 3x32 is not broadcast-compatible with 'grad' of shape 4x32}}
  %0:3 = ttir.addcmul_bw %g, %a, %t1, %t2 : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<3x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>, tensor<3x32xbf16>, tensor<4x32xbf16>
  return
}

// -----

func.func @addcmul_complex(%g: tensor<4x32xcomplex<f32>>, %a: tensor<4x32xcomplex<f32>>, %t1: tensor<4x32xcomplex<f32>>, %t2: tensor<4x32xcomplex<f32>>) {
  // expected-error @+1 {{complex tensors are not supported: addcmul_bw takes real tensors}}
  %0:3 = ttir.addcmul_bw %g, %a, %t1, %t2 : tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>> -> tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>>
  return
}

// -----

func.func @addcmul_mask(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.addcmul_bw' op unknown attribute 'are_required_outputs' (its attributes: memory_config, value)}}
  %0:3 = ttir.addcmul_bw %g, %a, %a, %a {are_required_outputs = array<i1: true, true, true>} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16>
  return
}
