// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// ttir.batch_norm_bw: the channels' keep-dim shapes, the rank, the results' types.

func.func @rank_one(%g: tensor<8xf32>, %x: tensor<8xf32>, %m: tensor<1xf32>, %r: tensor<1xf32>) {
  // expected-error @+1 {{'ttir.batch_norm_bw' op 'input' must have rank 2 or more (batch, channels, ...), got 8}}
  %0 = ttir.batch_norm_bw %g, %x, %m, %r : tensor<8xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32> -> input_grad tensor<8xf32>
  return
}

// -----

// torch's save_mean is (C,): the op takes it in the keep-dim shape.
func.func @flat_mean(%g: tensor<2x3x8x8xf32>, %x: tensor<2x3x8x8xf32>, %m: tensor<3xf32>, %r: tensor<1x3x1x1xf32>) {
  // expected-error @+1 {{'ttir.batch_norm_bw' op operand 'mean' must have shape 1x3x1x1 (1 but for the channels, dim 1 of 'input'), got 3}}
  %0 = ttir.batch_norm_bw %g, %x, %m, %r : tensor<2x3x8x8xf32>, tensor<2x3x8x8xf32>, tensor<3xf32>, tensor<1x3x1x1xf32> -> input_grad tensor<2x3x8x8xf32>
  return
}

// -----

func.func @gamma_shape(%g: tensor<2x3x8x8xf32>, %x: tensor<2x3x8x8xf32>, %m: tensor<1x3x1x1xf32>, %r: tensor<1x3x1x1xf32>, %w: tensor<1x1x1x3xf32>) {
  // expected-error @+1 {{'ttir.batch_norm_bw' op operand 'gamma' must have the channels' keep-dim shape 1x3x1x1, got 1x1x1x3}}
  %0 = ttir.batch_norm_bw %g, %x, %m, %r gamma(%w : tensor<1x1x1x3xf32>) : tensor<2x3x8x8xf32>, tensor<2x3x8x8xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32> -> input_grad tensor<2x3x8x8xf32>
  return
}

// -----

func.func @beta_grad_shape(%g: tensor<2x3x8x8xf32>, %x: tensor<2x3x8x8xf32>, %m: tensor<1x3x1x1xf32>, %r: tensor<1x3x1x1xf32>) {
  // expected-error @+1 {{'ttir.batch_norm_bw' op result 'beta_grad' must have the channels' keep-dim shape 1x3x1x1, got 3}}
  %0 = ttir.batch_norm_bw %g, %x, %m, %r : tensor<2x3x8x8xf32>, tensor<2x3x8x8xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32> -> beta_grad tensor<3xf32>
  return
}

// -----

func.func @no_output(%g: tensor<2x3xf32>, %x: tensor<2x3xf32>, %m: tensor<1x3xf32>, %r: tensor<1x3xf32>) {
  // expected-error @+1 {{'ttir.batch_norm_bw' op requests no output: at least one of 'input_grad', 'gamma_grad', 'beta_grad' must be present}}
  ttir.batch_norm_bw %g, %x, %m, %r : tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>, tensor<1x3xf32> ->
  return
}

// -----

func.func @grad_shape(%g: tensor<2x4xf32>, %x: tensor<2x3xf32>, %m: tensor<1x3xf32>, %r: tensor<1x3xf32>) {
  // expected-error @+1 {{'ttir.batch_norm_bw' op 'grad' shape 2x4 must equal the shape of 'input' (2x3)}}
  %0 = ttir.batch_norm_bw %g, %x, %m, %r : tensor<2x4xf32>, tensor<2x3xf32>, tensor<1x3xf32>, tensor<1x3xf32> -> input_grad tensor<2x3xf32>
  return
}
