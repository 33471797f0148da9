// RUN: rm -f %t.ok %t.bad
// RUN: ttbw-opt %s -o %t.ok
// RUN: FileCheck %s < %t.ok
// On failure nothing is written, and an existing file is left as it was.
// RUN: not ttbw-opt %S/Inputs/invalid.mlir -o %t.bad
// RUN: test ! -e %t.bad
// RUN: cp %t.ok %t.keep && not ttbw-opt %S/Inputs/invalid.mlir -o %t.keep && cmp %t.ok %t.keep
// Missing input file: a one-line error, exit 1.
// RUN: not ttbw-opt %t.does-not-exist 2>&1 | FileCheck %s --check-prefix=MISSING
// Reading from stdin.
// RUN: ttbw-opt < %s | FileCheck %s

// CHECK-LABEL: func.func @written
// MISSING: ttbw-opt: could not open input file '{{.*}}does-not-exist'
func.func @written() {
  return
}
