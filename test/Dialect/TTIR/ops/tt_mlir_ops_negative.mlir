// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// Verifier rules of the TTIR ops beyond those the decomposition emits.

func.func @div_result_shape(%x: tensor<4x32xf32>, %y: tensor<1x32xf32>) -> tensor<1x32xf32> {
  // expected-error @+1 {{'ttir.div' op result shape (1, 32) doesn't match expected shape after broadcasting (4, 32)}}
  %0 = "ttir.div"(%x, %y) : (tensor<4x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
  return %0 : tensor<1x32xf32>
}

// -----

func.func @where_not_broadcastable(%c: tensor<4x32xf32>, %x: tensor<3x32xf32>, %y: tensor<4x32xf32>) -> tensor<4x32xf32> {
  // expected-error @+1 {{'ttir.where' op operand shape (3, 32) is not broadcast compatible with inferred operand shapes (4, 32)}}
  %0 = "ttir.where"(%c, %x, %y) : (tensor<4x32xf32>, tensor<3x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

func.func @unary_shape(%x: tensor<4x32xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'ttir.exp' op result shape (4, 16) doesn't match expected shape after broadcasting (4, 32)}}
  %0 = "ttir.exp"(%x) : (tensor<4x32xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @broadcast_non_unit_dim(%x: tensor<2x32xf32>) -> tensor<4x32xf32> {
  // expected-error @+1 {{'ttir.broadcast' op Input tensor shape (2,32) is not broadcastable to output shape (4,32)}}
  %0 = "ttir.broadcast"(%x) <{broadcast_dimensions = array<i64: 2, 1>}> : (tensor<2x32xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

func.func @broadcast_factor(%x: tensor<1x32xf32>) -> tensor<4x32xf32> {
  // expected-error @+1 {{'ttir.broadcast' op Input tensor shape (1,32) index 0 does not broadcast to output (4,32) using broadcast value 2}}
  %0 = "ttir.broadcast"(%x) <{broadcast_dimensions = array<i64: 2, 1>}> : (tensor<1x32xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

func.func @broadcast_factor_count(%x: tensor<1x32xf32>) -> tensor<4x32xf32> {
  // expected-error @+1 {{'ttir.broadcast' op Input tensor rank should match output tensor rank.}}
  %0 = "ttir.broadcast"(%x) <{broadcast_dimensions = array<i64: 4>}> : (tensor<1x32xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

func.func @broadcast_rank(%x: tensor<32xf32>) -> tensor<4x32xf32> {
  // expected-error @+1 {{'ttir.broadcast' op Input tensor rank of 1 does not match output tensor rank of 2}}
  %0 = "ttir.broadcast"(%x) <{broadcast_dimensions = array<i64: 4, 1>}> : (tensor<32xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

func.func @mean_result_shape(%x: tensor<4x32xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'ttir.mean' op Expected output shape (4, 1), got (4)}}
  %0 = "ttir.mean"(%x) <{dim_arg = [1 : i32], keep_dim = true}> : (tensor<4x32xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @keep_dim_not_bool(%x: tensor<4x32xf32>) -> tensor<4x1xf32> {
  // expected-error @+1 {{invalid properties {dim_arg = [1 : i32], keep_dim = 1 : i32} for op ttir.max}}
  %0 = "ttir.max"(%x) <{dim_arg = [1 : i32], keep_dim = 1 : i32}> : (tensor<4x32xf32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

func.func @constant_type() -> tensor<3xf32> {
  // expected-error @+1 {{'ttir.constant' op value type tensor<2xf32> must equal the result type tensor<3xf32>}}
  %0 = "ttir.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @constant_sparse() -> tensor<1x2xbf16> {
  // expected-error @+1 {{'ttir.constant' op value attribute must be one of DenseResourceElementsAttr or DenseElementsAttr.}}
  %0 = "ttir.constant"() <{value = sparse<[[0, 0], [0, 1]], [2.0, 2.0]> : tensor<1x2xbf16>}> : () -> tensor<1x2xbf16>
  return %0 : tensor<1x2xbf16>
}

// -----

func.func @constant_complex() -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{'ttir.constant' op value attribute must be of int or float type.}}
  %0 = "ttir.constant"() <{value = dense<[(2.0, 0.0), (3.0, 1.0)]> : tensor<2xcomplex<f32>>}> : () -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @misspelled_property(%x: tensor<4x32xbf16>) -> tensor<4x1xbf16> {
  // expected-error @+1 {{'ttir.sum' op unknown attribute 'dims' (its attributes: dim_arg, keep_dim)}}
  %0 = "ttir.sum"(%x) {dims = [1 : i32], keep_dim = true} : (tensor<4x32xbf16>) -> tensor<4x1xbf16>
  return %0 : tensor<4x1xbf16>
}
