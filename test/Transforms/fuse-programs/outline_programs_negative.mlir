// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttbw-outline-programs %s
// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttbw-outline-programs="fuse=false" %s
// A generic the codegen cannot make a program of even alone is refused at it, naming why.

#t = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @transposed(%x: tensor<32x64xbf16>) -> tensor<64x32xbf16> {
  %0 = tensor.empty() : tensor<64x32xbf16>
  // expected-error @+1 {{'linalg.generic' op: unsupported: codegen: input 0 permutes the iteration dims (a transpose)}}
  %1 = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<32x64xbf16>) outs(%0 : tensor<64x32xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    linalg.yield %in : bf16
  } -> tensor<64x32xbf16>
  return %1 : tensor<64x32xbf16>
}

