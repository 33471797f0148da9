// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// ttir.multiply / ttir.div take one real operand with a complex result only of the result's
// part type (a real scale); anything else needs ttir.typecast.

func.func @scale_other_part_type(%x: tensor<4xcomplex<f32>>, %s: tensor<4xbf16>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'ttir.multiply' op 'rhs' and 'result' must have the same element type (use ttir.typecast to convert)}}
  %0 = "ttir.multiply"(%x, %s) : (tensor<4xcomplex<f32>>, tensor<4xbf16>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @real_result(%x: tensor<4xcomplex<f32>>, %s: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'ttir.div' op 'lhs', 'rhs' and 'result' must have the same element type (use ttir.typecast to convert)}}
  %0 = "ttir.div"(%x, %s) : (tensor<4xcomplex<f32>>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
