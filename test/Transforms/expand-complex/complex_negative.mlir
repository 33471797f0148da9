// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-expand-complex %s
// Complex ops the pass cannot expand are refused with a diagnostic.

func.func @not_decomposed(%g: tensor<4xcomplex<f32>>, %a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'ttir.mul_bw' op must be decomposed first (run ttir-decompose-backward)}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>)
  return %0#0, %0#1 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
}

// -----

func.func @unsupported_op(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'tensor.empty' op on complex tensors is not supported by ttir-expand-complex}}
  %0 = tensor.empty() : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @part_of_unexpanded(%x: tensor<4xcomplex<f32>>) -> tensor<4xf32> {
  // expected-error @+1 {{'tensor.empty' op on complex tensors is not supported by ttir-expand-complex}}
  %0 = tensor.empty() : tensor<4xcomplex<f32>>
  // expected-error @+1 {{'ttir.real' op has a complex operand defined outside what this pass expands}}
  %1 = "ttir.real"(%0) : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
