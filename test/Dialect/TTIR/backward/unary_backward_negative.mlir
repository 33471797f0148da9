// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// The unary backward class's rules, shown on neg_bw.

func.func @grad_shape(%g: tensor<4x32xbf16>, %x: tensor<1x32xbf16>) {
  // expected-error @+1 {{'ttir.neg_bw' op 'grad' shape 4x32 must equal the shape of 'input' (1x32)}}
  %0 = ttir.neg_bw %g, %x : tensor<4x32xbf16>, tensor<1x32xbf16> -> tensor<1x32xbf16>
  return
}

// -----

func.func @result_type(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{result 'input_grad' must have the data type of operand 'input' (bf16), got f32}}
  %0 = ttir.neg_bw %g, %x : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xf32>
  return
}

// -----

func.func @preallocated_type(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %o: tensor<4x64xbf16>) {
  // expected-error @+1 {{preallocated 'input_grad' must have the shape of operand 'input' (4x32), got 4x64}}
  %0 = ttir.neg_bw %g, %x input_grad(%o : tensor<4x64xbf16>) : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @grad_dtype(%g: tensor<4x32xi32>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{operand 'grad': element type i32 is not a floating-point type}}
  %0 = ttir.neg_bw %g, %x : tensor<4x32xi32>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @complex(%g: tensor<4x32xcomplex<f32>>, %x: tensor<4x32xcomplex<f32>>) {
  // expected-error @+1 {{complex tensors are not supported: neg_bw takes real tensors}}
  %0 = ttir.neg_bw %g, %x : tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>> -> tensor<4x32xcomplex<f32>>
  return
}

// -----

func.func @memory_config(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{unsupported memory_config memory layout "height_sharded"; expected interleaved}}
  %0 = ttir.neg_bw %g, %x {memory_config = #ttir.memory_config<"l1", "height_sharded">} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @mask(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.neg_bw' op unknown attribute 'are_required_outputs' (its attributes: memory_config)}}
  %0 = ttir.neg_bw %g, %x {are_required_outputs = array<i1: true>} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}
