// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttbw-outline-programs %s
// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttbw-outline-programs="fuse=false" %s
// A generic the codegen cannot make a program of even alone is refused at it, naming why.

#t = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @transposed(%x: tensor<32x64x2xbf16>) -> tensor<2x32x64xbf16> {
  %0 = tensor.empty() : tensor<2x32x64xbf16>
  // expected-error @+1 {{'linalg.generic' op: unsupported: codegen: input 0 permutes the iteration dims across its tiles (only the batch dims or the last two may be permuted)}}
  %1 = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<32x64x2xbf16>) outs(%0 : tensor<2x32x64xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    linalg.yield %in : bf16
  } -> tensor<2x32x64xbf16>
  return %1 : tensor<2x32x64xbf16>
}


// -----

// A returned argument of no device type (an integer element) is copied by a program the
// codegen refuses (was an internal error: found by test/fuzz).
func.func @returned_i32(%x: tensor<32x32xi32>) -> tensor<32x32xi32> {
  // expected-error @+1 {{'linalg.generic' op: unsupported: codegen: a tensor of type tensor<32x32xi32>: element type i32 is not a floating-point type}}
  return %x : tensor<32x32xi32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
#cols = affine_map<(d0, d1) -> (d1, 0)>
// A broadcast input read through a transpose, the whole inputs in two orders: no order to
// compute it in untransposed, so not split (the split would be transposed again).
func.func @two_orders(%y: tensor<32x32xf32>, %z: tensor<32x32xf32>, %s: tensor<32x1xf32>) -> tensor<32x32xf32> {
  %0 = tensor.empty() : tensor<32x32xf32>
  // expected-error @+1 {{'linalg.generic' op: unsupported: codegen: input 2's tiles are not those of its indexing map}}
  %1 = linalg.generic {indexing_maps = [#t, #id, #cols, #id], iterator_types = ["parallel", "parallel"]} ins(%y, %z, %s : tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x1xf32>) outs(%0 : tensor<32x32xf32>) {
  ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
    %a = arith.addf %in, %in_0 : f32
    %m = arith.mulf %a, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<32x32xf32>
  return %1 : tensor<32x32xf32>
}
