// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// The special functions' backward ops: polygamma_bw's order n (ttnn's 1 .. 10) and the unary class's rules.

func.func @polygamma_needs_n(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.polygamma_bw' op requires attribute 'n'}}
  %0 = ttir.polygamma_bw %g, %x : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @polygamma_order_zero(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.polygamma_bw' op 'n' must be in 1 .. 10, got 0}}
  %0 = ttir.polygamma_bw %g, %x {n = 0 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @polygamma_order_eleven(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.polygamma_bw' op 'n' must be in 1 .. 10, got 11}}
  %0 = ttir.polygamma_bw %g, %x {n = 11 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @polygamma_order_is_i32(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.polygamma_bw' op attribute 'n' failed to satisfy constraint: 32-bit signless integer attribute}}
  %0 = ttir.polygamma_bw %g, %x {n = 2.0 : f32} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @shape(%g: tensor<4x32xbf16>, %x: tensor<1x32xbf16>) {
  // expected-error @+1 {{'ttir.lgamma_bw' op 'grad' shape 4x32 must equal the shape of 'input' (1x32)}}
  %0 = ttir.lgamma_bw %g, %x : tensor<4x32xbf16>, tensor<1x32xbf16> -> tensor<1x32xbf16>
  return
}

// -----

func.func @complex(%g: tensor<4x32xcomplex<f32>>, %x: tensor<4x32xcomplex<f32>>) {
  // expected-error @+1 {{complex tensors are not supported: erfinv_bw takes real tensors}}
  %0 = ttir.erfinv_bw %g, %x : tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>> -> tensor<4x32xcomplex<f32>>
  return
}
