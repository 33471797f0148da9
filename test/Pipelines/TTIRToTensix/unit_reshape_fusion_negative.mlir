// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s
// Only reshapes of unit dims are folded into a reader's indexing map: one that moves data
// between two elementwise ops keeps them two programs, and the host lowering refuses it at the op.

func.func @moving_reshape(%x: tensor<64x32xbf16>) -> tensor<32x64xbf16> {
  // expected-warning @+1 {{function @moving_reshape is not one fused program}}
  %0 = "ttir.neg"(%x) : (tensor<64x32xbf16>) -> tensor<64x32xbf16>
  // expected-error @+1 {{'ttir.reshape' op: unsupported: reshape [64, 32] -> [32, 64] moves data}}
  %1 = "ttir.reshape"(%0) <{shape = [32 : i32, 64 : i32]}> : (tensor<64x32xbf16>) -> tensor<32x64xbf16>
  %2 = "ttir.exp"(%1) : (tensor<32x64xbf16>) -> tensor<32x64xbf16>
  return %2 : tensor<32x64xbf16>
}
