// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-to-tensix-pipeline %s
// RUN: ttbw-opt --split-input-file --verify-diagnostics --ttir-to-tensix-pipeline="fuse=false" %s
// Through the pipeline the lowering sees the decomposition (the NaN is a ttir.full there, read by
// the typecast's program), yet a refusal still points at the ttir.mul_bw it came from (the
// decomposition's ops carry the op's location).

func.func @nan_scalar(%g: tensor<64x64xbf16>, %a: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %s = arith.constant 0x7FC00000 : f32
  // expected-error-re @+1 {{'{{ttir.typecast|ttir.multiply|linalg.generic}}' op: unsupported: device backend: a scalar operand must not be NaN, got nan}}
  %0 = "ttir.mul_bw"(%g, %a, %s) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0>} : (tensor<64x64xbf16>, tensor<64x64xbf16>, f32) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}
