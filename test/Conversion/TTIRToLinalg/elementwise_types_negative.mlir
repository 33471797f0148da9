// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg %s
// The elementwise lowering computes bf16 and f32 tensors only (the TTIR verifiers of the
// comparisons, where, div, ... accept any element type, as tt-mlir's).

func.func @exp_i32(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'ttir.exp' operand of type tensor<4xi32>: elementwise ops take bf16 and f32 tensors only}}
  %0 = "ttir.exp"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @eq_i1_result(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{'ttir.eq' result of type tensor<4xi1>: elementwise ops take bf16 and f32 tensors only}}
  %0 = "ttir.eq"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @where_f64(%c: tensor<4xf32>, %a: tensor<4xf64>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'ttir.where' operand of type tensor<4xf64>: elementwise ops take bf16 and f32 tensors only}}
  %0 = "ttir.where"(%c, %a, %b) : (tensor<4xf32>, tensor<4xf64>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @no_lowering(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'ttir.cos' has no CPU lowering}}
  %0 = "ttir.cos"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// tt-mlir's TTIR adds an si32 to an f32 (its fold test); ttbw refuses the integer operand.
func.func @add_si32_f32(%a: tensor<3xsi32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'ttir.add' operand of type tensor<3xsi32>: elementwise ops take bf16 and f32 tensors only}}
  %0 = "ttir.add"(%a, %b) : (tensor<3xsi32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
