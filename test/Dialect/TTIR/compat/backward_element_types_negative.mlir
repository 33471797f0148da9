// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// Backward ops keep the floating-point rule, and say that it is theirs.

func.func @integer_grad(%g: tensor<4xsi32>, %x: tensor<4xsi32>) -> tensor<4xsi32> {
  // expected-error @+1 {{'ttir.neg_bw' op operand 'grad': element type si32 is not a floating-point type: a backward op (and ttbw's lowering) takes floating-point (or complex) tensors; gradients exist only for them}}
  %0 = ttir.neg_bw %g, %x : tensor<4xsi32>, tensor<4xsi32> -> tensor<4xsi32>
  return %0 : tensor<4xsi32>
}

// -----

func.func @f64_input(%g: tensor<4xf32>, %x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @+1 {{'ttir.exp_bw' op operand 'input': floating-point element type f64 is not supported; expected bf16 or f32 (or complex of them)}}
  %0 = ttir.exp_bw %g, %x : tensor<4xf32>, tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
