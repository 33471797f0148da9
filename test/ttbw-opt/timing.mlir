// --mlir-timing: mlir-opt's execution time report on stderr, one row per pass.
// RUN: ttbw-opt --mlir-timing --ttir-expand-complex --cse %s 2>&1 >/dev/null | FileCheck %s
// CHECK: ===-------------------------------------------------------------------------===
// CHECK-NEXT: {{^                         }}... Execution time report ...
// CHECK-NEXT: ===-------------------------------------------------------------------------===
// CHECK-NEXT: Total Execution Time: {{[0-9.]+}} seconds
// CHECK: ----Wall Time----  ----Name----
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Parser
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  TTIRExpandComplex
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  cse
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Output
// CHECK-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Rest
// CHECK-NEXT: {{[0-9.]+}} (100.0%)  Total
func.func @f() {
  return
}
