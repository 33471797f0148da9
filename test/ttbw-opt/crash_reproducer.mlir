// --mlir-pass-pipeline-crash-reproducer: a failing pipeline writes the IR as it was before the
// pipeline and the pipeline (mlir-opt's mlir_reproducer resource); --run-reproducer runs it again
// and fails the same way.
// RUN: not ttbw-opt --mlir-pass-pipeline-crash-reproducer=%t.repro.mlir --ttir-decompose-backward --convert-ttir-to-linalg=target=device %s 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: FileCheck %s --check-prefix=REPRO < %t.repro.mlir
// RUN: not ttbw-opt --run-reproducer %t.repro.mlir 2>&1 | FileCheck %s --check-prefix=AGAIN

// FAIL: crash_reproducer.mlir:[[@LINE+16]]:8: error: 'ttir.concat' has no device lowering
// FAIL: crash_reproducer.mlir:1:1: error: Failures have been detected while processing an MLIR pass pipeline
// FAIL: crash_reproducer.mlir:1:1: note: Pipeline failed while executing [`ConvertTTIRToLinalg` on 'builtin.module' operation]: reproducer generated at `{{.*}}repro.mlir`

// REPRO-LABEL: func.func @f
// REPRO: ttir.neg_bw %arg0, %arg1
// REPRO: {-#
// REPRO-NEXT:   external_resources: {
// REPRO-NEXT:     mlir_reproducer: {
// REPRO-NEXT:       pipeline: "builtin.module(ttir-decompose-backward, convert-ttir-to-linalg{target=device})",
// REPRO-NEXT:       disable_threading: false,
// REPRO-NEXT:       verify_each: false

// AGAIN: repro.mlir:{{[0-9]+}}:10: error: 'ttir.concat' has no device lowering
func.func @f(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<64x32xbf16> {
  %0 = ttir.neg_bw %g, %a : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  %1 = "ttir.concat"(%0, %b) <{dim = 0 : si32}> : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<64x32xbf16>
  return %1 : tensor<64x32xbf16>
}
