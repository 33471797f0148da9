// --split-input-file=MARKER splits at lines starting with MARKER; without it the file is one
// chunk here (a marker must start its line).
// RUN: ttbw-opt --split-input-file='// @@@' %s | FileCheck %s
// RUN: not ttbw-opt %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// CHECK-LABEL: func.func @a
// CHECK: // -----
// CHECK-LABEL: func.func @a
// DEFAULT: error: redefinition of symbol named 'a'
func.func @a() {
  return
}
// @@@
func.func @a() {
  // -----
  return
}
