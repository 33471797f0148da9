// --mlir-pass-pipeline-local-reproducer: the reproducer holds the IR before the failing pass and
// that pass alone, with the run's settings.
// RUN: not ttbw-opt --mlir-pass-pipeline-crash-reproducer=%t.repro.mlir --mlir-pass-pipeline-local-reproducer --mlir-disable-threading --verify-each --ttir-decompose-backward --convert-ttir-to-linalg=target=device %s 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: FileCheck %s --check-prefix=REPRO < %t.repro.mlir

// FAIL: note: Pipeline failed while executing `ConvertTTIRToLinalg` on 'builtin.module' operation: reproducer generated at

// REPRO-LABEL: func.func @f
// REPRO-NOT: neg_bw
// REPRO: "ttir.neg"(%arg0)
// REPRO: pipeline: "builtin.module(convert-ttir-to-linalg{target=device})",
// REPRO-NEXT: disable_threading: true,
// REPRO-NEXT: verify_each: true
func.func @f(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<64x32xbf16> {
  %0 = ttir.neg_bw %g, %a : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  %1 = "ttir.concat"(%0, %b) <{dim = 0 : si32}> : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<64x32xbf16>
  return %1 : tensor<64x32xbf16>
}
