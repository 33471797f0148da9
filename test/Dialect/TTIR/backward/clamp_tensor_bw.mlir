// RUN: ttbw-opt --split-input-file --verify-diagnostics %s | FileCheck %s
// clamp_tensor_bw (clamp / clip with tensor bounds) parses, verifies and prints back; its rules' errors.

// CHECK-LABEL: func.func @forms
func.func @forms(%g: tensor<2x32xbf16>, %x: tensor<2x32xbf16>, %lo: tensor<1x32xf32>, %hi: tensor<1x1xbf16>, %out: tensor<2x32xbf16>) {
  // CHECK: ttir.clamp_tensor_bw %arg0, %arg1, %arg2, %arg3 : tensor<2x32xbf16>, tensor<2x32xbf16>, tensor<1x32xf32>, tensor<1x1xbf16> -> tensor<2x32xbf16>
  %0 = ttir.clamp_tensor_bw %g, %x, %lo, %hi : tensor<2x32xbf16>, tensor<2x32xbf16>, tensor<1x32xf32>, tensor<1x1xbf16> -> tensor<2x32xbf16>
  // CHECK: ttir.clamp_tensor_bw %arg0, %arg1, %arg2, %arg3 input_grad(%arg4 : tensor<2x32xbf16>) {memory_config = #ttir.memory_config<"l1", "interleaved">}
  %1 = ttir.clamp_tensor_bw %g, %x, %lo, %hi input_grad(%out : tensor<2x32xbf16>) {memory_config = #ttir.memory_config<"l1", "interleaved">} : tensor<2x32xbf16>, tensor<2x32xbf16>, tensor<1x32xf32>, tensor<1x1xbf16> -> tensor<2x32xbf16>
  return
}

// -----

// The bounds broadcast with the input to grad's shape; the input's gradient has its own shape.
// CHECK-LABEL: func.func @broadcast_input
func.func @broadcast_input(%g: tensor<4x32xf32>, %x: tensor<1x32xf32>, %lo: tensor<4x32xf32>, %hi: tensor<4x1xf32>) {
  // CHECK: ttir.clamp_tensor_bw {{.*}} -> tensor<1x32xf32>
  %0 = ttir.clamp_tensor_bw %g, %x, %lo, %hi : tensor<4x32xf32>, tensor<1x32xf32>, tensor<4x32xf32>, tensor<4x1xf32> -> tensor<1x32xf32>
  return
}

// -----

func.func @bound_shape(%g: tensor<4x32xbf16>, %x: tensor<4x32xbf16>, %lo: tensor<4x16xbf16>) {
  // expected-error @+1 {{'ttir.clamp_tensor_bw' op operand 'min' of shape 4x16 is not broadcast-compatible with 'grad' of shape 4x32}}
  %0 = ttir.clamp_tensor_bw %g, %x, %lo, %x : tensor<4x32xbf16>, tensor<4x32xbf16>, tensor<4x16xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}

// -----

func.func @grad_shape(%g: tensor<4x32xbf16>, %x: tensor<1x32xbf16>) {
  // expected-error @+1 {{'ttir.clamp_tensor_bw' op 'grad' shape 4x32 must equal the broadcast of 'input', 'min' and 'max' shapes (1x32)}}
  %0 = ttir.clamp_tensor_bw %g, %x, %x, %x : tensor<4x32xbf16>, tensor<1x32xbf16>, tensor<1x32xbf16>, tensor<1x32xbf16> -> tensor<1x32xbf16>
  return
}

// -----

func.func @result_shape(%g: tensor<4x32xbf16>, %x: tensor<1x32xbf16>, %lo: tensor<4x32xbf16>) {
  // expected-error @+1 {{'ttir.clamp_tensor_bw' op result 'input_grad' must have the shape of operand 'input' (1x32), got 4x32}}
  %0 = ttir.clamp_tensor_bw %g, %x, %lo, %lo : tensor<4x32xbf16>, tensor<1x32xbf16>, tensor<4x32xbf16>, tensor<4x32xbf16> -> tensor<4x32xbf16>
  return
}
