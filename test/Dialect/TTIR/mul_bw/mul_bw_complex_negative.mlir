// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// Complex operands: mul_bw is defined for all-complex or all-real tensors.

func.func @complex_grad_real_operands(%g: tensor<32x32xcomplex<bf16>>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // expected-error @+1 {{complex and real operands cannot be mixed ('grad' is complex, 'input' is real, 'other' is real)}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xcomplex<bf16>>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

func.func @complex_other_only(%g: tensor<32x32xf32>, %a: tensor<32x32xf32>, %b: tensor<32x32xcomplex<f32>>) -> (tensor<32x32xf32>, tensor<32x32xcomplex<f32>>) {
  // expected-error @+1 {{complex and real operands cannot be mixed ('grad' is real, 'input' is real, 'other' is complex)}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xcomplex<f32>>) -> (tensor<32x32xf32>, tensor<32x32xcomplex<f32>>)
  return %0#0, %0#1 : tensor<32x32xf32>, tensor<32x32xcomplex<f32>>
}

// -----

func.func @complex_with_scalar(%g: tensor<2x2xcomplex<f32>>, %a: tensor<2x2xcomplex<f32>>, %s: f32) -> tensor<2x2xcomplex<f32>> {
  // expected-error @+1 {{complex and real operands cannot be mixed ('grad' is complex, 'input' is complex, 'other' is a real scalar)}}
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<2x2xcomplex<f32>>, tensor<2x2xcomplex<f32>>, f32) -> tensor<2x2xcomplex<f32>>
  return %0 : tensor<2x2xcomplex<f32>>
}

// -----

func.func @complex_result_real(%g: tensor<32x32xcomplex<f32>>, %a: tensor<32x32xcomplex<f32>>, %b: tensor<32x32xcomplex<f32>>) -> (tensor<32x32xf32>, tensor<32x32xcomplex<f32>>) {
  // expected-error @+1 {{result 'input_grad' must have the data type of operand 'input' (complex<f32>), got f32}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xcomplex<f32>>, tensor<32x32xcomplex<f32>>, tensor<32x32xcomplex<f32>>) -> (tensor<32x32xf32>, tensor<32x32xcomplex<f32>>)
  return %0#0, %0#1 : tensor<32x32xf32>, tensor<32x32xcomplex<f32>>
}

// -----

func.func @complex_integer_parts(%g: tensor<32x32xcomplex<i32>>, %a: tensor<32x32xcomplex<i32>>, %b: tensor<32x32xcomplex<i32>>) -> (tensor<32x32xcomplex<i32>>, tensor<32x32xcomplex<i32>>) {
  // expected-error @+1 {{element type complex<i32> is not a floating-point type}}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xcomplex<i32>>, tensor<32x32xcomplex<i32>>, tensor<32x32xcomplex<i32>>) -> (tensor<32x32xcomplex<i32>>, tensor<32x32xcomplex<i32>>)
  return %0#0, %0#1 : tensor<32x32xcomplex<i32>>, tensor<32x32xcomplex<i32>>
}
