// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// Structure: operand and result segments, misspelled attributes, operand kinds.

func.func @segment_sizes_count(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{invalid properties {operandSegmentSizes = array<i32: 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} for op ttir.mul_bw: size mismatch in attribute conversion: 4 vs 5}}
  %0 = "ttir.mul_bw"(%g, %a) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>}> : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @segment_sizes_disagree_with_operands(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{operand count (3) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  %0 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @segment_missing_other(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{segment sizes must be 1 for 'grad', 'input' and 'other' and 0 or 1 for the optional operands and results, got operandSegmentSizes = array<i32: 1, 1, 0, 1, 0>}}
  %0 = "ttir.mul_bw"(%g, %a, %b) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 0>, resultSegmentSizes = array<i32: 1, 0>}> : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @misspelled_attribute(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'ttir.mul_bw' op unknown attribute 'are_required_output' (its attributes: are_required_outputs, memory_config)}}
  %0 = ttir.mul_bw %g, %a, %a {are_required_output = array<i1: true, false>} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @misspelled_generic_attribute(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{unknown attribute 'memory_cfg'}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {memory_cfg = 3, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

func.func @unknown_op(%g: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{custom op 'ttir.mul_bwd' is unknown}}
  %0 = ttir.mul_bwd %g : tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @malformed(%g: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{expected '{' to begin a region}}
  %0 = "ttir.neg"(%g) (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @operand_not_a_tensor(%g: memref<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{'ttir.mul_bw' op operand #0 must be ranked tensor of any type values, but got 'memref<32x32xbf16>'}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (memref<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
