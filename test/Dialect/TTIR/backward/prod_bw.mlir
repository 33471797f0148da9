// RUN: ttbw-opt --split-input-file --verify-diagnostics %s | FileCheck %s
// prod_bw parses, verifies and prints back; grad has the input's shape with the reduced dims
// (dim_arg, as ttir.sum's; absent: every dim) kept as 1, or the input's shape (ttnn's older form).

// CHECK-LABEL: func.func @forms
func.func @forms(%g: tensor<2x1x40xbf16>, %x: tensor<2x3x40xbf16>, %all: tensor<1x1x1xf32>, %y: tensor<2x3x40xf32>) {
  // CHECK: ttir.prod_bw %arg0, %arg1 {dim_arg = [1 : i32]} : tensor<2x1x40xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x40xbf16>
  %0 = ttir.prod_bw %g, %x {dim_arg = [1 : i32]} : tensor<2x1x40xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x40xbf16>
  // A negative dim counts from the end:
  // CHECK: ttir.prod_bw %arg0, %arg1 {dim_arg = [-2 : i32]}
  %1 = ttir.prod_bw %g, %x {dim_arg = [-2 : i32]} : tensor<2x1x40xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x40xbf16>
  // Every dim:
  // CHECK: ttir.prod_bw %arg2, %arg3 : tensor<1x1x1xf32>, tensor<2x3x40xf32> -> tensor<2x3x40xf32>
  %2 = ttir.prod_bw %all, %y : tensor<1x1x1xf32>, tensor<2x3x40xf32> -> tensor<2x3x40xf32>
  // ttnn's older form: grad of the input's shape (g at index 0 of the reduced dims):
  // CHECK: ttir.prod_bw %arg1, %arg1 {dim_arg = [1 : i32]} : tensor<2x3x40xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x40xbf16>
  %3 = ttir.prod_bw %x, %x {dim_arg = [1 : i32]} : tensor<2x3x40xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x40xbf16>
  return
}

// -----

func.func @grad_shape(%g: tensor<2x3x1xbf16>, %x: tensor<2x3x40xbf16>) {
  // expected-error @+1 {{'ttir.prod_bw' op 'grad' shape 2x3x1 must equal the shape of 'input' (2x3x40) with the reduced dims kept as 1 (2x1x40), or the shape of 'input' (ttnn's older form: the gradient at index 0 of the reduced dims)}}
  %0 = ttir.prod_bw %g, %x {dim_arg = [1 : i32]} : tensor<2x3x1xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x40xbf16>
  return
}

// -----

func.func @every_dim_grad_shape(%g: tensor<2x1x1xbf16>, %x: tensor<2x3x40xbf16>) {
  // expected-error @+1 {{'ttir.prod_bw' op 'grad' shape 2x1x1 must equal the shape of 'input' (2x3x40) with the reduced dims kept as 1 (1x1x1)}}
  %0 = ttir.prod_bw %g, %x : tensor<2x1x1xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x40xbf16>
  return
}

// -----

func.func @out_of_range(%g: tensor<2x3x1xbf16>, %x: tensor<2x3x40xbf16>) {
  // expected-error @+1 {{'ttir.prod_bw' op 'dim_arg' dim 3 is out of range for 'input' of rank 3}}
  %0 = ttir.prod_bw %g, %x {dim_arg = [3 : i32]} : tensor<2x3x1xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x40xbf16>
  return
}

// -----

func.func @twice(%g: tensor<2x3x1xbf16>, %x: tensor<2x3x40xbf16>) {
  // expected-error @+1 {{'ttir.prod_bw' op 'dim_arg' names dim 2 twice}}
  %0 = ttir.prod_bw %g, %x {dim_arg = [2 : i32, -1 : i32]} : tensor<2x3x1xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x40xbf16>
  return
}

// -----

func.func @not_i32(%g: tensor<2x3x1xbf16>, %x: tensor<2x3x40xbf16>) {
  // expected-error @+1 {{'ttir.prod_bw' op 'dim_arg' must be an array of i32 (e.g. [1 : i32]), got array<i64: 2>}}
  %0 = ttir.prod_bw %g, %x {dim_arg = array<i64: 2>} : tensor<2x3x1xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x40xbf16>
  return
}

// -----

func.func @result_shape(%g: tensor<2x3x1xbf16>, %x: tensor<2x3x40xbf16>) {
  // expected-error @+1 {{'ttir.prod_bw' op result 'input_grad' must have the shape of operand 'input' (2x3x40), got 2x3x1}}
  %0 = ttir.prod_bw %g, %x {dim_arg = [2 : i32]} : tensor<2x3x1xbf16>, tensor<2x3x40xbf16> -> tensor<2x3x1xbf16>
  return
}

// -----

func.func @integer(%g: tensor<2x3x1xi32>, %x: tensor<2x3x40xi32>) {
  // expected-error @+1 {{'ttir.prod_bw' op operand 'grad'}}
  %0 = ttir.prod_bw %g, %x {dim_arg = [2 : i32]} : tensor<2x3x1xi32>, tensor<2x3x40xi32> -> tensor<2x3x40xi32>
  return
}
