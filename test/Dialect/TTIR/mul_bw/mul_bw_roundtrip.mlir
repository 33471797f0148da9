// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// Round trip: what ttbw-opt prints (mul_bw's custom form) parses back to the same IR.
// RUN: ttbw-opt --split-input-file %s | ttbw-opt --split-input-file | FileCheck %s
// The generic form (attribute dictionary or tt-mlir's properties) still parses.

// CHECK-LABEL: func.func @tensor_same_shape
func.func @tensor_same_shape(%g: tensor<1x1x32x32xbf16>, %a: tensor<1x1x32x32xbf16>, %b: tensor<1x1x32x32xbf16>) -> (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>) {
  // CHECK: %[[A:.*]], %[[B:.*]] = ttir.mul_bw %arg0, %arg1, %arg2 :
  // CHECK-SAME: tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16> -> input_grad tensor<1x1x32x32xbf16> other_grad tensor<1x1x32x32xbf16>
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>) -> (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>)
  // CHECK: return %[[A]], %[[B]]
  return %0#0, %0#1 : tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>
}

// -----

// Broadcast on both sides: a (1,3,32,1) with b (1,1,32,64).
// CHECK-LABEL: func.func @broadcast_both_sides
func.func @broadcast_both_sides(%g: tensor<1x3x32x64xf32>, %a: tensor<1x3x32x1xf32>, %b: tensor<1x1x32x64xf32>) -> (tensor<1x3x32x1xf32>, tensor<1x1x32x64xf32>) {
  // CHECK: ttir.mul_bw
  // CHECK-SAME: : tensor<1x3x32x64xf32>, tensor<1x3x32x1xf32>, tensor<1x1x32x64xf32> -> input_grad tensor<1x3x32x1xf32> other_grad tensor<1x1x32x64xf32>
  %0:2 = "ttir.mul_bw"(%g, %a, %b) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>}> : (tensor<1x3x32x64xf32>, tensor<1x3x32x1xf32>, tensor<1x1x32x64xf32>) -> (tensor<1x3x32x1xf32>, tensor<1x1x32x64xf32>)
  return %0#0, %0#1 : tensor<1x3x32x1xf32>, tensor<1x1x32x64xf32>
}

// -----

// Lower-rank and rank-0 operands.
// CHECK-LABEL: func.func @lower_rank
func.func @lower_rank(%g: tensor<2x32xbf16>, %a: tensor<32xbf16>, %b: tensor<2x1xbf16>) -> (tensor<32xbf16>, tensor<2x1xbf16>) {
  // CHECK: ttir.mul_bw
  // CHECK-SAME: -> input_grad tensor<32xbf16> other_grad tensor<2x1xbf16>
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x32xbf16>, tensor<32xbf16>, tensor<2x1xbf16>) -> (tensor<32xbf16>, tensor<2x1xbf16>)
  return %0#0, %0#1 : tensor<32xbf16>, tensor<2x1xbf16>
}
// CHECK-LABEL: func.func @rank0
func.func @rank0(%g: tensor<32xbf16>, %a: tensor<32xbf16>, %b: tensor<bf16>) -> (tensor<32xbf16>, tensor<bf16>) {
  // CHECK: ttir.mul_bw
  // CHECK-SAME: -> input_grad tensor<32xbf16> other_grad tensor<bf16>
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<32xbf16>, tensor<32xbf16>, tensor<bf16>) -> (tensor<32xbf16>, tensor<bf16>)
  return %0#0, %0#1 : tensor<32xbf16>, tensor<bf16>
}

// -----

// Scalar other: one result (ttnn's scalar overload).
// CHECK-LABEL: func.func @scalar_other
func.func @scalar_other(%g: tensor<2x2xbf16>, %a: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  // CHECK: %[[S:.*]] = arith.constant 4.000000e+00 : f32
  %s = arith.constant 4.0 : f32
  // CHECK: ttir.mul_bw %arg0, %arg1, %[[S]] : tensor<2x2xbf16>, tensor<2x2xbf16>, f32 -> input_grad tensor<2x2xbf16>{{$}}
  %0 = ttir.mul_bw %g, %a, %s : tensor<2x2xbf16>, tensor<2x2xbf16>, f32 -> input_grad tensor<2x2xbf16>
  return %0 : tensor<2x2xbf16>
}

// -----

