// RUN: ttbw-opt --split-input-file --ttir-to-tensix-pipeline --verify-diagnostics %s
// What the contraction codegen does not take falls back to smaller programs with a warning, or
// is refused at the op when even the contraction alone is not a program.

func.func @f32_operands(%a: tensor<32x64xf32>, %b: tensor<64x32xf32>) -> tensor<32x32xf32> {
  // expected-error @+1 {{'ttir.matmul' op: unsupported: codegen: f32 contraction operands (the FPU reads them as TF32)}}
  %0 = "ttir.matmul"(%a, %b) : (tensor<32x64xf32>, tensor<64x32xf32>) -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// -----

func.func @vector(%a: tensor<64xbf16>, %b: tensor<64x32xbf16>) -> tensor<32xbf16> {
  // expected-error @+1 {{'ttir.matmul' op: unsupported: codegen: the result's tiles are not those of its indexing map}}
  %0 = "ttir.matmul"(%a, %b) : (tensor<64xbf16>, tensor<64x32xbf16>) -> tensor<32xbf16>
  return %0 : tensor<32xbf16>
}
