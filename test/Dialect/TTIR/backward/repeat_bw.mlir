// RUN: ttbw-opt --split-input-file --verify-diagnostics %s | FileCheck %s
// repeat_bw parses, verifies and prints back; grad must be the input repeated by repeat_dimensions.

// CHECK-LABEL: func.func @forms
func.func @forms(%g: tensor<2x6x32x64xbf16>, %x: tensor<1x3x32x64xbf16>, %g3: tensor<2x3x40xf32>, %y: tensor<3x40xf32>) {
  // CHECK: ttir.repeat_bw %arg0, %arg1 {repeat_dimensions = array<i64: 2, 2, 1, 1>} : tensor<2x6x32x64xbf16>, tensor<1x3x32x64xbf16> -> tensor<1x3x32x64xbf16>
  %0 = ttir.repeat_bw %g, %x {repeat_dimensions = array<i64: 2, 2, 1, 1>} : tensor<2x6x32x64xbf16>, tensor<1x3x32x64xbf16> -> tensor<1x3x32x64xbf16>
  // A leading dim the repeats add:
  // CHECK: ttir.repeat_bw %arg2, %arg3 {repeat_dimensions = array<i64: 2, 1, 1>}
  %1 = ttir.repeat_bw %g3, %y {repeat_dimensions = array<i64: 2, 1, 1>} : tensor<2x3x40xf32>, tensor<3x40xf32> -> tensor<3x40xf32>
  return
}

// -----

func.func @grad_shape(%g: tensor<2x6x32x64xbf16>, %x: tensor<1x3x32x64xbf16>) {
  // expected-error @+1 {{'ttir.repeat_bw' op 'grad' shape 2x6x32x64 must equal the shape of 'input' (1x3x32x64) repeated by 'repeat_dimensions' (2x3x32x64)}}
  %0 = ttir.repeat_bw %g, %x {repeat_dimensions = array<i64: 2, 1, 1, 1>} : tensor<2x6x32x64xbf16>, tensor<1x3x32x64xbf16> -> tensor<1x3x32x64xbf16>
  return
}

// -----

func.func @too_few(%g: tensor<3x40xbf16>, %x: tensor<3x40xbf16>) {
  // expected-error @+1 {{'ttir.repeat_bw' op 'repeat_dimensions' has 1 entries, fewer than the rank of 'input' (2)}}
  %0 = ttir.repeat_bw %g, %x {repeat_dimensions = array<i64: 1>} : tensor<3x40xbf16>, tensor<3x40xbf16> -> tensor<3x40xbf16>
  return
}

// -----

func.func @negative(%g: tensor<3x40xbf16>, %x: tensor<3x40xbf16>) {
  // expected-error @+1 {{'ttir.repeat_bw' op 'repeat_dimensions' must be non-negative, got -1 for dim 0}}
  %0 = ttir.repeat_bw %g, %x {repeat_dimensions = array<i64: -1, 1>} : tensor<3x40xbf16>, tensor<3x40xbf16> -> tensor<3x40xbf16>
  return
}

// -----

func.func @result_shape(%g: tensor<6x40xbf16>, %x: tensor<3x40xbf16>) {
  // expected-error @+1 {{'ttir.repeat_bw' op result 'input_grad' must have the shape of operand 'input' (3x40), got 6x40}}
  %0 = ttir.repeat_bw %g, %x {repeat_dimensions = array<i64: 2, 1>} : tensor<6x40xbf16>, tensor<3x40xbf16> -> tensor<6x40xbf16>
  return
}

// -----

func.func @missing(%g: tensor<3x40xbf16>, %x: tensor<3x40xbf16>) {
  // expected-error @+1 {{'ttir.repeat_bw' op requires attribute 'repeat_dimensions'}}
  %0 = ttir.repeat_bw %g, %x : tensor<3x40xbf16>, tensor<3x40xbf16> -> tensor<3x40xbf16>
  return
}
