// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// log_bw: input_grad = grad / x: one rounding op, computed in the operands' type (bit-exact
// with PyTorch's bf16 division; x = 0 gives +-inf, x < 0 a finite gradient).

// bf16 operands: one bf16 ttir.div, no typecast.
// CHECK-LABEL: func.func @log_bf16
func.func @log_bf16(%g: tensor<2x32x32xbf16>, %x: tensor<2x32x32xbf16>) -> tensor<2x32x32xbf16> {
  // CHECK-NOT: ttir.log_bw
  // CHECK: %[[V0:.*]] = "ttir.div"(%arg0, %arg1) : {{.*}} -> tensor<2x32x32xbf16>
  // CHECK: return %[[V0]] : tensor<2x32x32xbf16>
  %0 = ttir.log_bw %g, %x : tensor<2x32x32xbf16>, tensor<2x32x32xbf16> -> tensor<2x32x32xbf16>
  return %0 : tensor<2x32x32xbf16>
}

// -----

// f32 operands.
// CHECK-LABEL: func.func @log_f32
func.func @log_f32(%g: tensor<2x32x32xf32>, %x: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // CHECK-NOT: ttir.log_bw
  // CHECK: %[[V0:.*]] = "ttir.div"(%arg0, %arg1) : {{.*}} -> tensor<2x32x32xf32>
  // CHECK: return %[[V0]] : tensor<2x32x32xf32>
  %0 = ttir.log_bw %g, %x : tensor<2x32x32xf32>, tensor<2x32x32xf32> -> tensor<2x32x32xf32>
  return %0 : tensor<2x32x32xf32>
}
