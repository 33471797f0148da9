// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// Plain MLIR errors: operand counts, unknown ops, malformed text.

func.func @missing_other(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{'operandSegmentSizes' attribute for specifying operand segments must have 5 elements, but got 4}}
  %0 = "ttir.mul_bw"(%g, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @segment_sizes_disagree_with_operands(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{element 2 in 'operandSegmentSizes' attribute must be equal to 1}}
  %0 = "ttir.mul_bw"(%g, %a) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @unknown_op(%g: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{custom op 'ttir.mul_bwd' is unknown}}
  %0 = ttir.mul_bwd %g : tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @unregistered_generic_op(%g: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // expected-error @+1 {{unregistered operation 'ttir.mul_bwd' found in dialect ('ttir') that does not allow unknown operations}}
  %0 = "ttir.mul_bwd"(%g) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
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
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.memref'}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (memref<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
