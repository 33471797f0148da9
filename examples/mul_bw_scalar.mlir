// The seed's scalar example: ttnn.mul_bw(grad, a, 4) on 2x2 tensors.
func.func @mul_bw_scalar(%grad: tensor<2x2xbf16>, %a: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  %scalar = arith.constant 4.0 : f32
  %0 = "ttir.mul_bw"(%grad, %a, %scalar) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<2x2xbf16>, tensor<2x2xbf16>, f32) -> tensor<2x2xbf16>
  return %0 : tensor<2x2xbf16>
}
