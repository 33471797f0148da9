// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// The binary_backward family's ops: the class verifier's rules and the ops' own attributes.

func.func @atan2_has_no_scalar_form(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %s: f32) {
  // expected-error @+1 {{operand 'other' must be a tensor (atan2_bw has no scalar form), got f32}}
  %0 = ttir.atan2_bw %g, %a, %s : tensor<32x32xbf16>, tensor<32x32xbf16>, f32 -> input_grad tensor<32x32xbf16>
  return
}

// -----

func.func @hypot_shapes(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<2x32x32xbf16>) {
  // expected-error @+1 {{operand 'other' of shape 2x32x32 has a higher rank (3) than 'grad' (2, shape 32x32)}}
  %0:2 = ttir.hypot_bw %g, %a, %b : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<2x32x32xbf16> -> input_grad tensor<32x32xbf16> other_grad tensor<2x32x32xbf16>
  return
}

// -----

func.func @min_result_type(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) {
  // expected-error @+1 {{result 'other_grad' must have the data type of operand 'other' (bf16), got f32}}
  %0:2 = ttir.min_bw %g, %a, %b : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16> other_grad tensor<32x32xf32>
  return
}

// -----

func.func @xlogy_takes_real_tensors(%g: tensor<32x32xcomplex<f32>>, %a: tensor<32x32xcomplex<f32>>, %b: tensor<32x32xcomplex<f32>>) {
  // expected-error @+1 {{complex tensors are not supported: xlogy_bw takes real tensors}}
  %0:2 = ttir.xlogy_bw %g, %a, %b : tensor<32x32xcomplex<f32>>, tensor<32x32xcomplex<f32>>, tensor<32x32xcomplex<f32>> -> input_grad tensor<32x32xcomplex<f32>> other_grad tensor<32x32xcomplex<f32>>
  return
}

// -----

func.func @bias_gelu_approximate(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) {
  // expected-error @+1 {{'approximate' must be one of "none", "tanh" (or absent), got "fast"}}
  %0:2 = ttir.bias_gelu_bw %g, %a, %b {approximate = "fast"} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16> other_grad tensor<32x32xbf16>
  return
}

// -----

func.func @remainder_scalar_has_no_other_grad(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %s: f32) {
  // expected-error @+1 {{a scalar 'other' has no gradient result}}
  %0:2 = ttir.remainder_bw %g, %a, %s : tensor<32x32xbf16>, tensor<32x32xbf16>, f32 -> input_grad tensor<32x32xbf16> other_grad tensor<32x32xbf16>
  return
}
