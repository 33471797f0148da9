// ttnn's broadcast-on-both-sides case: a (1,3,32,1) with b (1,1,32,64).
// Both gradients need a broadcast-reduce back to their operand's shape.
func.func @mul_bw_broadcast(%grad: tensor<1x3x32x64xbf16>, %a: tensor<1x3x32x1xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>) {
  %0:2 = "ttir.mul_bw"(%grad, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x32x64xbf16>, tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>
}
