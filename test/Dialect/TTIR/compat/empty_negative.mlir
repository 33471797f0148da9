// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// `ttir.empty` takes no operands and gives one ranked tensor.

func.func @operand(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'ttir.empty' op requires zero operands}}
  %0 = "ttir.empty"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @unranked() -> tensor<*xf32> {
  // expected-error @+1 {{'ttir.empty' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "ttir.empty"() : () -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
