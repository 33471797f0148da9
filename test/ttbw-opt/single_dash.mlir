// Single-dash spellings mean what the double-dash ones do (as in mlir-opt and tt-mlir's RUN
// lines): -cse, -split-input-file, -pass-pipeline=..., -o.
// RUN: ttbw-opt -split-input-file -cse %s | FileCheck %s
// RUN: ttbw-opt -pass-pipeline='builtin.module(cse)' %s -o %t && FileCheck %s --check-prefix=ONE < %t
// CHECK-LABEL: func.func @f
// CHECK: arith.addi
// CHECK-NOT: arith.addi
// CHECK: // -----
// CHECK-LABEL: func.func @g
// ONE-LABEL: func.func @f
// ONE: arith.addi
// ONE-NOT: arith.addi
func.func @f(%x: i32) -> (i32, i32) {
  %0 = arith.addi %x, %x : i32
  %1 = arith.addi %x, %x : i32
  return %0, %1 : i32, i32
}
// -----
func.func @g() {
  return
}
