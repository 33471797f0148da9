// RUN: ttbw-opt --split-input-file --verify-diagnostics %s
// `ttir.reshape`'s rules with tt-mlir's messages, in tt-mlir's order: rank, element count, at
// most one -1, no other negative dim, every other dim that of the result.

func.func @two_inferred(%x: tensor<4x32xf32>) -> tensor<2x64xf32> {
  // expected-error @+1 {{'ttir.reshape' op Shape attribute must have at most one -1 element}}
  %0 = "ttir.reshape"(%x) <{shape = [-1 : i32, -1 : i32]}> : (tensor<4x32xf32>) -> tensor<2x64xf32>
  return %0 : tensor<2x64xf32>
}

// -----

func.func @negative_dim(%x: tensor<4x32xf32>) -> tensor<2x64xf32> {
  // expected-error @+1 {{'ttir.reshape' op All dimensions must be >= 0 except the one with -1}}
  %0 = "ttir.reshape"(%x) <{shape = [2 : i32, -2 : i32]}> : (tensor<4x32xf32>) -> tensor<2x64xf32>
  return %0 : tensor<2x64xf32>
}

// -----

func.func @other_dim(%x: tensor<4x32xf32>) -> tensor<2x64xf32> {
  // expected-error @+1 {{'ttir.reshape' op Shape attribute 3 must match the output tensor shape 2 at index 0 for dimension that is not -1}}
  %0 = "ttir.reshape"(%x) <{shape = [3 : i32, -1 : i32]}> : (tensor<4x32xf32>) -> tensor<2x64xf32>
  return %0 : tensor<2x64xf32>
}

// -----

func.func @rank(%x: tensor<4x32xf32>) -> tensor<2x64xf32> {
  // expected-error @+1 {{'ttir.reshape' op Shape attribute size 3 must match output tensor rank 2}}
  %0 = "ttir.reshape"(%x) <{shape = [2 : i32, -1 : i32, 1 : i32]}> : (tensor<4x32xf32>) -> tensor<2x64xf32>
  return %0 : tensor<2x64xf32>
}
