// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// Op-specific rules: div_bw's round_mode (its hook), the alpha ops' missing scalar form,
// attribute types (ODS).

func.func @round_mode(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.div_bw' op 'round_mode' must be one of "trunc", "floor" (or absent), got "ceil"}}
  %0:2 = ttir.div_bw %g, %a, %b {round_mode = "ceil"} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> input_grad tensor<4x32xbf16> other_grad tensor<4x32xbf16>
  return
}

// -----

func.func @round_mode_type(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.div_bw' op attribute 'round_mode' failed to satisfy constraint: string attribute}}
  %0:2 = ttir.div_bw %g, %a, %b {round_mode = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> input_grad tensor<4x32xbf16> other_grad tensor<4x32xbf16>
  return
}

// -----

func.func @alpha_scalar(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %s: f32) {
  // expected-error @+1 {{'ttir.addalpha_bw' op operand 'other' must be a tensor (addalpha_bw has no scalar form), got f32}}
  %0 = ttir.addalpha_bw %g, %a, %s : tensor<4x32xbf16>, tensor<4x32xbf16>, f32 -> input_grad tensor<4x32xbf16>
  return
}

// -----

func.func @alpha_type(%g: tensor<4x32xbf16>, %a: tensor<4x32xbf16>, %b: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.subalpha_bw' op attribute 'alpha' failed to satisfy constraint: 32-bit float attribute}}
  %0:2 = ttir.subalpha_bw %g, %a, %b {alpha = 2 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> input_grad tensor<4x32xbf16> other_grad tensor<4x32xbf16>
  return
}
