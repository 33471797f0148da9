// RUN: ttbw-opt --split-input-file --verify-diagnostics %s | FileCheck %s
// addcdiv_bw and lerp_bw (tensor and f32 scalar weight) parse, verify and print back; their rules' errors.

// CHECK-LABEL: func.func @forms
func.func @forms(%g: tensor<2x32xbf16>, %a: tensor<2x32xbf16>, %b: tensor<1x32xbf16>, %w: f32) {
  // CHECK: ttir.addcdiv_bw %arg0, %arg1, %arg2, %arg1 {value = 5.000000e-01 : f32}
  %0:3 = ttir.addcdiv_bw %g, %a, %b, %a {value = 0.5 : f32} : tensor<2x32xbf16>, tensor<2x32xbf16>, tensor<1x32xbf16>, tensor<2x32xbf16> -> tensor<2x32xbf16>, tensor<1x32xbf16>, tensor<2x32xbf16>
  // CHECK: ttir.lerp_bw %arg0, %arg1, %arg2, %arg3 : {{.*}}, f32 -> tensor<2x32xbf16>, tensor<1x32xbf16>
  %1:2 = ttir.lerp_bw %g, %a, %b, %w : tensor<2x32xbf16>, tensor<2x32xbf16>, tensor<1x32xbf16>, f32 -> tensor<2x32xbf16>, tensor<1x32xbf16>
  // CHECK: ttir.lerp_bw %arg0, %arg1, %arg2, %arg1 :
  %2:2 = ttir.lerp_bw %g, %a, %b, %a : tensor<2x32xbf16>, tensor<2x32xbf16>, tensor<1x32xbf16>, tensor<2x32xbf16> -> tensor<2x32xbf16>, tensor<1x32xbf16>
  return
}

// -----

func.func @lerp_weight_type(%g: tensor<2x32xbf16>, %a: tensor<2x32xbf16>, %w: i32) {
  // expected-error @+1 {{operand 'weight' must be a tensor or an f32 scalar, got i32}}
  %0:2 = ttir.lerp_bw %g, %a, %a, %w : tensor<2x32xbf16>, tensor<2x32xbf16>, tensor<2x32xbf16>, i32 -> tensor<2x32xbf16>, tensor<2x32xbf16>
  return
}

// -----

func.func @lerp_end_grad_shape(%g: tensor<2x32xbf16>, %a: tensor<2x32xbf16>, %e: tensor<1x32xbf16>, %w: f32) {
  // expected-error @+1 {{result 'end_grad' must have the shape of operand 'end' (1x32), got 2x32}}
  %0:2 = ttir.lerp_bw %g, %a, %e, %w : tensor<2x32xbf16>, tensor<2x32xbf16>, tensor<1x32xbf16>, f32 -> tensor<2x32xbf16>, tensor<2x32xbf16>
  return
}

// -----

func.func @addcdiv_real(%g: tensor<2x32xcomplex<f32>>) {
  // expected-error @+1 {{complex tensors are not supported: addcdiv_bw takes real tensors}}
  %0:3 = ttir.addcdiv_bw %g, %g, %g, %g : tensor<2x32xcomplex<f32>>, tensor<2x32xcomplex<f32>>, tensor<2x32xcomplex<f32>>, tensor<2x32xcomplex<f32>> -> tensor<2x32xcomplex<f32>>, tensor<2x32xcomplex<f32>>, tensor<2x32xcomplex<f32>>
  return
}
