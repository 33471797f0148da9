// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// permute / transpose rules.

func.func @not_a_permutation(%x: tensor<2x3x4xbf16>) -> tensor<2x3x4xbf16> {
  // expected-error @+1 {{'ttir.permute' op Expected a permutation of (0, 1, 2), got (0, 0, 1)}}
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 0, 0, 1>}> : (tensor<2x3x4xbf16>) -> tensor<2x3x4xbf16>
  return %0 : tensor<2x3x4xbf16>
}

// -----

func.func @permute_rank(%x: tensor<2x3x4xbf16>) -> tensor<3x2xbf16> {
  // expected-error @+1 {{'ttir.permute' op Expected a permutation of (0, 1, 2), got (1, 0)}}
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<2x3x4xbf16>) -> tensor<3x2xbf16>
  return %0 : tensor<3x2xbf16>
}

// -----

func.func @permute_result(%x: tensor<2x3x4xbf16>) -> tensor<4x3x2xbf16> {
  // expected-error @+1 {{'ttir.permute' op Expected result shape (3, 4, 2), got (4, 3, 2)}}
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 1, 2, 0>}> : (tensor<2x3x4xbf16>) -> tensor<4x3x2xbf16>
  return %0 : tensor<4x3x2xbf16>
}

// -----

func.func @permute_element(%x: tensor<2x3xbf16>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'ttir.permute' op 'input', 'result' must have the same element type (use ttir.typecast to convert)}}
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xbf16>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_rank(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  // expected-error @+1 {{'ttir.transpose' op operand 'input' must have rank >= 2 (got 4)}}
  %0 = "ttir.transpose"(%x) <{dim0 = 0 : si32, dim1 = 0 : si32}> : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func @transpose_dim(%x: tensor<2x4xbf16>) -> tensor<4x2xbf16> {
  // expected-error @+1 {{'ttir.transpose' op 'dim1' -3 is out of range for rank 2}}
  %0 = "ttir.transpose"(%x) <{dim0 = 0 : si32, dim1 = -3 : si32}> : (tensor<2x4xbf16>) -> tensor<4x2xbf16>
  return %0 : tensor<4x2xbf16>
}

// -----

func.func @transpose_result(%x: tensor<2x3x4xbf16>) -> tensor<2x3x4xbf16> {
  // expected-error @+1 {{'ttir.transpose' op result shape 2x3x4 must be 4x3x2 (input 2x3x4 with dims 0 and 2 swapped)}}
  %0 = "ttir.transpose"(%x) <{dim0 = 0 : si32, dim1 = -1 : si32}> : (tensor<2x3x4xbf16>) -> tensor<2x3x4xbf16>
  return %0 : tensor<2x3x4xbf16>
}
