// Used by output_file.mlir: a mul_bw that breaks a shape rule.
func.func @invalid(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<3x32xbf16>) -> (tensor<4x32xbf16>, tensor<3x32xbf16>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<3x32xbf16>) -> (tensor<4x32xbf16>, tensor<3x32xbf16>)
  return %0#0, %0#1 : tensor<4x32xbf16>, tensor<3x32xbf16>
}