// Complex operands (ttnn's ComplexTensor).
// CHECK-LABEL: func.func @complex
func.func @complex(%g: tensor<1x1x32x64xcomplex<bf16>>, %a: tensor<1x1x32x64xcomplex<bf16>>, %b: tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) {
  // CHECK: ttir.mul_bw
  // CHECK-SAME: : tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>> -> input_grad tensor<1x1x32x64xcomplex<bf16>> other_grad tensor<1x1x32x64xcomplex<bf16>>
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>) -> (tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>)
  return %0#0, %0#1 : tensor<1x1x32x64xcomplex<bf16>>, tensor<1x1x32x64xcomplex<bf16>>
}

// -----

// Masks: only the input gradient, then only the other gradient.
// CHECK-LABEL: func.func @mask_input_only
func.func @mask_input_only(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: ttir.mul_bw
  // CHECK-SAME: {are_required_outputs = array<i1: true, false>}
  // CHECK-SAME: -> input_grad tensor<32x32xbf16>{{$}}
  %0 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: true, false>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
// CHECK-LABEL: func.func @mask_other_only
func.func @mask_other_only(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: {are_required_outputs = array<i1: false, true>}
  // CHECK-SAME: -> other_grad tensor<32x32xbf16>{{$}}
  %0 = ttir.mul_bw %g, %a, %b {are_required_outputs = array<i1: false, true>} : tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16> -> other_grad tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// Preallocated results have their operand's shape (tt-metal #56601).
// CHECK-LABEL: func.func @preallocated
func.func @preallocated(%g: tensor<1x1x32x64xbf16>, %a: tensor<1x1x32x64xbf16>, %b: tensor<1x1x1x64xbf16>, %ia: tensor<1x1x32x64xbf16>, %ib: tensor<1x1x1x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>) {
  // CHECK: ttir.mul_bw %arg0, %arg1, %arg2 input_grad(%arg3 : tensor<1x1x32x64xbf16>) other_grad(%arg4 : tensor<1x1x1x64xbf16>) :
  %0:2 = "ttir.mul_bw"(%g, %a, %b, %ia, %ib) {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>, tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>) -> (tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>)
  return %0#0, %0#1 : tensor<1x1x32x64xbf16>, tensor<1x1x1x64xbf16>
}

// -----

// Data types and layouts travel in the encoding; memory_config on the op.
// CHECK-LABEL: func.func @dtypes_layouts
func.func @dtypes_layouts(%g: tensor<1x1x32x32xbf16, #ttir.layout<"bf16", "row_major">>, %a: tensor<1x1x32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, %b: tensor<1x1x32x32xf32, #ttir.layout<"f32", "row_major">>) -> (tensor<1x1x32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<1x1x32x32xf32, #ttir.layout<"f32", "row_major">>) {
  // CHECK: ttir.mul_bw
  // CHECK-SAME: {memory_config = #ttir.memory_config<"l1", "interleaved">}
  // CHECK-SAME: : tensor<1x1x32x32xbf16, #ttir.layout<"bf16", "row_major">>, tensor<1x1x32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<1x1x32x32xf32, #ttir.layout<"f32", "row_major">>
  // CHECK-SAME: -> input_grad tensor<1x1x32x32xbf16, #ttir.layout<"bfp_bf8", "tile">> other_grad tensor<1x1x32x32xf32, #ttir.layout<"f32", "row_major">>
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {memory_config = #ttir.memory_config<"l1", "interleaved">, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<1x1x32x32xbf16, #ttir.layout<"bf16", "row_major">>, tensor<1x1x32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<1x1x32x32xf32, #ttir.layout<"f32", "row_major">>) -> (tensor<1x1x32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<1x1x32x32xf32, #ttir.layout<"f32", "row_major">>)
  return %0#0, %0#1 : tensor<1x1x32x32xbf16, #ttir.layout<"bfp_bf8", "tile">>, tensor<1x1x32x32xf32, #ttir.layout<"f32", "row_major">>
}

// -----

// The DRAM memory config and an explicit default mask.
// CHECK-LABEL: func.func @dram_default_mask
func.func @dram_default_mask(%g: tensor<64xbf16>, %a: tensor<64xbf16>, %b: tensor<1xbf16>) -> (tensor<64xbf16>, tensor<1xbf16>) {
  // CHECK: are_required_outputs = array<i1: true, true>, memory_config = #ttir.memory_config<"dram", "interleaved">
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {are_required_outputs = array<i1: true, true>, memory_config = #ttir.memory_config<"dram", "interleaved">, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<64xbf16>, tensor<64xbf16>, tensor<1xbf16>) -> (tensor<64xbf16>, tensor<1xbf16>)
  return %0#0, %0#1 : tensor<64xbf16>, tensor<1xbf16>
}
