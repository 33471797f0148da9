// RUN: ttbw-opt --mlir-print-ir-before-all --mlir-print-ir-after-all --canonicalize --cse %s 2>&1 >/dev/null | FileCheck %s
// RUN: ttbw-opt --mlir-print-ir-after-all --ttir-expand-complex %s 2>&1 >/dev/null | FileCheck %s --check-prefix=OURS
// RUN: ttbw-opt --mlir-print-debuginfo %s | FileCheck %s --check-prefix=DEBUG

// Upstream passes are dumped by MLIR itself, ttbw's passes in the same format.
// CHECK: // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// CHECK: func.func @f
// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK: // -----// IR Dump Before CSE (cse) //----- //
// CHECK: // -----// IR Dump After CSE (cse) //----- //
// CHECK: func.func @f
// OURS: // -----// IR Dump After TTIRExpandComplex (ttir-expand-complex) //----- //
// OURS-NEXT: module {

// Locations name this file with its own line numbers.
// DEBUG: "ttir.neg"(%arg0) : (tensor<4xbf16>) -> tensor<4xbf16> loc([[LOC:#loc[0-9]+]])
// DEBUG: [[LOC]] = loc("{{.*}}print_ir.mlir":[[@LINE+2]]:8)
func.func @f(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = "ttir.neg"(%x) : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
