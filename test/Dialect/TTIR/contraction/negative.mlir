// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// matmul / linear shape and type rules: tt-mlir's shapes in tt-mlir's words (its MatmulOp /
// LinearOp verifiers'), ttbw's data types.

func.func @inner_dims(%a: tensor<64x128xbf16>, %b: tensor<64x32xbf16>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{'ttir.matmul' op Input A[-1](128) and B[-2](64) must have matching inner dimensions}}
  %0 = "ttir.matmul"(%a, %b) : (tensor<64x128xbf16>, tensor<64x32xbf16>) -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

func.func @inner_dims_transposed(%a: tensor<64x128xbf16>, %b: tensor<128x32xbf16>) -> tensor<128x32xbf16> {
  // expected-error @+1 {{'ttir.matmul' op Input A[-1](64) and B[-2](128) must have matching inner dimensions}}
  %0 = "ttir.matmul"(%a, %b) <{transpose_a = true}> : (tensor<64x128xbf16>, tensor<128x32xbf16>) -> tensor<128x32xbf16>
  return %0 : tensor<128x32xbf16>
}

// -----

func.func @batch_dims(%a: tensor<2x64x128xbf16>, %b: tensor<3x128x32xbf16>) -> tensor<2x64x32xbf16> {
  // expected-error @+1 {{'ttir.matmul' op Batch dimensions of input A(2) and B(3) are not broadcast compatible}}
  %0 = "ttir.matmul"(%a, %b) : (tensor<2x64x128xbf16>, tensor<3x128x32xbf16>) -> tensor<2x64x32xbf16>
  return %0 : tensor<2x64x32xbf16>
}

// -----

func.func @result_shape(%a: tensor<2x64x128xbf16>, %b: tensor<128x32xbf16>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{'ttir.matmul' op Output shape rank(2) must match the expected output shape rank(3)}}
  %0 = "ttir.matmul"(%a, %b) : (tensor<2x64x128xbf16>, tensor<128x32xbf16>) -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

func.func @scalar_operand(%a: tensor<bf16>, %b: tensor<32xbf16>) -> tensor<32xbf16> {
  // expected-error @+1 {{'ttir.matmul' op Input A must be at least a 1D tensor}}
  %0 = "ttir.matmul"(%a, %b) : (tensor<bf16>, tensor<32xbf16>) -> tensor<32xbf16>
  return %0 : tensor<32xbf16>
}

// -----

func.func @vector_dot_result(%a: tensor<32xbf16>) -> tensor<bf16> {
  // expected-error @+1 {{'ttir.matmul' op Scalar output is not supported, output must be at least a 1D tensor}}
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
  // expected-error @+1 {{'ttir.linear' op Bias shape(16) is not broadcast compatible with the matmul output shape(4,32)}}
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
  // expected-error @+1 {{'ttir.linear' op Output shape rank(2) must match the expected output shape rank(3)}}
  %0 = "ttir.linear"(%x, %w, %bias) : (tensor<4x64xbf16>, tensor<64x32xbf16>, tensor<2x1x32xbf16>) -> tensor<4x32xbf16>
  return %0 : tensor<4x32xbf16>
}

// -----

func.func @output_dim(%a: tensor<64x128xbf16>, %b: tensor<128x32xbf16>) -> tensor<64x16xbf16> {
  // expected-error @+1 {{'ttir.matmul' op Output shape dimension[1](16) doesn't match the expected output shape dimension[1](32)}}
  %0 = "ttir.matmul"(%a, %b) : (tensor<64x128xbf16>, tensor<128x32xbf16>) -> tensor<64x16xbf16>
  return %0 : tensor<64x16xbf16>
}

// -----

func.func @vector_dot_size(%a: tensor<32xbf16>) -> tensor<2xbf16> {
  // expected-error @+1 {{'ttir.matmul' op Scalar output must be a 1D tensor of size 1}}
  %0 = "ttir.matmul"(%a, %a) : (tensor<32xbf16>, tensor<32xbf16>) -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// -----

func.func @scalar_bias(%x: tensor<4x64xbf16>, %w: tensor<64x32xbf16>, %bias: tensor<bf16>) -> tensor<4x32xbf16> {
  // expected-error @+1 {{'ttir.linear' op Bias must be at least a 1D tensor}}
  %0 = "ttir.linear"(%x, %w, %bias) : (tensor<4x64xbf16>, tensor<64x32xbf16>, tensor<bf16>) -> tensor<4x32xbf16>
  return %0 : tensor<4x32xbf16>
}
