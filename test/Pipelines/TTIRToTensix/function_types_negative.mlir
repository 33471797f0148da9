// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-to-tensix-pipeline %s
// A function's argument or result of a type no device buffer holds (an integer or tile
// element), though no op computes with it, is refused at the function (was an internal error in
// convert-linalg-to-ttkernel or ttbw-outline-programs: found by test/fuzz, issue 26).

// expected-error @+1 {{function @unused_tile argument 1 of type tensor<1x1x!ttcore.tile<32x32, bf16>>: element type !ttcore.tile<32x32, bf16> is not a floating-point type}}
func.func @unused_tile(%x: tensor<32x32xbf16>, %t: tensor<1x1x!ttcore.tile<32x32, bf16>>) -> tensor<32x32xbf16> {
  %0 = "ttir.neg"(%x) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// expected-error @+1 {{function @returned_i32 argument 0 of type tensor<32x32xi32>: element type i32 is not a floating-point type}}
func.func @returned_i32(%x: tensor<32x32xi32>) -> tensor<32x32xi32> {
  return %x : tensor<32x32xi32>
}

// -----

// An op computing with the type is reported at the op, not also at the function.
func.func @at_the_op(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'ttir.exp' operand of type tensor<4xi32>: elementwise ops take bf16 and f32 tensors only}}
  %0 = "ttir.exp"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
