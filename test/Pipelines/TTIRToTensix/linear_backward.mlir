// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-to-tensix-pipeline %s | FileCheck %s
// Linear backward (what ttnn.moreh_linear_backward builds, shapes not multiples of 32) is two
// programs: dX = dY W, and dW = dY^T X with db = sum dY beside it (a sibling sum of dW's
// transposed A: its tiles summed while they pass through the compute, dY read once per block).

// CHECK-LABEL: func.func @linear_bw(
// CHECK: "ttmetal.enqueue_program"
// CHECK-SAME: @linear_bw_0_matmul::@reader
// CHECK: "ttmetal.enqueue_program"
// CHECK-SAME: @linear_bw_1_matmul::@reader
// CHECK-SAME: runtime_arg_layout = ["num_units", "inner", "first_unit", "nb"]
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @linear_bw_0_matmul
// CHECK-NOT: ttkernel.reduce_tile
// CHECK: module @linear_bw_1_matmul
// CHECK: func.func @compute
// CHECK: ttkernel.transpose_wh_tile(
// CHECK: ttkernel.reduce_tile({{.*}}<reduce_sum>, <reduce_dim_col>)
// CHECK: ttkernel.add_binary_tile(
// CHECK: ttkernel.matmul_tiles(
// CHECK: func.func @writer
func.func @linear_bw(%g: tensor<50x90xbf16>, %x: tensor<50x70xbf16>, %w: tensor<90x70xbf16>) -> (tensor<50x70xbf16>, tensor<90x70xbf16>, tensor<1x90xbf16>) {
  // expected-warning @+1 {{function @linear_bw is not one fused program (codegen: a contraction program computes one contraction, its epilogue and at most one plain sum of an operand beside it): lowered as 2 programs}}
  %0 = "ttir.matmul"(%g, %w) <{transpose_a = false, transpose_b = false}> : (tensor<50x90xbf16>, tensor<90x70xbf16>) -> tensor<50x70xf32>
  %1 = "ttir.typecast"(%0) : (tensor<50x70xf32>) -> tensor<50x70xbf16>
  %2 = "ttir.matmul"(%g, %x) <{transpose_a = true, transpose_b = false}> : (tensor<50x90xbf16>, tensor<50x70xbf16>) -> tensor<90x70xf32>
  %3 = "ttir.typecast"(%2) : (tensor<90x70xf32>) -> tensor<90x70xbf16>
  %4 = "ttir.sum"(%g) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<50x90xbf16>) -> tensor<1x90xbf16>
  return %1, %3, %4 : tensor<50x70xbf16>, tensor<90x70xbf16>, tensor<1x90xbf16>
}

// -----

// Without a bias: dX and dW, two programs as before (no sibling sum).
// CHECK-LABEL: func.func @linear_bw_no_bias(
// CHECK: "ttmetal.enqueue_program"
// CHECK: "ttmetal.enqueue_program"
// CHECK-SAME: runtime_arg_layout = ["num_units", "inner"]
// CHECK-NOT: "ttmetal.enqueue_program"
// CHECK: module @linear_bw_no_bias_1_matmul
// CHECK-NOT: ttkernel.reduce_tile
// CHECK: ttkernel.transpose_wh_tile(
func.func @linear_bw_no_bias(%g: tensor<50x90xbf16>, %x: tensor<50x70xbf16>, %w: tensor<90x70xbf16>) -> (tensor<50x70xbf16>, tensor<90x70xbf16>) {
  // expected-warning @+1 {{function @linear_bw_no_bias is not one fused program (codegen: a contraction program computes one contraction, its epilogue and at most one plain sum of an operand beside it): lowered as 2 programs}}
  %0 = "ttir.matmul"(%g, %w) <{transpose_a = false, transpose_b = false}> : (tensor<50x90xbf16>, tensor<90x70xbf16>) -> tensor<50x70xf32>
  %1 = "ttir.typecast"(%0) : (tensor<50x70xf32>) -> tensor<50x70xbf16>
  %2 = "ttir.matmul"(%g, %x) <{transpose_a = true, transpose_b = false}> : (tensor<50x90xbf16>, tensor<50x70xbf16>) -> tensor<90x70xf32>
  %3 = "ttir.typecast"(%2) : (tensor<90x70xf32>) -> tensor<90x70xbf16>
  return %1, %3 : tensor<50x70xbf16>, tensor<90x70xbf16>
}
