// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-reduce-broadcast-grads %s
// A marked cast that is not a sum_to relation is refused, not lowered wrongly.

func.func @not_broadcast(%x: tensor<4x32xbf16>) -> tensor<3x32xbf16> {
  // expected-error @+1 {{'ttir-reduce-broadcast-grads' cannot reduce: shape 3x32 does not broadcast to the gradient's shape 4x32}}
  %0 = builtin.unrealized_conversion_cast %x : tensor<4x32xbf16> to tensor<3x32xbf16> {ttbw.sum_to}
  return %0 : tensor<3x32xbf16>
}

// -----

func.func @complex_to_real(%x: tensor<4xcomplex<f32>>) -> tensor<4xf32> {
  // expected-error @+1 {{cannot reduce: a gradient cannot change between complex and real}}
  %0 = builtin.unrealized_conversion_cast %x : tensor<4xcomplex<f32>> to tensor<4xf32> {ttbw.sum_to}
  return %0 : tensor<4xf32>
}
