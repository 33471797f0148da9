// --mlir-print-value-users: each result's and block argument's users as a comment, as mlir-opt
// prints them; with the other printing flags and in IR dumps of ttbw's passes too.
// RUN: ttbw-opt --mlir-print-value-users %s | FileCheck %s
// RUN: ttbw-opt --mlir-print-value-users --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: ttbw-opt --mlir-print-value-users --mlir-print-ir-after=ttir-decompose-backward --ttir-decompose-backward %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP

// CHECK-LABEL: func.func @f
// CHECK-NEXT: // %arg0 is used by %2, %1
// CHECK-NEXT: // %arg1 is used by %1
// CHECK-NEXT: %1 = ttir.neg_bw %arg0, %arg1 : {{.*}} // user: %3
// CHECK-NEXT: %2 = "ttir.neg"(%arg0) : {{.*}} // unused
// CHECK-NEXT: return %1 : tensor<32x32xbf16> // id: %3
// GENERIC: // %arg0 is used by %3, %2
// GENERIC: %2 = "ttir.neg_bw"(%arg0, %arg1) : {{.*}} // user: %4
// DUMP: IR Dump After TTIRDecomposeBackward
// DUMP: // %arg0 is used by
// DUMP: "ttir.neg"(%arg0) : {{.*}} // user:
func.func @f(%g: tensor<32x32xbf16>, %a: tensor<32x32xbf16>) -> tensor<32x32xbf16> {
  %0 = ttir.neg_bw %g, %a : tensor<32x32xbf16>, tensor<32x32xbf16> -> tensor<32x32xbf16>
  %1 = "ttir.neg"(%g) : (tensor<32x32xbf16>) -> tensor<32x32xbf16>
  return %0 : tensor<32x32xbf16>
}
