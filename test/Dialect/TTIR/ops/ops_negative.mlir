// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// Rules of the tt-mlir TTIR ops (the dialect's C++ verifiers).

func.func @multiply_result_shape(%x: tensor<4x32xbf16>, %y: tensor<1x32xbf16>) -> tensor<1x32xbf16> {
  // expected-error @+1 {{'ttir.multiply' op result shape (1, 32) doesn't match expected shape after broadcasting (4, 32)}}
  %0 = "ttir.multiply"(%x, %y) : (tensor<4x32xbf16>, tensor<1x32xbf16>) -> tensor<1x32xbf16>
  return %0 : tensor<1x32xbf16>
}

// -----

func.func @add_not_broadcastable(%x: tensor<4x32xbf16>, %y: tensor<3x32xbf16>) -> tensor<4x32xbf16> {
  // expected-error @+1 {{'ttir.add' op operand shape (3, 32) is not broadcast compatible with inferred operand shapes (4, 32)}}
  %0 = "ttir.add"(%x, %y) : (tensor<4x32xbf16>, tensor<3x32xbf16>) -> tensor<4x32xbf16>
  return %0 : tensor<4x32xbf16>
}

// -----

func.func @sum_dim_out_of_range(%x: tensor<4x32xbf16>) -> tensor<4x1xbf16> {
  // expected-error @+1 {{'ttir.sum' op Reduce dimension 2 is out of range for input tensor of rank 2}}
  %0 = "ttir.sum"(%x) {dim_arg = [2 : i32], keep_dim = true} : (tensor<4x32xbf16>) -> tensor<4x1xbf16>
  return %0 : tensor<4x1xbf16>
}

// -----

func.func @sum_repeated_dim(%x: tensor<4x32xbf16>) -> tensor<4x1xbf16> {
  // expected-error @+1 {{'ttir.sum' op Reduce dimensions are not unique}}
  %0 = "ttir.sum"(%x) {dim_arg = [1 : i32, -1 : i32], keep_dim = true} : (tensor<4x32xbf16>) -> tensor<4x1xbf16>
  return %0 : tensor<4x1xbf16>
}

// -----

func.func @sum_result_shape(%x: tensor<4x32xbf16>) -> tensor<4xbf16> {
  // expected-error @+1 {{'ttir.sum' op Expected output shape (4, 1), got (4)}}
  %0 = "ttir.sum"(%x) {dim_arg = [1 : i32], keep_dim = true} : (tensor<4x32xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func @sum_dim_arg_i64(%x: tensor<4x32xbf16>) -> tensor<4x1xbf16> {
  // expected-error @+1 {{'ttir.sum' op 'dim_arg' must be an array of i32 (e.g. [1 : i32]), got [1]}}
  %0 = "ttir.sum"(%x) {dim_arg = [1], keep_dim = true} : (tensor<4x32xbf16>) -> tensor<4x1xbf16>
  return %0 : tensor<4x1xbf16>
}

// -----

func.func @sum_missing_keep_dim(%x: tensor<4x32xbf16>) -> tensor<4x1xbf16> {
  // expected-error @+1 {{'ttir.sum' op requires attribute 'keep_dim'}}
  %0 = "ttir.sum"(%x) {dim_arg = [1 : i32]} : (tensor<4x32xbf16>) -> tensor<4x1xbf16>
  return %0 : tensor<4x1xbf16>
}

// -----

func.func @reshape_count(%x: tensor<4x32xbf16>) -> tensor<64xbf16> {
  // expected-error @+1 {{'ttir.reshape' op Input tensor number of elements 128 and output tensor number of elements 64 must be the same}}
  %0 = "ttir.reshape"(%x) {shape = [64 : i32]} : (tensor<4x32xbf16>) -> tensor<64xbf16>
  return %0 : tensor<64xbf16>
}

// -----

func.func @reshape_shape_attr(%x: tensor<4x32xbf16>) -> tensor<128xbf16> {
  // expected-error @+1 {{'ttir.reshape' op Shape attribute size 2 must match output tensor rank 1}}
  %0 = "ttir.reshape"(%x) {shape = [32 : i32, 4 : i32]} : (tensor<4x32xbf16>) -> tensor<128xbf16>
  return %0 : tensor<128xbf16>
}

// -----

func.func @neg_type(%x: tensor<4x32xbf16>) -> tensor<4x32xf32> {
  // expected-error @+1 {{'ttir.neg' op result type tensor<4x32xf32> must equal the input type tensor<4x32xbf16>}}
  %0 = "ttir.neg"(%x) : (tensor<4x32xbf16>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

func.func @typecast_shape(%x: tensor<4x32xbf16>) -> tensor<4x16xf32> {
  // expected-error @+1 {{'ttir.typecast' op result shape 4x16 must equal the input shape 4x32}}
  %0 = "ttir.typecast"(%x) : (tensor<4x32xbf16>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @full_shape() -> tensor<2x2xf32> {
  // expected-error @+1 {{'ttir.full' op expected shape (2, 2), got (2)}}
  %0 = "ttir.full"() {fill_value = 1.0 : f32, shape = array<i32: 2>} : () -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
