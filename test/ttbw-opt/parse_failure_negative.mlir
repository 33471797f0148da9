// RUN: not ttbw-opt %s 2>&1 | FileCheck %s
// RUN: not ttbw-opt --verify-diagnostics %s 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: sed -e 's/{{.ttir.neg. op result type}}/{{no custom assembly form}}/' %s | ttbw-opt --verify-diagnostics
// A parse failure is always a located diagnostic (exit 1), and --verify-diagnostics passes
// a file that fails to parse only when that failure is the expected diagnostic.

func.func @f(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  // An expectation about the op's verifier, met by nothing: the file does not parse.
  // expected-error @+3 {{'ttir.neg' op result type}}
  // CHECK: parse_failure_negative.mlir:[[# @LINE + 2]]:8: error: custom op 'ttir.neg' has no custom assembly form
  // VERIFY: parse_failure_negative.mlir:[[# @LINE + 1]]:8: error: unexpected error: custom op 'ttir.neg' has no custom assembly form
  %0 = ttir.neg %x : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
// VERIFY: parse_failure_negative.mlir:9:6: error: expected error "'ttir.neg' op result type" was not produced
