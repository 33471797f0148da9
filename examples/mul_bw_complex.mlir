// ComplexTensor operands: grad_a = grad * conj(b), grad_b = grad * conj(a).
func.func @mul_bw_complex(%grad: tensor<1x1x32x64xcomplex<f32>>, %a: tensor<1x1x32x64xcomplex<f32>>, %b: tensor<1x1x32x64xcomplex<f32>>) -> (tensor<1x1x32x64xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>) {
  %0:2 = "ttir.mul_bw"(%grad, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>) -> (tensor<1x1x32x64xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>)
  return %0#0, %0#1 : tensor<1x1x32x64xcomplex<f32>>, tensor<1x1x32x64xcomplex<f32>>
}
