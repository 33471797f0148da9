// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// Element types, data types and layouts of ttir.mul_bw operands and results.

func.func @integer_operand(%g: tensor<32x32xi32>, %a: tensor<32x32xi32>, %b: tensor<32x32xi32>) -> (tensor<32x32xi32>, tensor<32x32xi32>) {
  // expected-error @+1 {{operand 'grad': element type i32 is not a floating-point type}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xi32>, tensor<32x32xi32>, tensor<32x32xi32>) -> (tensor<32x32xi32>, tensor<32x32xi32>)
  return %0#0, %0#1 : tensor<32x32xi32>, tensor<32x32xi32>
}

// -----

func.func @integer_other_only(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xi8>) -> (tensor<32x32xbf16>, tensor<32x32xi8>) {
  // expected-error @+1 {{operand 'other': element type i8 is not a floating-point type}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xi8>) -> (tensor<32x32xbf16>, tensor<32x32xi8>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xi8>
}

// -----

func.func @unsupported_float(%g: tensor<32x32xf64>, %a: tensor<32x32xf64>, %b: tensor<32x32xf64>) -> (tensor<32x32xf64>, tensor<32x32xf64>) {
  // expected-error @+1 {{floating-point element type f64 is not supported; expected bf16 or f32}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xf64>, tensor<32x32xf64>, tensor<32x32xf64>) -> (tensor<32x32xf64>, tensor<32x32xf64>)
  return %0#0, %0#1 : tensor<32x32xf64>, tensor<32x32xf64>
}

// -----

func.func @bfp8_row_major(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "row_major">>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{operand 'input': bfloat8_b is only supported on TILE layout}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "row_major">>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

func.func @unknown_data_type(%g: tensor<32x32xbf16, #ttir.layout<"bfp_bf4", "tile">>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{operand 'grad': unknown data type "bfp_bf4"; expected one of bf16, f32, bfp_bf8}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16, #ttir.layout<"bfp_bf4", "tile">>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

func.func @unknown_layout(%g: tensor<32x32xbf16, #ttir.layout<"bf16", "sharded">>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{operand 'grad': unknown layout "sharded"; expected one of tile, row_major}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16, #ttir.layout<"bf16", "sharded">>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

func.func @data_type_vs_element_type(%g: tensor<32x32xf32, #ttir.layout<"bf16", "tile">>, %a: tensor<32x32xf32>, %b: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<32x32xf32>) {
  // expected-error @+1 {{operand 'grad': data type bf16 cannot hold element type f32 (allowed: f32)}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xf32, #ttir.layout<"bf16", "tile">>, tensor<32x32xf32>, tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<32x32xf32>)
  return %0#0, %0#1 : tensor<32x32xf32>, tensor<32x32xf32>
}

// -----

// A gradient is cast to its operand's data type.
func.func @result_data_type(%g: tensor<32x32xbf16>, %a: tensor<32x32xf32>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{result 'input_grad' must have the data type of operand 'input' (f32), got bf16}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xf32>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

func.func @scalar_not_f32(%g: tensor<2x2xbf16>, %a: tensor<2x2xbf16>, %s: i32) -> tensor<2x2xbf16> {
  // expected-error @+1 {{operand 'other' must be a tensor or an f32 scalar, got i32}}
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<2x2xbf16>, tensor<2x2xbf16>, i32) -> tensor<2x2xbf16>
  return %0 : tensor<2x2xbf16>
}

// -----

func.func @unknown_encoding(%g: tensor<32x32xbf16, "tile">, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{operand 'grad': unknown tensor encoding "tile"}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16, "tile">, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
