// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-ttkernel %s
// Only reshapes of unit dims are folded into a reader's indexing map: one that moves data
// between two elementwise ops stays refused (by the fusion and by composite mode).

func.func @moving_reshape(%x: tensor<64x32xbf16>) -> tensor<32x64xbf16> {
  // expected-error @+1 {{'ttir.neg' op: unsupported: composite mode: reshape (64, 32) -> (32, 64) moves data}}
  %0 = "ttir.neg"(%x) : (tensor<64x32xbf16>) -> tensor<64x32xbf16>
  %1 = "ttir.reshape"(%0) <{shape = [32 : i32, 64 : i32]}> : (tensor<64x32xbf16>) -> tensor<32x64xbf16>
  %2 = "ttir.exp"(%1) : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
  return %2 : tensor<32x64xbf16>
}
