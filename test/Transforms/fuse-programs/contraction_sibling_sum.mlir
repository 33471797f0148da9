// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs %s | FileCheck %s
// A sum of a contraction's input over exactly its reduction dims (a linear layer's db = sum dY
// beside dW = dY^T X) joins the contraction's program: the program computes both results, the
// operand read once (codegen/contraction_sum.py). Outlining groups what the codegen takes.

// CHECK-LABEL: func.func private @weight_and_bias_program(%arg0: tensor<50x90xbf16>, %arg1: tensor<50x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x90xbf16>) attributes {ttbw.program}
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<50x90xbf16>, tensor<50x70xbf16>)
// CHECK: arith.truncf
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<50x90xbf16>)
// CHECK: arith.truncf
// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @weight_and_bias(
// CHECK-NEXT: %[[R:.*]]:2 = call @weight_and_bias_program(%arg0, %arg1)
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
func.func @weight_and_bias(%g: tensor<50x90xbf16>, %x: tensor<50x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x90xbf16>) {
  %0 = "ttir.matmul"(%g, %x) <{transpose_a = true, transpose_b = false}> : (tensor<50x90xbf16>, tensor<50x70xbf16>) -> tensor<90x70xf32>
  %1 = "ttir.typecast"(%0) : (tensor<90x70xf32>) -> tensor<90x70xbf16>
  %2 = "ttir.sum"(%g) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<50x90xbf16>) -> tensor<1x90xbf16>
  return %1, %2 : tensor<90x70xbf16>, tensor<1x90xbf16>
}

// -----

// Linear backward: dX alone (its K is dY's column dim), dW and db together: 2 programs.
// CHECK-LABEL: func.func private @linear_bw_0_matmul(%arg0: tensor<50x90xbf16>, %arg1: tensor<90x70xbf16>) -> tensor<50x70xbf16>
// CHECK-LABEL: func.func private @linear_bw_1_matmul(%arg0: tensor<50x90xbf16>, %arg1: tensor<50x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x90xbf16>)
// CHECK: iterator_types = ["reduction", "parallel"]
// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @linear_bw(
// CHECK-NEXT: %[[DX:.*]] = call @linear_bw_0_matmul(%arg0, %arg2)
// CHECK-NEXT: %[[DW:.*]]:2 = call @linear_bw_1_matmul(%arg0, %arg1)
// CHECK-NEXT: return %[[DX]], %[[DW]]#0, %[[DW]]#1
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

// A batched dY: the sum over the batch folded into dW's contraction, db summing the same two
// dims; an f32 db (summed from dY extended to f32, no rounding after it).
// CHECK-LABEL: func.func private @batched_program(%arg0: tensor<3x20x90xbf16>, %arg1: tensor<3x20x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x90xf32>)
// CHECK: iterator_types = ["reduction", "parallel", "parallel", "reduction"]
// CHECK: iterator_types = ["reduction", "reduction", "parallel"]
// CHECK: arith.extf
// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @batched(
// CHECK: call @batched_program(%arg0, %arg1)
func.func @batched(%g: tensor<3x20x90xbf16>, %x: tensor<3x20x70xbf16>) -> (tensor<90x70xbf16>, tensor<1x90xf32>) {
  %0 = "ttir.matmul"(%g, %x) <{transpose_a = true, transpose_b = false}> : (tensor<3x20x90xbf16>, tensor<3x20x70xbf16>) -> tensor<3x90x70xf32>
  %1 = "ttir.sum"(%0) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<3x90x70xf32>) -> tensor<1x90x70xf32>
  %2 = "ttir.reshape"(%1) <{shape = [90 : i32, 70 : i32]}> : (tensor<1x90x70xf32>) -> tensor<90x70xf32>
  %3 = "ttir.typecast"(%2) : (tensor<90x70xf32>) -> tensor<90x70xbf16>
  %4 = "ttir.typecast"(%g) : (tensor<3x20x90xbf16>) -> tensor<3x20x90xf32>
  %5 = "ttir.sum"(%4) <{dim_arg = [0 : i32, 1 : i32], keep_dim = true}> : (tensor<3x20x90xf32>) -> tensor<1x1x90xf32>
  %6 = "ttir.reshape"(%5) <{shape = [1 : i32, 90 : i32]}> : (tensor<1x1x90xf32>) -> tensor<1x90xf32>
  return %3, %6 : tensor<90x70xbf16>, tensor<1x90xf32>
}
