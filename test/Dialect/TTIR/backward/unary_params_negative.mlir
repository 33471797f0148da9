// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// The unary backward ops' own attributes.

func.func @clamp_needs_a_bound(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.clamp_bw' op needs at least one of 'min', 'max'}}
  %0 = ttir.clamp_bw %g, %x : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @rdiv_round_mode(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{'round_mode' must be one of "trunc", "floor" (or absent), got "ceil"}}
  %0 = ttir.rdiv_bw %g, %x {scalar = 2.0 : f32, round_mode = "ceil"} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @pow_needs_exponent(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.pow_bw' op requires attribute 'exponent'}}
  %0 = ttir.pow_bw %g, %x : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @hardtanh_min_is_f32(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.hardtanh_bw' op attribute 'min' failed to satisfy constraint: 32-bit float attribute}}
  %0 = ttir.hardtanh_bw %g, %x {min = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @shape(%g: tensor<4x32xbf16>, %x: tensor<1x32xbf16>) {
  // expected-error @+1 {{'ttir.softplus_bw' op 'grad' shape 4x32 must equal the shape of 'input' (1x32)}}
  %0 = ttir.softplus_bw %g, %x : tensor<4x32xbf16>, tensor<1x32xbf16> -> tensor<1x32xbf16>
  return
}
