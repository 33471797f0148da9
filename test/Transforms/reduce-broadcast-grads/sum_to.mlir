// RUN: ttbw-opt --split-input-file --ttir-decompose-backward --ttir-reduce-broadcast-grads %s | FileCheck %s
// PyTorch sum_to: sum (keep_dim) over the broadcast dims, reshape to the operand's shape.

// Row broadcast (H = 1) of other.
// CHECK-LABEL: func.func @row
func.func @row(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x1x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>) {
  // CHECK: %[[P:.*]] = "ttir.multiply"(%arg0, %arg1)
  // CHECK: %[[S:.*]] = "ttir.sum"(%[[P]]) <{dim_arg = [2 : i32], keep_dim = true}> : (tensor<1x1x32x64xbf16>) -> tensor<1x1x1x64xbf16>
  // CHECK-NOT: ttir.reshape
  // CHECK: return %{{.*}}, %[[S]]
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>
}

// -----

// Column broadcast (W = 1) of input, channel broadcast of other: both sides at once.
// CHECK-LABEL: func.func @both_sides
func.func @both_sides(%g: tensor<1x3x32x64xbf16>, %a: tensor<1x3x32x1xbf16>, %b: tensor<1x1x32x64xbf16>) -> (tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>) {
  // CHECK: %[[GA:.*]] = "ttir.multiply"(%arg0, %arg2)
  // CHECK: %[[SA:.*]] = "ttir.sum"(%[[GA]]) <{dim_arg = [3 : i32], keep_dim = true}> : (tensor<1x3x32x64xbf16>) -> tensor<1x3x32x1xbf16>
  // CHECK: %[[GB:.*]] = "ttir.multiply"(%arg0, %arg1)
  // CHECK: %[[SB:.*]] = "ttir.sum"(%[[GB]]) <{dim_arg = [1 : i32], keep_dim = true}> : (tensor<1x3x32x64xbf16>) -> tensor<1x1x32x64xbf16>
  // CHECK: return %[[SA]], %[[SB]]
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x32x64xbf16>, tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>) -> (tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x3x32x1xbf16>, tensor<1x1x32x64xbf16>
}

// -----

// Lower-rank operand: leading dims are summed, then reshaped away.
// CHECK-LABEL: func.func @lower_rank
func.func @lower_rank(%g: tensor<1x3x32x64xf32>, %a: tensor<1x3x32x64xf32>, %b: tensor<64xf32>) -> (tensor<1x3x32x64xf32>, tensor<64xf32>) {
  // CHECK: %[[S:.*]] = "ttir.sum"(%{{.*}}) <{dim_arg = [0 : i32, 1 : i32, 2 : i32], keep_dim = true}> : (tensor<1x3x32x64xf32>) -> tensor<1x1x1x64xf32>
  // CHECK: %[[R:.*]] = "ttir.reshape"(%[[S]]) <{shape = [64 : i32]}> : (tensor<1x1x1x64xf32>) -> tensor<64xf32>
  // CHECK: return %{{.*}}, %[[R]]
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x32x64xf32>, tensor<1x3x32x64xf32>, tensor<64xf32>) -> (tensor<1x3x32x64xf32>, tensor<64xf32>)
  return %0#0, %0#1 : tensor<1x3x32x64xf32>, tensor<64xf32>
}

// -----

// A 0-d operand sums everything.
// CHECK-LABEL: func.func @rank0
func.func @rank0(%g: tensor<2x3xf32>, %a: tensor<2x3xf32>, %b: tensor<f32>) -> (tensor<2x3xf32>, tensor<f32>) {
  // CHECK: %[[S:.*]] = "ttir.sum"(%{{.*}}) <{dim_arg = [0 : i32, 1 : i32], keep_dim = true}> : (tensor<2x3xf32>) -> tensor<1x1xf32>
  // CHECK: "ttir.reshape"(%[[S]]) <{shape = []}> : (tensor<1x1xf32>) -> tensor<f32>
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>) -> (tensor<2x3xf32>, tensor<f32>)
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<f32>
}

// -----

// Scalar-like (1,1,1,1) operand.
// CHECK-LABEL: func.func @scalar_like
func.func @scalar_like(%g: tensor<1x3x32x64xbf16>, %a: tensor<1x1x1x1xbf16>, %b: tensor<1x3x32x64xbf16>) -> (tensor<1x1x1x1xbf16>, tensor<1x3x32x64xbf16>) {
  // CHECK: "ttir.sum"(%{{.*}}) <{dim_arg = [1 : i32, 2 : i32, 3 : i32], keep_dim = true}> : (tensor<1x3x32x64xbf16>) -> tensor<1x1x1x1xbf16>
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x3x32x64xbf16>, tensor<1x1x1x1xbf16>, tensor<1x3x32x64xbf16>) -> (tensor<1x1x1x1xbf16>, tensor<1x3x32x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x1x1xbf16>, tensor<1x3x32x64xbf16>
}
