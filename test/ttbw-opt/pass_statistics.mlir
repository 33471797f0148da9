// --mlir-pass-statistics: the pass statistics report on stderr (ttbw's passes keep no counters).
// RUN: ttbw-opt --mlir-pass-statistics --ttir-expand-complex --cse %s 2>&1 >/dev/null | FileCheck %s
// CHECK: ===-------------------------------------------------------------------------===
// CHECK-NEXT: {{^                         }}... Pass statistics report ...
// CHECK-NEXT: ===-------------------------------------------------------------------------===
// CHECK-NEXT: TTIRExpandComplex
// CHECK-NEXT: cse
func.func @f() {
  return
}
