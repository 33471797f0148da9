// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs %s | FileCheck %s
// A sum beside a contraction that is no sibling sum of it stays a program of its own, with the
// warning naming why: over a dim that is not the contraction's reduction dim, over more dims
// (a [1, 1] bias), of the B operand (streamed straight into matmul_tiles), of a value that is not
// the contraction's input.

// CHECK-LABEL: func.func private @not_k_0_matmul(
// CHECK-LABEL: func.func private @not_k_1_sum(%arg0: tensor<50x90xbf16>) -> tensor<50x1xbf16>
func.func @not_k(%g: tensor<50x90xbf16>, %x: tensor<50x70xbf16>) -> (tensor<90x70xbf16>, tensor<50x1xbf16>) {
  // expected-warning @+1 {{function @not_k is not one fused program (codegen: a contraction's sibling sum reduces exactly the contraction's reduction dims of its operand): lowered as 2 programs}}
  %0 = "ttir.matmul"(%g, %x) <{transpose_a = true, transpose_b = false}> : (tensor<50x90xbf16>, tensor<50x70xbf16>) -> tensor<90x70xf32>
  %1 = "ttir.typecast"(%0) : (tensor<90x70xf32>) -> tensor<90x70xbf16>
  %2 = "ttir.sum"(%g) <{dim_arg = [1 : i32], keep_dim = true}> : (tensor<50x90xbf16>) -> tensor<50x1xbf16>
  return %1, %2 : tensor<90x70xbf16>, tensor<50x1xbf16>
}

// -----

// CHECK-LABEL: func.func private @every_dim_0_matmul(
// CHECK-LABEL: func.func private @every_dim_1_sum(%arg0: tensor<50x90xbf16>) -> tensor<1x1xbf16>
func.func @every_dim(%g: tensor<50x90xbf16>, %x: tensor<50x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x1xbf16>) {
  // expected-warning @+1 {{function @every_dim is not one fused program (codegen: a contraction's sibling sum reduces exactly the contraction's reduction dims of its operand): lowered as 2 programs}}
  %0 = "ttir.matmul"(%g, %x) <{transpose_a = true, transpose_b = false}> : (tensor<50x90xbf16>, tensor<50x70xbf16>) -> tensor<90x70xf32>
  %1 = "ttir.typecast"(%0) : (tensor<90x70xf32>) -> tensor<90x70xbf16>
  %2 = "ttir.sum"(%g) <{dim_arg = [0 : i32, 1 : i32], keep_dim = true}> : (tensor<50x90xbf16>) -> tensor<1x1xbf16>
  return %1, %2 : tensor<90x70xbf16>, tensor<1x1xbf16>
}

// -----

// CHECK-LABEL: func.func private @of_b_0_matmul(
// CHECK-LABEL: func.func private @of_b_1_sum(%arg0: tensor<50x70xbf16>) -> tensor<1x70xbf16>
func.func @of_b(%g: tensor<50x90xbf16>, %x: tensor<50x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x70xbf16>) {
  // expected-warning @+1 {{function @of_b is not one fused program (codegen: a contraction's sibling sum reads the transposed A operand (whose tiles pass through the compute before the K loop)): lowered as 2 programs}}
  %0 = "ttir.matmul"(%g, %x) <{transpose_a = true, transpose_b = false}> : (tensor<50x90xbf16>, tensor<50x70xbf16>) -> tensor<90x70xf32>
  %1 = "ttir.typecast"(%0) : (tensor<90x70xf32>) -> tensor<90x70xbf16>
  %2 = "ttir.sum"(%x) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<50x70xbf16>) -> tensor<1x70xbf16>
  return %1, %2 : tensor<90x70xbf16>, tensor<1x70xbf16>
}

// -----

// The sum's term g * g is no input of the contraction (fused into the sum's body).
// CHECK-LABEL: func.func private @not_an_input_0_matmul(
// CHECK-LABEL: func.func private @not_an_input_1_sum(%arg0: tensor<50x90xbf16>) -> tensor<1x90xbf16>
func.func @not_an_input(%g: tensor<50x90xbf16>, %x: tensor<50x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x90xbf16>) {
  // expected-warning @+1 {{function @not_an_input is not one fused program (codegen: a contraction program computes one contraction, its epilogue and at most one plain sum of an operand beside it): lowered as 2 programs}}
  %0 = "ttir.matmul"(%g, %x) <{transpose_a = true, transpose_b = false}> : (tensor<50x90xbf16>, tensor<50x70xbf16>) -> tensor<90x70xf32>
  %1 = "ttir.typecast"(%0) : (tensor<90x70xf32>) -> tensor<90x70xbf16>
  %2 = "ttir.multiply"(%g, %g) : (tensor<50x90xbf16>, tensor<50x90xbf16>) -> tensor<50x90xbf16>
  %3 = "ttir.sum"(%2) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<50x90xbf16>) -> tensor<1x90xbf16>
  return %1, %3 : tensor<90x70xbf16>, tensor<1x90xbf16>
}
