// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg=target=device --ttbw-fuse-programs --convert-linalg-to-ttkernel %s
// Permutes the codegen cannot read as whole tiles: a dim of the tile moved to the batch dims.

func.func @across_tiles(%x: tensor<2x64x96xbf16>) -> tensor<96x2x64xbf16> {
  // expected-error @+1 {{codegen: input 0 permutes the iteration dims across its tiles (only the batch dims or the last two may be permuted)}}
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 2, 0, 1>}> : (tensor<2x64x96xbf16>) -> tensor<96x2x64xbf16>
  return %0 : tensor<96x2x64xbf16>
}

// -----

func.func @row_major_transposed(%x: tensor<64x96xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<96x64xbf16> {
  // expected-error @+1 {{codegen: input 0 is read through a transpose: it must be TILE}}
  %0 = "ttir.permute"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<64x96xbf16, #ttir.layout<"bf16", "row_major">>) -> tensor<96x64xbf16>
  return %0 : tensor<96x64xbf16>
}
