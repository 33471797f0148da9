// RUN: ttbw-opt --split-input-file --verify-diagnostics --convert-ttir-to-linalg %s
// ttir.broadcast of a type ttbw computes nothing with (tt-mlir's op takes integers; its shape
// rules are the dialect verifier's: test/Dialect/TTIR/ops/tt_mlir_ops_negative.mlir).

func.func @integers(%x: tensor<1x40xi32>) -> tensor<8x40xi32> {
  // expected-error @+1 {{'ttir.broadcast' operand of type tensor<1x40xi32>: elementwise ops take bf16 and f32 tensors only}}
  %0 = "ttir.broadcast"(%x) <{broadcast_dimensions = array<i64: 8, 1>}> : (tensor<1x40xi32>) -> tensor<8x40xi32>
  return %0 : tensor<8x40xi32>
}
