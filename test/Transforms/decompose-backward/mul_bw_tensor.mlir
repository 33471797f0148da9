// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// Real tensor operands: input_grad = grad * other, other_grad = grad * input.

// CHECK-LABEL: func.func @same_shape
func.func @same_shape(%g: tensor<1x1x32x32xbf16>, %a: tensor<1x1x32x32xbf16>, %b: tensor<1x1x32x32xbf16>) -> (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>) {
  // CHECK-NOT: ttir.mul_bw
  // CHECK: %[[GA:.*]] = "ttir.multiply"(%arg0, %arg2) : (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>) -> tensor<1x1x32x32xbf16>
  // CHECK-NEXT: %[[GB:.*]] = "ttir.multiply"(%arg0, %arg1) : (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>) -> tensor<1x1x32x32xbf16>
  // CHECK-NEXT: return %[[GA]], %[[GB]]
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>) -> (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>
}

// -----

// A broadcast operand's gradient is left at grad's shape behind a marked cast
// that ttir-reduce-broadcast-grads resolves.
// CHECK-LABEL: func.func @row_broadcast
func.func @row_broadcast(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x1x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>) {
  // CHECK: %[[GA:.*]] = "ttir.multiply"(%arg0, %arg2) : (tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>) -> tensor<1x1x32x64xbf16>
  // CHECK: %[[P:.*]] = "ttir.multiply"(%arg0, %arg1) : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>) -> tensor<1x1x32x64xbf16>
  // CHECK: %[[GB:.*]] = builtin.unrealized_conversion_cast %[[P]] : tensor<1x1x32x64xbf16> to tensor<1x1x1x64xbf16> {ttbw.sum_to}
  // CHECK: return %[[GA]], %[[GB]]
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>
}

// -----

// Mixed data types multiply in the promoted type (f32), like PyTorch.
// CHECK-LABEL: func.func @mixed_dtypes
func.func @mixed_dtypes(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xf32>) -> (tensor<32x32xbf16>, tensor<32x32xf32>) {
  // CHECK: %[[G32:.*]] = "ttir.typecast"(%arg0) : (tensor<32x32xbf16>) -> tensor<32x32xf32>
  // CHECK: %[[GA:.*]] = "ttir.multiply"(%[[G32]], %arg2) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  // CHECK: builtin.unrealized_conversion_cast %[[GA]] : tensor<32x32xf32> to tensor<32x32xbf16> {ttbw.sum_to}
  // CHECK: %[[GB:.*]] = "ttir.multiply"(%arg0, %arg1) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  // CHECK: builtin.unrealized_conversion_cast %[[GB]] : tensor<32x32xbf16> to tensor<32x32xf32> {ttbw.sum_to}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xf32>) -> (tensor<32x32xbf16>, tensor<32x32xf32>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xf32>
}

// -----

// A bfloat8_b operand promotes as f32 (ttnn's to_torch dtype for it): grad * a is an f32
// product; grad * b of two bf16 tensors is bf16, cast to the bfp_bf8 result later.
// CHECK-LABEL: func.func @bfp8
func.func @bfp8(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16>) {
  // CHECK: %[[GA:.*]] = "ttir.multiply"(%arg0, %arg2) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  // CHECK: builtin.unrealized_conversion_cast %[[GA]] : tensor<32x32xbf16> to tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">> {ttbw.sum_to}
  // CHECK: %[[G:.*]] = "ttir.typecast"(%arg0) : (tensor<32x32xbf16>) -> tensor<32x32xf32>
  // CHECK: %[[A:.*]] = "ttir.typecast"(%arg1) : (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>) -> tensor<32x32xf32>
  // CHECK: %[[GB:.*]] = "ttir.multiply"(%[[G]], %[[A]]) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  // CHECK: builtin.unrealized_conversion_cast %[[GB]] : tensor<32x32xf32> to tensor<32x32xbf16> {ttbw.sum_to}
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16>, tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16>) -> (tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16>)
  return %0#0, %0#1 : tensor<32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<32x32xbf16>
}

// -----

// Encoded operands cast to the promoted type become plain f32 intermediates.
// CHECK-LABEL: func.func @encoded_mixed
func.func @encoded_mixed(%g: tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>, %a: tensor<32x32xbf16>, %b: tensor<32x32xf32, #ttir.layout<"f32", "tile">>) -> (tensor<32x32xbf16>, tensor<32x32xf32, #ttir.layout<"f32", "tile">>) {
  // CHECK: %[[G:.*]] = "ttir.typecast"(%arg0) : (tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<32x32xf32>
  // CHECK: "ttir.multiply"(%[[G]], %arg2) : (tensor<32x32xf32>, tensor<32x32xf32, #ttir.layout<"f32", "tile">>) -> tensor<32x32xf32>
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32x32xbf16, #ttir.layout<"bf16", "row_major">>, tensor<32x32xbf16>, tensor<32x32xf32, #ttir.layout<"f32", "tile">>) -> (tensor<32x32xbf16>, tensor<32x32xf32, #ttir.layout<"f32", "tile">>)
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xf32, #ttir.layout<"f32", "tile">>
}
