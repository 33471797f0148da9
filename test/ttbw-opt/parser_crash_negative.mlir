// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// Inputs that abort MLIR's parser (the bindings are built with assertions) are refused with
// a located error before MLIR sees them (found by test/fuzz).

// expected-error @+1 {{expected integer or float type, got: 'index' (dense arrays have no index elements)}}
module attributes {test.x = array<index: 1, 2>} {
}

// -----

// expected-error @+1 {{expected integer or float type, got: 'index' (dense arrays have no index elements)}}
module attributes {test.x = array< index>} {
}

// -----

// A dense array of an element type the Python bindings cannot read (reading it aborts).
// expected-error @+1 {{dense arrays of f16 are not supported (ttbw's MLIR bindings read i1, i8, i16, i32, i64, f32 and f64 elements)}}
module attributes {test.x = array<f16: 1.0>} {
}

// -----

func.func @full() -> tensor<2xf32> {
  // expected-error @+1 {{dense arrays of bf16 are not supported}}
  %0 = "ttir.full"() {fill_value = 4.0 : f32, shape = array<bf16>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Only what MLIR parses counts: not a comment (array<index: 1>), not a string.
module attributes {test.s = "array<index: 1>", test.y = array<i64: 1>, test.z = array<f64: 1.0>} {
}

// -----

// A reassociation index that is negative (or overflows the verifier's index + 1) aborts in
// AffineMap::get: refused at the index.
func.func @collapse(%x: tensor<1x32x64xbf16>) -> tensor<32x64xbf16> {
  // expected-error @+1 {{reassociation index -1 out of range (a dim of the expanded shape: 0 .. 2147483647)}}
  %0 = tensor.collapse_shape %x [[-1, 1], [2]] : tensor<1x32x64xbf16> into tensor<32x64xbf16>
  return %0 : tensor<32x64xbf16>
}

// -----

func.func @expand(%x: tensor<32x64xbf16>) -> tensor<1x32x64xbf16> {
  // expected-error @+1 {{reassociation index 9223372036854775807 out of range}}
  %0 = tensor.expand_shape %x [[0, 1], [9223372036854775807]] output_shape [1, 32, 64] : tensor<32x64xbf16> into tensor<1x32x64xbf16>
  return %0 : tensor<1x32x64xbf16>
}

// -----

// In range, an index MLIR's verifier refuses itself.
func.func @verified(%x: tensor<1x32x64xbf16>) -> tensor<32x64xbf16> {
  // expected-error @+1 {{expected reassociation map #0 to have size equal to the expanded rank (3)}}
  %0 = tensor.collapse_shape %x [[5, 1], [2]] : tensor<1x32x64xbf16> into tensor<32x64xbf16>
  return %0 : tensor<32x64xbf16>
}
