// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// matmul / linear shape and type rules (tt-mlir's shapes, ttbw's data types).

func.func @inner_dims(%a: tensor<64x128xbf16>, %b: tensor<64x32xbf16>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{'ttir.matmul' op contracted dims differ: 'a' has 128 (a 64x128), 'b' has 64 (b 64x32)}}
  %0 = "ttir.matmul"(%a, %b) : (tensor<64x128xbf16>, tensor<64x32xbf16>) -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

func.func @inner_dims_transposed(%a: tensor<64x128xbf16>, %b: tensor<128x32xbf16>) -> tensor<128x32xbf16> {
  // expected-error @+1 {{'ttir.matmul' op contracted dims differ: 'a' has 64 (a 64x128, transposed), 'b' has 128 (b 128x32)}}
  %0 = "ttir.matmul"(%a, %b) <{transpose_a = true}> : (tensor<64x128xbf16>, tensor<128x32xbf16>) -> tensor<128x32xbf16>
  return %0 : tensor<128x32xbf16>
}

// -----

func.func @batch_dims(%a: tensor<2x64x128xbf16>, %b: tensor<3x128x32xbf16>) -> tensor<2x64x32xbf16> {
  // expected-error @+1 {{'ttir.matmul' op batch dims of 'a' (2) and 'b' (3) are not broadcast-compatible}}
  %0 = "ttir.matmul"(%a, %b) : (tensor<2x64x128xbf16>, tensor<3x128x32xbf16>) -> tensor<2x64x32xbf16>
  return %0 : tensor<2x64x32xbf16>
}

// -----

func.func @result_shape(%a: tensor<2x64x128xbf16>, %b: tensor<128x32xbf16>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{'ttir.matmul' op result shape 64x32 must be 2x64x32 (a 2x64x128, b 128x32)}}
  %0 = "ttir.matmul"(%a, %b) : (tensor<2x64x128xbf16>, tensor<128x32xbf16>) -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

func.func @scalar_operand(%a: tensor<bf16>, %b: tensor<32xbf16>) -> tensor<32xbf16> {
  // expected-error @+1 {{'ttir.matmul' op operand 'a' must have rank >= 1 (got a scalar)}}
  %0 = "ttir.matmul"(%a, %b) : (tensor<bf16>, tensor<32xbf16>) -> tensor<32xbf16>
  return %0 : tensor<32xbf16>
}

// -----

func.func @vector_dot_result(%a: tensor<32xbf16>) -> tensor<bf16> {
  // expected-error @+1 {{'ttir.matmul' op result shape scalar (rank 0) must be 1 (a 32, b 32)}}
  %0 = "ttir.matmul"(%a, %a) : (tensor<32xbf16>, tensor<32xbf16>) -> tensor<bf16>
  return %0 : tensor<bf16>
}

// -----

func.func @element_types(%a: tensor<32x32xbf16>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error @+1 {{'ttir.matmul' op 'a', 'b' must have the same element type (use ttir.typecast to convert)}}
  %0 = "ttir.matmul"(%a, %b) : (tensor<32x32xbf16>, tensor<32x32xf32>) -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

func.func @result_element(%a: tensor<32x32xf32>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttir.matmul' op 'result' must have the element type of 'a' and 'b' or f32 (the accumulator's), got bf16}}
  %0 = "ttir.matmul"(%a, %a) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @misspelled_property(%a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttir.matmul' op unknown attribute 'transpose_B' (its attributes: transpose_a, transpose_b)}}
  %0 = "ttir.matmul"(%a, %a) {transpose_B = true} : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @linear_bias(%x: tensor<4x64xbf16>, %w: tensor<64x32xbf16>, %bias: tensor<16xbf16>) -> tensor<4x32xbf16> {
  // expected-error @+1 {{'ttir.linear' op 'bias' of shape 16 is not broadcast-compatible with the product's shape 4x32}}
  %0 = "ttir.linear"(%x, %w, %bias) : (tensor<4x64xbf16>, tensor<64x32xbf16>, tensor<16xbf16>) -> tensor<4x32xbf16>
  return %0 : tensor<4x32xbf16>
}

// -----

func.func @linear_bias_type(%x: tensor<4x64xbf16>, %w: tensor<64x32xbf16>, %bias: tensor<32xf32>) -> tensor<4x32xbf16> {
  // expected-error @+1 {{'ttir.linear' op 'a', 'b', 'bias' must have the same element type (use ttir.typecast to convert)}}
  %0 = "ttir.linear"(%x, %w, %bias) : (tensor<4x64xbf16>, tensor<64x32xbf16>, tensor<32xf32>) -> tensor<4x32xbf16>
  return %0 : tensor<4x32xbf16>
}

// -----

func.func @linear_result(%x: tensor<4x64xbf16>, %w: tensor<64x32xbf16>, %bias: tensor<2x1x32xbf16>) -> tensor<4x32xbf16> {
  // expected-error @+1 {{'ttir.linear' op result shape 4x32 must be 2x4x32 (a 4x64, b 64x32, plus the bias)}}
  %0 = "ttir.linear"(%x, %w, %bias) : (tensor<4x64xbf16>, tensor<64x32xbf16>, tensor<2x1x32xbf16>) -> tensor<4x32xbf16>
  return %0 : tensor<4x32xbf16>
}
