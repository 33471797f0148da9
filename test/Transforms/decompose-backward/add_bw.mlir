// RUN: ttbw-opt --split-input-file --ttir-decompose-backward %s | FileCheck %s
// add_bw: input_grad = grad, other_grad = grad (summed to a broadcast operand's shape).

// CHECK-LABEL: func.func @same_shape
func.func @same_shape(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  // CHECK-NOT: ttir.add_bw
  // CHECK: return %arg0, %arg0
  %0:2 = ttir.add_bw %g, %a, %b : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16> other_grad tensor<32x32xbf16>
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}

// -----

// CHECK-LABEL: func.func @broadcast_both_sides
func.func @broadcast_both_sides(%g: tensor<2x32x64xbf16>, %a: tensor<2x32x1xbf16>, %b: tensor<64xbf16>) -> (tensor<2x32x1xbf16>, tensor<64xbf16>) {
  // CHECK: %[[GA:.*]] = builtin.unrealized_conversion_cast %arg0 : tensor<2x32x64xbf16> to tensor<2x32x1xbf16> {ttbw.sum_to}
  // CHECK: %[[GB:.*]] = builtin.unrealized_conversion_cast %arg0 : tensor<2x32x64xbf16> to tensor<64xbf16> {ttbw.sum_to}
  // CHECK: return %[[GA]], %[[GB]]
  %0:2 = ttir.add_bw %g, %a, %b : tensor<2x32x64xbf16>, tensor<2x32x1xbf16>, tensor<64xbf16> -> input_grad tensor<2x32x1xbf16> other_grad tensor<64xbf16>
  return %0#0, %0#1 : tensor<2x32x1xbf16>, tensor<64xbf16>
}

// -----

// Masks: only the requested output; a preallocated one is written in place.
// CHECK-LABEL: func.func @other_only_preallocated
func.func @other_only_preallocated(%g: tensor<32x32xf32>, %a: tensor<32x32xf32>, %b: tensor<1x32xf32>, %ob: tensor<1x32xf32>) -> tensor<1x32xf32> {
  // CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %arg0 : tensor<32x32xf32> to tensor<1x32xf32> {ttbw.sum_to}
  // CHECK: %[[R:.*]] = bufferization.materialize_in_destination %[[S]] in %arg3
  // CHECK: return %[[R]]
  %0 = ttir.add_bw %g, %a, %b other_grad(%ob : tensor<1x32xf32>) {are_required_outputs = array<i1: false, true>} : tensor<32x32xf32>, tensor<32x32xf32>, tensor<1x32xf32> -> other_grad tensor<1x32xf32>
  return %0 : tensor<1x32xf32>
}

// -----

// Scalar other: one gradient, grad itself (a constant scalar leaves nothing behind).
// CHECK-LABEL: func.func @scalar
func.func @scalar(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK-NOT: ttir.add_bw
  // CHECK: return %arg0
  %s = arith.constant 2.0 : f32
  %0 = ttir.add_bw %g, %a, %s : tensor<32x32xbf16>, tensor<32x32xbf16>, f32 -> input_grad tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// Mixed data types: grad rounds once to each operand's data type.
// CHECK-LABEL: func.func @mixed_dtypes
func.func @mixed_dtypes(%g: tensor<32x32xf32>, %a: tensor<32x32xbf16>, %b: tensor<32x32xf32>) -> (tensor<32x32xbf16>, tensor<32x32xf32>) {
  // CHECK: %[[GA:.*]] = builtin.unrealized_conversion_cast %arg0 : tensor<32x32xf32> to tensor<32x32xbf16> {ttbw.sum_to}
  // CHECK: return %[[GA]], %arg0
  %0:2 = ttir.add_bw %g, %a, %b : tensor<32x32xf32>, tensor<32x32xbf16>, tensor<32x32xf32> -> input_grad tensor<32x32xbf16> other_grad tensor<32x32xf32>
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xf32>
}

// -----

// memory_config becomes the function's result attribute.
// CHECK-LABEL: func.func @memory_config
// CHECK-SAME: -> (tensor<32x32xbf16> {ttir.memory_config = #ttir.memory_config<"l1", "interleaved">}, tensor<32x32xbf16> {ttir.memory_config = #ttir.memory_config<"l1", "interleaved">})
func.func @memory_config(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> (tensor<32x32xbf16>, tensor<32x32xbf16>) {
  %0:2 = ttir.add_bw %g, %a, %b {memory_config = #ttir.memory_config<"l1", "interleaved">} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> input_grad tensor<32x32xbf16> other_grad tensor<32x32xbf16>
  return %0#0, %0#1 : tensor<32x32xbf16>, tensor<32x32xbf16>
}
