// --verify-each verifies after every pass; by default (and with --verify-each=false) only at the end.
// RUN: ttbw-opt --verify-each=false --cse %s | FileCheck %s
// RUN: ttbw-opt --verify-each --cse %s | FileCheck %s
// RUN: not ttbw-opt --verify-each=maybe %s 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK-LABEL: func.func @f
// BAD: ttbw-opt: argument --verify-each: invalid choice: 'maybe'
func.func @f() {
  return
}
