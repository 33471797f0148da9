// RUN: not ttbw-opt --split-input-file --convert-ttir-to-linalg=target=device %s 2>&1 | FileCheck %s
// The decomposition hint is given only for ops the decomposition rewrites: a forward op with no
// lowering gets none (running the decomposition would not help).

// CHECK: error: 'ttir.floor' has no device lowering{{$}}
func.func @floor(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = "ttir.floor"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

// CHECK: error: 'ttir.mul_bw' has no device lowering; run ttir-backward-decomposition-pipeline first{{$}}
func.func @mul_bw(%g: tensor<2xf32>, %a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0:2 = "ttir.mul_bw"(%g, %a, %b) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}
