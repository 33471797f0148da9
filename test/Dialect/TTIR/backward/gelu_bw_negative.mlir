// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// gelu_bw's approximate: "none" or "tanh" (or absent: "none"), a string.

func.func @unknown_mode(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.gelu_bw' op 'approximate' must be one of "none", "tanh" (or absent), got "erf"}}
  %0 = ttir.gelu_bw %g, %x {approximate = "erf"} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @mode_case(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{'approximate' must be one of "none", "tanh" (or absent), got "Tanh"}}
  %0 = ttir.gelu_bw %g, %x {approximate = "Tanh"} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @not_a_string(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.gelu_bw' op attribute 'approximate' failed to satisfy constraint: string attribute}}
  %0 = ttir.gelu_bw %g, %x {approximate = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

// The class's rules hold for gelu_bw's own attribute as for every unary op.
func.func @shapes(%g: tensor<4x32xbf16>, %x: tensor<4x64xbf16>) {
  // expected-error @+1 {{'ttir.gelu_bw' op operand 'input' of shape 4x64 is not broadcast-compatible with 'grad' of shape 4x32}}
  %0 = ttir.gelu_bw %g, %x {approximate = "tanh"} : tensor<4x32xbf16>, tensor<4x64xbf16> -> tensor<4x64xbf16>
  return
}
