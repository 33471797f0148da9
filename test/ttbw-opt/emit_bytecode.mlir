// --emit-bytecode writes MLIR bytecode; ttbw-opt (like mlir-opt) reads bytecode back.
// RUN: ttbw-opt --emit-bytecode %s -o %t.mlirbc
// RUN: head -c 4 %t.mlirbc | od -An -c | FileCheck %s --check-prefix=MAGIC
// RUN: ttbw-opt --cse %t.mlirbc | FileCheck %s
// RUN: not ttbw-opt --emit-bytecode --split-input-file %s 2>&1 | FileCheck %s --check-prefix=SPLIT
// MAGIC: M   L 357   R
// CHECK-LABEL: func.func @f
// CHECK: arith.addi
// CHECK-NOT: arith.addi
// SPLIT: ttbw-opt: --emit-bytecode writes one module; it cannot be combined with --split-input-file
func.func @f(%x: i32) -> (i32, i32) {
  %0 = arith.addi %x, %x : i32
  %1 = arith.addi %x, %x : i32
  return %0, %1 : i32, i32
}
