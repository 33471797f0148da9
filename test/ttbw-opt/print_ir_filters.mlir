// --mlir-print-ir-before=PASS / --mlir-print-ir-after=PASS dump only around the named passes;
// --mlir-print-ir-after-change skips passes that changed nothing.
// RUN: ttbw-opt --mlir-print-ir-after=cse --mlir-print-ir-before=ttir-expand-complex --canonicalize --ttir-expand-complex --cse %s 2>&1 >/dev/null | FileCheck %s
// RUN: ttbw-opt --mlir-print-ir-after=ttir-expand-complex,cse --mlir-print-ir-after-change --ttir-expand-complex --cse %s 2>&1 >/dev/null | FileCheck %s --check-prefix=CHANGE

// CHECK-NOT: IR Dump {{.*}}Canonicalizer
// CHECK: // -----// IR Dump Before TTIRExpandComplex (ttir-expand-complex) //----- //
// CHECK-NOT: IR Dump After TTIRExpandComplex
// CHECK: // -----// IR Dump After CSE (cse) //----- //
// CHECK: arith.addi
// CHECK-NOT: arith.addi
// CHECK-NOT: IR Dump

// ttir-expand-complex has nothing to expand here: no dump; cse merges the two adds.
// CHANGE-NOT: TTIRExpandComplex
// CHANGE: // -----// IR Dump After CSE (cse) //----- //
func.func @f(%x: i32) -> (i32, i32) {
  %0 = arith.addi %x, %x : i32
  %1 = arith.addi %x, %x : i32
  return %0, %1 : i32, i32
}
