// RUN: ttbw-opt --split-input-file %s | FileCheck %s
// RUN: ttbw-opt --split-input-file --ttir-backward-decomposition-pipeline %s | FileCheck %s
// Ops tt-mlir's TTIR defines and ttbw does not (dialect/TTMLIROpNames.inc, tt-mlir at a pinned
// commit) parse in the generic form, pass through ttbw's passes and print back as written.

// CHECK-LABEL: func.func @concat
func.func @concat(%a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<64x32xbf16> {
  // CHECK: "ttir.concat"(%arg0, %arg1) <{dim = 0 : si32}> : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<64x32xbf16>
  %0 = "ttir.concat"(%a, %b) <{dim = 0 : si32}> : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}

// -----

// CHECK-LABEL: func.func @repeat_and_softmax
func.func @repeat_and_softmax(%a: tensor<2x32x64xf32>) -> tensor<4x32x64xf32> {
  // CHECK: "ttir.repeat"(%arg0) <{repeat_dimensions = array<i64: 2, 1, 1>}>
  %0 = "ttir.repeat"(%a) <{repeat_dimensions = array<i64: 2, 1, 1>}> : (tensor<2x32x64xf32>) -> tensor<4x32x64xf32>
  // CHECK: "ttir.softmax"(%0) <{dimension = 1 : si32}>
  %1 = "ttir.softmax"(%0) <{dimension = 1 : si32}> : (tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
  return %1 : tensor<4x32x64xf32>
}
