// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// The complex forms of add_bw, sub_bw, div_bw and reciprocal_bw (ttnn's ComplexTensor
// overloads): all-complex tensors only, alpha only there, no round_mode there.

func.func @add_alpha_real(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.add_bw' op 'alpha' is accepted only with complex tensors (ttnn's ComplexTensor overload); for real tensors use ttir.addalpha_bw}}
  %0:2 = ttir.add_bw %g, %a, %b {alpha = 2.0 : f32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> input_grad tensor<4x32xbf16> other_grad tensor<4x32xbf16>
  return
}

// -----

func.func @sub_alpha_real(%g: tensor<4x32xf32>, %a: tensor<4x32xf32>, %b: tensor<4x32xf32>) {
  // expected-error @+1 {{'ttir.sub_bw' op 'alpha' is accepted only with complex tensors (ttnn's ComplexTensor overload); for real tensors use ttir.subalpha_bw}}
  %0:2 = ttir.sub_bw %g, %a, %b {alpha = 2.0 : f32} : tensor<4x32xf32>, tensor<4x32xf32>, tensor<4x32xf32> -> input_grad tensor<4x32xf32> other_grad tensor<4x32xf32>
  return
}

// -----

func.func @div_round_mode_complex(%g: tensor<4x32xcomplex<f32>>, %a: tensor<4x32xcomplex<f32>>, %b: tensor<4x32xcomplex<f32>>) {
  // expected-error @+1 {{'ttir.div_bw' op 'round_mode' is not accepted with complex tensors (ttnn's ComplexTensor div_bw has none)}}
  %0:2 = ttir.div_bw %g, %a, %b {round_mode = "floor"} : tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>> -> input_grad tensor<4x32xcomplex<f32>> other_grad tensor<4x32xcomplex<f32>>
  return
}

// -----

func.func @div_mixed(%g: tensor<4x32xcomplex<f32>>, %a: tensor<4x32xcomplex<f32>>, %b: tensor<4x32xf32>) {
  // expected-error @+1 {{complex and real operands cannot be mixed ('grad' is complex, 'input' is complex, 'other' is real); div_bw is defined for all-real or all-complex tensors}}
  %0:2 = ttir.div_bw %g, %a, %b : tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>>, tensor<4x32xf32> -> input_grad tensor<4x32xcomplex<f32>> other_grad tensor<4x32xf32>
  return
}

// -----

func.func @sub_complex_scalar(%g: tensor<4x32xcomplex<bf16>>, %a: tensor<4x32xcomplex<bf16>>, %s: f32) {
  // expected-error @+1 {{complex and real operands cannot be mixed ('grad' is complex, 'input' is complex, 'other' is a real scalar); sub_bw is defined for all-real or all-complex tensors}}
  %0 = ttir.sub_bw %g, %a, %s : tensor<4x32xcomplex<bf16>>, tensor<4x32xcomplex<bf16>>, f32 -> input_grad tensor<4x32xcomplex<bf16>>
  return
}

// -----

func.func @add_complex_shape(%g: tensor<4x32xcomplex<f32>>, %a: tensor<4x32xcomplex<f32>>, %b: tensor<3x32xcomplex<f32>>) {
  // expected-error @+1 {{operand 'other' of shape 3x32 is not broadcast-compatible with 'grad' of shape 4x32}}
  %0:2 = ttir.add_bw %g, %a, %b {alpha = 1.0 : f32} : tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>>, tensor<3x32xcomplex<f32>> -> input_grad tensor<4x32xcomplex<f32>> other_grad tensor<3x32xcomplex<f32>>
  return
}

// -----

func.func @div_complex_gradient_shape(%g: tensor<4x32xcomplex<f32>>, %a: tensor<4x32xcomplex<f32>>, %b: tensor<1x32xcomplex<f32>>) {
  // expected-error @+1 {{result 'other_grad' must have the shape of operand 'other' (1x32), got 4x32}}
  %0:2 = ttir.div_bw %g, %a, %b : tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>>, tensor<1x32xcomplex<f32>> -> input_grad tensor<4x32xcomplex<f32>> other_grad tensor<4x32xcomplex<f32>>
  return
}

// -----

func.func @reciprocal_mixed(%g: tensor<4x32xcomplex<f32>>, %x: tensor<4x32xf32>) {
  // expected-error @+1 {{complex and real operands cannot be mixed ('grad' is complex, 'input' is real); reciprocal_bw is defined for all-real or all-complex tensors}}
  %0 = ttir.reciprocal_bw %g, %x : tensor<4x32xcomplex<f32>>, tensor<4x32xf32> -> tensor<4x32xf32>
  return
}

// -----

func.func @reciprocal_real_result(%g: tensor<4x32xcomplex<bf16>>, %x: tensor<4x32xcomplex<bf16>>) {
  // expected-error @+1 {{result 'input_grad' must have the data type of operand 'input' (complex<bf16>), got bf16}}
  %0 = ttir.reciprocal_bw %g, %x : tensor<4x32xcomplex<bf16>>, tensor<4x32xcomplex<bf16>> -> tensor<4x32xbf16>
  return
}

// -----

func.func @reciprocal_complex_shape(%g: tensor<4x32xcomplex<f32>>, %x: tensor<1x32xcomplex<f32>>) {
  // expected-error @+1 {{'grad' shape 4x32 must equal the shape of 'input' (1x32)}}
  %0 = ttir.reciprocal_bw %g, %x : tensor<4x32xcomplex<f32>>, tensor<1x32xcomplex<f32>> -> tensor<1x32xcomplex<f32>>
  return
}
