// --mlir-pass-statistics on inputs that fail: a chunk that does not parse runs no pass and
// gets no report (as mlir-opt); a chunk whose pass fails gets the report of the passes that
// ran, the failing one included.
// RUN: not ttbw-opt --mlir-pass-statistics --split-input-file --ttir-decompose-backward --convert-ttir-to-linalg %s 2>&1 >/dev/null | FileCheck %s

// CHECK: ... Pass statistics report ...
// CHECK: {{^}}TTIRDecomposeBackward
// CHECK-NEXT: {{^}}  (S) 0 num-decomposed
// CHECK: {{^}}ConvertTTIRToLinalg
// CHECK-NEXT: {{^}}  (S) 0 num-converted
// CHECK-NOT: Pass statistics report
// CHECK: error: custom op 'ttir.nge' is unknown
// CHECK: error: 'ttir.concat' has no CPU lowering
func.func @unparsed(%a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %0 = ttir.nge %a : tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}

// -----

func.func @unlowered(%a: tensor<32x32xbf16>, %b: tensor<32x32xbf16>) -> tensor<64x32xbf16> {
  %0 = "ttir.concat"(%a, %b) <{dim = 0 : si32}> : (tensor<32x32xbf16>, tensor<32x32xbf16>) -> tensor<64x32xbf16>
  return %0 : tensor<64x32xbf16>
}
