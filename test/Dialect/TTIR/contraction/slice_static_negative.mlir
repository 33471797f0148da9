// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// ttir.slice_static's rules in tt-mlir's words (its SliceStaticOp verifier's), in its order.

func.func @scalar(%x: tensor<bf16>) -> tensor<bf16> {
  // expected-error @+1 {{'ttir.slice_static' op Input must be at least a 1D tensor}}
  %0 = "ttir.slice_static"(%x) <{begins = [], ends = [], step = []}> : (tensor<bf16>) -> tensor<bf16>
  return %0 : tensor<bf16>
}

// -----

func.func @attribute_count(%x: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  // expected-error @+1 {{'ttir.slice_static' op Begins, ends, and step attributes must have the same number of elements as the input tensor rank}}
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32], ends = [4 : i32, 8 : i32], step = [1 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}

// -----

func.func @element_type(%x: tensor<4x8xbf16>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'ttir.slice_static' op Output tensor must have the same element type as the input tensor}}
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 0 : i32], ends = [4 : i32, 8 : i32], step = [1 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @rank(%x: tensor<4x8xbf16>) -> tensor<32xbf16> {
  // expected-error @+1 {{'ttir.slice_static' op Output tensor must have the same rank as the input tensor}}
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 0 : i32], ends = [4 : i32, 8 : i32], step = [1 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<32xbf16>
  return %0 : tensor<32xbf16>
}

// -----

func.func @begin_range(%x: tensor<4x8xbf16>) -> tensor<4x2xbf16> {
  // expected-error @+1 {{'ttir.slice_static' op Invalid begin index for dimension 1. Expected value in range [-8, 8), got -10. Input shape: (4, 8)}}
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, -10 : i32], ends = [4 : i32, 2 : i32], step = [1 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<4x2xbf16>
  return %0 : tensor<4x2xbf16>
}

// -----

func.func @end_range(%x: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  // expected-error @+1 {{'ttir.slice_static' op Invalid end index for dimension 0. Expected value in range [-4, 4], got 5. Input shape: (4, 8)}}
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 0 : i32], ends = [5 : i32, 8 : i32], step = [1 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}

// -----

func.func @zero_step(%x: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  // expected-error @+1 {{'ttir.slice_static' op Step value for dimension 1 cannot be zero}}
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 0 : i32], ends = [4 : i32, 8 : i32], step = [1 : i32, 0 : i32]}> : (tensor<4x8xbf16>) -> tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}

// -----

func.func @positive_step_backwards(%x: tensor<4x8xbf16>) -> tensor<4x2xbf16> {
  // expected-error @+1 {{'ttir.slice_static' op For positive step, begin index must be less than or equal to end index for dimension 1. Got begin: 6, end: 4 (-4), step: 1, input shape: (4, 8)}}
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 6 : i32], ends = [4 : i32, -4 : i32], step = [1 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<4x2xbf16>
  return %0 : tensor<4x2xbf16>
}

// -----

func.func @negative_step_forwards(%x: tensor<4x8xbf16>) -> tensor<2x8xbf16> {
  // expected-error @+1 {{'ttir.slice_static' op For negative step, begin index must be greater than or equal to end index for dimension 0. Got begin: 0, end: 3, step: -1, input shape: (4, 8)}}
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 0 : i32], ends = [3 : i32, 8 : i32], step = [-1 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<2x8xbf16>
  return %0 : tensor<2x8xbf16>
}

// -----

func.func @result_shape(%x: tensor<4x96xbf16>) -> tensor<4x31xbf16> {
  // expected-error @+1 {{'ttir.slice_static' op Mismatch in dimension 1 of the output tensor: expected size 32, but got 31}}
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i32, 0 : i32], ends = [4 : i32, 96 : i32], step = [1 : i32, 3 : i32]}> : (tensor<4x96xbf16>) -> tensor<4x31xbf16>
  return %0 : tensor<4x31xbf16>
}

// -----

func.func @not_i32(%x: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  // expected-error @+1 {{'ttir.slice_static' op attribute 'begins' failed to satisfy constraint: 32-bit integer array attribute}}
  %0 = "ttir.slice_static"(%x) <{begins = [0 : i64, 0 : i64], ends = [4 : i32, 8 : i32], step = [1 : i32, 1 : i32]}> : (tensor<4x8xbf16>) -> tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}
