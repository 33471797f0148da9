// RUN: ttbw-opt --split-input-file --canonicalize %s | FileCheck %s
// Identity moves fold away: a sorted permutation, a dim swapped with itself (negative dims
// normalized); unused contractions are dead code (Pure).

// CHECK-LABEL: func.func @identity_moves
// CHECK-NEXT: return %arg0, %arg0
func.func @identity_moves(%x: tensor<2x64xbf16>) -> (tensor<2x64xbf16>, tensor<2x64xbf16>) {
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 0, 1>}> : (tensor<2x64xbf16>) -> tensor<2x64xbf16>
  %1 = "ttir.transpose"(%x) <{dim0 = 1 : si32, dim1 = -1 : si32}> : (tensor<2x64xbf16>) -> tensor<2x64xbf16>
  return %0, %1 : tensor<2x64xbf16>, tensor<2x64xbf16>
}

// -----

// CHECK-LABEL: func.func @moves_kept
// CHECK: ttir.permute
// CHECK: ttir.transpose
func.func @moves_kept(%x: tensor<64x64xbf16>) -> (tensor<64x64xbf16>, tensor<64x64xbf16>) {
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %1 = "ttir.transpose"(%x) <{dim0 = 0 : si32, dim1 = 1 : si32}> : (tensor<64x64xbf16>) -> tensor<64x64xbf16>
  return %0, %1 : tensor<64x64xbf16>, tensor<64x64xbf16>
}

// -----

// CHECK-LABEL: func.func @dead_matmul
// CHECK-NOT: ttir.matmul
// CHECK-NOT: ttir.linear
func.func @dead_matmul(%x: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %0 = "ttir.matmul"(%x, %x) : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  %1 = "ttir.linear"(%x, %x, %x) : (tensor<32x32xbf16>, tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %x : tensor<32x32xbf16>
}
