// RUN: ttbw-opt --ttir-to-tensix-pipeline %s -o %t.pipeline.mlir
// RUN: ttbw-opt --ttir-backward-decomposition-pipeline %s | ttbw-opt --convert-ttir-to-linalg=target=device | ttbw-opt --ttbw-fuse-programs | ttbw-opt --convert-linalg-to-ttkernel -o %t.stages.mlir
// RUN: diff %t.pipeline.mlir %t.stages.mlir
// RUN: ttbw-opt --ttir-to-tensix-pipeline="fuse=false" %s -o %t.composite.mlir
// RUN: ttbw-opt --ttir-backward-decomposition-pipeline %s | ttbw-opt --convert-ttir-to-linalg=target=device | ttbw-opt --ttbw-fuse-programs="fuse=false" | ttbw-opt --convert-linalg-to-ttkernel -o %t.composite_stages.mlir
// RUN: diff %t.composite.mlir %t.composite_stages.mlir
// RUN: FileCheck %s < %t.pipeline.mlir
// The pipeline is its stages: each run alone on the previous one's printed output gives the
// pipeline's module byte for byte (fused and composite).
// CHECK-LABEL: func.func @chain(
// CHECK: module @chain_program
func.func @chain(%g: tensor<64x96xbf16>, %h: tensor<64x96xbf16>, %x: tensor<64x96xbf16>, %w: tensor<1x96xbf16>) -> (tensor<64x96xbf16>, tensor<1x96xbf16>) {
  %0 = ttir.gelu_bw %g, %h : tensor<64x96xbf16>, tensor<64x96xbf16> -> tensor<64x96xbf16>
  %1:2 = "ttir.mul_bw"(%0, %x, %w) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<64x96xbf16>, tensor<64x96xbf16>, tensor<1x96xbf16>) -> (tensor<64x96xbf16>, tensor<1x96xbf16>)
  return %1#0, %1#1 : tensor<64x96xbf16>, tensor<1x96xbf16>
}
