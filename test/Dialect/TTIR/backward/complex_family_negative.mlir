// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// The complex forms of ttnn's complex_unary_backward family: conj_bw / polar_bw all-complex
// only, real_bw / imag_bw / angle_bw a real grad of a complex input only, abs_bw that or
// all-real; input_grad of the input's shape and complex data type.

func.func @conj_real(%g: tensor<2x32xbf16>, %x: tensor<2x32xbf16>) {
  // expected-error @+1 {{'ttir.conj_bw' op real tensors are not supported: conj_bw takes complex tensors (ttnn's ComplexTensor)}}
  %0 = ttir.conj_bw %g, %x : tensor<2x32xbf16>, tensor<2x32xbf16> -> tensor<2x32xbf16>
  return
}

// -----

func.func @polar_mixed(%g: tensor<2x32xf32>, %x: tensor<2x32xcomplex<f32>>) {
  // expected-error @+1 {{'ttir.polar_bw' op complex and real operands cannot be mixed ('grad' is real, 'input' is complex); polar_bw is defined for all-complex tensors}}
  %0 = ttir.polar_bw %g, %x : tensor<2x32xf32>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  return
}

// -----

func.func @real_real(%g: tensor<2x32xf32>, %x: tensor<2x32xf32>) {
  // expected-error @+1 {{'ttir.real_bw' op real tensors are not supported: real_bw takes a real 'grad' and complex operands (ttnn's ComplexTensor)}}
  %0 = ttir.real_bw %g, %x : tensor<2x32xf32>, tensor<2x32xf32> -> tensor<2x32xf32>
  return
}

// -----

func.func @imag_complex_grad(%g: tensor<2x32xcomplex<f32>>, %x: tensor<2x32xcomplex<f32>>) {
  // expected-error @+1 {{'ttir.imag_bw' op 'grad' must be real and every operand complex ('grad' is complex, 'input' is complex); imag_bw is defined for a real 'grad' of complex operands}}
  %0 = ttir.imag_bw %g, %x : tensor<2x32xcomplex<f32>>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  return
}

// -----

func.func @abs_complex_grad(%g: tensor<2x32xcomplex<bf16>>, %x: tensor<2x32xcomplex<bf16>>) {
  // expected-error @+1 {{'ttir.abs_bw' op 'grad' must be real and every operand complex ('grad' is complex, 'input' is complex); abs_bw is defined for a real 'grad' of complex operands or all-real tensors}}
  %0 = ttir.abs_bw %g, %x : tensor<2x32xcomplex<bf16>>, tensor<2x32xcomplex<bf16>> -> tensor<2x32xcomplex<bf16>>
  return
}

// -----

func.func @angle_real_result(%g: tensor<2x32xbf16>, %x: tensor<2x32xcomplex<bf16>>) {
  // expected-error @+1 {{'ttir.angle_bw' op result 'input_grad' must have the data type of operand 'input' (complex<bf16>), got bf16}}
  %0 = ttir.angle_bw %g, %x : tensor<2x32xbf16>, tensor<2x32xcomplex<bf16>> -> tensor<2x32xbf16>
  return
}

// -----

func.func @angle_shape(%g: tensor<2x32xbf16>, %x: tensor<1x32xcomplex<bf16>>) {
  // expected-error @+1 {{'ttir.angle_bw' op 'grad' shape 2x32 must equal the shape of 'input' (1x32)}}
  %0 = ttir.angle_bw %g, %x : tensor<2x32xbf16>, tensor<1x32xcomplex<bf16>> -> tensor<1x32xcomplex<bf16>>
  return
}

// -----

func.func @conj_result_dtype(%g: tensor<2x32xcomplex<bf16>>, %x: tensor<2x32xcomplex<f32>>) {
  // expected-error @+1 {{'ttir.conj_bw' op result 'input_grad' must have the data type of operand 'input' (complex<f32>), got complex<bf16>}}
  %0 = ttir.conj_bw %g, %x : tensor<2x32xcomplex<bf16>>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<bf16>>
  return
}

// -----

func.func @real_preallocated(%g: tensor<2x32xf32>, %x: tensor<2x32xcomplex<f32>>, %out: tensor<2x32xf32>) {
  // expected-error @+1 {{'ttir.real_bw' op preallocated 'input_grad' must have the data type of operand 'input' (complex<f32>), got f32}}
  %0 = ttir.real_bw %g, %x input_grad(%out : tensor<2x32xf32>) : tensor<2x32xf32>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  return
}

// -----

func.func @neg_complex(%g: tensor<2x32xcomplex<f32>>, %x: tensor<2x32xcomplex<f32>>) {
  // expected-error @+1 {{'ttir.neg_bw' op complex tensors are not supported: neg_bw takes real tensors}}
  %0 = ttir.neg_bw %g, %x : tensor<2x32xcomplex<f32>>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>
  return
}
