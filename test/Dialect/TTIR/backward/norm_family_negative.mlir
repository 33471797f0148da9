// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// The normalizations' backward ops: normalized_dims, the shapes torch's native_layer_norm_backward
// takes, the results' types.

func.func @normalized_dims_out_of_range(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %m: tensor<4x1xf32>, %r: tensor<4x1xf32>) {
  // expected-error @+1 {{'ttir.layer_norm_bw' op 'normalized_dims' 3 is out of range for an input of rank 2 (expected 1 .. 2)}}
  %0 = ttir.layer_norm_bw %g, %x, %m, %r {normalized_dims = 3 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xf32>, tensor<4x1xf32> -> input_grad tensor<4x32xbf16>
  return
}

// -----

func.func @normalized_dims_zero(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %rms: tensor<4x1xf32>) {
  // expected-error @+1 {{'ttir.rms_norm_bw' op 'normalized_dims' 0 is out of range for an input of rank 2 (expected 1 .. 2)}}
  %0 = ttir.rms_norm_bw %g, %x, %rms {normalized_dims = 0 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xf32> -> input_grad tensor<4x32xbf16>
  return
}

// -----

func.func @grad_shape(%g: tensor<4x1xbf16>, %x: tensor<4x32xbf16>, %m: tensor<4x1xf32>, %r: tensor<4x1xf32>) {
  // expected-error @+1 {{'ttir.layer_norm_bw' op 'grad' shape 4x1 must equal the shape of 'input' (4x32)}}
  %0 = ttir.layer_norm_bw %g, %x, %m, %r {normalized_dims = 1 : i32} : tensor<4x1xbf16>, tensor<4x32xbf16>, tensor<4x1xf32>, tensor<4x1xf32> -> input_grad tensor<4x32xbf16>
  return
}

// -----

// ttnn's logical shape of mean ([4]) is the API's; the op takes torch's keep-dim form.
func.func @mean_without_kept_dims(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %m: tensor<4xf32>, %r: tensor<4x1xf32>) {
  // expected-error @+1 {{'ttir.layer_norm_bw' op operand 'mean' must have shape 4x1 (the leading dims of 'input', 1 for each normalized dim), got 4}}
  %0 = ttir.layer_norm_bw %g, %x, %m, %r {normalized_dims = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4xf32>, tensor<4x1xf32> -> input_grad tensor<4x32xbf16>
  return
}

// -----

func.func @rstd_over_wrong_dims(%g: tensor<2x4x32xbf16>, %x: tensor<2x4x32xbf16>, %m: tensor<2x1x1xf32>, %r: tensor<2x4x1xf32>) {
  // expected-error @+1 {{'ttir.layer_norm_bw' op operand 'rstd' must have shape 2x1x1 (the leading dims of 'input', 1 for each normalized dim), got 2x4x1}}
  %0 = ttir.layer_norm_bw %g, %x, %m, %r {normalized_dims = 2 : i32} : tensor<2x4x32xbf16>, tensor<2x4x32xbf16>, tensor<2x1x1xf32>, tensor<2x4x1xf32> -> input_grad tensor<2x4x32xbf16>
  return
}

// -----

func.func @gamma_broadcast(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %m: tensor<4x1xf32>, %r: tensor<4x1xf32>, %w: tensor<1x32xbf16>) {
  // expected-error @+1 {{'ttir.layer_norm_bw' op operand 'gamma' must have the normalized shape 32, got 1x32}}
  %0 = ttir.layer_norm_bw %g, %x, %m, %r gamma(%w : tensor<1x32xbf16>) {normalized_dims = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xf32>, tensor<4x1xf32> -> input_grad tensor<4x32xbf16>
  return
}

// -----

func.func @no_result(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %m: tensor<4x1xf32>, %r: tensor<4x1xf32>) {
  // expected-error @+1 {{'ttir.layer_norm_bw' op requests no output: at least one of 'input_grad', 'gamma_grad', 'beta_grad' must be present}}
  ttir.layer_norm_bw %g, %x, %m, %r {normalized_dims = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xf32>, tensor<4x1xf32> ->
  return
}

// -----

func.func @input_grad_type(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %m: tensor<4x1xf32>, %r: tensor<4x1xf32>) {
  // expected-error @+1 {{'ttir.layer_norm_bw' op result 'input_grad' must have the data type of operand 'input' (bf16), got f32}}
  %0 = ttir.layer_norm_bw %g, %x, %m, %r {normalized_dims = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xf32>, tensor<4x1xf32> -> input_grad tensor<4x32xf32>
  return
}

// -----

func.func @gamma_grad_shape(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %m: tensor<4x1xf32>, %r: tensor<4x1xf32>, %w: tensor<32xbf16>) {
  // expected-error @+1 {{'ttir.layer_norm_bw' op result 'gamma_grad' must have the normalized shape 32, got 4x32}}
  %0 = ttir.layer_norm_bw %g, %x, %m, %r gamma(%w : tensor<32xbf16>) {normalized_dims = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xf32>, tensor<4x1xf32> -> gamma_grad tensor<4x32xbf16>
  return
}

// -----

func.func @beta_grad_type(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %m: tensor<4x1xf32>, %r: tensor<4x1xf32>, %w: tensor<32xf32>) {
  // expected-error @+1 {{'ttir.layer_norm_bw' op result 'beta_grad' must have the data type of 'gamma' (f32), got bf16}}
  %0 = ttir.layer_norm_bw %g, %x, %m, %r gamma(%w : tensor<32xf32>) {normalized_dims = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xf32>, tensor<4x1xf32> -> beta_grad tensor<32xbf16>
  return
}

// -----

func.func @complex(%g: tensor<4x32xcomplex<f32>>, %x: tensor<4x32xcomplex<f32>>, %rms: tensor<4x1xcomplex<f32>>) {
  // expected-error @+1 {{'ttir.rms_norm_bw' op complex tensors are not supported: rms_norm_bw takes real tensors}}
  %0 = ttir.rms_norm_bw %g, %x, %rms {normalized_dims = 1 : i32} : tensor<4x32xcomplex<f32>>, tensor<4x32xcomplex<f32>>, tensor<4x1xcomplex<f32>> -> input_grad tensor<4x32xcomplex<f32>>
  return
}

// -----

func.func @no_normalized_dims(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %rms: tensor<4x1xf32>) {
  // expected-error @+1 {{'ttir.rms_norm_bw' op requires attribute 'normalized_dims'}}
  %0 = ttir.rms_norm_bw %g, %x, %rms : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xf32> -> input_grad tensor<4x32xbf16>
  return
}

// -----

func.func @misspelled_attribute(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %rms: tensor<4x1xf32>) {
  // expected-error @+1 {{'ttir.rms_norm_bw' op unknown attribute 'normalized_dim' (its attributes: memory_config, normalized_dims)}}
  %0 = ttir.rms_norm_bw %g, %x, %rms {normalized_dims = 1 : i32, normalized_dim = 1 : i32} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xf32> -> input_grad tensor<4x32xbf16>
  return
}

// -----

func.func @unknown_memory_config(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %rms: tensor<4x1xf32>) {
  // expected-error @+1 {{'ttir.rms_norm_bw' op unknown memory_config "l2"; expected #ttir.memory_config<"dram"|"l1", "interleaved">}}
  %0 = ttir.rms_norm_bw %g, %x, %rms {normalized_dims = 1 : i32, memory_config = "l2"} : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x1xf32> -> input_grad tensor<4x32xbf16>
  return
}
