// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg %s
// RUN: not ttbw-opt --split-input-file --ttir-to-tensix-pipeline %s 2>&1 | FileCheck %s --check-prefix=DEVICE
// The lowering refuses, at the op, what ttbw only reads and prints: tt-mlir's ttcore / ttnn
// ops and ops no dialect defines.

func.func @load_cached(%x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // DEVICE: [[@LINE+2]]:8: error: 'ttcore.load_cached' has no device lowering
  // expected-error @+1 {{'ttcore.load_cached' has no CPU lowering (ttbw reads and prints tt-mlir's ttcore ops but computes nothing with them)}}
  %0 = ttcore.load_cached(@const_eval_0, [%x]) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
func.func @const_eval_0(%arg0: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  return %arg0 : tensor<32x32xbf16>
}

// -----

func.func @ttnn_op(%x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // DEVICE: [[@LINE+2]]:8: error: 'ttnn.relu' has no device lowering
  // expected-error @+1 {{'ttnn.relu' has no CPU lowering (ttbw reads and prints tt-mlir's ttnn ops but computes nothing with them)}}
  %0 = "ttnn.relu"(%x) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @to_layout(%x: tensor<32x32xbf16>, %y: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // DEVICE: [[@LINE+2]]:8: error: 'ttir.to_layout' has no device lowering
  // expected-error @+1 {{'ttir.to_layout' has no CPU lowering}}
  %0 = ttir.to_layout %x, %y : tensor<32x32xbf16> into tensor<32x32xf32> -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}
