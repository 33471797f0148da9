// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// ttir.real / ttir.imag take a complex tensor and give its part type; ttir.complex takes two
// real tensors of one type and gives their complex type.

func.func @real_of_real(%x: tensor<2x32xf32>) {
  // expected-error @+1 {{'ttir.real' op operand 'input' must be a complex tensor, got tensor<2x32xf32>}}
  %0 = "ttir.real"(%x) : (tensor<2x32xf32>) -> tensor<2x32xf32>
  return
}

// -----

func.func @imag_element(%z: tensor<2x32xcomplex<f32>>) {
  // expected-error @+1 {{'ttir.imag' op result type tensor<2x32xbf16> must be the part type of the input (tensor<2x32xcomplex<f32>>): its shape and encoding, of element type f32}}
  %0 = "ttir.imag"(%z) : (tensor<2x32xcomplex<f32>>) -> tensor<2x32xbf16>
  return
}

// -----

func.func @real_shape(%z: tensor<2x32xcomplex<f32>>) {
  // expected-error @+1 {{'ttir.real' op result type tensor<32xf32> must be the part type of the input}}
  %0 = "ttir.real"(%z) : (tensor<2x32xcomplex<f32>>) -> tensor<32xf32>
  return
}

// -----

func.func @real_encoding(%z: tensor<32xcomplex<f32>, #ttir.layout<"f32", "row_major">>) {
  // expected-error @+1 {{'ttir.real' op result type tensor<32xf32> must be the part type of the input}}
  %0 = "ttir.real"(%z) : (tensor<32xcomplex<f32>, #ttir.layout<"f32", "row_major">>) -> tensor<32xf32>
  return
}

// -----

func.func @real_int(%z: tensor<32xcomplex<i32>>) {
  // expected-error @+1 {{'ttir.real' op operand 'input': element type complex<i32> is not a floating-point type}}
  %0 = "ttir.real"(%z) : (tensor<32xcomplex<i32>>) -> tensor<32xi32>
  return
}

// -----

func.func @complex_of_complex(%z: tensor<32xcomplex<f32>>) {
  // expected-error @+1 {{'ttir.complex' op operand 'real' must be a real tensor, got tensor<32xcomplex<f32>>}}
  %0 = "ttir.complex"(%z, %z) : (tensor<32xcomplex<f32>>, tensor<32xcomplex<f32>>) -> tensor<32xcomplex<f32>>
  return
}

// -----

func.func @complex_parts_differ(%a: tensor<32xf32>, %b: tensor<32xbf16>) {
  // expected-error @+1 {{'ttir.complex' op operands 'real' and 'imag' must have the same type, got tensor<32xf32> and tensor<32xbf16>}}
  %0 = "ttir.complex"(%a, %b) : (tensor<32xf32>, tensor<32xbf16>) -> tensor<32xcomplex<f32>>
  return
}

// -----

func.func @complex_result(%a: tensor<32xf32>) {
  // expected-error @+1 {{'ttir.complex' op result type tensor<32xcomplex<bf16>> must be tensor<32xcomplex<f32>> (the complex type of the parts)}}
  %0 = "ttir.complex"(%a, %a) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xcomplex<bf16>>
  return
}

// -----

func.func @complex_attribute(%a: tensor<32xf32>) {
  // expected-error @+1 {{'ttir.complex' op unknown attribute 'imaginary' (its attributes: none)}}
  %0 = "ttir.complex"(%a, %a) {imaginary = 1 : i32} : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xcomplex<f32>>
  return
}
