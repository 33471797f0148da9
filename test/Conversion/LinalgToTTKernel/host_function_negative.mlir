// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-linalg-to-ttkernel %s
// What the host lowering refuses, at the op.

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func private @p(%x: tensor<64x32xbf16>) -> tensor<64x32xbf16> attributes {ttbw.program} {
  %0 = tensor.empty() : tensor<64x32xbf16>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x32xbf16>) outs(%0 : tensor<64x32xbf16>) {
  ^bb0(%in: bf16, %o: bf16):
    %n = arith.negf %in : bf16
    linalg.yield %n : bf16
  } -> tensor<64x32xbf16>
  return %1 : tensor<64x32xbf16>
}
func.func @moving_reshape(%x: tensor<64x32xbf16>) -> tensor<32x64xbf16> {
  %0 = call @p(%x) : (tensor<64x32xbf16>) -> tensor<64x32xbf16>
  %1 = tensor.collapse_shape %0 [[0, 1]] : tensor<64x32xbf16> into tensor<2048xbf16>
  // expected-error @+1 {{'tensor.expand_shape' op: unsupported: reshape [64, 32] -> [32, 64] moves data}}
  %2 = tensor.expand_shape %1 [[0, 1]] output_shape [32, 64] : tensor<2048xbf16> into tensor<32x64xbf16>
  return %2 : tensor<32x64xbf16>
}

// -----

func.func @op_in_host(%x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error @+1 {{'math.exp' op: unsupported: 'math.exp' has no device lowering in a host function}}
  %0 = math.exp %x : tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

#t = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func private @transposed(%x: tensor<32x64x2xbf16>) -> tensor<2x32x64xbf16> attributes {ttbw.program} {
  %0 = tensor.empty() : tensor<2x32x64xbf16>
  // expected-error @+1 {{'linalg.generic' op: unsupported: codegen: input 0 permutes the iteration dims across its tiles (only the batch dims or the last two may be permuted)}}
  %1 = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<32x64x2xbf16>) outs(%0 : tensor<2x32x64xbf16>) {
  ^bb0(%in: bf16, %o: bf16):
    linalg.yield %in : bf16
  } -> tensor<2x32x64xbf16>
  return %1 : tensor<2x32x64xbf16>
}
func.func @f(%x: tensor<32x64x2xbf16>) -> tensor<2x32x64xbf16> {
  %0 = call @transposed(%x) : (tensor<32x64x2xbf16>) -> tensor<2x32x64xbf16>
  return %0 : tensor<2x32x64xbf16>
}

// -----

// Complex tensors must be expanded into (real, imag) pairs first (ttir-expand-complex).
// expected-error @+1 {{'func.func' op: unsupported: complex values must be expanded (ttir-expand-complex)}}
func.func @complex(%x: tensor<32x32xcomplex<f32>>) -> tensor<32x32xcomplex<f32>> {
  return %x : tensor<32x32xcomplex<f32>>
}

// -----

// An argument of an element type no device buffer holds: an error at the function (the fuzzer's
// find: it was an internal error).
// expected-error @+1 {{'func.func' op: argument 0: element type complex<i32> is not a floating-point type}}
func.func @integer_complex_argument(%x: tensor<32x32xcomplex<i32>>) -> tensor<32x32xbf16> {
  %0 = tensor.empty() : tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
