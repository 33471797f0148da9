// RUN: ttbw-opt --mlir-print-ir-before-all --mlir-print-ir-after-all --canonicalize --cse %s 2>&1 >/dev/null | FileCheck %s
// RUN: ttbw-opt --mlir-print-debuginfo %s | FileCheck %s --check-prefix=DEBUG

// CHECK: // -----// IR Dump Before canonicalize (canonicalize) //----- //
// CHECK: func.func @f
// CHECK: // -----// IR Dump After canonicalize (canonicalize) //----- //
// CHECK: // -----// IR Dump Before cse (cse) //----- //
// CHECK: // -----// IR Dump After cse (cse) //----- //
// CHECK: func.func @f

// Locations name this file with its own line numbers.
// DEBUG: "ttir.neg"(%arg0) : (tensor<4xbf16>) -> tensor<4xbf16> loc([[LOC:#loc[0-9]+]])
// DEBUG: [[LOC]] = loc("{{.*}}print_ir.mlir":[[@LINE+2]]:8)
func.func @f(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = "ttir.neg"(%x) : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
