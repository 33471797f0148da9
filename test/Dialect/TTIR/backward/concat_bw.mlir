// RUN: ttbw-opt --split-input-file --verify-diagnostics %s | FileCheck %s
// concat_bw parses, verifies and prints back: grad is input and other concatenated along `dim`
// (si32 as ttir.concat's; 0 when absent, negative from the end); either gradient may be left out.

// CHECK-LABEL: func.func @forms
func.func @forms(%g: tensor<1x1x64x96xbf16>, %a: tensor<1x1x64x80xbf16>, %b: tensor<1x1x64x16xbf16>, %g0: tensor<5x32xf32>, %a0: tensor<2x32xf32>, %b0: tensor<3x32xf32>) {
  // CHECK: ttir.concat_bw %arg0, %arg1, %arg2 {dim = 3 : si32} : tensor<1x1x64x96xbf16>, tensor<1x1x64x80xbf16>, tensor<1x1x64x16xbf16> -> input_grad tensor<1x1x64x80xbf16> other_grad tensor<1x1x64x16xbf16>
  %0:2 = ttir.concat_bw %g, %a, %b {dim = 3 : si32} : tensor<1x1x64x96xbf16>, tensor<1x1x64x80xbf16>, tensor<1x1x64x16xbf16> -> input_grad tensor<1x1x64x80xbf16> other_grad tensor<1x1x64x16xbf16>
  // CHECK: ttir.concat_bw %arg0, %arg1, %arg2 {are_required_outputs = array<i1: false, true>, dim = -1 : si32} : {{.*}} -> other_grad tensor<1x1x64x16xbf16>
  %1 = ttir.concat_bw %g, %a, %b {are_required_outputs = array<i1: false, true>, dim = -1 : si32} : tensor<1x1x64x96xbf16>, tensor<1x1x64x80xbf16>, tensor<1x1x64x16xbf16> -> other_grad tensor<1x1x64x16xbf16>
  // dim 0 by default:
  // CHECK: ttir.concat_bw %arg3, %arg4, %arg5 : tensor<5x32xf32>, tensor<2x32xf32>, tensor<3x32xf32> -> input_grad tensor<2x32xf32> other_grad tensor<3x32xf32>
  %2:2 = ttir.concat_bw %g0, %a0, %b0 : tensor<5x32xf32>, tensor<2x32xf32>, tensor<3x32xf32> -> input_grad tensor<2x32xf32> other_grad tensor<3x32xf32>
  return
}

// -----

func.func @dim_range(%g: tensor<5x32xf32>, %a: tensor<2x32xf32>, %b: tensor<3x32xf32>) {
  // expected-error @+1 {{'ttir.concat_bw' op 'dim' -3 is out of range for 'input' of rank 2}}
  %0:2 = ttir.concat_bw %g, %a, %b {dim = -3 : si32} : tensor<5x32xf32>, tensor<2x32xf32>, tensor<3x32xf32> -> input_grad tensor<2x32xf32> other_grad tensor<3x32xf32>
  return
}

// -----

func.func @rank(%g: tensor<5x32xf32>, %a: tensor<2x32xf32>, %b: tensor<1x3x32xf32>) {
  // expected-error @+1 {{'ttir.concat_bw' op operand 'other' of shape 1x3x32 must have the rank of 'input' (2, shape 2x32)}}
  %0:2 = ttir.concat_bw %g, %a, %b : tensor<5x32xf32>, tensor<2x32xf32>, tensor<1x3x32xf32> -> input_grad tensor<2x32xf32> other_grad tensor<1x3x32xf32>
  return
}

// -----

func.func @other_dims(%g: tensor<5x32xf32>, %a: tensor<2x32xf32>, %b: tensor<3x64xf32>) {
  // expected-error @+1 {{'ttir.concat_bw' op operands 'input' 2x32 and 'other' 3x64 must match in every dim but the concatenated one (0)}}
  %0:2 = ttir.concat_bw %g, %a, %b : tensor<5x32xf32>, tensor<2x32xf32>, tensor<3x64xf32> -> input_grad tensor<2x32xf32> other_grad tensor<3x64xf32>
  return
}

// -----

func.func @grad_shape(%g: tensor<2x64xf32>, %a: tensor<2x32xf32>, %b: tensor<3x32xf32>) {
  // expected-error @+1 {{'ttir.concat_bw' op 'grad' shape 2x64 must equal 'input' and 'other' concatenated along dim 0 (5x32)}}
  %0:2 = ttir.concat_bw %g, %a, %b : tensor<2x64xf32>, tensor<2x32xf32>, tensor<3x32xf32> -> input_grad tensor<2x32xf32> other_grad tensor<3x32xf32>
  return
}

// -----

func.func @unsigned_dim(%g: tensor<5x32xf32>, %a: tensor<2x32xf32>, %b: tensor<3x32xf32>) {
  // expected-error @+1 {{'ttir.concat_bw' op attribute 'dim' failed to satisfy constraint: 32-bit signed integer attribute}}
  %0:2 = ttir.concat_bw %g, %a, %b {dim = 0 : i32} : tensor<5x32xf32>, tensor<2x32xf32>, tensor<3x32xf32> -> input_grad tensor<2x32xf32> other_grad tensor<3x32xf32>
  return
}

// -----

func.func @result_shape(%g: tensor<5x32xf32>, %a: tensor<2x32xf32>, %b: tensor<3x32xf32>) {
  // expected-error @+1 {{'ttir.concat_bw' op result 'other_grad' must have the shape of operand 'other' (3x32), got 5x32}}
  %0:2 = ttir.concat_bw %g, %a, %b : tensor<5x32xf32>, tensor<2x32xf32>, tensor<3x32xf32> -> input_grad tensor<2x32xf32> other_grad tensor<5x32xf32>
  return
}
