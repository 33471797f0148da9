// With --split-input-file a failing chunk does not hide the others: their output is printed
// (an empty chunk where it failed), the error reported, and the exit code is 1 (mlir-opt's
// behaviour); with -o nothing is written.
// RUN: not ttbw-opt --split-input-file %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: rm -f %t.out && not ttbw-opt --split-input-file %s -o %t.out 2>/dev/null && not test -e %t.out

// CHECK-LABEL: func.func @first
// CHECK: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @third
// ERR: split_input_file_failing_chunk.mlir:[[@LINE+6]]:10: error: use of undeclared SSA value name
func.func @first() {
  return
}
// -----
func.func @second() {
  return %nope : i32
}
// -----
func.func @third() {
  return
}
