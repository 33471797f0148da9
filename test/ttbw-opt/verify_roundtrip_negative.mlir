// --verify-roundtrip on input that does not parse: the parser's error alone (no round trip of a
// module that does not exist), exit 1; the other chunks are still round-tripped and printed.
// RUN: not ttbw-opt --split-input-file --verify-roundtrip %s 2>&1 | FileCheck %s --implicit-check-not=roundTrip --implicit-check-not=round-trip

// CHECK: verify_roundtrip_negative.mlir:[[@LINE+2]]:8: error: custom op 'ttir.nge' is unknown
func.func @unparsed(%a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %0 = ttir.nge %a : tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

// CHECK-LABEL: func.func @parsed
func.func @parsed(%a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  // CHECK: "ttir.neg"(%arg0)
  %0 = "ttir.neg"(%a) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
