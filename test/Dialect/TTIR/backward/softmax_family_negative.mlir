// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// The softmax family's `dim` and shapes.

func.func @dim_out_of_range(%g: tensor<4x32xbf16>, %y: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.softmax_bw' op 'dim' 2 is out of range for rank 2 (expected -2 .. 1)}}
  %0 = ttir.softmax_bw %g, %y {dim = 2 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @broadcast_input(%g: tensor<4x32xbf16>, %y: tensor<4x1xbf16>) {
  // expected-error @+1 {{'ttir.log_softmax_bw' op 'grad' shape 4x32 must equal the shape of 'input' (4x1)}}
  %0 = ttir.log_softmax_bw %g, %y {dim = 1 : i32} : tensor<4x32xbf16>, tensor<4x1xbf16> -> tensor<4x1xbf16>
  return
}

// -----

func.func @rank_zero(%g: tensor<bf16>, %y: tensor<bf16>) {
  // expected-error @+1 {{'ttir.softmin_bw' op 'input' must have rank >= 1 (it is reduced along 'dim')}}
  %0 = ttir.softmin_bw %g, %y {dim = 0 : i32} : tensor<bf16>, tensor<bf16> -> tensor<bf16>
  return
}

// -----

func.func @no_dim(%g: tensor<4x32xbf16>, %y: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.softmax_bw' op requires attribute 'dim'}}
  %0 = ttir.softmax_bw %g, %y : tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}
