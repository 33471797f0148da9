// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg %s
// A forward op on a type only tt-mlir lowers is refused by the lowering at the op.

func.func @integer_sum(%a: tensor<4xsi32>) -> tensor<1xsi32> {
  // expected-error @+1 {{'ttir.sum' operand of type tensor<4xsi32>: element type si32 is not a floating-point type}}
  %0 = "ttir.sum"(%a) <{dim_arg = [0 : i32], keep_dim = true}> : (tensor<4xsi32>) -> tensor<1xsi32>
  return %0 : tensor<1xsi32>
}

// -----

func.func @predicate_result(%x: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{'ttir.eq' result of type tensor<4xi1>: elementwise ops take bf16 and f32 tensors only}}
  %0 = "ttir.eq"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
